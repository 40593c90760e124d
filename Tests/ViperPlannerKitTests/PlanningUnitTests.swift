import Foundation
import Testing
@testable import ViperPlannerKit

struct PlanningUnitTests {
    @Test func hostileNamesAreSanitised() {
        #expect(PlanNames.kebab("../../etc") == "etc")
        #expect(PlanNames.kebab("ProductListViewController") == "product-list-view-controller")
        #expect(PlanNames.kebab("URLLoader") == "urlloader")
        #expect(PlanNames.kebab("..") == "feature")
        #expect(PlanNames.kebab("/") == "feature")
        #expect(PlanNames.kebab("README") == "readme-feature")
        #expect(PlanNames.kebab("Café Menu") == "caf-menu")
        for name in ["../../etc", "a/b", "..", "~root", "x\u{0}y", "Ünïcode/../x"] {
            let slug = PlanNames.kebab(name)
            #expect(slug.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }, "\(slug)")
            #expect(PlanWriter.isSafeFileName(slug + ".md"))
        }
        #expect(!PlanWriter.isSafeFileName("../x.md"))
        #expect(!PlanWriter.isSafeFileName(".."))
        #expect(FeatureGrouping.slugs(for: ["Cart", "cart", "CART"]).values.sorted() == ["cart", "cart-2", "cart-3"])
    }

    @Test func configFeatureWithHostileNameStaysInThePlanDirectory() throws {
        var configuration = Configuration()
        configuration.features = ["../../etc": ["Catalog/**"], "/tmp/evil": ["Cart"]]
        let files = try PlanningGoldenTests.files("ShopLegacy", configuration: configuration)
        #expect(files["etc.md"] != nil)
        #expect(files["tmp-evil.md"] != nil)
        #expect(files.keys.allSatisfy(PlanWriter.isSafeFileName))
    }

    @Test func groupingUsesConfigThenFolderThenClass() {
        let vcs = [("ProductListViewController", "Catalog/ProductListViewController.swift"),
                   ("SettingsViewController", "MyApp/Controllers/SettingsViewController.swift"),
                   ("LoginViewController", "Features/Auth/Screens/LoginViewController.swift"),
                   ("CartViewController", "Cart/CartViewController.swift")]
        let groups = FeatureGrouping.group(viewControllers: vcs, features: ["Shopping": ["Cart"]], appFolders: ["MyApp"])
        #expect(groups["ProductListViewController"] == "Catalog")
        #expect(groups["SettingsViewController"] == "Settings")
        #expect(groups["LoginViewController"] == "Auth")
        #expect(groups["CartViewController"] == "Shopping")
    }

    /// A method too long to move in one PR moves in steps, each under the cap, with no in-place
    /// split before them (its lines would be churned twice).
    @Test func methodLongerThanTheCapMovesInSteps() throws {
        let body = (1...150).map { "        total += \($0)" }.joined(separator: "\n")
        let code = """
        import UIKit
        final class ReportViewController: UIViewController {
            func loadEverything() {
                var total = 0
        \(body)
                URLSession.shared.dataTask(with: URL(string: "https://x.y")!) { _, _, _ in }.resume()
                print(total)
            }
        }
        """
        let result = Auditor.audit(sources: [("Reports/ReportViewController.swift", code)])
        let plan = Planner.plan(result, configuration: Configuration(), date: "2026-11-21")
        let feature = try #require(plan.features.first)
        #expect(feature.slices.allSatisfy { !$0.isPreparatory })
        let steps = feature.slices.filter { $0.title.contains("move `loadEverything()` in steps") }
        // Runs of whole statements, each PR as full as its room allows: two steps.
        #expect(steps.count == 2, "\(feature.slices.map(\.title))")
        #expect(feature.slices.allSatisfy { $0.estimatedLines <= $0.cap })
    }

    @Test func methodsThatCallEachOtherMoveTogether() throws {
        let code = """
        import UIKit
        final class FeedViewController: UIViewController {
            func fetchFeed() {
                URLSession.shared.dataTask(with: URL(string: "https://x.y")!) { _, _, _ in }.resume()
                saveFeed()
            }
            func saveFeed() {
                UserDefaults.standard.set(1, forKey: "k")
            }
            func fetchAds() {
                URLSession.shared.dataTask(with: URL(string: "https://ads.y")!) { _, _, _ in }.resume()
            }
        }
        """
        let plan = Planner.plan(Auditor.audit(sources: [("Feed/FeedViewController.swift", code)]), configuration: Configuration(), date: "2026-11-21")
        let feature = try #require(plan.features.first)
        let fetch = try #require(feature.tasks.first { $0.member == "fetchFeed()" })
        let save = try #require(feature.tasks.first { $0.member == "saveFeed()" })
        let slicer = PRSlicer(configCap: 200, owners: [:])
        let units = slicer.units(feature.tasks.filter { $0.category == .I })
        #expect(units.contains { u in u.contains(fetch) && u.contains(save) })
        #expect(!units.contains { u in u.contains(fetch) && u.contains { $0.member == "fetchAds()" } })
    }

