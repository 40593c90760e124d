/// Project types that are pieces of UIKit themselves: views, cells and screens, their delegates
/// and data sources, and the row, item and section models that hold views, images or cells
/// (`StaticTableViewRow: NSObject, UITextFieldDelegate`, `OptionItem` with a cell's content). A
/// line that makes or changes one is view code: it stays in the view, which builds it from the
/// plain values a Presenter hands it.
extension TypeIndex {
    /// Whether `name`, as written near `path`, names a UI framework type or a project type bound to one.
    func isUIBound(_ name: String, near path: String? = nil) -> Bool {
        if KnownTypes.isUIFrameworkTypeName(name) { return true }
        if KnownTypes.isSystemTypeName(name) { return false }
        guard let t = resolve(name, near: path) else { return false }
        return indexMemo.uiBound(t) { isUIBound(type: t, depth: 1) }
    }

    /// Its superclasses, conformances or role make it UIKit; with `depth` left, so do its stored
    /// properties' types (a row model holding a cell's content).
    private func isUIBound(type t: Int, depth: Int) -> Bool {
        let type = types[t]
        if type.isViewController || type.role == .view { return true }
        if type.superclassChain.contains(where: KnownTypes.isUIFrameworkTypeName) || type.inheritance.contains(where: KnownTypes.isUIFrameworkTypeName) {
            return true
        }
        guard depth > 0, type.kind == .class || type.kind == .struct else { return false }
        for (path, decl) in declarations(of: t) {
            for p in decl.properties where !p.isStatic && !p.isComputed {
                for component in p.typeComponents {
                    // `UniversalItemListCell.Content`: a type nested in a cell is the cell's.
                    let outer = component.split(separator: ".").first.map(String.init) ?? component
                    if KnownTypes.isUIFrameworkTypeName(outer) { return true }
                    if KnownTypes.isSystemTypeName(outer) { continue }
                    if let u = resolve(outer, near: path), u != t, isUIBound(type: u, depth: depth - 1) { return true }
                }
            }
        }
        return false
    }
}
