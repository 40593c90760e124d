struct StrongSelfInAsyncCallbackRule: Rule {
    static let description = RuleDescription(
        id: "strong-self-in-async-callback", name: "Async completion keeps the screen alive", family: nil, severity: .high,
        problem: "The completion of network, database or background-queue work captures the view controller strongly. The screen stays alive until the work finishes, after the user has left it, and then updates views nobody sees (or shows an alert on the wrong screen).",
        fix: "Capture `[weak self]` in the completion and return early when the screen is gone.",
        triggering: [
            Example("""
            class FeedViewController: UIViewController {
                func load() {
                    URLSession.shared.dataTask(with: url) ↓{ data, _, _ in
                        DispatchQueue.main.async { self.render(data) }
                    }.resume()
                    DispatchQueue.global(qos: .userInitiated).async ↓{ self.items = self.parse() }
                    api.fetchFeed ↓{ feed in self.feed = feed }
                }
            }
            """, support: ["API.swift": """
            final class FeedAPI { func fetchFeed(_ c: @escaping (Data?) -> Void) { URLSession.shared.dataTask(with: url) { d, _, _ in c(d) }.resume() } }
            extension FeedViewController { var api: FeedAPI { FeedAPI() } }
            """]),
            // Data work through code the Swift sources do not show: an Objective-C or package service
            // called with a data verb, or a project class whose method calls one.
            Example("""
            class LoginViewController: UIViewController {
                let handler = AuthHandler()
                let remote = AccountRemote()
                func logIn() {
                    handler.loginWithCredentials(username: "a", password: "b") ↓{ error in self.title = "Signed in" }
                    remote.verify(email: "a") ↓{ result in self.title = "Verified" }
                }
            }
            """, support: ["AuthHandler.swift": """
            final class AuthHandler {
                let authenticator = RemoteAuthenticator()
                func loginWithCredentials(username: String, password: String, onCompletion: @escaping (Error?) -> Void) {
                    authenticator.authenticate(withUsername: username, password: password, success: { onCompletion(nil) }, failure: { onCompletion($0) })
                }
            }
            """]),
            // A service the Swift sources do not show that hands the closure an error: the
            // completion of its work, whatever the call is named.
            Example("""
            class BookmarkViewController: UIViewController {
                var connection: ServerConnection?
                func probe() {
                    connection?.prepareForSetup(options: nil) ↓{ issue, error in
                        self.title = "Ready"
                    }
                    connection?.connect ↓{ (connectError: Error?, issue: Any?) in self.title = "Connected" }
                }
            }
            """),
            // A completion that finishes work through the screen's own members (a purchase it must
            // verify) keeps its capture until that work leaves the screen: an early exit would lose it.
            Example("""
            class StoreViewController: UIViewController {
                func buy() {
                    URLSession.shared.dataTask(with: url) ↓{ data, _, _ in
                        Analytics.logEvent("purchase", parameters: nil)
                        self.verify(data)
                    }.resume()
                }
                func verify(_ data: Data?) {
                    URLSession.shared.dataTask(with: url) { [weak self] _, _, _ in self?.title = "Done" }.resume()
                }
            }
            """, fix: "Keep this capture until `verify(_:)` moves out of the screen: the completion in `buy()` runs it to finish the work, and `[weak self]` with `guard let self else { return }` would skip it once the user has left. Once the task moving it into an Interactor lands, capture `[weak self]` for the view updates only. Do `Analytics.logEvent` before that `guard`, under the condition it runs under today (the same `if`/`else` or `case` on the result), taking any value it reads from the screen through the capture list, so it still runs once the user has left."),
            // A reload only serves the screen: skipping it once the user has left loses nothing.
            Example("""
            class FilesViewController: UIViewController {
                func deleteAll() {
                    URLSession.shared.dataTask(with: url) ↓{ _, _, _ in
                        self.reloadFiles()
                    }.resume()
                }
                func reloadFiles() { _ = FileManager.default.fileExists(atPath: "/tmp") }
            }
            """, fix: "Add `[weak self]` to the completion in `deleteAll()` and `guard let self else { return }`; later this call moves into an Interactor."),
            // Storage that needs no screen goes before the early exit.
            Example("""
            class SyncViewController: UIViewController {
                func sync() {
                    URLSession.shared.dataTask(with: url) ↓{ data, _, _ in
                        UserDefaults.standard.set(Date(), forKey: "lastSync")
                        self.title = "Synced"
                    }.resume()
                }
            }
            """, fix: "Add `[weak self]` to the completion in `sync()` and `guard let self else { return }`; later this call moves into an Interactor. Do `UserDefaults` before that `guard`, under the condition it runs under today (the same `if`/`else` or `case` on the result), taking any value it reads from the screen through the capture list, so it still runs once the user has left."),
        ],
        nonTriggering: [
            Example("""
            class FeedViewController: UIViewController {
                func load() {
                    URLSession.shared.dataTask(with: url) { [weak self] data, _, _ in self?.handle(data) }.resume()
                    DispatchQueue.main.async { self.render() }
                    items.map { self.format($0) }
                    UIView.animate(withDuration: 0.2) { self.view.alpha = 1 }
                }
            }
            """),
            // `self` inside a closure nested in a `[weak self]` one is that weak reference; `Model.self` is a metatype.
            Example("""
            class RoomViewController: UIViewController {
                func load() {
                    URLSession.shared.dataTask(with: url) { [weak self] data, _, _ in
                        DispatchQueue.global().async { self?.cache(data) }
                    }.resume()
                    DispatchQueue.global().async { let rooms = try? JSONDecoder().decode([Room].self, from: data); print(rooms as Any) }
                }
            }
            """),
            // A repeating timer held only in a local and invalidated in its own scope.
            Example("""
            class CountdownViewController: UIViewController {
                func start() {
                    var remaining = 3
                    let timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { timer in
                        remaining -= 1
                        self.title = "\\(remaining)"
                        if remaining == 0 { timer.invalidate() }
                    }
                    RunLoop.main.add(timer, forMode: .common)
                }
            }
            """),
            // A call into such a service that is no data work, and a project class's method that does none.
            Example("""
            class LoginViewController: UIViewController {
                let handler = AuthHandler()
                let remote = AccountRemote()
                func logIn() {
                    remote.observeChanges { self.title = "Changed" }
                    remote.observeState { state in self.title = "\\(state)" }
                    remote.pickLogin(for: self) { login, error in self.title = login }
                    handler.displayName { name in self.title = name }
                    handler.showHint { error in self.title = "Hint" }
                }
            }
            """, support: ["AuthHandler.swift": """
            final class AuthHandler {
                func showHint(_ done: @escaping (Error?) -> Void) { done(nil) }
                let authenticator = RemoteAuthenticator()
                func displayName(_ completion: @escaping (String) -> Void) { completion("a") }
                func loginWithCredentials(username: String) { authenticator.authenticate(withUsername: username) }
            }
            """]),
            // Services are not screens: a strong capture there does not keep a screen alive.
            Example("""
            final class FeedService {
                func load() { URLSession.shared.dataTask(with: url) { d, _, _ in self.cache = d }.resume() }
            }
            """),
        ])

    func findings(in context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        for t in context.responsibilities.keys {
            for (path, decl) in context.index.declarations(of: t) {
                for closure in decl.closures where closure.usesSelf && (closure.capture == .strong || closure.capture == .none) {
                    guard let work = context.asyncWork(of: closure, in: t) else { continue }
                    let type = context.index.types[t].name
                    findings.append(Finding(
                        rule: Self.description, type: type, member: closure.member, file: path, position: closure.position,
                        message: "The completion of \(work) captures \(type) strongly: the screen stays alive until it finishes",
                        fix: Self.fix(closure, beyond: context.workBeyondScreen(closure, in: decl, of: t)),
                        evidence: context.closureEvidence(path, closure), discriminator: context.discriminator(of: closure.context)))
                }
            }
        }
        return findings
    }
}

