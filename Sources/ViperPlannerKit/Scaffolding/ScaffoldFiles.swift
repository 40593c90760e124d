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

    /// The types the module's files declare: none may exist in the sources already.
    static func declaredTypes(_ m: ScaffoldModule) -> [String] {
        let roles = m.style == .swiftui
            ? ["InteractorInput", "InteractorOutput", "ViewState", "Presenter", "Interactor", "Router", "Route", "View", "Module"]
            : ["ViewProtocol", "PresenterProtocol", "InteractorInput", "InteractorOutput", "RouterProtocol", "Interactor", "Presenter", "Router", "Module"]
        return uniqued(roles.map { m.prefix + $0 } + m.states)
    }

    /// The lines `scaffold` prints: what it wrote, what is left to a person, what `update` will tick.
    static func summary(_ files: [(path: String, text: String)], modules: [ScaffoldModule], feature: FeaturePlan,
                        fileName: String, patch: Bool) -> [String] {
        let lines = files.reduce(0) { $0 + $1.text.split(separator: "\n", omittingEmptySubsequences: false).count - 1 }
        var out = ["\(fileName): \(patch ? "would write" : "wrote") \(files.count) files, \(lines) lines, for "
                   + modules.map { "the \($0.prefix) module" }.joined(separator: ", ")]
        for m in modules {
            let pending = m.services.compactMap { s in s.pendingProtocol.map { "`\(s.property)` (\($0))" } }
            if !pending.isEmpty {
                out.append("  \(m.prefix)Interactor holds \(pending.joined(separator: ", ")) as concrete types: the seam PR adds those protocols; retype them then")
            }
        }
        let generic = modules.reduce(0) { $0 + $1.genericPlaceholders }
        if generic > 0 {
            out.append("  \(generic) use case\(generic == 1 ? "" : "s") or route\(generic == 1 ? "" : "s") \(generic == 1 ? "takes" : "take") a generic placeholder (`<Value: Sendable>`) where the sources show no type: name the real type when its code moves")
        }
        let verified = feature.tasks.filter { task in
            guard let kind = task.structural else { return false }
            let names = files.map { ($0.path as NSString).lastPathComponent }
            switch kind {
            case .builder(let p), .contract(let p): return modules.contains { $0.prefix == p }
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
