import Foundation

public struct SourceFile: Sendable, Hashable {
    /// Relative to the scanned root, with `/`.
    public var path: String
    public var absolutePath: String
    /// Under a vendored folder (`Pods/`, `Carthage/`, `ThirdParty/`, …): parsed and indexed so its
    /// types resolve the project's calls, but it gets no findings or plan tasks of its own unless
    /// the configuration's `include_vendored` is set.
    public var isVendored = false
    /// Outside the report scope (`excluded:`, or not `included:`): parsed and indexed the same
    /// way, so calls resolve as with the file in scope, but never reported or planned.
    public var isExcluded = false

    public init(path: String, absolutePath: String, isVendored: Bool = false, isExcluded: Bool = false) {
        self.path = path; self.absolutePath = absolutePath; self.isVendored = isVendored; self.isExcluded = isExcluded
    }
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
    /// `included:` globs that matched no Swift file, and `excluded:` globs that matched no file
    /// or folder, in the configuration's order (`ScanScope` warns about them).
    public var unmatchedIncluded: [String] = []
    public var unmatchedExcluded: [String] = []
    /// The Xcode projects outside vendored folders: where new files get project-file entries.
    public var xcodeProjects: [XcodeProject] = []
    /// Objective-C implementation files outside tests and vendored folders: read only to find
    /// where they create the project's Swift classes (`ObjectiveCCreations`).
    public var objectiveCFiles: [String] = []
    /// Storyboards and nibs outside tests and vendored folders: read only for the names they
    /// call (`OutsideSwift`), so an action only Interface Builder connects is never called unused.
    public var interfaceFiles: [String] = []
}

/// An `.xcodeproj` folder that holds a `project.pbxproj`.
public struct XcodeProject: Sendable, Hashable {
    /// The `.xcodeproj` folder, relative to the scanned root (`App/App.xcodeproj`).
    public var path: String
    /// Its groups are synchronized with folders on disk (`PBXFileSystemSynchronizedRootGroup`):
    /// a new file needs no entry in the project file.
    public var synchronized: Bool
    public var projectFile: String { path + "/project.pbxproj" }

    public init(path: String, synchronized: Bool) { self.path = path; self.synchronized = synchronized }

    /// The project at `rel` when its folder holds a readable `project.pbxproj` (the only file of
    /// the project read: one search for the synchronized-group marker).
    static func read(absolute: String, rel: String) -> XcodeProject? {
        guard case .bytes(let bytes) = FileIO.read(absolute + "/project.pbxproj") else { return nil }
        return XcodeProject(path: rel, synchronized: String(decoding: bytes, as: UTF8.self).contains("PBXFileSystemSynchronizedRootGroup"))
    }
}

public struct DiscoveryError: Error, CustomStringConvertible {
    public var description: String
}

/// Walks the project: the only stage besides writing that touches the disk's structure.
public enum Discovery {
    /// Build products, other ecosystems' packages and the plan's own folder: never read.
    static let skippedFolders: Set<String> = ["DerivedData", "node_modules", "refactoring"]

    /// Third-party code kept in the project (CocoaPods, Carthage, copied sources, Xcode's and
    /// SwiftPM's package checkouts): read for the index, audited only with `include_vendored`.
    public static let vendoredFolders: Set<String> = ["Pods", "Local Pods", "Carthage", "Vendor", "Vendors", "vendor",
                                                      "ThirdParty", "Third Party", "SourcePackages", "checkouts"]

    /// Whether a path relative to the root lies under a vendored folder.
    public static func isVendored(path: String) -> Bool {
        path.split(separator: "/").dropLast().contains { vendoredFolders.contains(String($0)) }
    }

    /// The paths outside the report scope of `excluded:`/`included:` (as `discover` marks them).
    public static func reportExcluded(_ paths: [String], configuration: Configuration) -> Set<String> {
        let included = configuration.included.map(Glob.init), excluded = configuration.excluded.map(Glob.init)
        return Set(paths.filter { isOutOfScope($0, included: included, excluded: excluded) })
    }

    /// A glob matches a folder's files too: one test per file covers its folders.
    static func isOutOfScope(_ path: String, included: [Glob], excluded: [Glob]) -> Bool {
        excluded.contains { $0.matches(path) } || (!included.isEmpty && !included.contains { $0.matches(path) })
    }

    public static func isTestFolder(_ name: String) -> Bool {
        name == "Tests" || name == "UITests" || name.hasSuffix("Tests") || name.hasSuffix("Specs")
    }

