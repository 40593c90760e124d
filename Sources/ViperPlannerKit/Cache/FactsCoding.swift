/// The binary form of `FileFacts` (see `BinaryCoding`). Every stored field is written; the
/// round-trip and field-list tests in CacheTests fail when a field is added to Model/Facts.swift
/// without being added here — then also bump `FactCache.formatVersion`.
extension BinaryWriter {
    mutating func write(_ p: SourcePosition) { write(p.line); write(p.column) }

    mutating func write(_ facts: FileFacts) {
        write(facts.path); write(facts.bytes); write(facts.codeLines)
        write(facts.imports) { w, i in w.write(i.module); w.write(i.position) }
        write(facts.types) { $0.write($1) }
        write(facts.suppressions) { w, s in w.write(s.rule); w.write(s.fromLine); w.write(s.toLine) }
        write(facts.hasSyntaxErrors)
        write(facts.globals) { $0.write($1) }
        write(facts.typeAliases) { w, a in w.write(a.name); w.write(a.target) }
        write(facts.mainHopFunctions)
    }

    mutating func write(_ p: PropertyFact) {
        write(p.name); write(p.typeName); write(p.initializerType); write(p.initializerMember); write(p.declaredType)
        for flag in [p.isOptional, p.isImplicitlyUnwrapped, p.isWeak, p.isUnowned, p.isIBOutlet, p.isStatic,
                     p.isLet, p.isComputed, p.isPrivate, p.isOverride, p.hasInitializer, p.isHidden, p.hasSetter, p.hasObservers, p.isPublic] { write(flag) }
        write(p.attributes)
        write(p.typeComponents); write(p.hasPlainClosure)
        write(p.position)
    }

    mutating func write(_ t: TypeDeclFacts) {
        write(t.kind.rawValue); write(t.name); write(t.inheritance); write(t.position); write(t.endLine)
        write(t.codeLines); write(t.isNested)
        write(t.properties) { $0.write($1) }
        write(t.functions) { w, f in
            w.write(f.name); w.write(f.position); w.write(f.endLine); w.write(f.codeLines); w.write(f.isOverride)
            w.write(f.selfCalls); w.write(f.branchesOnSegueIdentifier); w.write(f.parameterTypes)
            w.write(f.returnType); w.write(f.isStatic); w.write(f.returnComponents); w.write(f.attributes); w.write(f.viewBuildingLines) { $0.write($1) }
            w.write(f.bodyHash); w.write(f.closureHop?.rawValue); w.write(f.statementCodeLines) { $0.write($1) }
            w.write(f.typeMentions) { w, m in w.write(m.name); w.write(m.line) }
            w.write(f.isPublic); w.write(f.isPrivate)
        }
        write(t.usages) { w, u in
            w.write(u.family.rawValue); w.write(u.api); w.write(u.member); w.write(u.position); w.write(u.inDebugBlock)
            w.write(u.isWeakSignal); w.write(u.destination); w.write(u.requiresStoredProperty)
        }
        write(t.references) { w, r in
            w.write(r.chain); w.write(r.headType); w.write(r.name); w.write(r.fullName); w.write(r.isCall); w.write(r.member)
            w.write(r.position); w.write(r.inDebugBlock); w.write(r.isAssignment); w.write(r.assignsNewObject); w.write(r.passesClosure)
        }
        write(t.closures) { w, c in
            w.write(c.member); w.write(c.position); w.write(c.capture.rawValue); w.write(c.usesSelf); w.write(c.context)
            w.write(c.uiTouches) { w, u in w.write(u.root); w.write(u.leaf); w.write(u.position) }
            w.write(c.inDebugBlock); w.write(c.endLine); w.write(c.receivesError)
        }
        write(t.observers) { w, o in
            w.write(o.style.rawValue); w.write(o.tokenKept); w.write(o.member); w.write(o.position)
        }
        write(t.removesObservers); write(t.hasDeinit)
        write(t.assignedProperties); write(t.releasedProperties); write(t.constructedProperties)
        // Sorted: the bytes of an entry do not depend on dictionary order.
        write(t.uiTypeNames.sorted { $0.key < $1.key }) { w, entry in w.write(entry.key); w.write(entry.value) }
        write(t.attributes)
        write(t.modifiers); write(t.uncheckedConformances)
        write(t.enumCases) { w, c in w.write(c.name); w.write(c.typeComponents); w.write(c.hasPlainClosure); w.write(c.position) }
        write(t.destinationLinks) { w, p in w.write(p) }
        write(t.symbolReferences) { w, r in
            w.write(r.kind.rawValue); w.write(r.typeName); w.write(r.name); w.write(r.member); w.write(r.position)
        }
        write(t.creations) { w, c in
            w.write(c.kind.rawValue); w.write(c.typeName); w.write(c.identifier); w.write(c.member); w.write(c.position)
            w.write(c.typeArguments); w.write(c.labels)
        }
        write(t.genericParameters)
        write(t.superclassArguments)
        write(t.selfHandOffs) { w, h in
            w.write(h.chain); w.write(h.callee); w.write(h.label); w.write(h.queue); w.write(h.member); w.write(h.position)
        }
        write(t.propertyAccesses) { w, a in
            w.write(a.name); w.write(a.member); w.write(a.position); w.write(a.isWrite); w.write(a.onMainQueue)
        }
        write(t.testOnlySpans) { w, s in w.write(s.from); w.write(s.to); w.write(s.codeLines) }
    }

