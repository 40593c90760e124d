import Foundation

/// The title, files, changes and checks of one Swift 6 PR, phase by phase.
struct SwiftUIWording {
    let draft: PRSlicer.Draft
    let prefix: String, dir: String, testFolder: String
    let phases: Set<TaskCategory>
    let existing: Set<String>
    var title = "", files: [String] = [], changes: [String] = [], checks: [String] = [], leftChecks: [String] = []

    init(draft: PRSlicer.Draft, prefix: String, dir: String, testFolder: String, phases: Set<TaskCategory>, existing: Set<String>) {
        self.draft = draft; self.prefix = prefix; self.dir = dir; self.testFolder = testFolder; self.phases = phases; self.existing = existing
        files = uniqued(draft.tasks.flatMap { [$0.file] + $0.moves.map(\.file) + $0.edits })
    }

    var vc: String { draft.vc ?? "the view controller" }
    var creates: [String] { draft.creates }
    var fixes: [String] { draft.tasks.map { "\($0.id): \($0.fix)" } }
    var memberList: String {
        let members = uniqued(draft.tasks.compactMap(\.member)).map { "`\($0)`" }
        return members.count > 3 ? members.prefix(3).joined(separator: ", ") + " and \(members.count - 3) more" : members.joined(separator: ", ")
    }

    /// The unit tests of the type the PR creates or extends.
    mutating func tests(_ suffix: String, double: String, _ what: String) {
        let test = "\(prefix)\(suffix)Tests"
        files.append("\(testFolder)\(test).swift")
        changes.append(creates.contains(suffix + "Tests") ? "Add `\(test)` with \(double) and one `async` case \(what)." : "Extend `\(test)` with one `async` case \(what).")
        checks.append("`\(test)` passes, and fails when one of the moved branches is changed.")
    }

    mutating func createPresenter(_ role: String) {
        guard creates.contains("Presenter") else { return }
        files += ["\(dir)\(prefix)Presenter.swift", "\(dir)\(prefix)ViewState.swift"]
        changes.append("Create `\(prefix)Presenter`, a `@MainActor @Observable final class` that \(role) and owns `private(set) var state: \(prefix)ViewState`, and `\(prefix)ViewState`, a `Sendable` struct of display-ready values; \(vc) holds `presenter`, made in place until the module's builder injects it.")
    }

    mutating func interactor(cap: Int) {
        let services = draft.tasks.contains { $0.concern == "service" }
        title = draft.title ?? "Extract \(memberList.isEmpty ? "the I/O" : memberList) into the \(prefix)Interactor actor\(services ? " and its services" : "")"
        if creates.contains("Interactor") {
            files += ["\(dir)\(prefix)Interactor.swift"]
            changes.append("Create `\(prefix)Interactor`, an `actor`, and `\(prefix)InteractorInput: Sendable` with one `async` use case per input; inject the services it needs through protocols in its initialiser. \(vc) holds `interactor: \(prefix)InteractorInput` and calls it with `await` inside a `Task`, made in place until the module's builder injects it.")
        }
        let newServices = creates.filter { !["Interactor", "Presenter", "Router", "View", "Module", "InteractorTests", "PresenterTests"].contains($0) }
        if !newServices.isEmpty {
            files += newServices.map { "\(dir)\(prefix)\($0).swift" }
            changes.append("Create " + newServices.map { "`\(prefix)\($0)Protocol` (refining `Sendable`, `async` methods) and `\(prefix)\($0)`" }.joined(separator: ", ") + " around the system calls \(vc) makes itself today.")
        }
        // A wrapper a member is handed is a use case's parameter, not a dependency.
        let handed = Set(draft.tasks.flatMap(\.handed))
        let injected = uniqued(draft.tasks.flatMap(\.wrappers)).filter { !handed.contains($0) }
        if !injected.isEmpty {
            changes.append("Inject " + injected.map { "`\($0)`" }.joined(separator: ", ") + " into `\(prefix)Interactor` through the protocol \(vc) already uses, made to refine `Sendable` (no new wrapper around it).")
        }
        if draft.isPreparatory {
            changes.append("Cut the method into private methods of one step each, in place, without changing behaviour; the original method only calls them.")
            checks.append("No method of \(draft.vc ?? "the type") in this PR is longer than \(cap / 2) code lines.")
            return
        }
        changes += fixes
        changes.append("The view controller forwards the user's action to `interactor` with `await` and renders the result on the main actor; it keeps no reference to the moved I/O and no completion handler.")
        tests("Interactor", double: "`Sendable` doubles of the services", "per use case moved here (\(memberList.isEmpty ? "its I/O" : memberList))")
        checks += leftChecks
        checks.append("`\(prefix)Interactor` is an `actor`; no UIKit import, and every use case is `async` (no completion handlers).")
    }

