/// A view controller's method that nothing calls: a `private` method no code of its file names,
/// an `@IBAction` no storyboard or nib connects (when the project has any), and the methods only
/// such methods call. Nothing names it means: no Swift call, `#selector` or function value, no
/// Objective-C send, and no caller the sources cannot show (UIKit's overrides and delegate
/// callbacks, a protocol, another module for `public` code, the Objective-C runtime for `@objc`).
/// Deleting it first keeps every later PR from moving code that never runs.
struct UnusedMemberRule: Rule {
    static let description = RuleDescription(
        id: "unused-member", name: "View controller member nothing uses", family: nil, severity: .medium,
        problem: "A method of a view controller is called from nowhere: a private method its file never names, an action no storyboard or nib connects, or a method only such methods call (and a private property only they read). No Swift code, Objective-C file, storyboard or nib names it, and it overrides or implements nothing. A plan that moves it into a Presenter or Interactor spends pull requests, tests and review on code that never runs.",
        fix: "Delete it in a pull request of its own before anything moves out of the screen.",
        triggering: [
            Example("""
            class SignInViewController: UIViewController {
                func signIn() { send() }
                private func send() {}
                private func ↓resendQuietly() {
                    resendAsync()
                }
                func ↓resendAsync() {
                    print("resend")
                }
            }
            final class Menu {
                func open(_ screen: SignInViewController) { screen.signIn() }
            }
            """, severity: .medium),
            // A hidden property only unused methods read goes with them.
            Example("""
            class BannerViewController: UIViewController {
                private var ↓bannerView: UIView?
                private var ↓isSubscriber: Bool { title == "sub" }
                private func ↓refreshBanner() {
                    guard let bannerView, isSubscriber else { return }
                    view.addSubview(bannerView)
                }
            }
            """),
            // A private method only its file can call: another file's `displayAlert` is another member.
            Example("""
            class BoardViewController: UIViewController {
                private func ↓displayAlert(message: String) {}
            }
            """, support: ["Menu.swift": "final class Menu {\n    var displayAlert: (String) -> Void = { _ in }\n    func show() { displayAlert(\"x\") }\n}\n"]),
        ],
        nonTriggering: [
            // Called through a selector, as a function value, by Objective-C's runtime, by UIKit, by a
            // protocol of the project or by another module: each caller the sources show or allow.
            Example("""
            protocol Refreshing { func refresh() }
            public class FeedViewController: UIViewController, Refreshing, UITableViewDataSource {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    button.addTarget(self, action: #selector(tapped), for: .touchUpInside)
                    items.forEach(show)
                }
                @objc func tapped() {}
                func show(_ item: Int) {}
                @objc func calledByName() {}
                func refresh() {}
                public func api() {}
                func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 0 }
                @IBAction func save(_ sender: Any) {}
                func neverNamedHere() {}
            }
            """),
            // A screen that takes an SDK's delegate: a method whose first parameter is the SDK's object.
            Example("""
            class QueryViewController: UIViewController, OCQueryDelegate {
                func queryHasChangesAvailable(_ query: OCQuery) {}
            }
            """),
        ])

