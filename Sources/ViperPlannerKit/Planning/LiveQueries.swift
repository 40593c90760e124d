/// A live query the screen keeps (`NSFetchedResultsController`, a results controller around one):
/// the table's data source reads it synchronously (`object(at:)`, `numberOfObjects`, `fetchedObjects`)
/// while UIKit lays the table out, and it calls back when its results change, with change sets the
/// table applies against the results they describe. Moved behind an output that answers later, the
/// table shows nothing on first layout; a change applied after a queue hop meets results that have
/// moved on, and UIKit raises its inconsistent-update exception. So the layer that takes the query
/// over answers its reads at once and forwards its changes from inside the callback.
struct LiveQuery: Equatable {
    var property: String
    /// What the screen calls or reads on it, in order of first use (`performFetch()`, `object(at:)`).
    var calls: [String]
    /// The screen's members that use it, in order of first use.
    var readers: [String]
    /// Its change callbacks the screen sets (`onDidChangeContent`) or implements (`controllerDidChangeContent(_:)`).
    var callbacks: [String]
    /// The screen's members that make it (`bookmarksFRC = manager.frc(parent:)` in `init`): the
    /// Interactor task that moves one of them takes the query over.
    var makers: [String] = []

    /// The API of a fetched-results controller that marks a property as a live query whatever its type is called.
    static let queryCalls: Set<String> = ["performFetch", "fetchedObjects", "numberOfObjects", "indexPath", "object"]
    /// Where a screen lets its query go (`frc = nil`): no member that makes it.
    static let releasing: Set<String> = ["viewWillDisappear", "viewDidDisappear", "deinit"]
    static let changeCallbacks: Set<String> = ["onDidChangeContent", "onWillChangeContent", "onDidResetContent"]
    static let delegateCallbacks: Set<String> = ["controllerDidChangeContent", "controllerWillChangeContent"]
    /// The opening of the sentence a task's Fix gets (`withLiveQueries`), read back by the PR wording.
    static let marker = "is a live query the screen reads synchronously"

    /// The live queries a screen keeps: stored properties of a fetched-results controller type
    /// (`NSFetchedResultsController<Tag>`, `ResultsController<Note>`) on which it runs a fetch or reads results.
    static func of(_ t: Int, index: TypeIndex) -> [LiveQuery] {
        let declarations = index.declarations(of: t).map(\.decl)
        let references = declarations.flatMap(\.references).filter { !$0.inDebugBlock }.sorted { $0.position < $1.position }
        let delegate = declarations.flatMap(\.functions).map(\.name).filter {
            delegateCallbacks.contains(baseName($0)) || $0.hasPrefix("controller(_:didChange")
        }
        var out: [LiveQuery] = []
        for property in declarations.flatMap(\.properties) where !property.isStatic && !property.isComputed {
            let type = StrongReferences.bareName(property.typeName ?? property.initializerType ?? "")
            guard type == "NSFetchedResultsController" || type.hasSuffix("ResultsController") else { continue }
            let uses = references.filter { ref in
                let chain = ref.chain.first == "self" ? Array(ref.chain.dropFirst()) : ref.chain
                return chain == [property.name] && ref.member != nil
            }
            guard uses.contains(where: { queryCalls.contains($0.name) }) else { continue }
            // What the screen sets on it (`sortDescriptors = …`, a change callback) is no read.
            out.append(LiveQuery(property: property.name,
                                 calls: uniqued(uses.filter { !$0.isAssignment && !changeCallbacks.contains($0.name) }.map { $0.isCall ? ($0.fullName ?? $0.name + "()") : $0.name }),
                                 readers: uniqued(uses.compactMap(\.member)),
                                 callbacks: uniqued(uses.filter { changeCallbacks.contains($0.name) }.map(\.name)) + delegate,
                                 makers: uniqued(declarations.flatMap(\.propertyAccesses).filter { $0.name == property.name && $0.isWrite }
                                     .compactMap(\.member).filter { !releasing.contains(baseName($0)) })))
        }
        return out
    }

