import Foundation

/// Which PR of a feature's PR Plan `scaffold` writes, and what it creates: the types its row's
/// Creates column names, read from the plan file as the team has it.
struct ScaffoldSelection {
    struct Row {
        var number: Int
        /// `CartInteractor`, `CartInteractorInput`, …: the Creates cell expanded.
        var creates: [String]
        /// The PRs of the same file it depends on.
        var dependsOn: [Int]
        var estimate: String
        var isDone: Bool
    }

    /// "PR 2 of cart.md", or "cart.md" for `--all`.
    var label: String
    var rows: [Row]
    var creates: [String] { uniqued(rows.flatMap(\.creates)) }

    static func rows(_ document: PlanDocument) -> [Row] {
        PlanMarkdown.prRows(document).compactMap { row in
            guard let number = Int(row.cells[0]) else { return nil }
            // Plans written before the Creates and Depends on columns have six.
            let wide = row.cells.count == 8
            let depends = wide ? components(Substring(row.cells[4]), separatedBy: ", ")
                .filter { $0.hasPrefix("PR ") }.compactMap { Int($0.dropFirst(3)) } : []
            return Row(number: number, creates: wide ? expand(row.cells[3]) : [], dependsOn: depends,
                       estimate: row.cells[row.cells.count - 2], isDone: ["Done", PlanMarkdown.doneStatus, "Out of scope"].contains(row.cells.last!))
        }
    }

    /// `Cart{Interactor,InteractorInput}, APIClientProtocol` → `CartInteractor`, `CartInteractorInput`, `APIClientProtocol`.
    static func expand(_ cell: String) -> [String] {
        var names: [String] = [], current = "", depth = 0
        func flush() {
            let item = current.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "`", with: "")
            current = ""
            guard !item.isEmpty, item != "—" else { return }
            if let open = item.firstIndex(of: "{"), item.hasSuffix("}") {
                let prefix = item[..<open]
                names += item[item.index(after: open)..<item.index(before: item.endIndex)].split(separator: ",")
                    .map { prefix + $0.trimmingCharacters(in: .whitespaces) }
            } else {
                names.append(item)
            }
        }
        for c in cell {
            if c == "{" { depth += 1 } else if c == "}" { depth -= 1 }
            if c == ",", depth == 0 { flush() } else { current.append(c) }
        }
        flush()
        return names
    }

    /// The roles of the module with `prefix` among `names` (a longer prefix of another module of
    /// the feature claims its own names), and the names no module's role accounts for.
    static func roles(prefix: String, in names: [String], prefixes: [String], style: TargetStyle) -> (roles: [ScaffoldRole], others: [String]) {
        let parts = ScaffoldRole.parts(style: style)
        let longer = prefixes.filter { $0.count > prefix.count && $0.hasPrefix(prefix) }
        var roles: [ScaffoldRole] = [], others: [String] = []
        for name in names {
            guard name.hasPrefix(prefix), name.count > prefix.count, name.dropFirst(prefix.count).first!.isUppercase,
                  !longer.contains(where: { name.hasPrefix($0) }) else { continue }
            let rest = String(name.dropFirst(prefix.count))
            if let role = parts[rest] {
                if !roles.contains(role) { roles.append(role) }
            } else if names.contains(name + "Protocol") {
                roles.append(.service(rest))
            } else if !(rest.hasSuffix("Protocol") && names.contains(String(name.dropLast("Protocol".count)))) {
                others.append(name)
            }
        }
        return (roles, others)
    }

    /// The row `--pr N` names; without one, the first PR not done whose Creates names a module
    /// file that the sources lack; `--all`: every PR not done.
    static func select(_ rows: [Row], pr: Int?, all: Bool, fileName: String, isScaffoldable: (Row) -> Bool) throws -> ScaffoldSelection? {
        if all { return ScaffoldSelection(label: fileName, rows: rows.filter { !$0.isDone }) }
        if let pr {
            guard let row = rows.first(where: { $0.number == pr }) else {
                throw UsageError("\(fileName) has no PR \(pr) in its PR Plan (it has \(rows.count) PR\(rows.count == 1 ? "" : "s"))")
            }
            return ScaffoldSelection(label: "PR \(pr) of \(fileName)", rows: [row])
        }
        return rows.first { !$0.isDone && isScaffoldable($0) }.map { ScaffoldSelection(label: "PR \($0.number) of \(fileName)", rows: [$0]) }
    }
}
