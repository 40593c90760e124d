import Foundation

/// What holds one member of a type in place: who reaches it by name from outside the member, and
/// whether UIKit (or another framework) calls it. A member nothing pins can move to a presenter,
/// interactor or view freely; a pinned one keeps a forwarding stub or moves with its callers.
public struct MemberMobility: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable { case function, property }

    /// A place that names the member.
    public struct Site: Hashable, Sendable {
        public var file: String
        public var line: Int
        public var column: Int
        /// The type whose code it is (the member's own type for internal calls).
        public var type: String
        public var member: String?
    }

    /// The member as declared (`loadFeed(page:)`, `titleLabel`).
    public var member: String
    public var kind: Kind
    public var file: String
    public var line: Int
    /// Calls and references from outside the member: other members of the type and other types.
    public var callers: [Site] = []
    /// `#selector(Type.member)` / `#selector(member)`, in any file.
    public var selectors: [Site] = []
    /// `#keyPath(Type.member)`.
    public var keyPaths: [Site] = []
    /// Declaration attributes that expose it to Interface Builder or the Objective-C runtime
    /// (`IBAction`, `IBOutlet`, `IBInspectable`, `objc`, `NSManaged`).
    public var exposingAttributes: [String] = []
    public var isOverride = false
    /// The project protocol (in the type's or its extensions' inheritance lists) whose
    /// requirement it satisfies.
    public var protocolRequirement: String?
    /// Why a framework calls it (`UITableView delegate/data source`), nil when none does.
    public var frameworkCallback: String?
    /// Lines where it builds views (creates `UI…` views, adds subviews, sets constraints or frames)
    /// or works UIKit controls through any receiver (`TypeIndex.controlCalls`).
    public var viewBuildingLines: [Int] = []

    public var buildsViews: Bool { !viewBuildingLines.isEmpty }
    /// Callers in other files than the member's declaration.
    public var otherFileCallers: [Site] { callers.filter { $0.file != file } }
    /// Something other than the type's own code in the member's file names or calls it.
    public var isPinned: Bool {
        !otherFileCallers.isEmpty || !selectors.isEmpty || !keyPaths.isEmpty || !exposingAttributes.isEmpty
            || isOverride || protocolRequirement != nil || frameworkCallback != nil
    }
}

extension TypeIndex {
    static let exposingAttributes: Set<String> = ["IBAction", "IBOutlet", "IBInspectable", "IBSegueAction", "objc", "NSManaged", "GKInspectable"]

    /// Every member (functions, then stored and computed properties) of the type and its
    /// extensions, in declaration order, with what pins it. One scan of all references.
    public func memberMobility(of type: Int) -> [MemberMobility] {
        var result: [MemberMobility] = []
        let properties = propertyNames(of: type)
        for location in types[type].decls {
            let decl = decl(location), file = path(location)
            let controls = Self.controlLines(in: decl, ownProperties: properties)
            for function in decl.functions where !decl.properties.contains(where: { $0.name == function.name }) {
                var m = MemberMobility(member: function.name, kind: .function, file: file, line: function.position.line)
                m.exposingAttributes = function.attributes.filter(Self.exposingAttributes.contains)
                m.isOverride = function.isOverride
                m.viewBuildingLines = function.viewBuildingLines + (controls[function.name] ?? []).filter { !function.viewBuildingLines.contains($0) }
                m.frameworkCallback = frameworkCallback(function, in: type)
                result.append(m)
            }
            for property in decl.properties where !property.isStatic {
                var m = MemberMobility(member: property.name, kind: .property, file: file, line: property.position.line)
                m.exposingAttributes = property.attributes.filter(Self.exposingAttributes.contains)
                m.isOverride = property.isOverride
                if let created = property.initializerType, Self.isViewTypeName(created) { m.viewBuildingLines = [property.position.line] }
                result.append(m)
            }
        }
        let protocols = memberOwners(of: type).filter { types[$0].kind == .protocol }
        for i in result.indices {
            result[i].protocolRequirement = protocols.first { p in
                declarations(of: p).contains { entry in
                    entry.decl.kind == .protocol && (entry.decl.functions.contains { $0.name == result[i].member }
                        || entry.decl.properties.contains { $0.name == result[i].member })
                }
            }.map { types[$0].name }
        }
        addReferences(to: &result, of: type)
        let order: (MemberMobility.Site, MemberMobility.Site) -> Bool = { ($0.file, $0.line, $0.column) < ($1.file, $1.line, $1.column) }
        for i in result.indices {
            result[i].callers.sort(by: order); result[i].selectors.sort(by: order); result[i].keyPaths.sort(by: order)
        }
        return result
    }

    /// The mobility of one member by its declared name (`loadFeed(page:)`, `titleLabel`).
    public func mobility(ofMember name: String, inType type: Int) -> MemberMobility? {
        memberMobility(of: type).first { $0.member == name }
    }

