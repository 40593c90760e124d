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

    /// The asynchronous work a closure is the completion of, if any.
    func asyncWork(of context: ClosureContext, in t: Int) -> String? {
        switch context {
        case .urlSessionCompletion: return "a URLSession task"
        case .backgroundQueue: return "a background queue"
        case .callArgument(let chain, let headType, let name):
            let reference = MemberReference(chain: chain, headType: headType, name: name, fullName: nil, isCall: true,
                                            member: nil, position: SourcePosition(line: 0, column: 0))
            guard !chain.isEmpty, chain != ["self"] else { return nil }
            if let target = WrapperAnalysis.receiverType(of: reference, in: t, index: index), target != t {
                let families = wrappers.families(of: target, reference: reference, index: index)
                // A project class whose method does its data work through a service the Swift
                // sources do not show counts too.
                if families[.networking] != nil || families[.persistence] != nil || index.projectServiceMembers(of: target).members.contains(name) {
                    return "`\(index.types[target].name).\(name)`"
                }
            }
            // Data work in code the Swift sources do not show (an Objective-C or package service).
            guard case .external(let service)? = index.resolveService(chain: chain, headType: headType, in: t), index.isOpaqueService(service), TypeIndex.isDataCall(name) else { return nil }
            return "`\(service).\(name)`"
        default: return nil
        }
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