    @Test func builtinTemplatesAreThePackageResources() throws {
        let folder = SampleGoldenTests.packageRoot.appendingPathComponent("Sources/ViperPlannerKit/PlanFormat/Templates")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".md") }
            .map { String($0.dropLast(3)) }.sorted()
        #expect(names == TemplateSet.names.sorted())
        for name in names {
            let disk = try String(contentsOf: folder.appendingPathComponent(name + ".md"), encoding: .utf8)
            #expect(TemplateSet.builtIn[name] == disk, "\(name).md is not the compiled resource")
        }
        // The task block is written once, as a partial of both task files.
        for name in ["feature", "cross-cutting"] { #expect(TemplateSet.builtIn[name]!.contains("{{> task}}")) }
    }

    @Test func templatesAreMustacheWithoutEscaping() throws {
        let overrides = ["discovered": "{{#items}}\n- {{name}}{{#flag}}!{{/flag}} {{> task}}\n{{/items}}\n{{^items}}\nnone <{{date}}> & \"{{date}}\"\n{{/items}}\nend\n",
                         "task": "({{name}})"]
        let set = try TemplateSet(overrides: overrides)
        #expect(set.render("discovered", ["items": .list([["name": .text("x<&>"), "flag": .flag(true)], ["name": .text("y")]])]) == "- x<&>! (x<&>)\n- y (y)\nend\n")
        #expect(set.render("discovered", ["date": .text("2026-11-21"), "items": .list([])]) == "none <2026-11-21> & \"2026-11-21\"\nend\n")
        #expect(throws: TemplateError.self) { try TemplateSet(overrides: ["readme": "{{#a}}x"]) }
        #expect(throws: TemplateError.self) { try TemplateSet(overrides: ["readme": "{{#a}}x{{/b}}"]) }
    }

    @Test func aRenderingsDigestFollowsTemplatesNameAndContext() throws {
        let set = try TemplateSet(), other = try TemplateSet(overrides: ["feature": "{{title}}"])
        let context: [String: TemplateValue] = ["title": .text("A"), "done": .flag(false), "items": .list([["name": .text("x")]])]
        #expect(set.digest("feature", context) == set.digest("feature", context))
        #expect(set.digest("feature", context) != other.digest("feature", context))
        #expect(set.digest("feature", context) != set.digest("cross-cutting", context))
        var changed = context
        for (key, value) in [("title", TemplateValue.text("B")), ("done", .flag(true)), ("items", .list([["name": .text("y")]])),
                             ("items", .list([])), ("extra", .text(""))] {
            changed = context; changed[key] = value
            #expect(set.digest("feature", changed) != set.digest("feature", context), "\(key)")
        }
        // Text that could read as structure stays text: its length is part of the form.
        #expect(set.digest("feature", ["a": .text("1:b")]) != set.digest("feature", ["a": .text("1"), "b": .text("")]))
    }

    @Test func templateOverrideChangesWording() throws {
        let renderer = try PlanRenderer(overrides: ["discovered": "# Inbox {{date}}\n"])
        let files = renderer.render(try PlanningGoldenTests.plan("NewsReader"))
        #expect(files["discovered.md"] == "# Inbox 2026-11-21\n")
    }

    @Test func atomicWritesLeaveNoTemporaryFilesAndRefuseAnExistingPlan() throws {
        let folder = try TemporaryFolder("plan")
        defer { withExtendedLifetime(folder) {} }
        let base = folder.url
        let dir = base.appendingPathComponent("refactoring").path
        let files = ["README.md": "# Plan\n", "cart.md": "cart\n", ".state.json": "{}\n"]
        try PlanWriter.writeNew(files, to: dir)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == files.keys.sorted())
        #expect(try String(contentsOfFile: dir + "/cart.md", encoding: .utf8) == "cart\n")
        #expect(throws: PlanWriteError.self) { try PlanWriter.writeNew(["README.md": "overwritten\n"], to: dir) }
        #expect(try String(contentsOfFile: dir + "/README.md", encoding: .utf8) == "# Plan\n")
        try PlanWriter.writeAtomically(Data("new\n".utf8), name: "cart.md", in: dir)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == files.keys.sorted())
        #expect(throws: PlanWriteError.self) { try PlanWriter.writeAtomically(Data(), name: "../escape.md", in: dir) }
        #expect(!FileManager.default.fileExists(atPath: base.appendingPathComponent("escape.md").path))
        let other = base.appendingPathComponent("other").path
        #expect(throws: PlanWriteError.self) { try PlanWriter.writeNew(["../x.md": "x"], to: other) }
        #expect(!FileManager.default.fileExists(atPath: other))
    }

    @Test func stateFileIsSortedWithOneTaskPerLine() throws {
        let plan = try PlanningGoldenTests.plan("NewsReader")
        let files = try PlanRenderer().render(plan)
        let state = try #require(files[".state.json"])
        // A record starts with "covers" (a task for several findings) or "fields".
        let taskLines = state.split(separator: "\n").filter { $0.hasPrefix("    {\"fields\"") || $0.hasPrefix("    {\"covers\"") }
        #expect(taskLines.count == plan.taskFiles.reduce(0) { $0 + $1.tasks.count })
        let object = try JSONSerialization.jsonObject(with: Data(state.utf8)) as? [String: Any]
        #expect(object?["schemaVersion"] as? Int == 1)
        #expect(taskLines.allSatisfy { $0.contains("\"fields\":{\"Estimate\"") })
        // The recorded text is exactly what the Markdown says: the base of the next merge.
        let decoded = try #require(PlanState.decode(state))
        #expect(decoded.encoded() == state)
        for record in decoded.tasks {
            let block = try #require(PlanDocument(parsing: files[record.file]!).tasks.first { $0.header.fingerprint == record.fingerprint })
            #expect(PlanState.ownedText(block) == record.fields && block.header.id == record.id)
        }
    }

    @Test func sharedWrapperIsOneCrossCuttingTaskThatFeatureServicePRsDependOn() throws {
        let plan = try PlanningGoldenTests.plan("ShopLegacy")
        let api = try #require(plan.crossCutting.tasks.first { $0.sharedType == "APIClient" })
        #expect(api.title.contains("`APIClientProtocol`"))
        #expect(plan.crossCutting.tasks.filter { $0.sharedType == "APIClient" }.count == 1)
        let profile = try #require(plan.features.first { $0.slug == "profile" })
        // The first PR that moves a call through `APIClient` merges the shared protocol first.
        let usesAPI = Set(profile.tasks.filter { $0.wrappers.contains("APIClient") }.map(\.id))
        let firstService = try #require(profile.slices.first { $0.phase == .I && !usesAPI.isDisjoint(with: $0.taskIDs) })
        #expect(firstService.changes.first?.contains("`APIClientProtocol` (cross-cutting.md \(api.id))") == true)
        // A PR that writes a double of a shared service (the one creating the Interactor doubles
        // every service it injects) needs that protocol merged first too.
        let sharedPR = Dictionary(uniqueKeysWithValues: plan.crossCutting.tasks.compactMap { task in
            task.sharedType.flatMap { type in plan.crossCutting.slices.first { $0.taskIDs.contains(task.id) }.map { (type, "cross-cutting.md PR \($0.number)") } }
        })
        var checked = 0
        for feature in plan.features {
            for slice in feature.slices {
                for part in slice.estimate {
                    guard let r = part.label.range(of: "double of `") else { continue }
                    let type = String(part.label[r.upperBound...].prefix { $0 != "`" })
                    guard let pr = sharedPR[type] else { continue }
                    checked += 1
                    #expect(slice.dependsOn.contains(pr), "\(feature.slug) PR \(slice.number) doubles \(type): \(slice.dependsOn)")
                }
            }
        }
        #expect(checked > 0)
    }
}

