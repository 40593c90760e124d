/// Where a plan's new files go and what else creating them touches: the test folder closest to
/// each screen, and the Xcode project file that must list each new file (none for a file in a
/// SwiftPM package, or in a project whose groups follow its folders on disk).
struct ProjectLayout: Sendable, Hashable {
    /// The folders holding test files (`AppTests/`, `Modules/Cart/Tests/CartTests/`), with how
    /// many test files each holds.
    var testFolders: [String: Int] = [:]
    var xcodeProjects: [XcodeProject] = []
    /// Folders below the root holding a `Package.swift`: their files belong to a package, which
    /// lists no files. A `Package.swift` at the root beside an Xcode project does not make the
    /// app a package.
    var packageRoots: [String] = []
    /// Test folders whose tests are written with Swift Testing (more files import `Testing` than
    /// only `XCTest`), and those whose tests import AppKit and never UIKit (a macOS target).
    var swiftTesting: Set<String> = []
    var appKitOnly: Set<String> = []

    /// Where a test folder is missing: the plan's own default.
    static let defaultTestFolder = "Tests/"

    init(testFolders: [String: Int] = [:], xcodeProjects: [XcodeProject] = [], packageRoots: [String] = []) {
        self.testFolders = testFolders; self.xcodeProjects = xcodeProjects; self.packageRoots = packageRoots
    }

    /// The layout of an audited project: test folders from the files under test folders and the
    /// sources that import `XCTest` or `Testing` (vendored ones left out).
    init(_ result: AuditResult) {
        var folders: [String: Int] = [:]
        let importing = result.files.filter { file in
            !Discovery.isVendored(path: file.path) && file.imports.contains { $0.module == "XCTest" || $0.module == "Testing" }
        }.map(\.path)
        for path in result.testFiles + importing { folders[Self.folder(of: path), default: 0] += 1 }
        let packages = result.files.map(\.path).filter { $0.hasSuffix("/Package.swift") && !Discovery.isVendored(path: $0) }
        self.init(testFolders: folders, xcodeProjects: result.xcodeProjects, packageRoots: packages.map(Self.folder(of:)))
        var imports = result.testImports
        for file in result.files where importing.contains(file.path) { imports[file.path] = file.imports.map(\.module) }
        let byFolder = Dictionary(grouping: imports, by: { Self.folder(of: $0.key) })
        for (folder, files) in byFolder {
            let modules = files.map { Set($0.value) }
            if modules.filter({ $0.contains("Testing") }).count > modules.filter({ $0.contains("XCTest") && !$0.contains("Testing") }).count { swiftTesting.insert(folder) }
            if modules.contains(where: { $0.contains("AppKit") || $0.contains("Cocoa") }), !modules.contains(where: { $0.contains("UIKit") }) { appKitOnly.insert(folder) }
        }
    }

    static let platformTokens = ["iOS", "macOS", "Mac", "watchOS", "tvOS", "visionOS"]

    /// How the tests in `folder` are written, for the plan's wording.
    func framework(of folder: String) -> String { swiftTesting.contains(folder) ? "Swift Testing" : "XCTest" }

    /// "App/Cart/CartViewController.swift" → "App/Cart/"; a file at the root → "".
    static func folder(of path: String) -> String {
        let parts = path.split(separator: "/").dropLast()
        return parts.isEmpty ? "" : parts.joined(separator: "/") + "/"
    }

    /// The innermost package below the root that holds `path` (`Modules/Cart/`), "" for the app's
    /// own files.
    func package(of path: String) -> String {
        packageRoots.filter { !$0.isEmpty && path.hasPrefix($0) }.max { $0.count < $1.count } ?? ""
    }