    /// The project folder as a resolved path, or a one-line error naming what is wrong with it.
    static func resolvedRoot(_ rootPath: String) throws -> String {
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        guard fm.fileExists(atPath: rootPath, isDirectory: &isDirectory) else {
            throw DiscoveryError(description: "\(rootPath): no such file or directory")
        }
        guard isDirectory.boolValue else { throw DiscoveryError(description: "\(rootPath): not a directory") }
        guard fm.isReadableFile(atPath: rootPath), (try? fm.contentsOfDirectory(atPath: rootPath)) != nil else {
            throw DiscoveryError(description: "\(rootPath): cannot read the directory (permission denied)")
        }
        return URL(fileURLWithPath: rootPath).standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// The list a non-Swift file the tool reads goes in: Objective-C implementations (who creates
    /// which class, what they call) and storyboards and nibs (what they connect); nil for others.
    static func readAlongside(_ name: String) -> WritableKeyPath<DiscoveryResult, [String]>? {
        if name.hasSuffix(".m") || name.hasSuffix(".mm") { return \.objectiveCFiles }
        if name.hasSuffix(".storyboard") || name.hasSuffix(".xib") { return \.interfaceFiles }
        return nil
    }

    public static func discover(root rootPath: String, configuration: Configuration) throws -> DiscoveryResult {
        let fm = FileManager.default
        let root = try resolvedRoot(rootPath)
        let included = configuration.included.map(Glob.init)
        let excluded = configuration.excluded.map(Glob.init)
        let unread = configuration.analysisExcluded.map(Glob.init)
        var result = DiscoveryResult(root: root, sources: [], testFiles: [], warnings: [])
        var visited: Set<String> = [root]
        // Which globs matched something: each is tested until it first matches, on every entry
        // the walk sees (hidden and skipped ones too: `excluded: [.build]` is not a mistake).
        var includedUnused = Set(included.indices), excludedUnused = Set(excluded.indices)
        func noteExcluded(_ rel: String) {
            for i in excludedUnused where excluded[i].matches(rel) { excludedUnused.remove(i) }
        }

        func walk(_ directory: String, relative: String, inTests: Bool, inVendored: Bool) {
            guard let entries = try? fm.contentsOfDirectory(atPath: directory) else {
                result.warnings.append(Warning(path: relative.isEmpty ? "." : relative, reason: "cannot read the directory; skipped", skipped: true))
                return
            }
            for name in entries.sorted() {
                let absolute = directory + "/" + name
                let rel = relative.isEmpty ? name : relative + "/" + name
                if !excludedUnused.isEmpty { noteExcluded(rel) }
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
                    if unread.contains(where: { $0.matches(rel) }) { continue }
                    if name.hasSuffix(".xcodeproj"), !inVendored, !vendoredFolders.contains(name) {
                        if let project = XcodeProject.read(absolute: target, rel: rel) { result.xcodeProjects.append(project) }
                        continue   // no Swift source lives inside a project bundle
                    }
                    // Every folder walked is a resolved path, so only a link needs resolving.
                    let real = kind == .directory ? target : URL(fileURLWithPath: target).resolvingSymlinksInPath().path
                    guard visited.insert(real).inserted else {
                        result.warnings.append(Warning(path: rel, reason: "symbolic link loop; not followed"))
                        continue
                    }
                    walk(target, relative: rel, inTests: inTests || isTestFolder(name),
                         inVendored: inVendored || vendoredFolders.contains(name))
                } else if let list = readAlongside(name) {
                    if !inTests, !inVendored, !unread.contains(where: { $0.matches(rel) }) { result[keyPath: list].append(rel) }
                } else if name.hasSuffix(".swift") {
                    // A vendored library's own tests verify no task of the project's plan.
                    if inTests { if !inVendored { result.testFiles.append(rel) }; continue }
                    if unread.contains(where: { $0.matches(rel) }) { continue }
                    if !included.isEmpty, let first = included.firstIndex(where: { $0.matches(rel) }) {
                        includedUnused.remove(first)
                        for i in includedUnused where included[i].matches(rel) { includedUnused.remove(i) }
                    }
                    result.sources.append(SourceFile(path: rel, absolutePath: target, isVendored: inVendored,
                                                     isExcluded: isOutOfScope(rel, included: included, excluded: excluded)))
                }
            }
        }
        walk(root, relative: "", inTests: false, inVendored: false)
        result.unmatchedIncluded = included.indices.filter(includedUnused.contains).map { configuration.included[$0] }
        result.unmatchedExcluded = excluded.indices.filter(excludedUnused.contains).map { configuration.excluded[$0] }
        return result
    }
}
