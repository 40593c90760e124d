/// Moved code that names a type the view controller keeps to itself (a nested `private enum
/// Section`, a `private enum Strings` in its file) does not compile in the Interactor's or the Presenter's
/// file, and a layer must not reach into the view controller for it. The first task whose moved
/// members use such a type moves it to a file of its own, internal, and counts that move: the
/// file (beside the screen's, in `folder`) is one of the PR's files, with its project entries.
extension Planner {
    static func withScreenTypesMoved(_ tasks: [PlanTask], index: TypeIndex, type t: Int, folder: String, layout: ProjectLayout) -> [PlanTask] {
        let screen = index.types[t].name
        let files = Set(index.types[t].decls.map(\.file))
        // Types only the screen can see: private and nested in it, or private to its files.
        // Both are declared in the screen's files (a nested type inside the screen's declaration or
        // one of its extensions), so only the types of those files are read.
        var hidden: [String: (name: String, lines: Int, clashes: [String])] = [:]
        for u in Set(files.flatMap(index.types(inFile:))).sorted() where u != t {
            let type = index.types[u]
            guard [.enum, .struct, .class].contains(type.kind) else { continue }
            // A `private extension` of a type says nothing of the type's own access.
            let decls = type.decls.map(index.decl).filter { $0.kind != .extension }
            let isPrivate = decls.contains { $0.modifiers.contains { ["private", "fileprivate"].contains($0) } }
            let filePrivate = zip(type.decls.filter { index.decl($0).kind != .extension }, decls).contains { files.contains($0.file) && !$1.isNested && $1.modifiers.contains { ["private", "fileprivate"].contains($0) } }
            // A nested type other code can see (`ShareViewController.ShareType`, often public API) is
            // used by its qualified name; moving it would break every place that names it so.
            let nested = type.name.hasPrefix(screen + ".") && isPrivate
            guard nested || filePrivate else { continue }
            let own = type.decls.filter { files.contains($0.file) && index.decl($0).kind != .extension }.map(index.decl)
            let clashes = sameNamedTopLevel(type.shortName, besides: u, screenFiles: files, index: index)
            hidden[type.shortName] = (clashes.isEmpty ? type.shortName : modulePrefix(screen) + type.shortName, own.reduce(0) { $0 + $1.codeLines }, clashes)
        }
        guard !hidden.isEmpty else { return tasks }
        let uses = screenTypeUses(of: t, hidden: Set(hidden.keys), index: index)
        var moved: Set<String> = []
        return tasks.map { task in
            // A finding's move of a few lines around its sites (a string formatted for display) names
            // the member it is in: what those lines use moves with them.
            let members = Set(task.moves.isEmpty ? task.members + (task.member.map { [$0] } ?? []) : task.moves.map(\.name))
            // A member that stays and only asks for a stored value moves its storage read alone.
            guard [.I, .P].contains(task.category), !task.plays(.splitFirst), !members.isEmpty,
                  !task.estimate.contains(where: { $0.label == TaskFactory.askLabel }) else { return task }
            var used: [String] = []
            for use in uses where members.contains(use.member) && !used.contains(use.type) { used.append(use.type) }
            let new = used.filter { !moved.contains($0) }
            guard !used.isEmpty else { return task }
            moved.formUnion(new)
            var task = task
            task.movesScreenTypes = new
            task.usesScreenTypes = used.filter { !new.contains($0) }
            let earlier = used.filter { !new.contains($0) }
            func them(_ names: [String]) -> (list: String, it: String, its: String) {
                (TaskGrouping.list(names.map { "`\($0)`" }), names.count == 1 ? "it" : "them", names.count == 1 ? "its" : "their")
            }
            let (n, e) = (them(new), them(earlier))
            // A name other files declare at their top level too would be ambiguous there once it is
            // module-wide: the moved type takes the module's prefix, and its uses are renamed.
            let renames = new.filter { !hidden[$0]!.clashes.isEmpty }.map { name in
                "renamed `\(hidden[name]!.name)`: \(hidden[name]!.clashes.map { "`\($0)`" }.joined(separator: ", ")) \(hidden[name]!.clashes.count == 1 ? "declares" : "declare") a `\(name)` of \(hidden[name]!.clashes.count == 1 ? "its" : "their") own, which a module-wide `\(name)` would make ambiguous"
            }
            let first = new.isEmpty ? nil : "first move \(n.list) to a file of \(n.its) own, internal, so the new type can use \(n.it) without reaching into the view controller"
                + (renames.isEmpty ? "" : " (" + renames.joined(separator: "; ") + ")")
            let later = earlier.isEmpty ? nil : "\(e.list) \(earlier.count == 1 ? "gets" : "get") a file of \(e.its) own in the task that first uses \(e.it)"
            task.fix += " The moved code uses \(them(used).list), which \(screen) keeps to itself: " + [first, later].compactMap { $0 }.joined(separator: "; ") + "."
            for name in new {
                task.estimate.append(EstimatePart(2 * max(1, hidden[name]!.lines), "`\(name)` moved to a file of its own"))
                if hidden[name]!.name != name {
                    let lines = Set(uses.filter { $0.type == name }.map(\.line)).count
                    task.estimate.append(EstimatePart(max(1, lines), "lines of \(screen) that name `\(name)`, renamed `\(hidden[name]!.name)`"))
                }
                // A file of that name in the folder already: the screen's name tells them apart.
                let plain = folder + hidden[name]!.name + ".swift"
                let path = index.files.contains { $0.path == plain } ? folder + screen + name + ".swift" : plain
                task.newFiles.append(PlanTask.NewFile(path: path, project: layout.projectFile(for: path)))
            }
            if case let listed = task.newFiles.filter({ $0.project != nil }).count, listed > 0 { task.estimate.append(PRSlicer.projectEntriesPart(listed)) }
            return task
        }
    }

    /// Where the screen's members name its private types: (member, type, line), declaration by
    /// declaration in source order, read once rather than once per task.
    static func screenTypeUses(of t: Int, hidden: Set<String>, index: TypeIndex) -> [(member: String, type: String, line: Int)] {
        var uses: [(member: String, type: String, line: Int)] = []
        for (_, decl) in index.declarations(of: t) {
            for ref in decl.references.sorted(by: { $0.position < $1.position }) {
                let head = ref.chain.first == "self" ? ref.chain.dropFirst().first : ref.chain.first
                if let member = ref.member, let name = head ?? (ref.isCall ? ref.name : nil), hidden.contains(name) { uses.append((member, name, ref.position.line)) }
            }
            // A line that makes one (`Section(rawValue: section)`) or names it as a type names it too.
            for fn in decl.functions {
                for mention in fn.typeMentions where hidden.contains(mention.name) { uses.append((fn.name, mention.name, mention.line)) }
            }
        }
        return uses
    }

    /// Files, other than the screen's, that declare a top-level type named `name` (the screen's
    /// own, `besides`, may be merged with them in the index when both are file-private).
    static func sameNamedTopLevel(_ name: String, besides u: Int, screenFiles: Set<Int>, index: TypeIndex) -> [String] {
        var paths: [String] = []
        for (i, type) in index.types.enumerated() where type.name == name && type.isDeclaredInSources {
            for location in type.decls where index.decl(location).kind != .extension && !index.decl(location).isNested
                && (i != u || !screenFiles.contains(location.file)) {
                paths.append(String(index.files[location.file].path.split(separator: "/").last ?? ""))
            }
        }
        return uniqued(paths).sorted()
    }
}
