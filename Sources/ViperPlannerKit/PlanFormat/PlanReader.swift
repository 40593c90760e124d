import Foundation

/// Reads an existing plan directory for `update`/`status`: every regular file except the lock and
/// temporary files a killed run left, as UTF-8 text; files that are not UTF-8 are named, not read.
public enum PlanReader {
    public static func read(_ directory: String) throws -> (files: [String: String], unreadable: [String]) {
        var files: [String: String] = [:], unreadable: [String] = []
        let names: [String]
        do { names = try FileManager.default.contentsOfDirectory(atPath: directory) }
        catch { throw PlanWriteError(path: directory, reason: "cannot read the plan directory (\(error.localizedDescription))") }
        for name in names where name != ".lock" && !(name.hasPrefix(".") && name.contains(AtomicFile.temporaryMarker)) {
            let path = (directory as NSString).appendingPathComponent(name)
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir), !isDir.boolValue,
                  let data = FileManager.default.contents(atPath: path) else { continue }
            if let text = String(data: data, encoding: .utf8) { files[name] = text } else { unreadable.append(name) }
        }
        return (files, unreadable.sorted())
    }
}
