/// Moved code that calls one of the screen's members another task moves compiles only once that
/// member is in its new home: the task that moves the callee lands first. Tasks land phase by
/// phase; within a phase, an Interactor task the presenter drives lands after the others.
extension Planner {
    /// When `task` lands, relative to the other tasks of its screen: its phase, then whether it
    /// waits for the presenter (an Interactor task that drives a view update).
    static func landing(_ task: PlanTask) -> (TaskCategory, Bool) {
        (task.category, task.category == .I && task.needsPresenter && task.concern != "seam")
    }

    /// `tasks` with, inside each landing group, every task after the tasks that move the members
    /// its moved code calls (a stable topological order: otherwise the order they had). A cycle is
    /// kept in its order; the caller then takes the callee along, as its Fix says.
    static func calleesFirst(_ tasks: [PlanTask], calls: [MemberReference]) -> [PlanTask] {
        func movable(_ t: PlanTask) -> Bool { [.I, .P].contains(t.category) && !t.plays(.splitFirst) && !t.afterMoves && !t.moves.isEmpty }
        var moverOf: [String: Int] = [:]
        for (i, t) in tasks.enumerated() where movable(t) { for m in t.moves where moverOf[m.baseName] == nil { moverOf[m.baseName] = i } }
        var callsOf: [String: Set<String>] = [:]
        for ref in calls { if let member = ref.member { callsOf[member, default: []].insert(ref.name) } }
        var out = tasks
        let groups = Dictionary(grouping: tasks.indices.filter { movable(tasks[$0]) }) { "\(landing(tasks[$0]))" }
        for slots in groups.values.map({ $0.sorted() }) where slots.count > 1 {
            let inGroup = Set(slots)
            let needs: [Int: Set<Int>] = Dictionary(uniqueKeysWithValues: slots.map { i in
                let callees = tasks[i].moves.reduce(into: Set<String>()) { $0.formUnion(callsOf[$1.name] ?? []) }
                return (i, Set(callees.compactMap { moverOf[$0] }.filter { $0 != i && inGroup.contains($0) }))
            })
            var placed: [Int] = [], done = Set<Int>()
            while placed.count < slots.count {
                // The first task whose callees are all placed; in a cycle, the first not placed.
                let next = slots.first { !done.contains($0) && needs[$0]!.isSubset(of: done) } ?? slots.first { !done.contains($0) }!
                placed.append(next); done.insert(next)
            }
            for (slot, i) in zip(slots, placed) { out[slot] = tasks[i] }
        }
        return out
    }
}