    func findings(in context: RuleContext) -> [Finding] {
        let index = context.index
        let screens = context.responsibilities.keys.sorted()
        var candidates: [Int: [(path: String, fn: FunctionFact)]] = [:]
        var wanted: Set<String> = []
        let protocolNames = Self.protocolRequirementNames(index)
        for t in screens {
            let sdkConformance = Self.conformsOutsideSources(t, index)
            for (path, decl) in index.declarations(of: t) {
                for fn in decl.functions where Self.isCandidate(fn, decl: decl, sdkConformance: sdkConformance, index: index, type: t,
                                                                 outside: context.outside, protocolNames: protocolNames) {
                    candidates[t, default: []].append((path, fn))
                    wanted.insert(baseName(fn.name))
                }
            }
        }
        guard !wanted.isEmpty else { return [] }
        // A private method only its file can name: the screens' own files say all of its callers.
        // An action or an internal method is looked up in the whole project, and only once it may
        // be unused (an action, when storyboards were read; a method that unused ones call): most
        // runs scan no more than the screens' files.
        var users = Self.users(of: wanted, in: Set(candidates.keys.flatMap { index.types[$0].decls.map(\.file) }), index)
        var complete = Set(candidates.flatMap { t, own in own.filter { $0.fn.isPrivate }.map { "\(t)|\(baseName($0.fn.name))" } })
        var dead: [Int: Set<String>] = [:], scanned: Set<String> = []
        while true {
            for (t, own) in candidates {
                let seeds = Set(own.filter { $0.fn.isPrivate || $0.fn.attributes.contains("IBAction") }.map { baseName($0.fn.name) })
                dead[t] = Self.unused(own.map { baseName($0.fn.name) }, seeds: seeds, complete: complete, type: t, users: users)
            }
            var more: Set<String> = []
            for (t, own) in candidates {
                for (_, fn) in own where !complete.contains("\(t)|\(baseName(fn.name))") {
                    let name = baseName(fn.name), named = users[name] ?? []
                    let maybe = fn.attributes.contains("IBAction") || !named.isEmpty && named.allSatisfy { $0.type == t && $0.member.map { baseName($0) == name || dead[t]!.contains(baseName($0)) } == true }
                    if maybe, !scanned.contains(name) { more.insert(name) }
                    if maybe || scanned.contains(name) { complete.insert("\(t)|\(name)") }
                }
            }
            guard !more.isEmpty else { break }
            users.merge(Self.users(of: more, in: nil, index)) { _, everywhere in everywhere }
            scanned.formUnion(more)
        }
        var findings: [Finding] = []
        for t in screens {
            guard let dead = dead[t], !dead.isEmpty else { continue }
            findings += Self.unusedProperties(of: t, deadMethods: dead, index)
        }
        for t in screens {
            guard let own = candidates[t], let dead = dead[t] else { continue }
            for (path, fn) in own where dead.contains(baseName(fn.name)) {
                let callers = (users[baseName(fn.name)] ?? []).compactMap(\.member).filter { baseName($0) != baseName(fn.name) }
                let why = callers.isEmpty ? "nothing calls it" : "only \(Set(callers).sorted().map { "`\($0)`" }.joined(separator: ", ")), itself unused, calls it"
                findings.append(Finding(
                    rule: Self.description, type: index.types[t].name, member: fn.name, file: path, position: fn.position,
                    message: "`\(fn.name)` is never called: \(why) (no Swift code, Objective-C file, storyboard or nib names it)",
                    fix: "Delete `\(fn.name)` (\(fn.codeLines) code line\(fn.codeLines == 1 ? "" : "s")) in a pull request before anything moves out of \(index.types[t].name); search the project for its name once more first (a string selector is invisible here)."))
            }
        }
        return findings
    }

    /// A method only the project's code could call: not an override, initializer, `public`,
    /// `@objc` (an `@IBAction` only when a storyboard or nib was read), test-only, framework
    /// callback, project protocol requirement or SDK delegate method.
    static func isCandidate(_ fn: FunctionFact, decl: TypeDeclFacts, sdkConformance: Bool, index: TypeIndex, type t: Int,
                            outside: OutsideSwift, protocolNames: Set<String>) -> Bool {
        guard fn.name.contains("("), !fn.isOverride, !fn.isPublic, !fn.name.hasPrefix("init("), !fn.name.hasPrefix("subscript(") else { return false }
        if fn.attributes.contains("IBAction") { guard outside.readsInterfaceFiles else { return false } }
        else if fn.attributes.contains(where: { ["objc", "IBSegueAction", "NSManaged", "_dynamicReplacement"].contains($0) }) { return false }
        if decl.testOnlySpans.contains(where: { $0.from <= fn.position.line && fn.endLine <= $0.to }) { return false }
        let base = baseName(fn.name)
        // Objective-C, storyboards and nibs reach `@objc` methods only: a private one they cannot name.
        let reachedOutside = !(fn.isPrivate && !fn.attributes.contains("IBAction")) && outside.names.contains(base)
        if protocolNames.contains(base) || reachedOutside || index.frameworkCallback(fn, in: t) != nil { return false }
        // A type adopting a protocol the sources do not declare: a method taking a type they do not
        // declare either may be that protocol's callback (`queryHasChangesAvailable(_: OCQuery)`).
        if sdkConformance, let first = fn.parameterTypes.first, !plainValues.contains(first),
           index.resolve(first, near: index.path(index.types[t].decls[0])) == nil { return false }
        return true
    }

    /// Values no framework calls back with as its first argument (it passes the object calling).
    static let plainValues: Set<String> = ["String", "Int", "Bool", "Double", "Float", "CGFloat", "URL", "Date", "Data", "UUID",
                                           "Any", "Character", "Substring", "Int64", "Int32", "UInt", "TimeInterval", "Decimal"]

    /// Whether the type or a project superclass adopts a protocol the sources do not declare.
    static func conformsOutsideSources(_ t: Int, _ index: TypeIndex) -> Bool {
        ([t] + index.superclasses(of: t)).contains { owner in
            let near = index.path(index.types[owner].decls[0])
            return index.types[owner].inheritance.contains { index.resolve($0, near: near) == nil && !index.types[owner].superclassChain.contains($0) }
        }
    }

