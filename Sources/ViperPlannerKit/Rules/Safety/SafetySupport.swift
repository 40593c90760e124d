/// Shared questions the safety rules ask of the index.
extension RuleContext {
    /// "Declare `weak var view: OrdersViewInput?` and make `OrdersViewInput` inherit from `AnyObject`."
    /// The protocol is made class-bound only when the team owns it and only classes adopt it
    /// (a struct adopter would stop compiling); a framework protocol is already class-bound.
    func weakFix(_ name: String, type: String, near path: String) -> String {
        let bare = StrongReferences.bareName(type)
        var fix = "Declare `weak var \(name): \(bare)?`"
        if let p = index.resolve(bare, near: path), index.types[p].kind == .protocol, isClassBound(bare) == false {
            let adopters = references.instances(of: bare, near: path, index).filter { $0 != p }
            let values = adopters.filter { !StrongReferences.isReferenceType($0, index) }.map { index.types[$0].shortName }
            fix += values.isEmpty ? " and make `\(bare)` inherit from `AnyObject`"
                : "; `\(bare)` is also adopted by \(values.sorted().joined(separator: ", ")), so give the class adopters a class-bound sub-protocol and type the property with it"
        }
        return fix + "."
    }

    /// The finding's evidence: each strong hold of the cycle, where it is declared or made.
    func cycleEvidence(_ cycle: [StrongReferences.Edge]) -> [Evidence] {
        cycle.map { edge in
            Evidence(file: edge.file, line: edge.position.line, column: edge.position.column,
                     note: "\(index.types[edge.from].shortName) \(edge.label) → \(index.types[edge.to].shortName)")
        }
    }

    /// Classes (the only types whose closures and references can form retain cycles).
    var classTypes: [Int] { index.types.indices.filter { index.types[$0].kind == .class } }

    /// Whether a closure's context means it is kept alive by self or something self owns.
    func storage(of context: ClosureContext, in t: Int) -> String? {
        switch context {
        case .assignedToProperty(let owner, let property):
            let owners = owner.first == "self" ? Array(owner.dropFirst()) : owner
            if owners.isEmpty {
                guard owner == ["self"] || index.property(property, of: t) != nil else { return nil }
                return "`\(property)`"
            }
            guard owners.count == 1, let (fact, _) = index.property(owners[0], of: t), !fact.isStatic, !fact.isWeak
            else { return nil }
            return "`\(owners[0]).\(property)`"
        case .combineSink(stored: true, _): return "a Combine subscription stored in self's cancellables"
        case .repeatingTimer: return "a repeating Timer"
        case .notificationBlock(tokenKept: true): return "a NotificationCenter observer token"
        case .kvoObservation(tokenKept: true): return "a KVO observation token"
        case .callArgument(_, _, let name) where KnownAPIs.formRowCallbacks.contains(name) && index.types[t].isViewController:
            // Form rows (Eureka and alike) keep their handlers; the view controller owns the form.
            return "a form row's `\(name)` handler (the rows of the view controller's form keep it)"
        default: return nil
        }
    }

    /// What a completion does beyond the screen's views, which `guard let self else { return }`
    /// would skip once the user has left: data work and analytics in its body (`direct`), and the
    /// screen's own members it calls that start data work of their own and are named for a change
    /// that must finish (`onSelf`: `activateSubscription`, not `reloadData`).
    func workBeyondScreen(_ closure: ClosureFact, in decl: TypeDeclFacts, of t: Int) -> (direct: [String], onSelf: [String]) {
        let lines = closure.position.line...max(closure.position.line, closure.endLine)
        let inside = { (member: String?, p: SourcePosition) in member == closure.member && lines.contains(p.line) && p > closure.position }
        var direct: [String] = [], onSelf: [String] = []
        for usage in decl.usages where [.networking, .persistence].contains(usage.family) && !usage.isWeakSignal && inside(usage.member, usage.position) {
            direct.append("`\(usage.api)`")
        }
        var working: Set<String>?
        for ref in decl.references where ref.isCall && inside(ref.member, ref.position) {
            let chain = ref.chain.first == "self" ? Array(ref.chain.dropFirst()) : ref.chain
            if let head = chain.first {
                let call = "`\(chain.joined(separator: ".")).\(ref.name)`"
                if KnownAPIs.analyticsParts.contains(where: head.contains) { direct.append(call) }
                // A service the screen holds needs the screen; a type's own call does not.
                else if dataCall(ref, in: t) != nil {
                    if head.first?.isUppercase == true { direct.append(call) } else if StrongSelfInAsyncCallbackRule.mustFinish(ref.name) { onSelf.append(call) }
                }
                continue
            }
            working = working ?? membersStartingDataWork(t)
            if let name = working!.first(where: { ($0 == ref.fullName || baseName($0) == ref.name) && $0 != closure.member }),
               StrongSelfInAsyncCallbackRule.mustFinish(baseName(name)) { onSelf.append("`\(name)`") }
        }
        return (uniqued(direct), uniqued(onSelf))
    }

