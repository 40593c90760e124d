import Foundation
import Testing
@testable import ViperPlannerKit

/// A project folder under the temporary directory: `defer { project.remove() }` right after
/// making it (which also keeps it alive until then); removed at the latest when it is freed.
final class TemporaryProject {
    private let folder: TemporaryFolder
    var root: String { folder.path }

    init(_ label: String) throws { folder = try TemporaryFolder(label) }

    func remove() { try? FileManager.default.removeItem(atPath: root) }

    func write(_ relative: String, _ bytes: [UInt8]) throws {
        let url = URL(fileURLWithPath: root + "/" + relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
    }

    func write(_ relative: String, _ text: String) throws { try write(relative, Array(text.utf8)) }
}

/// Inputs SwiftParser is slow on, and other hostile files.
enum HostileInput {
    static func brackets(_ depth: Int) -> String { String(repeating: "[", count: depth) }
    static func closers(_ depth: Int) -> String { String(repeating: "]", count: depth) }
    static func literal(_ depth: Int) -> String { "let v = \(brackets(depth))1\(closers(depth))\n" }
    static func type(_ depth: Int) -> String { "let v: \(brackets(depth))Int\(closers(depth)) = []\n" }
    static func unclosed(_ depth: Int) -> String { "let v = \(brackets(depth))\n" }
    static func parentheses(_ depth: Int) -> String {
        "let v = " + String(repeating: "(", count: depth) + "1" + String(repeating: ")", count: depth) + "\n"
    }
    static func longString(bytes: Int) -> String { "let s = \"" + String(repeating: "abcdefgh", count: bytes / 8) + "\"\n" }
    /// NUL bytes and byte sequences that are not UTF-8.
    static let binary: [UInt8] = [0x00, 0x00, 0xFF, 0xFE, 0xC0, 0xAF, 0xED, 0xA0, 0x80, 0x63, 0x6C, 0x61, 0x73, 0x73, 0x00, 0xF8]

    static let viewController = """
        import UIKit

        final class ProfileViewController: UIViewController {
            var user: User!

            override func viewDidLoad() {
                super.viewDidLoad()
                URLSession.shared.dataTask(with: URL(string: "https://example.com/me")!) { data, _, _ in
                    self.title = String(data: data ?? Data(), encoding: .utf8)
                }.resume()
            }
        }

        """
}

/// The `viper-planner` executable built next to the tests (`swift build --build-tests`, `swift test`).
enum ToolProcess {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
        var seconds: Double
    }

    static var executable: String {
        SampleGoldenTests.packageRoot.appendingPathComponent(".build/debug/viper-planner").path
    }

    /// Runs the tool with `arguments`, in `directory` when given (else the tests' own).
    static func run(_ arguments: [String], in directory: String? = nil) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        // Standard error goes to a file, standard output to a pipe read to its end: neither can
        // fill up and block the tool.
        let errors = try TemporaryProject("stderr")
        defer { errors.remove() }
        let errorPath = errors.root + "/stderr"
        _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
        let errorHandle = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
        let out = Pipe()
        process.standardOutput = out
        process.standardError = errorHandle
        let start = DispatchTime.now().uptimeNanoseconds
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        try errorHandle.close()
        let errData = FileManager.default.contents(atPath: errorPath) ?? Data()
        return Run(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                   stderr: String(decoding: errData, as: UTF8.self), seconds: seconds)
    }
}

/// The JSON report's parts the reliability tests check.
struct JSONReport {
    var files: Int
    var typeNames: [String]
    /// file → (line, reason)
    var skipped: [String: (line: Int?, reason: String)]

    init(_ text: String) throws {
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
        let root = try #require(object as? [String: Any])
        let summary = try #require(root["summary"] as? [String: Any])
        files = try #require(summary["files"] as? Int)
        typeNames = try #require(root["types"] as? [[String: Any]]).compactMap { $0["name"] as? String }
        skipped = [:]
        for entry in (root["skipped"] as? [[String: Any]]) ?? [] {
            let file = try #require(entry["file"] as? String)
            let reason = try #require(entry["reason"] as? String)
            #expect(!reason.isEmpty && skipped[file] == nil)
            skipped[file] = (entry["line"] as? Int, reason)
        }
    }
}
