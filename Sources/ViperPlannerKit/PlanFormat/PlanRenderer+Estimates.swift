import Foundation

/// How a PR's checks and estimate lines are shown: shared checks said once, many tasks summed.
extension PlanRenderer {
    /// Checks that say the same of several tasks ("X3: the callers still compile", "X4: …") are
    /// one check naming them ("X3, X4: …"), where the first was.
    static func sharedChecks(_ checks: [String]) -> [String] {
        func split(_ check: String) -> (id: String, text: String)? {
            guard let colon = check.range(of: ": ") else { return nil }
            let id = check[..<colon.lowerBound]
            guard id.count <= 5, id.first?.isUppercase == true, id.dropFirst().allSatisfy(\.isNumber) else { return nil }
            return (String(id), String(check[colon.upperBound...]))
        }
        var idsOf: [String: [String]] = [:]
        for check in checks { if let (id, text) = split(check) { idsOf[text, default: []].append(id) } }
        var said: Set<String> = []
        return checks.compactMap { check in
            guard let (_, text) = split(check), let ids = idsOf[text], ids.count > 1 else { return check }
            return said.insert(text).inserted ? ids.joined(separator: ", ") + ": " + text : nil
        }
    }

    /// A PR of many tasks (a sweep of shared protocols) sums them in one line of its estimate
    /// instead of one line per task.
    static func tasksSummed(_ parts: [EstimatePart]) -> [EstimatePart] {
        let suffix = ", as its Estimate says"
        let own = parts.filter { $0.label.hasSuffix(suffix) }
        guard own.count > 4, let first = parts.firstIndex(where: { $0.label.hasSuffix(suffix) }) else { return parts }
        var result = parts.filter { !$0.label.hasSuffix(suffix) }
        let ids = own.map { String($0.label.dropLast(suffix.count)) }
        result.insert(EstimatePart(own.reduce(0) { $0 + $1.lines }, ids.joined(separator: ", ") + ", each as its Estimate says"), at: min(first, result.count))
        return result
    }

    /// A PR's estimate with one line per task ("28 — I4, as its Estimate says") when a task has
    /// several parts; the PR's own parts (new types, wiring) stay one line each.
    static func partsByTask(_ parts: [EstimatePart]) -> [EstimatePart] {
        var result: [EstimatePart] = []
        var counts: [String: Int] = [:]
        func taskID(_ label: String) -> String? {
            guard let colon = label.firstIndex(of: ":") else { return nil }
            let id = label[..<colon]
            return id.count <= 5 && id.first?.isUppercase == true && id.dropFirst().allSatisfy(\.isNumber) ? String(id) : nil
        }
        for part in parts { if let id = taskID(part.label) { counts[id, default: 0] += 1 } }
        for part in parts {
            guard let id = taskID(part.label), counts[id]! > 1 else { result.append(part); continue }
            if let i = result.lastIndex(where: { $0.label == "\(id), as its Estimate says" }) { result[i].lines += part.lines }
            else { result.append(EstimatePart(part.lines, "\(id), as its Estimate says")) }
        }
        return result
    }
}
