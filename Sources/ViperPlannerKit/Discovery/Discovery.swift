import Foundation

public struct SourceFile: Sendable, Hashable {
    /// Relative to the scanned root, with `/`.
    public var path: String
    public var absolutePath: String
}

public struct Warning: Sendable, Hashable, CustomStringConvertible {
    public var path: String
    public var reason: String
    /// The line the reason points at, if any (the deepest `[` of a file nested too deep).
    public var line: Int?
    /// The file (or folder) was left out of the audit; `reason` then ends in "; skipped".
    public var skipped = false
    public var description: String { "warning: \(path)\(line.map { ":\($0)" } ?? ""): \(reason)" }

    public init(path: String, reason: String, line: Int? = nil, skipped: Bool = false) {
        self.path = path; self.reason = reason; self.line = line; self.skipped = skipped
    }

    /// Why it was skipped, without the trailing "; skipped" (nil when it was not).
    public var skipReason: String? {
        guard skipped else { return nil }
        return reason.hasSuffix("; skipped") ? String(reason.dropLast("; skipped".count)) : reason
    }
}

public struct DiscoveryResult: Sendable {
    public var root: String
    public var sources: [SourceFile]
    /// Swift files under test folders: not audited, read to verify "tests exist" tasks.
    public var testFiles: [String]
    public var warnings: [Warning]
}

public struct DiscoveryError: Error, CustomStringConvertible {
    public var description: String
}

/// Walks the project: the only stage besides writing that touches the disk's structure.
public enum Discovery {
    static let skippedFolders: Set<String> = ["Pods", "Carthage", "DerivedData", "SourcePackages", "vendor", "Vendor",
                                              "ThirdParty", "node_modules", "refactoring"]

    public static func isTestFolder(_ name: String) -> Bool {
        name == "Tests" || name == "UITests" || name.hasSuffix("Tests") || name.hasSuffix("Specs")
    }

    public static func discover(root rootPath: String, configuration: Configuration) throws -> DiscoveryResult {
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        guard fm.fileExists(atPath: rootPath, isDirectory: &isDirectory) else {
            throw DiscoveryError(description: "\(rootPath): no such file or directory")
        }
        guard isDirectory.boolValue else { throw DiscoveryError(description: "\(rootPath): not a directory") }
        guard fm.isReadableFile(atPath: rootPath), (try? fm.contentsOfDirectory(atPath: rootPath)) != nil else {
            throw DiscoveryError(description: "\(rootPath): cannot read the directory (permission denied)")
        }
        let root = URL(fileURLWithPath: rootPath).standardizedFileURL.resolvingSymlinksInPath().path
        let included = configuration.included.map(Glob.init)
        let excluded = configuration.excluded.map(Glob.init)
        var result = DiscoveryResult(root: root, sources: [], testFiles: [], warnings: [])
        var visited: Set<String> = [root]

        func walk(_ directory: String, relative: String, inTests: Bool) {
            guard let entries = try? fm.contentsOfDirectory(atPath: directory) else {
                result.warnings.append(Warning(path: relative.isEmpty ? "." : relative, reason: "cannot read the directory; skipped", skipped: true))
                return
            }
            for name in entries.sorted() {
                let absolute = directory + "/" + name
                let rel = relative.isEmpty ? name : relative + "/" + name
                guard !name.hasPrefix(".") else { continue }
                var target = absolute
                // One lstat per entry; Foundation's attributes and fileExists cost several syscalls
                // each (profiled: discovery was half of a warm audit).
                let kind = FileIO.kind(absolute)
                if kind == .symbolicLink {
                    let resolved = URL(fileURLWithPath: absolute).resolvingSymlinksInPath().path
                    guard resolved == root || resolved.hasPrefix(root + "/") else {
                        result.warnings.append(Warning(path: rel, reason: "symbolic link leaves the project root; not followed"))
                        continue
                    }
                    target = resolved
                }
                var isDir: ObjCBool = false
                if let kind, kind != .symbolicLink {
                    isDir = ObjCBool(kind == .directory)
                } else if !fm.fileExists(atPath: target, isDirectory: &isDir) {
                    result.warnings.append(Warning(path: rel, reason: "broken symbolic link; skipped", skipped: true))
                    continue
                }
                if isDir.boolValue {
                    if skippedFolders.contains(name) || name.hasPrefix(".build") { continue }
                    if excluded.contains(where: { $0.matches(rel) }) { continue }
                    // Every folder walked is a resolved path, so only a link needs resolving.
                    let real = kind == .directory ? target : URL(fileURLWithPath: target).resolvingSymlinksInPath().path
                    guard visited.insert(real).inserted else {
                        result.warnings.append(Warning(path: rel, reason: "symbolic link loop; not followed"))
                        continue
                    }
                    walk(target, relative: rel, inTests: inTests || isTestFolder(name))
                } else if name.hasSuffix(".swift") {
                    if inTests { result.testFiles.append(rel); continue }
                    if excluded.contains(where: { $0.matches(rel) }) { continue }
                    if !included.isEmpty, !included.contains(where: { $0.matches(rel) }) { continue }
                    result.sources.append(SourceFile(path: rel, absolutePath: target))
                }
            }
        }
        walk(root, relative: "", inTests: false)
        return result
    }
}
