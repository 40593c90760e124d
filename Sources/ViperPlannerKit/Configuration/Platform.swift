import Foundation
import Yams

/// `platforms:` — which platforms' screens the audit reports and the plan moves to VIPER.
public enum Platform: String, CaseIterable, Sendable, Comparable {
    case ios, macos

    public static func < (a: Platform, b: Platform) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }

    /// The values of `platforms:`: known names, `ios` among them (the plan is a UIKit plan; AppKit
    /// screens can only join it).
    static func parse(_ names: [String], error: (String) -> ConfigurationError) throws -> [Platform] {
        var platforms: Set<Platform> = []
        for name in names {
            guard let platform = Platform(rawValue: name.lowercased()) else {
                throw error("'platforms' takes ios and macos (got '\(name)')")
            }
            platforms.insert(platform)
        }
        guard platforms.contains(.ios) else {
            throw error("'platforms' must include ios: AppKit screens are planned beside the UIKit ones, never alone")
        }
        return platforms.sorted()
    }

    /// The modules that make a file AppKit code: a file importing one of them and no UIKit is
    /// macOS-only (`#if os(macOS) import AppKit #else import UIKit #endif` imports both: shared).
    static let appKitModules: Set<String> = ["AppKit", "Cocoa"]

    /// Whether a file's imports make it macOS-only code.
    public static func isMacOSOnly(_ facts: FileFacts) -> Bool {
        let modules = facts.imports.map(\.module)
        return modules.contains { appKitModules.contains($0) } && !modules.contains("UIKit")
    }
}

extension Configuration {
    /// The keys of what is read and reported besides `included:`/`excluded:`.
    mutating func readScopeKey(_ key: String, _ value: Node, _ reader: NodeReader) throws {
        switch key {
        case "analysis_excluded": analysisExcluded = try reader.strings(value, key)
        case "platforms": platforms = try Platform.parse(try reader.strings(value, key), error: { reader.error(value, $0) })
        default: appkit = try reader.bool(value, key)
        }
    }
}
