import Foundation

/// What `scaffold` checks and says around the files it renders.
enum ScaffoldFiles {
    /// The app module the project's tests already import with `@testable` (the most used one),
    /// so the new tests compile in the same target.
    static func testedModule(root: String, testFiles: [String]) -> String? {
        var counts: [String: Int] = [:]
        for path in testFiles.sorted().prefix(200) {
            guard let data = FileManager.default.contents(atPath: (root as NSString).appendingPathComponent(path)) else { continue }
            for line in String(decoding: data, as: UTF8.self).split(separator: "\n") where line.hasPrefix("@testable import ") {
                let name = line.dropFirst("@testable import ".count).trimmingCharacters(in: .whitespaces)
                if !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) { counts[name, default: 0] += 1 }
            }
        }
        return counts.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }?.key
    }

    /// The lines `scaffold` prints: what it wrote against the PR's estimate, what is left to a
    /// person, what `update` will tick.
    static func summary(_ files: [(path: String, text: String)], edits: [(path: String, old: String, new: String)], modules: [ScaffoldModule],
                        structural: [(id: String, kind: StructuralTask)], selection: ScaffoldSelection, patch: Bool,
                        unscaffolded: [String], unwired: [String]) -> [String] {
        let lines = files.reduce(0) { $0 + $1.text.split(separator: "\n", omittingEmptySubsequences: false).count - 1 }
        let added = edits.reduce(0) { $0 + $1.new.split(separator: "\n", omittingEmptySubsequences: false).count - $1.old.split(separator: "\n", omittingEmptySubsequences: false).count }
        let estimate = selection.rows.count == 1 ? " (the PR's estimate with its moves: ~\(selection.rows[0].estimate))" : ""
        var out = ["\(selection.label): \(patch ? "would write" : "wrote") \(files.count) file\(files.count == 1 ? "" : "s")"
                   + (edits.isEmpty ? "" : " and edit \(edits.count)") + ", \(lines + added) lines\(estimate), for "
                   + modules.map { "the \($0.prefix) module" }.joined(separator: ", ")]
        if !edits.isEmpty {
            out.append("  \(edits.map { "`\(($0.path as NSString).lastPathComponent)`" }.joined(separator: ", ")): the presenter gets the roles that land after it")
        }
        if !unwired.isEmpty {
            out.append("  \(unwired.map { "`\($0)`" }.joined(separator: ", ")) has no class scaffold can add the new role to: give it the property by hand")
        }
        if !unscaffolded.isEmpty {
            out.append("  not scaffolded, written by hand with the PR: \(unscaffolded.map { "`\($0)`" }.joined(separator: ", "))")
        }
        for m in modules where m.roles.contains(.interactor) {
            let pending = m.services.compactMap { s in s.pendingProtocol.map { "`\(s.property)` (\($0))" } }
            if !pending.isEmpty {
                out.append("  \(m.prefix)Interactor holds \(pending.joined(separator: ", ")) as concrete types: the seam PR adds those protocols; retype them then")
            }
        }
        let generic = modules.filter { $0.roles.contains(.interactor) || $0.roles.contains(.router) }.reduce(0) { $0 + $1.genericPlaceholders }
        if generic > 0 {
            out.append("  \(generic) use case\(generic == 1 ? "" : "s") or route\(generic == 1 ? "" : "s") \(generic == 1 ? "takes" : "take") a generic placeholder (`<Value: Sendable>`) where the sources show no type: name the real type when its code moves")
        }
        let names = files.map { ($0.path as NSString).lastPathComponent }
        let verified = structural.filter { task in
            switch task.kind {
            case .builder(let p), .contract(let p): return modules.contains { $0.prefix == p && $0.roles.contains(.module) }
            case .tests(let type): return names.contains { $0.contains(type) && $0.contains("Test") }
            // A view (or router) the screen still has to be converted to stays planned until it is.
            case .view: return false
            }
        }.map(\.id)
        if !verified.isEmpty {
            out.append("  `viper-planner update` verifies \(verified.joined(separator: ", ")) against the new files; the moves fill them PR by PR")
        }
        return out
    }
}