    /// Callers, selectors and key paths naming the members, from every file: for each base name,
    /// the places naming it in scan order (declarations in index order; in each, references, then
    /// property accesses, then symbol references). A member only ever receives sites of its own
    /// base name, so its lists come out as a scan over every declaration would build them.
    /// Each type visits only the places whose receiver is that type (`PostingTargets`): a name
    /// such as `viewDidLoad` is resolved once for the project, not once per screen.
    private func addReferences(to members: inout [MemberMobility], of type: Int) {
        var byBase: [String: [Int]] = [:]
        for (i, m) in members.enumerated() { byBase[baseName(m.member), default: []].append(i) }
        let occurrences = self.occurrences, postings = indexMemo.postings(self)
        for (name, targets) in byBase {
            let all = postings.naming(name)
            let scoped = indexMemo.postingTargets(name) { PostingTargets(all, index: self, order: occurrences.order) }
            for n in scoped.positions(for: type) {
                let posting = all[n]
                let (u, location) = occurrences.order[Int(posting.decl)]
                let element = Int(posting.element)
                switch posting.section {
                case .reference: addCaller(to: &members, targets, of: type, reference: element, from: u, location)
                case .access: addAccess(to: &members, targets, of: type, access: element, from: u, location)
                case .symbol: addSymbol(to: &members, targets, of: type, symbol: element, from: u, location)
                }
            }
        }
    }

    /// The project type a reference's receiver is (the declaring type for `load()`/`self.load()`),
    /// nil when it is none or the reference is a `#selector` that also reads as an access.
    func receiverType(ofReference k: Int, from u: Int, _ location: DeclLocation) -> Int? {
        let decl = files[location.file].types[location.decl]
        let reference = decl.references[k]
        // `#selector(Type.member)` also reads as a member access: it is a selector, not a call.
        if decl.symbolReferences.contains(where: { $0.name == reference.name && $0.position.line == reference.position.line }) { return nil }
        if reference.chain.isEmpty || reference.chain == ["self"] { return u }
        if case .project(let t)? = resolveReceiver(chain: reference.chain, headType: reference.headType, in: u) { return t }
        return nil
    }

    /// A call or member access naming one of `targets` (members sharing a base name), whose
    /// receiver is `type`.
    private func addCaller(to members: inout [MemberMobility], _ targets: [Int], of type: Int, reference k: Int,
                           from u: Int, _ location: DeclLocation) {
        let reference = files[location.file].types[location.decl].references[k]
        let site = MemberMobility.Site(file: path(location), line: reference.position.line, column: reference.position.column,
                                       type: types[u].name, member: reference.member)
        // `tab.webView` names the property, not `webView(_:didFinish:)`; a function is named
        // without a call only when no property shares its base name.
        let namesProperty = !reference.isCall && targets.contains { members[$0].kind == .property }
        for i in targets where !(u == type && reference.member == members[i].member) {
            if members[i].kind == .property, reference.isCall { continue }
            if members[i].kind == .function, namesProperty { continue }
            if members[i].kind == .function, reference.fullName != nil, reference.fullName != members[i].member,
               targets.count > 1 { continue }
            members[i].callers.append(site)
        }
    }

    /// Bare reads and writes of the type's own properties (`tableView.reloadData()`), and its
    /// methods used as values (`handler = dismissTray`).
    private func addAccess(to members: inout [MemberMobility], _ targets: [Int], of type: Int, access k: Int,
                           from u: Int, _ location: DeclLocation) {
        guard u == type else { return }
        let access = files[location.file].types[location.decl].propertyAccesses[k]
        if files[location.file].types[location.decl].symbolReferences.contains(where: { $0.name == access.name && $0.position.line == access.position.line }) { return }
        let site = MemberMobility.Site(file: path(location), line: access.position.line, column: access.position.column,
                                       type: types[u].name, member: access.member)
        let kind: MemberMobility.Kind = targets.contains { members[$0].kind == .property } ? .property : .function
        for i in targets where members[i].kind == kind && access.member != members[i].member
            && !members[i].callers.contains(site) {
            members[i].callers.append(site)
        }
    }

    /// `#selector(Type.member)`, `#keyPath(Type.member)`.
    private func addSymbol(to members: inout [MemberMobility], _ targets: [Int], of type: Int, symbol k: Int,
                           from u: Int, _ location: DeclLocation) {
        let symbol = files[location.file].types[location.decl].symbolReferences[k]
        let file = path(location)
        let reaches = symbol.typeName.map { resolve($0, near: file) == type || $0 == types[type].name } ?? (u == type)
        guard reaches else { return }
        let site = MemberMobility.Site(file: file, line: symbol.position.line, column: symbol.position.column,
                                       type: types[u].name, member: symbol.member)
        for i in targets {
            if symbol.kind == .selector { members[i].selectors.append(site) } else { members[i].keyPaths.append(site) }
        }
    }

