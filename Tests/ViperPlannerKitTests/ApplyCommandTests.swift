import Foundation
import Testing
@testable import ViperPlannerKit

/// `viper-planner apply`: the planned safety PRs of the samples as golden patches, what it
/// refuses, and that `update` then ticks exactly the PR's tasks. After a deliberate change:
/// `make goldens`, then review `git diff Tests/`.
@Suite(.serialized)
struct ApplyCommandTests {
    static let date = "2026-11-26"
    /// The safety PRs `apply` writes, per sample: the first PRs of its Next-up queue it accepts.
    static let accepted = ["ShopLegacy": ["cart:1", "catalog:1"], "NewsReader": ["settings:1"]]

    static func request(_ box: Sandbox, _ pr: String, patch: Bool) -> ApplyRequest {
        ApplyRequest(scan: ScanRequest(path: box.root, quiet: true, noCache: true), pr: pr, patch: patch)
    }

    @Test("Each accepted PR's patch matches its golden; applied, `update` ticks exactly its tasks; again, nothing to do",
          arguments: accepted.keys.sorted())
    func goldenPatches(sample: String) throws {
        let box = try Sandbox(sample: sample)
        try box.makePlan(date: Self.date)
        for pr in Self.accepted[sample]! {
            let patch = try Commands.apply(Self.request(box, pr, patch: true)).patch
            let url = SampleGoldenTests.packageRoot.appendingPathComponent("Tests/ViperPlannerKitTests/Goldens/apply-\(sample)/\(pr.replacingOccurrences(of: ":", with: "-")).patch")
            if ProcessInfo.processInfo.environment["VIPER_PLANNER_UPDATE_GOLDENS"] == "1" {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(patch.utf8).write(to: url)
            } else {
                #expect(patch == (try String(contentsOf: url, encoding: .utf8)), "\(sample) \(pr): regenerate with `make goldens` and review the diff")
            }
            let before = try box.snapshot()
            let written = try Commands.apply(Self.request(box, pr, patch: false))
            #expect(!written.written.isEmpty)
            #expect(try box.snapshot() == before, "apply writes sources, never the plan")
            if box.hasGit {
                #expect(box.git("diff")?.contains(patch.split(separator: "\n").dropFirst(2).first.map(String.init) ?? "?") == true)
            }
            let file = String(pr.split(separator: ":")[0]) + ".md"
            let ticked = Self.tickedTasks(in: try box.read(file))
            try box.update(date: Self.date)
            let newlyTicked = Self.tickedTasks(in: try box.read(file)).subtracting(ticked)
            #expect(newlyTicked == Self.tasks(of: pr, in: try box.read(file)), "\(sample) \(pr): update ticked \(newlyTicked.sorted())")
            let again = try Commands.apply(Self.request(box, pr, patch: true))
            #expect(again.patch.isEmpty && again.output.lines.first?.contains("nothing to apply") == true)
            box.commit(pr)
        }
    }

    @Test("A PR with a task no rule rewrites is refused with each task's reason, and nothing is written")
    func refusals() throws {
        let box = try Sandbox(sample: "ShopLegacy")
        try box.makePlan(date: Self.date)
        let sources = box.git("status", "--porcelain")
        // A storyboard scene's force-unwrapped dependency: no initialiser of ours runs.
        #expect { try Commands.apply(Self.request(box, "account:1", patch: false)) } throws: { error in
            "\(error)".contains("C1 (`force-unwrapped-dependency`, Account/EditAccountViewController.swift:19): EditAccountViewController is created from a storyboard: no initialiser of ours runs")
                && "\(error)".hasPrefix("PR 1 of account.md is not applied, nothing was written:")
        }
        // Rules whose fix needs judgement: each task is named.
        #expect { try Commands.apply(Self.request(box, "payment:1", patch: false)) } throws: { error in
            "\(error)".contains("C1 (`owned-helper-cycle`") && "\(error)".contains("C2 (`cross-queue-state`")
                && "\(error)".contains("no mechanical rewrite")
        }
        // Moving code into new types is for a person.
        #expect { try Commands.apply(Self.request(box, "cart:3", patch: false)) } throws: { error in
            "\(error)" == "PR 3 of cart.md is not applied, nothing was written:\n  I2 (`vc-business-logic`, Cart/CartViewController.swift:117): it moves code into new types, which is for a person to write\n  I3 (`vc-networking`, Cart/CartViewController.swift:153): it moves code into new types, which is for a person to write"
        }
        // New types alone are what `scaffold` writes.
        #expect { try Commands.apply(Self.request(box, "checkout:1", patch: false)) } throws: { error in
            "\(error)" == "PR 1 of checkout.md is not applied, nothing was written:\n  it creates `CheckoutInteractor`, `CheckoutInteractorInput`, `CheckoutInteractorOutput`, `CheckoutInteractorTests`, `CheckoutRepositoryProtocol`, `CheckoutRepository`, which `viper-planner scaffold \(box.root) checkout --pr 1` writes"
        }
        // A task the plan made for no finding (a protocol over a shared type) is code to write.
        #expect { try Commands.apply(Self.request(box, "cross-cutting:1", patch: false)) } throws: { error in
            "\(error)".contains("X1 (Put `") && "\(error)".contains("it moves code into new types")
        }
        if box.hasGit { #expect(box.git("status", "--porcelain") == sources) }
    }

    @Test("`--pr` names a feature file or title and a PR number; anything else is a usage error")
    func prArgument() throws {
        let box = try Sandbox(sample: "ShopLegacy")
        try box.makePlan(date: Self.date)
        for spec in ["cart.md:1", "Cart:1", "CART:1"] {
            #expect(try Commands.apply(Self.request(box, spec, patch: true)).patch.hasPrefix("--- a/Cart/CartViewController.swift"))
        }
        #expect { try Commands.apply(Self.request(box, "crt:1", patch: true)) } throws: { error in
            error is UsageError && "\(error)".contains("Did you mean `cart`?")
        }
        #expect { try Commands.apply(Self.request(box, "cart:99", patch: true)) } throws: { "\($0)" == "cart.md has no PR 99 in its PR Plan" }
        #expect { try Commands.apply(Self.request(box, "cart", patch: true)) } throws: { $0 is UsageError }
    }

    static func tickedTasks(in text: String) -> Set<String> {
        Set(text.components(separatedBy: "\n").filter { $0.hasPrefix("- [x] **") }.compactMap { line in
            line.dropFirst(8).split(separator: ":").first.map(String.init)
        })
    }

    /// The task ids of a PR's row in the PR Plan table.
    static func tasks(of pr: String, in text: String) -> Set<String> {
        let number = pr.split(separator: ":")[1]
        guard let row = text.components(separatedBy: "\n").first(where: { $0.hasPrefix("| \(number) | ") }) else { return [] }
        let cells = row.components(separatedBy: " | ")
        return Set(cells[2].components(separatedBy: ", ").map { String($0.prefix { $0 != " " }) })
    }
}
