import Foundation

extension Commands {
    /// `viper-planner init [PATH]`: writes a starter `.viper-planner.yml` into the folder PATH —
    /// every key commented out with its default — and never replaces an existing one.
    /// Returns the line to print.
    public static func initConfiguration(in folder: String) throws -> String {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) else {
            throw CommandError("\(folder): no such directory")
        }
        guard isDirectory.boolValue else { throw CommandError("\(folder): not a directory") }
        let joined = (folder as NSString).appendingPathComponent(Configuration.fileName)
        let path = joined.hasPrefix("./") ? String(joined.dropFirst(2)) : joined
        let exists = "\(path): already exists; not overwritten (edit it, or remove it first)"
        guard FileIO.kind(path) == nil else { throw CommandError(exists) }
        do { try AtomicFile.create(Configuration.starterText, at: path) } catch let error as AtomicFile.WriteError {
            throw CommandError(error.reason == "already exists" ? exists : "\(path): \(error.reason)")
        }
        return "wrote \(path): every key commented out with its default; uncomment a line to change it"
    }
}

extension Configuration {
    /// The starter configuration `init` writes: each key of `keys` with its comment, commented out
    /// with its default value, so that the file as written — or with every key line uncommented —
    /// reads as the defaults.
    public static var starterText: String {
        var lines = ["# viper-planner configuration. Every key is optional; each is shown commented out with its",
                     "# default value. Uncomment a key (with its indented lines) to change it.",
                     "# `viper-planner rules` lists the rule ids; globs take `*`, `**` (across folders) and `?`."]
        let defaults = Configuration()
        for key in keys {
            lines.append("")
            lines += key.help.map { "# \($0)" }
            lines += key.yaml(defaults, nil).map { "# \($0)" }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