    static let viewTypeSuffixes = ["View", "Button", "Label", "Field", "Switch", "Slider", "Control", "Bar", "Stepper",
                                   "Picker", "Indicator"]

    static func isViewTypeName(_ name: String) -> Bool {
        KnownTypes.isSystemTypeName(name) && viewTypeSuffixes.contains(where: name.hasSuffix)
    }
}

/// The places naming one member name, by the type their receiver is: a reference by its resolved
/// receiver (`receiverType`), a bare property access by its declaring type; `#selector` and
/// `#keyPath` symbols go to every type (whether one reaches a type is asked per type). Positions
/// index `MemberPostings.naming(name)`, ascending, so each type's scan keeps the scan order.
struct PostingTargets: Sendable {
    private var byType: [Int: [Int]] = [:]
    private var symbols: [Int] = []

    init(_ postings: [MemberPostings.Posting], index: TypeIndex, order: [(type: Int, location: DeclLocation)]) {
        for (n, posting) in postings.enumerated() {
            let (u, location) = order[Int(posting.decl)]
            switch posting.section {
            case .reference:
                if let t = index.receiverType(ofReference: Int(posting.element), from: u, location) { byType[t, default: []].append(n) }
            case .access: byType[u, default: []].append(n)
            case .symbol: symbols.append(n)
            }
        }
    }

    func positions(for type: Int) -> [Int] {
        let own = byType[type] ?? []
        if symbols.isEmpty { return own }
        if own.isEmpty { return symbols }
        return (own + symbols).sorted()
    }
}

/// Member mobility by type, computed once per type for one plan: each computation scans every
/// reference to the type's members, and a screen's tasks, contract and line split all ask for it.
/// Screens are planned on several threads: a lock guards the table, and two threads asking for
/// the same type at once both compute the same value.
final class MobilityMemo: @unchecked Sendable {
    let index: TypeIndex
    private let lock = NSLock()
    private var byType: [Int: [String: MemberMobility]] = [:]

    init(index: TypeIndex) { self.index = index }

    func of(_ type: Int) -> [String: MemberMobility] {
        lock.lock()
        let known = byType[type]
        lock.unlock()
        if let known { return known }
        let computed = Dictionary(index.memberMobility(of: type).map { ($0.member, $0) }, uniquingKeysWith: { a, _ in a })
        lock.lock(); byType[type] = computed; lock.unlock()
        return computed
    }
}

extension TypeIndex {
    /// Calls only UIKit controls answer (a responder, a table's scrolling, a button's title): a
    /// member making one on a control it is handed or makes itself (`row.textField?.becomeFirstResponder()`)
    /// works controls the view does not own as properties, so it can never move whole into a
    /// Presenter or an Interactor that does not import UIKit. On the screen's own outlets the same
    /// calls are the display code an output takes over.
    static let controlCalls: Set<String> = [
        "becomeFirstResponder", "resignFirstResponder", "endEditing", "scrollToRow", "scrollToItem", "scrollRectToVisible",
        "setContentOffset", "sendActions", "setTitleColor", "setAttributedTitle", "setBackgroundImage", "sizeToFit",
        "startAnimating", "stopAnimating", "cellForRow", "cellForItem", "selectRow", "deselectRow"]
    static let controlCallNames: Set<String> = ["setTitle(_:for:)", "setImage(_:for:)", "setEnabled(_:animated:)", "setOn(_:animated:)", "setDate(_:animated:)"]
    /// Wiring a control to the screen's own actions, on any control: the member is view set-up.
    static let wiringCalls: Set<String> = ["addTarget", "removeTarget", "addGestureRecognizer", "removeGestureRecognizer", "addInteraction"]

    /// The lines of each member of one declaration that wire controls to actions, or work controls
    /// that are not the screen's own properties (`ownProperties`) or UIKit's containers around it.
    static func controlLines(in decl: TypeDeclFacts, ownProperties: Set<String>) -> [String: [Int]] {
        var lines: [String: [Int]] = [:]
        for ref in decl.references where ref.isCall && !ref.inDebugBlock {
            guard let member = ref.member else { continue }
            let chain = ref.chain.first == "self" ? Array(ref.chain.dropFirst()) : ref.chain
            let handed = chain.first.map { !ownProperties.contains($0) && !ScreenSplit.viewRoots.contains($0) } ?? false
            guard wiringCalls.contains(ref.name)
                    || handed && (controlCalls.contains(ref.name) || ref.fullName.map(controlCallNames.contains) == true) else { continue }
            if lines[member]?.last != ref.position.line { lines[member, default: []].append(ref.position.line) }
        }
        return lines
    }

    /// Names of the type's stored and computed properties across its declarations.
    func propertyNames(of type: Int) -> Set<String> {
        Set(declarations(of: type).flatMap { $0.decl.properties.map(\.name) })
    }
}