    /// A use case that makes or fetches a live query observes its results: `loadTagsController(sortedBy:)
    /// -> NSFetchedResultsController` → `observeTags(sortedBy:)`, whose answers come through the
    /// query's synchronous reads and change callbacks, not a returned controller.
    static func observing(_ name: String, signature: String) -> (name: String, signature: String) {
        var stem = baseName(name)
        for verb in ["load", "fetch", "get", "make"] where startsWithWord(stem, verb) { stem = String(stem.dropFirst(verb.count)); break }
        for suffix in ["FetchedResultsController", "ResultsController", "Controller"] where stem.hasSuffix(suffix) && stem.count > suffix.count {
            stem = String(stem.dropLast(suffix.count)); break
        }
        guard let first = stem.first, first.isUppercase else { return (name, signature) }
        let observe = "observe" + stem
        let typed = signature.components(separatedBy: " -> ")[0]
        return (observe + name.drop { $0 != "(" }, observe + typed.drop { $0 != "(" })
    }

    /// The task takes the property itself over: its finding is about it, or it moves it or a member
    /// that makes it.
    func isMoved(by task: PlanTask) -> Bool {
        let taken = Set([property] + makers)
        return task.member.map(taken.contains) == true || task.members.contains(where: taken.contains) || task.moves.contains { taken.contains($0.name) }
    }

}

extension Planner {
    /// The tasks with what each says about the screen's live queries: the Interactor task that
    /// moves one keeps it and answers its reads at once, and every later task whose moved code
    /// reads it asks the interactor for it, never through the output.
    static func withLiveQueries(_ tasks: [PlanTask], index: TypeIndex, type t: Int) -> [PlanTask] {
        let queries = LiveQuery.of(t, index: index)
        guard !queries.isEmpty else { return tasks }
        let prefix = modulePrefix(index.types[t].name)
        var out = tasks
        for query in queries {
            guard let owner = out.firstIndex(where: { $0.category == .I && query.isMoved(by: $0) }) else { continue }
            out[owner] = owning(out[owner], query, prefix: prefix)
            for i in out.indices where i != owner && [.I, .P].contains(out[i].category) {
                let readers = query.readers.filter { r in out[i].moves.contains { $0.name == r } }
                guard !readers.isEmpty else { continue }
                out[i] = reading(out[i], query, readers: readers, prefix: prefix)
            }
        }
        return out
    }

    private static func owning(_ task: PlanTask, _ query: LiveQuery, prefix: String) -> PlanTask {
        var task = task
        let reads = query.calls.map { "`\($0)`" }, readers = query.readers.map { "`\($0)`" }
        var sentence = "`\(query.property)` \(LiveQuery.marker) (\(TaskGrouping.list(reads)) in \(TaskGrouping.list(readers))): "
            + "`\(prefix)Interactor` keeps it from this PR on and answers each of those calls at once through a method of its input that returns the value "
            + "(the view's lines ask `interactor` until their own task moves them), never through the output, so the table's data-source callbacks still answer while UIKit lays it out"
        if !query.callbacks.isEmpty {
            sentence += "; its change " + (query.callbacks.count == 1 ? "callback" : "callbacks") + " (" + TaskGrouping.list(query.callbacks.map { "`\($0)`" })
                + ") " + (query.callbacks.count == 1 ? "reaches" : "reach") + " the view on the main thread from inside the callback, never through `DispatchQueue.main.async`: the table applies each change set against the results it describes, and one applied late raises UIKit's inconsistent-update exception"
        }
        task.fix += " " + sentence + "."
        task.estimate.append(EstimatePart(3 * query.calls.count, "\(query.calls.count) synchronous \(query.calls.count == 1 ? "call" : "calls") of `\(query.property)` on `\(prefix)InteractorInput`"))
        return task
    }

    private static func reading(_ task: PlanTask, _ query: LiveQuery, readers: [String], prefix: String) -> PlanTask {
        var task = task
        let layer = task.category == .P ? "the presenter" : "the use case"
        task.fix += " The moved code reads `\(query.property)`, the live query `\(prefix)Interactor` keeps from the PR that moves it on: \(layer) asks `interactor` for what it reads "
            + "through a method of its input that returns the value at once, never through the output, so the table's data-source callbacks still answer synchronously."
        task.estimate.append(EstimatePart(2 * readers.count, "`\(query.property)` read through `interactor`"))
        return task
    }
}