extension StrongSelfInAsyncCallbackRule {
    /// An early exit skips what the completion does beyond the screen's views: data work it starts
    /// through the screen's own members waits for them to leave the screen; data work and analytics
    /// in its body go before the exit.
    /// Verbs of data work that must finish once started (a purchase, a save, a sign-in): a reload or
    /// a count only serves the screen, and skipping it once the user has left loses nothing.
    static let finishingVerbs = ["create", "update", "delete", "remove", "save", "move", "edit", "add", "insert", "sync", "upload",
                                 "authenticate", "login", "logIn", "logout", "logOut", "signUp", "signIn", "signOut", "verify",
                                 "send", "post", "submit", "import", "export", "store", "subscribe", "unsubscribe", "rename",
                                 "archive", "unarchive", "restore", "purchase", "buy", "share", "unshare", "commit", "register",
                                 "reset", "trash", "activate", "finish", "mark", "forget", "clear", "write", "persist"]

    static func mustFinish(_ name: String) -> Bool {
        finishingVerbs.contains { name == $0 || startsWithWord(name, $0) }
    }

    static func fix(_ closure: ClosureFact, beyond work: (direct: [String], onSelf: [String])) -> String {
        let member = closure.member.map { "`\($0)`" } ?? "this declaration"
        let before = work.direct.isEmpty ? ""
            : " Do \(TaskGrouping.list(work.direct)) before that `guard`, under the condition \(work.direct.count == 1 ? "it runs" : "they run") under today (the same `if`/`else` or `case` on the result), taking any value \(work.direct.count == 1 ? "it reads" : "they read") from the screen through the capture list, so \(work.direct.count == 1 ? "it still runs" : "they still run") once the user has left."
        if !work.onSelf.isEmpty {
            let one = work.onSelf.count == 1, them = one ? "it" : "them"
            return "Keep this capture until \(TaskGrouping.list(work.onSelf)) \(one ? "moves" : "move") out of the screen: the completion in \(member) runs \(them) to finish the work, and `[weak self]` with `guard let self else { return }` would skip \(them) once the user has left. Once the task moving \(them) into an Interactor lands, capture `[weak self]` for the view updates only." + before
        }
        return "Add `[weak self]` to the completion in \(member) and `guard let self else { return }`; later this call moves into an Interactor." + before
    }