/// The plan's self-check catches what makes a PR sequence unmergeable.
struct PlanChecksTests {
    static func slice(_ n: Int, _ phase: TaskCategory, creates: [String] = [], dependsOn: [String] = [], lines: Int = 30,
                      changes: [String] = []) -> PRSlice {
        var s = PRSlice(number: n, phase: phase, title: "PR \(n)", taskIDs: ["I\(n)"], files: ["A.swift"],
                        estimate: [EstimatePart(lines, "work")], cap: 200, changes: changes, checks: [])
        s.creates = creates; s.dependsOn = dependsOn
        return s
    }

    static func plan(_ slices: [PRSlice]) -> Plan {
        let file = FeaturePlan(name: "Cart", slug: "cart", viewControllers: ["CartViewController"], context: "", modules: [], tasks: [], slices: slices)
        let empty = FeaturePlan(name: "Cross-cutting", slug: "cross-cutting", viewControllers: [], context: "", modules: [], tasks: [], slices: [])
        return Plan(date: "2026-11-23", scanCommit: nil, features: [file], crossCutting: empty, navigation: [], viewControllerCount: 1, findingCount: 0, cap: 200)
    }

    @Test func aValidSequenceHasNoProblems() {
        let plan = Self.plan([Self.slice(1, .I, creates: ["CartInteractor"]),
                              Self.slice(2, .P, creates: ["CartPresenter"], lines: 40, changes: ["Call `CartInteractor` from `CartPresenter`."]).with(dependsOn: ["PR 1"]),
                              Self.slice(3, .R, changes: ["Route through `CartPresenter`."]).with(dependsOn: ["PR 2"]),
                              Self.slice(4, .B, changes: ["`CartPresenter` calls `CartInteractor`."]).with(dependsOn: ["PR 3"])])
        #expect(PlanChecks.problems(plan, existingTypes: []) == [])
    }

