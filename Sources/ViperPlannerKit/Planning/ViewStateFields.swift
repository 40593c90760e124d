import Foundation

/// The fields of a view state: what the screen shows, named for it and typed for the presenter
/// (`titleLabel.text = …` → `titleText: String`, `saveButton.isEnabled = …` → `isSaveEnabled:
/// Bool`), never the controls themselves nor the model objects the presenter keeps as its state.
struct ViewStateField: Equatable {
    var name: String
    /// The Swift type the presenter hands over; nil when the code does not say.
    var type: String?
    /// What the view sets from it today (`titleLabel.text`), or what it stands for.
    var source: String

    var rendered: String { "`\(name)\(type.map { ": \($0)" } ?? "")` (\(source))" }

    /// A control's property that shows data: the field's name part and type. Set-up (`delegate`,
    /// `target`, `accessibilityIdentifier`, `autocapitalizationType`) and styling are no field.
    static let shown: [String: (part: String, prefixIs: Bool, type: String?)] = [
        "text": ("Text", false, "String"), "attributedText": ("Text", false, "String"), "title": ("Title", false, "String"),
        "footerTitle": ("FooterTitle", false, "String"), "headerTitle": ("HeaderTitle", false, "String"),
        "placeholder": ("Placeholder", false, "String"), "message": ("Message", false, "String"), "badgeValue": ("Badge", false, "String?"),
        "value": ("Value", false, nil), "image": ("ImageName", false, "String?"), "alpha": ("Alpha", false, "Double"),
        "progress": ("Progress", false, "Float"), "isHidden": ("Hidden", true, "Bool"), "hidden": ("Hidden", true, "Bool"),
        "isEnabled": ("Enabled", true, "Bool"), "enabled": ("Enabled", true, "Bool"), "isSelected": ("Selected", true, "Bool"),
        "isOn": ("On", true, "Bool"), "isEditing": ("Editing", true, "Bool")]

    /// `titleLabel` → `title`, `saveBarButtonItem` → `save`; a name that is only its kind stays.
    static func base(of control: String) -> String {
        let kinds = ["BarButtonItem", "ButtonItem", "Button", "Label", "TextField", "TextView", "ImageView", "View", "Row", "Section",
                     "Switch", "Cell", "Item", "Bar", "Field", "Control", "Indicator", "Slider", "Stepper", "Picker"]
        for kind in kinds where control.hasSuffix(kind) && control.count > kind.count { return String(control.dropLast(kind.count)) }
        return control
    }

    /// The field for `control.property = …` (or `control.setTitle(…)`), nil for a property that shows no data.
    static func of(control: String, property: String) -> ViewStateField? {
        guard let shown = shown[property] else { return nil }
        let base = base(of: control)
        let name = shown.prefixIs ? "is" + upperFirst(base) + shown.part : base + shown.part
        return ViewStateField(name: name, type: shown.type, source: "`\(control).\(property)`")
    }
}

extension ModulePlanner {
    /// What the members set on the screen today, in source order, as view-state fields: a control's
    /// property that shows data (`primaryButton.isEnabled`, `titleLabel.text`), the list the screen
    /// shows rows from (`coupons`), editing on or off, and, for a table or collection screen whose
    /// rows these members work out, its sections and rows.
    /// A control made or wired (`nameRow = …`, `searchBar.delegate = …`), a model object the
    /// presenter keeps as its state (`bookmark`, `mode`), a backing store or machinery (a
    /// formatter, a task handle, a data source) is no field.
    static func viewStateFields(_ members: [String], of t: Int, index: TypeIndex, assembly: Bool = false) -> [ViewStateField] {
        var own: [String: PropertyFact] = [:]
        for (_, decl) in index.declarations(of: t) { for p in decl.properties where own[p.name] == nil { own[p.name] = p } }
        let near = index.path(index.types[t].decls[0])
        func isView(_ p: PropertyFact) -> Bool {
            guard !p.isIBOutlet, let type = p.typeName ?? p.initializerType else { return true }
            return index.isUIBound(type, near: near)
        }
        var fields: [(SourcePosition, ViewStateField)] = []
        // The data source's own callbacks and the members they reach (calls, computed properties
        // read), two steps deep: what works out the rows.
        let declarations = index.declarations(of: t).map(\.decl)
        let names = declarations.flatMap(\.functions).map(\.name) + declarations.flatMap(\.properties).filter(\.isComputed).map(\.name)
        var rowWork = Set(names.filter { $0.hasPrefix("tableView(_:") || $0.hasPrefix("collectionView(_:") || $0.hasPrefix("numberOfSections(in:") })
        for _ in 0..<2 {
            let reached = declarations.flatMap { decl in
                decl.references.filter { ($0.chain.isEmpty || $0.chain == ["self"]) && rowWork.contains($0.member ?? "") }
                    .compactMap { ref in ref.isCall ? UseCaseNamer.declaredName(ref, in: names) : names.first { $0 == ref.name } }
                    + decl.propertyAccesses.filter { rowWork.contains($0.member ?? "") }.map(\.name).filter(names.contains)
            }
            rowWork.formUnion(reached)
        }
        for (_, decl) in index.declarations(of: t) {
            for ref in decl.references where members.contains(ref.member ?? "") && !ref.inDebugBlock {
                let chain = ref.chain.first == "self" ? Array(ref.chain.dropFirst()) : ref.chain
                if ref.isAssignment, chain.count == 1, let p = own[chain[0]], isView(p), let field = ViewStateField.of(control: chain[0], property: ref.name) {
                    fields.append((ref.position, field))
                } else if ref.isCall, ref.name == "setTitle", chain.count == 1, let p = own[chain[0]], isView(p) {
                    fields.append((ref.position, ViewStateField(name: ViewStateField.base(of: chain[0]) + "Title", type: "String", source: "`\(chain[0]).setTitle(_:for:)`")))
                } else if ref.isCall, ref.name == "setEditing" || ref.isAssignment && ref.name == "isEditing" {
                    fields.append((ref.position, ViewStateField(name: "isEditing", type: "Bool", source: "`setEditing(_:animated:)`")))
                }
            }
            for access in decl.propertyAccesses where access.isWrite && members.contains(access.member ?? "") {
                guard let p = own[access.name], !access.name.hasPrefix("_"), !ScreenStateOwner.isMachinery(p), !isView(p) else { continue }
                // A list of controls (`[UIButton]`) is the view's own, no rows it shows.
                let type = p.typeName ?? p.initializerType ?? ""
                let element = type.trimmingCharacters(in: CharacterSet(charactersIn: "[]?!"))
                guard type.hasPrefix("["), !UseCaseNamer.isViewType(element), !index.isUIBound(element, near: near) else { continue }
                fields.append((access.position, ViewStateField(name: access.name, type: nil, source: "the rows it lists")))
            }
        }
        var result: [ViewStateField] = []
        for (_, field) in fields.sorted(by: { $0.0 < $1.0 }) where !result.contains(where: { $0.name == field.name }) { result.append(field) }
        let dataSource = rowWork.contains { $0.hasPrefix("tableView(_:numberOfRowsInSection:") || $0.hasPrefix("collectionView(_:numberOfItemsInSection:") }
        if assembly, dataSource, members.contains(where: rowWork.contains), !result.contains(where: { $0.source == "the rows it lists" }) {
            result.insert(ViewStateField(name: "sections", type: nil, source: "the sections and rows the list shows, which its data source methods read today"), at: 0)
        }
        return result
    }
}
