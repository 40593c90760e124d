/// Checks a plan against what makes it mergeable in order, independently of how the slicer built it:
/// every PR has lines and stays under its cap, no two PRs of a file do the same work, each type is
/// created by one PR, and every module type a PR's text names exists already or is created by that
/// PR or by one it depends on (directly or through others), and no protocol is wrapped in another
/// (`DataManagerProtocolProtocol`). `plan` reports any breach as a warning.
public enum PlanChecks {
    static let roleSuffixes = ["InteractorInput", "InteractorTests", "Interactor", "PresenterProtocol", "PresenterTests", "Presenter",
                               "ViewProtocol", "RouterProtocol", "Router", "ModuleTests", "Module",
                               "ServiceProtocol", "Service", "RepositoryProtocol", "Repository"]

    public static func problems(_ plan: Plan, existingTypes: Set<String>) -> [String] {
        // Types other files create (a base's shared pieces): usable by a PR that depends on their creator.
        var createdBy: [String: String] = [:]
        for file in plan.taskFiles { for slice in file.slices { for type in slice.creates { createdBy[type] = createdBy[type] ?? "\(file.fileName) PR \(slice.number)" } } }
        let files = plan.taskFiles, creators = createdBy
        return parallelMap(count: files.count, jobs: defaultJobCount) { problems(in: files[$0], existingTypes: existingTypes, createdBy: creators) }
            .flatMap { $0 }
    }

    static func problems(in file: FeaturePlan, existingTypes: Set<String>, createdBy: [String: String] = [:]) -> [String] {
        var found: [String] = []
        var creator: [String: Int] = [:]
        var seenWork: [String: Int] = [:]
        let byNumber = Dictionary(file.slices.map { ($0.number, $0) }, uniquingKeysWith: { a, _ in a })
        // Types some PR of the file creates (`CartView`, `CartRoute`) are checked like role types.
        let createdInFile = Set(file.slices.flatMap(\.creates))
        let holders = presenterHolders(file)
        for slice in file.slices {
            let where_ = "\(file.fileName) PR \(slice.number)"
            if slice.estimatedLines <= 0 { found.append("\(where_): no changed lines") }
            if slice.estimatedLines > slice.cap, !slice.title.hasSuffix(PRSlicer.uncuttable) { found.append("\(where_): \(slice.estimatedLines) lines over its cap of \(slice.cap)") }
            let work = slice.taskIDs.map { id in slice.part.map { "\(id) (\($0))" } ?? id }.joined(separator: ",")
                + "|" + slice.files.joined(separator: ",") + "|" + slice.title
            if let other = seenWork[work] { found.append("\(where_): the same tasks, files and title as PR \(other)") }
            seenWork[work] = slice.number
            for type in slice.creates {
                if let other = creator[type] { found.append("\(where_): creates `\(type)`, already created by PR \(other)") }
                else { creator[type] = slice.number }
                if existingTypes.contains(type) { found.append("\(where_): creates `\(type)`, which the code already has") }
            }
            if ([slice.title] + slice.changes + slice.checks + slice.creates).contains(where: { $0.contains("ProtocolProtocol") }) {
                found.append("\(where_): names a protocol ending in `ProtocolProtocol` (a protocol wrapped again)")
            }
            for dependency in slice.dependsOn where dependency.hasPrefix("PR ") {
                if let n = Int(dependency.dropFirst(3)), n >= slice.number { found.append("\(where_): depends on a later PR (\(dependency))") }
            }
            // A cross-cutting change creates what its one fix names; the tests of an existing type may exist.
            guard slice.phase != .X else { continue }
            let reachable = ancestors(of: slice.number, in: byNumber)
            for type in mentionedTypes(slice, createdInFile: createdInFile) where !existingTypes.contains(type) && !slice.creates.contains(type)
                && !(type.hasSuffix("Tests") && existingTypes.contains(String(type.dropLast(5)))) {
                guard let n = creator[type] ?? file.slices.first(where: { $0.creates.contains(type) })?.number else {
                    if let other = createdBy[type], !other.hasPrefix(file.fileName + " ") {
                        if !slice.dependsOn.contains(other) { found.append("\(where_): uses `\(type)`, created by \(other), which it does not depend on") }
                    } else {
                        found.append("\(where_): uses `\(type)`, which no PR creates")
                    }
                    continue
                }
                if !reachable.contains(n) { found.append("\(where_): uses `\(type)`, created by PR \(n), which it does not depend on") }
            }
            // A PR creating a subclass's pieces names its base's presenter only to inherit from it;
            // only a PR that moves code calls the screen's `presenter`; new types alone do not.
            for (presenter, holder) in holders where holder < slice.number && !reachable.contains(holder) && slice.creates.isEmpty && !slice.taskIDs.isEmpty
                && mentionedTypes(slice, createdInFile: createdInFile).contains(presenter) {
                found.append("\(where_): uses `\(presenter)`, which the view controller holds from PR \(holder), which it does not depend on")
            }
            for (presenter, holder) in holders where holder > slice.number && slice.phase == .P && slice.creates.isEmpty && !slice.taskIDs.isEmpty
                && mentionedTypes(slice, createdInFile: createdInFile).contains(presenter) {
                found.append("\(where_): uses `\(presenter)` before the view controller holds it (PR \(holder))")
            }
        }
        found += contractProblems(file)
        for task in file.tasks where (task.title + task.fix).contains("ProtocolProtocol") {
            found.append("\(file.fileName) \(task.id): names a protocol ending in `ProtocolProtocol` (a protocol wrapped again)")
        }
        return found
    }