    @Test func usesBeforeCreationDuplicatesAndEmptyPRsAreReported() {
        let plan = Self.plan([Self.slice(1, .I, changes: ["The view controller calls `CartPresenter`."]),
                              Self.slice(2, .P, creates: ["CartPresenter"]),
                              Self.slice(3, .R, creates: ["CartPresenter"], lines: 0, changes: ["Use `CartRouter`."]),
                              Self.slice(4, .R, changes: ["Use `CartPresenter`."])])
        #expect(PlanChecks.problems(plan, existingTypes: []) == [
            "cart.md PR 1: uses `CartPresenter`, created by PR 2, which it does not depend on",
            "cart.md PR 3: no changed lines",
            "cart.md PR 3: creates `CartPresenter`, already created by PR 2",
            "cart.md PR 3: uses `CartRouter`, which no PR creates",
            "cart.md PR 4: uses `CartPresenter`, created by PR 2, which it does not depend on",
        ])
    }

    @Test func brokenLinksAreReported() {
        let files = ["README.md": "[cart.md](cart.md) and [gone](gone.md) and [site](https://example.com)", "cart.md": "# Cart"]
        #expect(PlanChecks.brokenLinks(files) == ["README.md: link to gone.md, which the plan does not contain"])
    }
}

extension PRSlice {
    func with(dependsOn: [String]) -> PRSlice { var s = self; s.dependsOn = dependsOn; return s }
}

/// Two targets declaring the same view controller class make one screen in the plan.
struct DuplicateScreenTests {
    @Test func aClassDeclaredInTwoTargetsIsPlannedOnce() throws {
        let code = """
        import UIKit
        final class ShareViewController: UIViewController {
            var onDone: (() -> Void)?
            override func viewDidLoad() {
                super.viewDidLoad()
                onDone = { self.close() }
                URLSession.shared.dataTask(with: URL(string: "https://example.com")!) { _, _, _ in }.resume()
            }
            func close() { dismiss(animated: true) }
        }
        """
        let result = Auditor.audit(sources: [("App/ShareViewController.swift", code), ("Extension/ShareViewController.swift", code)],
                                   configuration: Configuration())
        let plan = Planner.plan(result, configuration: Configuration(), date: "2026-11-23")
        #expect(plan.features.count == 1)
        let feature = try #require(plan.features.first)
        #expect(feature.tasks.filter { $0.rule != nil }.map(\.file) == ["App/ShareViewController.swift", "App/ShareViewController.swift"])
        #expect(feature.context.hasSuffix("ShareViewController is declared in 2 targets (`App/ShareViewController.swift`, `Extension/ShareViewController.swift`): it is planned once, from the first; apply each PR to every copy, or merge the copies first."))
    }
}