    /// The screen's members that start asynchronous data work or do storage or networking themselves.
    func membersStartingDataWork(_ t: Int) -> Set<String> {
        var members: Set<String> = []
        for (_, decl) in index.declarations(of: t) {
            for usage in decl.usages where [.networking, .persistence].contains(usage.family) && !usage.isWeakSignal { usage.member.map { _ = members.insert($0) } }
            for closure in decl.closures where asyncWork(of: closure, in: t) != nil { closure.member.map { _ = members.insert($0) } }
            for ref in decl.references where ref.isCall && ref.member.map(members.contains) == false && dataCall(ref, in: t) != nil { ref.member.map { _ = members.insert($0) } }
        }
        return members
    }

    /// The asynchronous work a closure is the completion of, if any.
    func asyncWork(of closure: ClosureFact, in t: Int) -> String? {
        switch closure.context {
        case .urlSessionCompletion: return "a URLSession task"
        case .backgroundQueue: return "a background queue"
        case .callArgument(let chain, let headType, let name):
            let reference = MemberReference(chain: chain, headType: headType, name: name, fullName: nil, isCall: true,
                                            member: nil, position: SourcePosition(line: 0, column: 0))
            if let call = dataCall(reference, in: t) { return call }
            // A service the Swift sources do not show, handing the closure an error: the
            // completion of its work (`connection.prepareForSetup { issue, error in … }`), whatever the call is named.
            guard closure.receivesError, !chain.isEmpty, chain != ["self"],
                  case .external(let service)? = index.resolveService(chain: chain, headType: headType, in: t),
                  index.isOpaqueService(service) else { return nil }
            // A call handed the screen itself (`findLogin(…, for: self)`) shows its UI on the screen,
            // which stays alive while it does: no work that outlives it.
            let handsSelf = index.declarations(of: t).contains { entry in
                entry.decl.selfHandOffs.contains { $0.callee == name && $0.chain == chain && $0.member == closure.member
                    && ($0.position.line...$0.position.line + 3).contains(closure.position.line) }
            }
            return handsSelf ? nil : "`\(service).\(name)`"
        default: return nil
        }
    }

    /// "`Service.call`" when a call of screen `t` goes to a service that does networking or storage.
    func dataCall(_ reference: MemberReference, in t: Int) -> String? {
        guard !reference.chain.isEmpty, reference.chain != ["self"] else { return nil }
        let name = reference.name
        if let target = WrapperAnalysis.receiverType(of: reference, in: t, index: index), target != t {
            let families = wrappers.families(of: target, reference: reference, index: index)
            // A project class whose method does its data work through a service the Swift
            // sources do not show counts too.
            if families[.networking] != nil || families[.persistence] != nil || index.projectServiceMembers(of: target).members.contains(name) {
                return "`\(index.types[target].name).\(name)`"
            }
        }
        // Data work in code the Swift sources do not show (an Objective-C or package service).
        guard case .external(let service)? = index.resolveService(chain: reference.chain, headType: reference.headType, in: t),
              index.isOpaqueService(service), TypeIndex.isDataCall(name) else { return nil }
        return "`\(service).\(name)`"
    }

    func discriminator(of context: ClosureContext) -> String {
        switch context {
        case .assignedToProperty(let owner, let property): (owner + [property]).joined(separator: ".")
        case .combineSink: "sink"
        case .repeatingTimer: "timer"
        case .notificationBlock: "notification"
        case .kvoObservation: "kvo"
        case .urlSessionCompletion: "urlSession"
        case .backgroundQueue: "backgroundQueue"
        case .mainQueue: "mainQueue"
        case .callArgument(let chain, _, let name): (chain + [name]).joined(separator: ".")
        case .other: "other"
        }
    }

    func closureEvidence(_ path: String, _ closure: ClosureFact) -> [Evidence] {
        [Evidence(file: path, line: closure.position.line, column: closure.position.column)]
    }
}

/// What the two strong-`self` rules share in the plan: the same fix, estimate and check.
enum SafetyPlanning {
    static let captureListEstimate = [EstimatePart(2, "capture list line changed (deleted + added)"), EstimatePart(1, "`guard let self else { return }`")]

    @Sendable static func captureListCheck(_ task: PlanTask, _ member: String) -> String {
        "The closure at `\(shortPath(task.file)):\(task.line)` captures `[weak self]`; leaving the screen releases it (check in the memory graph)."
    }
}