    /// The test folder for a screen declared at `path`, among those of the screen's own package (the
    /// app's own for an app screen: a local package's test target cannot see the app's types): the
    /// one sharing the longest leading run of folders with it; among equals, the one naming more of
    /// the screen's folders (`AppTests/Cart/` for `App/Cart/…`), then the most used, then the first
    /// by name. Without any, `Tests/` in that package (at the root for the app).
    func testFolder(near path: String) -> String {
        let (folder, named) = closestTestFolder(near: path)
        // A folder of another topic inside a test target (`AppTests/Metadata/` for a screen in
        // `App/Bookmarks/`): the new tests go to the target's own folder, not beside that topic's.
        let parts = folder.split(separator: "/")
        guard named == 0, let root = parts.lastIndex(where: Self.isTestTargetName), root < parts.count - 1 else { return folder }
        return parts[...root].joined(separator: "/") + "/"
    }

    /// `AppTests`, `Tests`, `AppUITests`, `AppSpecs`: a folder named for a test target.
    static func isTestTargetName(_ name: Substring) -> Bool {
        ["Tests", "Test", "Specs", "Spec"].contains { name.hasSuffix($0) }
    }

    /// The existing test folder closest to the screen at `path`, and how many of the screen's
    /// folders it names below the part they share.
    func closestTestFolder(near path: String) -> (folder: String, named: Int) {
        let screen = Self.folder(of: path).split(separator: "/")
        let names = Set(screen)
        let home = package(of: path)
        let screenTokens = Self.platformTokens.filter { token in screen.contains { $0.contains(token) } }
        var best: (folder: String, key: (Int, Int, Int))?
        // A UIKit screen's tests cannot live in a macOS test target.
        let candidates = testFolders.keys.filter { package(of: $0) == home }
        let usable = candidates.contains { !appKitOnly.contains($0) } ? candidates.filter { !appKitOnly.contains($0) } : candidates
        for folder in usable.sorted() {
            let parts = folder.split(separator: "/")
            let common = zip(parts, screen).prefix { $0 == $1 }.count
            // A folder named for the screen's platform (`App-iOSTests` for `iOS/Feed/…`) names one of its folders.
            let named = parts.dropFirst(common).filter(names.contains).count
                + (screenTokens.contains { token in parts.dropFirst(common).contains { $0.contains(token) } } ? 1 : 0)
            let key = (common, named, testFolders[folder]!)
            if best == nil || key > best!.key { best = (folder, key) }
        }
        return best.map { ($0.folder, $0.key.1) } ?? (home + Self.defaultTestFolder, 1)
    }

    /// The project file that must list a new file at `path`: that of the Xcode project nearest to
    /// it, unless the file is in a SwiftPM package or that project's groups follow its folders.
    func projectFile(for path: String) -> String? {
        guard !xcodeProjects.isEmpty, !packageRoots.contains(where: { !$0.isEmpty && path.hasPrefix($0) }) else { return nil }
        let parts = path.split(separator: "/")
        let nearest = xcodeProjects.max { a, b in
            let ka = zip(Self.folder(of: a.path).split(separator: "/"), parts).prefix { $0 == $1 }.count
            let kb = zip(Self.folder(of: b.path).split(separator: "/"), parts).prefix { $0 == $1 }.count
            return (ka, b.path) < (kb, a.path)
        }!
        return nearest.synchronized ? nil : nearest.projectFile
    }

    /// The owner of a screen declared at `screen`, with where its new files go, the project files
    /// that list them, and the services its Interactor's tests need doubles of.
    func placed(_ owner: PRSlicer.Owner, screen: String, services: [(name: String, family: Family, members: [String])]) -> PRSlicer.Owner {
        var owner = owner
        owner.testFolder = testFolder(near: screen)
        // Written as the tests of the closest folder are, wherever the new ones go.
        let closest = closestTestFolder(near: screen).folder
        owner.testFramework = testFolders[closest] == nil ? nil : framework(of: closest)
        owner.projectFile = projectFile(for: screen)
        owner.testProjectFile = projectFile(for: owner.testFolder)
        owner.services = Dictionary(services.map { ($0.name, $0.members.count) }, uniquingKeysWith: { a, _ in a })
        return owner
    }
}