    /// Base names of the methods the project's protocols declare.
    static func protocolRequirementNames(_ index: TypeIndex) -> Set<String> {
        var names: Set<String> = []
        for type in index.types where type.kind == .protocol {
            for location in type.decls { for fn in index.decl(location).functions { names.insert(baseName(fn.name)) } }
        }
        return names
    }

    struct User: Hashable { var type: Int; var member: String? }

    /// The screen's hidden (`private`/`fileprivate`) properties that only its unused methods name:
    /// they go with them. Only its own files can name such a property; an outlet, a wrapped or
    /// `@objc` property (Interface Builder, the runtime) is never one.
    static func unusedProperties(of t: Int, deadMethods: Set<String>, _ index: TypeIndex) -> [Finding] {
        let own = index.declarations(of: t).flatMap { path, decl in
            decl.properties.filter { $0.isHidden && !$0.isIBOutlet && $0.attributes.isEmpty && !$0.isOverride }.map { (path, $0) }
        }
        guard !own.isEmpty else { return [] }
        let users = Self.users(of: Set(own.map(\.1.name)), in: Set(index.types[t].decls.map(\.file)), index)
        return own.compactMap { path, p in
            let readers = (users[p.name] ?? []).filter { $0.member != p.name }
            guard !readers.isEmpty, readers.allSatisfy({ $0.type == t && $0.member.map { deadMethods.contains(baseName($0)) } == true }) else { return nil }
            let names = Set(readers.compactMap(\.member)).sorted().map { "`\($0)`" }.joined(separator: ", ")
            // A stored property is its declaration; a computed one its body too, about three lines.
            let lines = p.isComputed ? 3 : 1
            return Finding(
                rule: Self.description, type: index.types[t].name, member: p.name, file: path, position: p.position,
                message: "`\(p.name)` is never used: only \(names), itself unused, reads it",
                fix: "Delete `\(p.name)` (\(lines) code line\(lines == 1 ? "" : "s")) with the unused methods that read it, before anything moves out of \(index.types[t].name).")
        }
    }

    /// Every place in `files` (nil: the whole project) that names one of `names` (a call, a
    /// property-style use, a `#selector`), by name.
    static func users(of names: Set<String>, in files: Set<Int>?, _ index: TypeIndex) -> [String: Set<User>] {
        var users: [String: Set<User>] = [:]
        let types = files.map { Set($0.flatMap(index.types(inFile:))).sorted() } ?? Array(index.types.indices)
        for u in types {
            for location in index.types[u].decls where files?.contains(location.file) ?? true {
                let decl = index.decl(location)
                for r in decl.references where names.contains(r.name) { users[r.name, default: []].insert(User(type: u, member: r.member)) }
                for a in decl.propertyAccesses where names.contains(a.name) { users[a.name, default: []].insert(User(type: u, member: a.member)) }
                for s in decl.symbolReferences where names.contains(s.name) { users[s.name, default: []].insert(User(type: u, member: s.member)) }
            }
        }
        return users
    }

    /// The names among `own` that only the type's own unused methods (or themselves) name, found
    /// by growing the unused set until it stops; only a name whose callers are all known
    /// (`complete`, keyed `type|name`) can be unused. Only a `seeds` name (private, so its file shows
    /// every caller; an action, so the storyboards read show every connection) may have no caller
    /// at all: an internal method nothing names may be called from code the project does not show
    /// (a test target, another checkout), so it is unused only when its callers are.
    static func unused(_ own: [String], seeds: Set<String>, complete: Set<String>, type t: Int, users: [String: Set<User>]) -> Set<String> {
        var dead: Set<String> = []
        var changed = true
        while changed {
            changed = false
            for name in own where !dead.contains(name) {
                let named = users[name] ?? []
                let callers = named.filter { $0.member.map(baseName) != name }
                guard complete.contains("\(t)|\(name)"), seeds.contains(name) || !callers.isEmpty else { continue }
                if named.allSatisfy({ $0.type == t && $0.member.map { baseName($0) == name || dead.contains(baseName($0)) } == true }) {
                    dead.insert(name)
                    changed = true
                }
            }
        }
        return dead
    }
}

extension UnusedMemberRule {
    static let planning = RulePlanning(
        category: .C, title: { type, member in "Delete unused \(member ?? "code") of \(type)" },
        estimate: { finding, _ in [EstimatePart(Self.deletedLines(finding), "lines deleted")] },
        check: { task, member in "No \(member) left in `\(shortPath(task.file))`, and the project still builds." })

    /// The method's code lines, read back from the finding's fix.
    static func deletedLines(_ finding: Finding) -> Int {
        guard let range = finding.fix.range(of: "` ("), let end = finding.fix[range.upperBound...].firstIndex(of: " ") else { return 1 }
        return Int(finding.fix[range.upperBound..<end]) ?? 1
    }
}