/// A screen whose only Interactor work is a method split in place: its builder creates the
/// Interactor it wires, so every type a PR uses is created by an earlier PR.
struct SplitOnlyInteractorTests {
    @Test func theBuilderCreatesTheInteractorNoMovingPRCreated() throws {
        let steps = (1...130).map { "        view.tag = \($0)" }.joined(separator: "\n")
        let code = """
        import UIKit
        final class ShortcutsViewController: UIViewController {
            override func viewDidLoad() {
                super.viewDidLoad()
        \(steps)
            }
            func openHelp() { present(HelpViewController(), animated: true) }
        }
        final class HelpViewController: UIViewController {}
        """
        let result = Auditor.audit(sources: [("App/ShortcutsViewController.swift", code)], configuration: Configuration())
        let plan = Planner.plan(result, configuration: Configuration(), date: "2026-11-24")
        let feature = try #require(plan.features.first { $0.viewControllers.contains("ShortcutsViewController") })
        // The builder shares the module-wiring PR with the Router; it is the PR that creates the Interactor.
        let builder = try #require(feature.slices.first { $0.taskIDs.contains { $0.hasPrefix("B") } })
        #expect(builder.creates.filter { $0.contains("Interactor") || $0.hasSuffix("Module") }
                == ["ShortcutsInteractor", "ShortcutsInteractorInput", "ShortcutsInteractorOutput", "ShortcutsInteractorTests", "ShortcutsModule"])
        #expect(!feature.slices.filter { $0.phase == .I }.contains { !$0.creates.isEmpty })
        #expect(PlanChecks.problems(plan, existingTypes: []) == [])
    }
}

/// A shared system type used by a screen that two targets declare is located at the first copy,
/// whatever order a dictionary of profiles iterates in.
struct SharedWrapperLocationTests {
    @Test func theFirstCopyOfASameNamedScreenIsTheLocation() throws {
        func screen(_ name: String) -> String {
            """
            import UIKit
            final class \(name): UIViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    FileManager.default.clearDrafts()
                }
            }
            """
        }
        let sources = [("App/Account/AccountViewController.swift", screen("AccountViewController")),
                       ("Widget/Account/AccountViewController.swift", screen("AccountViewController")),
                       ("App/Zoo/ZooViewController.swift", screen("ZooViewController")),
                       ("App/Storage/FileManager+Drafts.swift", """
                        import Foundation
                        extension FileManager {
                            func clearDrafts() {
                                UserDefaults.standard.removeObject(forKey: "drafts")
                                try? removeItem(atPath: NSTemporaryDirectory() + "drafts")
                            }
                        }
                        """)]
        let result = Auditor.audit(sources: sources, configuration: Configuration())
        let plan = Planner.plan(result, configuration: Configuration(), date: "2026-11-23")
        let task = try #require(plan.crossCutting.tasks.first { $0.sharedType == "FileManager" })
        #expect(task.file == "App/Account/AccountViewController.swift")
    }
}

/// Two tasks about the same calls (a wrapper whose overloads fetch and store, the call matching
/// both) share one PR: its verification checklist names those calls once.
struct VerificationChecklistTests {
    @Test func aCheckSharedByTwoTasksIsListedOnce() throws {
        let wrapper = """
        import Foundation
        final class SyncManager {
            static func openRoom(_ name: String) {
                URLSession.shared.dataTask(with: URL(string: "https://example.com/\\(name)")!) { _, _, _ in }.resume()
            }
            static func openRoom(_ name: String, cached: Bool) {
                UserDefaults.standard.set(name, forKey: "lastRoom")
            }
        }
        """
        let screen = """
        import UIKit
        final class RoomsViewController: UITableViewController {
            var names: [String] = []
            override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
                let name = names[indexPath.row]
                SyncManager.openRoom(name)
            }
        }
        """
        let result = Auditor.audit(sources: [("App/SyncManager.swift", wrapper), ("App/Rooms/RoomsViewController.swift", screen)],
                                   configuration: Configuration())
        let plan = Planner.plan(result, configuration: Configuration(), date: "2026-11-24")
        let feature = try #require(plan.features.first { $0.tasks.contains { $0.viewController == "RoomsViewController" } })
        let moves = feature.tasks.filter { $0.category == .I && $0.concern != "seam" }.map(\.id)
        #expect(moves.count == 2)
        let slice = try #require(feature.slices.first { $0.taskIDs.contains(moves[0]) })
        #expect(moves.allSatisfy(slice.taskIDs.contains))
        #expect(slice.checks.filter { $0.hasPrefix("No `SyncManager.openRoom`") }.count == 1)
        #expect(slice.checks == uniqued(slice.checks))
    }
}
