/// The files a PR creates and what creating them costs besides their own lines: the project
/// file's entries for each new file, and the doubles and output protocols the new types need.
extension PRSlicer {
    /// An entry in a project file per new file: file reference, build file, group child, sources phase.
    static let linesPerProjectEntry = 4
    static let projectEntriesLabel = " in project.pbxproj (file reference, build file, group child, sources phase)"

    static func projectEntriesPart(_ files: Int) -> EstimatePart {
        EstimatePart(linesPerProjectEntry * files, "\(files) new file\(files == 1 ? "" : "s")" + projectEntriesLabel)
    }

    /// One line for the project file's entries of the whole PR, last.
    static func mergedProjectEntries(_ parts: [EstimatePart]) -> [EstimatePart] {
        let entries = parts.filter { $0.label.hasSuffix(projectEntriesLabel) }
        guard !entries.isEmpty else { return parts }
        let files = entries.reduce(0) { $0 + $1.lines } / linesPerProjectEntry
        return parts.filter { !$0.label.hasSuffix(projectEntriesLabel) } + [projectEntriesPart(files)]
    }

    /// The files behind a role suffix the view controller's module gets, and the project file
    /// each must be listed in (nil: none).
    func newFiles(_ suffix: String, vc: String) -> [(path: String, project: String?)] {
        guard let owner = owners[vc] else { return [] }
        let p = owner.prefix
        func source(_ name: String) -> (String, String?) { ("\(owner.folder)\(p)\(name).swift", owner.projectFile) }
        func test(_ name: String) -> (String, String?) { ("\(owner.testFolder)\(p)\(name).swift", owner.testProjectFile) }
        let swiftUI = style == .swiftui
        switch suffix {
        case "Presenter": return [source("Presenter")] + (swiftUI ? [source("ViewState")] : [])
        case "InteractorTests", "PresenterTests", "ModuleTests": return [test(suffix)]
        case "Seams": return [source("Seams"), test("ServiceDoubles")]
        case "Characterization": return [test("CharacterizationTests")]
        default: return [source(suffix)]
        }
    }

    /// The project-file part of creating a role: 4 lines per new file the project lists.
    func projectEntries(_ suffix: String, vc: String) -> [EstimatePart] {
        let listed = newFiles(suffix, vc: vc).filter { $0.project != nil }.count
        return listed == 0 ? [] : [Self.projectEntriesPart(listed)]
    }

    /// A test double of a protocol: ~4 lines of class and ~3 per member it stands in for.
    static func doublePart(of name: String, members: Int, in test: String) -> EstimatePart {
        EstimatePart(4 + 3 * members, "double of `\(name)` in `\(test)`: \(members) member\(members == 1 ? "" : "s") the screen uses, ~4 + 3 each")
    }

    /// The doubles of the project services the Interactor gets injected, but for those its seams
    /// PR wrote already.
    func serviceDoubles(vc: String) -> [EstimatePart] {
        guard let owner = owners[vc] else { return [] }
        return owner.services.keys.sorted().filter { !(seamed[vc] ?? []).contains($0) }.map { Self.doublePart(of: $0, members: owner.services[$0]!, in: "\(owner.prefix)InteractorTests") }
    }

    /// An output protocol: ~3 lines of declaration and ~2 per member.
    static func outputPart(_ what: String, members: Int) -> EstimatePart {
        EstimatePart(3 + 2 * members, "\(what): " + (members == 0 ? "no members yet" : "\(members) member\(members == 1 ? "" : "s"), ~2 lines each"))
    }

    /// The files a finished slice creates, listed after the ones its words name, with the project
    /// files they need entries in; the folders of the feature, to tell its edits from others'.
    func listFiles(_ slice: inout PRSlice, draft: Draft) {
        let created = (draft.vc.map { vc in draft.creates.flatMap { newFiles($0, vc: vc) } } ?? [])
            + draft.tasks.flatMap(\.newFiles).map { ($0.path, $0.project) }
        slice.files = uniqued(slice.files + created.map(\.path) + created.compactMap(\.project))
        slice.newFiles = created.map(\.path)
        slice.featureFolders = featureFolders
        slice.estimate = Self.mergedProjectEntries(slice.estimate)
    }
}