    mutating func write(_ context: ClosureContext) {
        switch context {
        case .assignedToProperty(let owner, let property): write(0); write(owner); write(property)
        case .combineSink(let stored, let upstream): write(1); write(stored); write(upstream)
        case .repeatingTimer: write(2)
        case .notificationBlock(let tokenKept): write(3); write(tokenKept)
        case .kvoObservation(let tokenKept): write(4); write(tokenKept)
        case .urlSessionCompletion: write(5)
        case .backgroundQueue: write(6)
        case .mainQueue: write(7)
        case .callArgument(let chain, let headType, let name): write(8); write(chain); write(headType); write(name)
        case .other: write(9)
        }
    }
}

extension BinaryReader {
    mutating func position() throws -> SourcePosition { SourcePosition(line: try int(), column: try int()) }

    mutating func raw<T: RawRepresentable>(_: T.Type) throws -> T where T.RawValue == String {
        guard let value = T(rawValue: try string()) else { throw BinaryFormatError() }
        return value
    }

    mutating func fileFacts() throws -> FileFacts {
        FileFacts(path: try string(), bytes: try int(), codeLines: try int(),
                  imports: try array { ImportFact(module: try $0.string(), position: try $0.position()) },
                  types: try array { try $0.typeDecl() },
                  suppressions: try array { Suppression(rule: try $0.optionalString(), fromLine: try $0.int(), toLine: try $0.int()) },
                  hasSyntaxErrors: try bool(), globals: try array { try $0.property() },
                  typeAliases: try array { TypeAliasFact(name: try $0.string(), target: try $0.string()) },
                  mainHopFunctions: try strings())
    }

    mutating func property() throws -> PropertyFact {
        var p = PropertyFact(name: try string(), position: SourcePosition(line: 0, column: 0))
        p.typeName = try optionalString(); p.initializerType = try optionalString(); p.initializerMember = try optionalString()
        p.declaredType = try optionalString()
        p.isOptional = try bool(); p.isImplicitlyUnwrapped = try bool(); p.isWeak = try bool()
        p.isUnowned = try bool(); p.isIBOutlet = try bool(); p.isStatic = try bool()
        p.isLet = try bool(); p.isComputed = try bool(); p.isPrivate = try bool()
        p.isOverride = try bool(); p.hasInitializer = try bool(); p.isHidden = try bool(); p.hasSetter = try bool(); p.hasObservers = try bool(); p.isPublic = try bool()
        p.attributes = try strings()
        p.typeComponents = try strings(); p.hasPlainClosure = try bool()
        p.position = try position()
        return p
    }