    static let planning = RulePlanning(
        category: .C, title: { type, member in "Strong `self` in an async completion of \(type)\(member.map { " (\($0))" } ?? "")" },
        estimate: { finding, _ in
            SafetyPlanning.captureListEstimate + (finding.fix.contains(" before that `guard`")
                ? [EstimatePart(3, "the work that must still run moved ahead of the `guard`, inside its condition")] : [])
        }, check: SafetyPlanning.captureListCheck)

    static var rewrite: RuleRewrite? { ClosureRewrites.weakSelfOneShot }

    static var corrections: [Correction] {
        [
            Correction("""
            class FeedViewController: UIViewController {
                var items: [String] = []
                func load() {
                    DispatchQueue.global(qos: .userInitiated).async { self.items = self.parse() }
                    URLSession.shared.dataTask(with: URL(string: "https://example.com")!) { data, _, _ in
                        let text = String(decoding: data ?? Data(), as: UTF8.self)
                        self.items = [text]
                    }.resume()
                }
                func parse() -> [String] { [] }
            }
            """, """
            class FeedViewController: UIViewController {
                var items: [String] = []
                func load() {
                    DispatchQueue.global(qos: .userInitiated).async { [weak self] in
                        guard let self else { return }
                        self.items = self.parse()
                    }
                    URLSession.shared.dataTask(with: URL(string: "https://example.com")!) { [weak self] data, _, _ in
                        guard let self else { return }
                        let text = String(decoding: data ?? Data(), as: UTF8.self)
                        self.items = [text]
                    }.resume()
                }
                func parse() -> [String] { [] }
            }
            """),
            // Work that does not need the screen would be skipped by an early exit.
            Correction("""
            class ConfigViewController: UIViewController {
                var fetched: Date?
                func refresh() {
                    URLSession.shared.dataTask(with: URL(string: "https://example.com")!) { data, _, _ in
                        UserDefaults.standard.set(Date(), forKey: "lastFetch")
                        self.fetched = Date()
                    }.resume()
                }
            }
            """, refusal: "also does work that is not done on `self` (`UserDefaults.standard.set(Date(), forKey: \"lastFetch\")`)"),
            // Mentioning `self` is not working on it: the completion would not be called.
            Correction("""
            class ExportViewController: UIViewController {
                var report = ""
                func export(completion: @escaping (String) -> Void) {
                    DispatchQueue.global().async {
                        self.report = "done"
                        completion(self.report)
                    }
                }
            }
            """, refusal: "also does work that is not done on `self` (`completion(self.report)`)"),
            // Work hidden in one branch of an `if` counts too.
            Correction("""
            class SyncViewController: UIViewController {
                var status = ""
                func sync(url: URL) {
                    URLSession.shared.dataTask(with: url) { data, _, _ in
                        if data == nil {
                            UserDefaults.standard.set(true, forKey: "stale")
                        } else {
                            self.status = "synced"
                        }
                    }.resume()
                }
            }
            """, refusal: "also does work that is not done on `self` (`if data == nil {`)"),
            // A one-shot callback that confirms a paid action: the user must see it even after leaving.
            Correction("""
            class GiftViewController: UIViewController {
                func send(url: URL) {
                    URLSession.shared.dataTask(with: url) { data, _, _ in
                        if data != nil { self.showConfirmationDialog() }
                    }.resume()
                }
                func showConfirmationDialog() {}
            }
            """, refusal: "tells the user something (`showConfirmationDialog`)"),
            // Branches, hops to the main queue and compound assignments that only touch the screen.
            Correction("""
            class InboxViewController: UIViewController {
                var count = 0
                var label = UILabel()
                func poll(url: URL) {
                    URLSession.shared.dataTask(with: url) { data, _, _ in
                        if data == nil { return }
                        self.count += 1
                        DispatchQueue.main.async { self.label.text = "new" }
                    }.resume()
                }
            }
            """, """
            class InboxViewController: UIViewController {
                var count = 0
                var label = UILabel()
                func poll(url: URL) {
                    URLSession.shared.dataTask(with: url) { [weak self] data, _, _ in
                        guard let self else { return }
                        if data == nil { return }
                        self.count += 1
                        DispatchQueue.main.async { self.label.text = "new" }
                    }.resume()
                }
            }
            """),
        ]
    }
}