    /// Each screen's presenter (`ProfilePresenter`) → the PR whose screen edit gives the view
    /// controller its `presenter` property ("conforms to `ProfileViewProtocol` and holds `presenter`").
    static func presenterHolders(_ file: FeaturePlan) -> [String: Int] {
        var holders: [String: Int] = [:]
        for slice in file.slices {
            for part in slice.estimate where PRSlicer.givesPresenter(part) {
                let names = part.label.components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
                guard let view = names.first(where: { $0.hasSuffix("ViewProtocol") }) else { continue }
                let presenter = String(view.dropLast("ViewProtocol".count)) + "Presenter"
                if holders[presenter] == nil { holders[presenter] = slice.number }
            }
        }
        return holders
    }

    /// The PRs a PR depends on, directly or through the PRs it depends on.
    static func ancestors(of number: Int, in slices: [Int: PRSlice]) -> Set<Int> {
        var result: Set<Int> = []
        var queue = [number]
        while let n = queue.popLast() {
            for dependency in slices[n]?.dependsOn ?? [] where dependency.hasPrefix("PR ") {
                if let d = Int(dependency.dropFirst(3)), result.insert(d).inserted { queue.append(d) }
            }
        }
        return result
    }

    /// Module type names (`ProfilePresenter`, `ProfileInteractorInput`) in backticks in the PR's title,
    /// changes and checks, and any backticked name among `createdInFile`.
    static func mentionedTypes(_ slice: PRSlice, createdInFile: Set<String> = []) -> Set<String> {
        var names: Set<String> = []
        for text in [slice.title] + slice.changes + slice.checks {
            var inCode = false
            var word = ""
            func flush() {
                if inCode, word.first?.isUppercase == true,
                   createdInFile.contains(word) || roleSuffixes.contains(where: { word.hasSuffix($0) && word.count > $0.count }) {
                    names.insert(word)
                }
                word = ""
            }
            for ch in text {
                if ch == "`" { flush(); inCode.toggle(); continue }
                if ch.isLetter || ch.isNumber || ch == "_" { word.append(ch) } else { flush() }
            }
            flush()
        }
        return names
    }

    /// Relative Markdown links (`[x](profile.md)`) whose target is not among the plan's files.
    public static func brokenLinks(_ files: [String: String]) -> [String] {
        var broken: [String] = []
        for name in files.keys.sorted() where name.hasSuffix(".md") {
            let text = files[name]!
            // Link targets are cut at ASCII bytes (`](` … `)`): a byte scan, not a character search.
            let bytes = Array(text.utf8)
            var i = 0
            // `[weak self](value) in` inside a code span is code, not a link.
            var inCode = false
            while i + 1 < bytes.count {
                if bytes[i] == UInt8(ascii: "`") { inCode.toggle() } else if bytes[i] == UInt8(ascii: "\n") { inCode = false }
                guard !inCode, bytes[i] == UInt8(ascii: "]"), bytes[i + 1] == UInt8(ascii: "(") else { i += 1; continue }
                let start = i + 2
                guard let close = bytes[start...].firstIndex(of: UInt8(ascii: ")")) else { break }
                let target = String(decoding: bytes[start..<close], as: UTF8.self)
                i = close
                if target.contains("://") || target.hasPrefix("#") || target.hasPrefix("mailto:") { continue }
                let path = String(target.prefix { $0 != "#" })
                if !path.isEmpty && files[path] == nil { broken.append("\(name): link to \(path), which the plan does not contain") }
            }
        }
        return broken
    }

    /// Contract members are use cases, view states and routes: never one of the view controller's
    /// lifecycle methods, actions or delegate callbacks (`TargetModule.triggers`), nor a lifecycle name.
    static func contractProblems(_ file: FeaturePlan) -> [String] {
        file.modules.flatMap { module in
            let triggers = Set(module.triggers)
            // A route is named for its destination (`showBookmarks()`), even when an action has that name too.
            let routes = Set(module.routes.map(\.name))
            let members = (module.interactorInputs + module.presenterOutputs + module.routes).compactMap { item -> String? in
                guard triggers.contains(item.name) && !routes.contains(item.name) || UseCaseNamer.isLifecycle(item.name) else { return nil }
                return "\(file.fileName): contract member `\(item.name)` of \(module.viewController) is a lifecycle, action or delegate method, not a use case"
            }
            // Two outputs filling one view-state type would each build half of it.
            var seen: [String: String] = [:]
            let shared = module.presenterOutputs.compactMap { item -> String? in
                guard let state = item.signature, state.hasSuffix("ViewState") else { return nil }
                defer { seen[state] = seen[state] ?? item.name }
                return seen[state].map { "\(file.fileName): outputs `\($0)` and `\(item.name)` of \(module.viewController) both fill `\(state)`" }
            }
            return members + shared
        }
    }
}