    mutating func typeDecl() throws -> TypeDeclFacts {
        var t = TypeDeclFacts(kind: try raw(DeclKind.self), name: try string(), inheritance: try strings(),
                              position: try position(), endLine: try int(), codeLines: try int(), isNested: try bool())
        t.properties = try array { try $0.property() }
        t.functions = try array { r in
            var f = FunctionFact(name: try r.string(), position: try r.position(), endLine: try r.int(), codeLines: try r.int(),
                         isOverride: try r.bool(), selfCalls: try r.strings(), branchesOnSegueIdentifier: try r.bool(),
                         parameterTypes: try r.strings(), returnType: try r.optionalString(), isStatic: try r.bool(),
                         returnComponents: try r.strings(), attributes: try r.strings(), viewBuildingLines: try r.array { try $0.int() },
                         bodyHash: try r.optionalString(), closureHop: try r.optionalString().flatMap(MainHop.init(rawValue:)),
                         statementCodeLines: try r.array { try $0.int() },
                         typeMentions: try r.array { TypeMention(name: try $0.string(), line: try $0.int()) })
            f.isPublic = try r.bool(); f.isPrivate = try r.bool()
            return f
        }
        t.usages = try array { r in
            UsageSite(family: try r.raw(Family.self), api: try r.string(), member: try r.optionalString(),
                      position: try r.position(), inDebugBlock: try r.bool(), isWeakSignal: try r.bool(),
                      destination: try r.optionalString(), requiresStoredProperty: try r.optionalString())
        }
        t.references = try array { r in
            MemberReference(chain: try r.strings(), headType: try r.optionalString(), name: try r.string(),
                            fullName: try r.optionalString(), isCall: try r.bool(), member: try r.optionalString(), position: try r.position(),
                            inDebugBlock: try r.bool(), isAssignment: try r.bool(), assignsNewObject: try r.bool(),
                            passesClosure: try r.bool())
        }
        t.closures = try array { r in
            ClosureFact(member: try r.optionalString(), position: try r.position(), capture: try r.raw(CaptureOfSelf.self),
                        usesSelf: try r.bool(), context: try r.closureContext(),
                        uiTouches: try r.array { UITouch(root: try $0.string(), leaf: try $0.string(), position: try $0.position()) },
                        inDebugBlock: try r.bool(), endLine: try r.int(), receivesError: try r.bool())
        }
        t.observers = try array { r in
            ObserverFact(style: try r.raw(ObserverFact.Style.self), tokenKept: try r.bool(), member: try r.optionalString(),
                         position: try r.position())
        }
        t.removesObservers = try bool(); t.hasDeinit = try bool()
        t.assignedProperties = try strings(); t.releasedProperties = try strings(); t.constructedProperties = try strings()
        let names = try array { r in (try r.string(), try r.position()) }
        t.uiTypeNames = Dictionary(names, uniquingKeysWith: { first, _ in first })
        t.attributes = try strings()
        t.modifiers = try strings(); t.uncheckedConformances = try strings()
        t.enumCases = try array { r in
            EnumCaseFact(name: try r.string(), typeComponents: try r.strings(), hasPlainClosure: try r.bool(), position: try r.position())
        }
        t.destinationLinks = try array { try $0.position() }
        t.symbolReferences = try array { r in
            SymbolReference(kind: try r.raw(SymbolReference.Kind.self), typeName: try r.optionalString(), name: try r.string(),
                            member: try r.optionalString(), position: try r.position())
        }
        t.creations = try array { r in
            CreationFact(kind: try r.raw(CreationFact.Kind.self), typeName: try r.string(), identifier: try r.optionalString(),
                         member: try r.optionalString(), position: try r.position(), typeArguments: try r.optionalString(),
                         labels: try r.optionalString())
        }
        t.genericParameters = try strings()
        t.superclassArguments = try strings()
        t.selfHandOffs = try array { r in
            SelfHandOff(chain: try r.strings(), callee: try r.optionalString(), label: try r.optionalString(),
                        queue: try r.optionalString(), member: try r.optionalString(), position: try r.position())
        }
        t.propertyAccesses = try array { r in
            PropertyAccess(name: try r.string(), member: try r.optionalString(), position: try r.position(),
                           isWrite: try r.bool(), onMainQueue: try r.bool())
        }
        t.testOnlySpans = try array { r in LineSpan(from: try r.int(), to: try r.int(), codeLines: try r.int()) }
        return t
    }

    mutating func closureContext() throws -> ClosureContext {
        switch try int() {
        case 0: .assignedToProperty(owner: try strings(), property: try string())
        case 1: .combineSink(stored: try bool(), upstream: try strings())
        case 2: .repeatingTimer
        case 3: .notificationBlock(tokenKept: try bool())
        case 4: .kvoObservation(tokenKept: try bool())
        case 5: .urlSessionCompletion
        case 6: .backgroundQueue
        case 7: .mainQueue
        case 8: .callArgument(chain: try strings(), headType: try optionalString(), name: try string())
        case 9: .other
        default: throw BinaryFormatError()
        }
    }
}