    mutating func presenter() {
        title = draft.title ?? (memberList.isEmpty ? "Move the view state of \(draft.vc ?? "the view controller")" : "Move the formatting of \(memberList)") + " into \(prefix)Presenter's view state"
        createPresenter("turns the interactor's results into display-ready values")
        changes += fixes + ["The view controller renders `presenter.state` and formats nothing."]
        tests("Presenter", double: "a double of the interactor", "per output moved here, asserting the exact text in `presenter.state`")
        checks += leftChecks
        checks.append("`\(prefix)Presenter` is `@MainActor @Observable` (no `ObservableObject`, `@Published` or Combine) and imports Foundation and Observation only; its state is a `Sendable` struct of display-ready values, no entity.")
    }

    mutating func router() {
        title = draft.title ?? "Route \(memberList) through \(prefix)Router state"
        createPresenter("takes the user's choices from \(vc)")
        if creates.contains("Router") {
            files.append("\(dir)\(prefix)Router.swift")
            changes.append("Create `\(prefix)Router`, a `@MainActor @Observable final class` with `var route: \(prefix)Route?`, and `\(prefix)Route`, an enum with one case per destination (`Hashable`, `Identifiable`, `Sendable`); `\(prefix)Presenter` holds `router` and sets the route. Until the SwiftUI view replaces it, \(vc) observes `router.route` (`withObservationTracking`) and navigates with UIKit.")
        }
        // A Presenter skeleton made ahead of its Router (low caps) says nothing about the Router yet.
        let routes = creates.contains("Router") || !draft.tasks.isEmpty
        changes += fixes + (routes ? ["The presenter decides and sets `router.route`; the view controller no longer builds other screens."] : [])
        tests("Presenter", double: "a double of the interactor", "per route moved here, asserting `router.route`")
        checks += leftChecks
        if routes { checks.append("`\(prefix)Router` is `@MainActor @Observable` and holds navigation as state: no `UINavigationController`, `present` or `pushViewController` in it.") }
    }

    mutating func view() {
        title = draft.title ?? (draft.tasks.count == 1 ? draft.tasks[0].title : "Convert \(draft.tasks.count) sections of \(vc) to SwiftUI")
        createPresenter("passes the view's intents to the interactor and its results back")
        if creates.contains("View") {
            files.append("\(dir)\(prefix)View.swift")
            changes.append("Create `\(prefix)View`, a SwiftUI `struct` holding `presenter`\(phases.contains(.R) ? " and `@Bindable var router`" : ""); it renders `presenter.state` and sends the user's intents to the presenter (`Task { await … }` for the async ones).")
        }
        changes += fixes
        checks.append("`\(prefix)View` keeps no business state (no `@StateObject`, `@ObservedObject` or model data in `@State`) and reads display-ready values only.")
        if phases.contains(.R), draft.tasks.contains(where: { !$0.title.hasPrefix("Convert section") }) {
            checks.append("The View binds `router.route` with `.navigationDestination(item:)` or `.sheet(item:)`; no UIKit navigation call is left for these destinations.")
        }
        checks.append("Each part of the screen written in SwiftUI shows what the UIKit views it replaces showed (compare before and after).")
    }

    mutating func builder() {
        title = draft.title ?? (creates.contains("Module") ? "Assemble \(prefix)Module" : "Finish the \(prefix) module")
        createPresenter("passes the view's intents to the interactor and its results back")
        if creates.contains("Module") { files.append("\(dir)\(prefix)Module.swift") }
        changes += fixes
        let roles = (phases.contains(.I) ? ["`\(prefix)Interactor`"] : []) + (phases.contains(.R) ? ["`\(prefix)Router`"] : [])
            + ["`\(prefix)Presenter`"] + (phases.contains(.V) ? ["`\(prefix)View`"] : [])
        checks.append("`\(prefix)Module.build()` is the only place that constructs " + roles.joined(separator: ", ") + " and returns `UIHostingController(rootView:)` to the UIKit navigation; \(vc) is gone.")
    }

    mutating func tests() {
        title = draft.title ?? draft.tasks.map { $0.title }.joined(separator: "; ")
        files = ["\(testFolder)\(prefix)ModuleTests.swift"]
        changes = fixes
        checks = ["Each new test fails when the behaviour it covers is broken (change one branch and watch it fail).",
                  "The tests are `async`, run the presenter on the main actor and use `Sendable` doubles."]
    }
}
