/// What the types a member takes and returns say about it: a member that takes or returns views is
/// the view's own API, never a use case.
extension UseCaseNamer {
    /// `UITableViewCell`, `NSDiffableDataSourceSnapshot<…>`, `CGRect`: a type only a view uses.
    static func isViewType(_ type: String) -> Bool {
        let head = String(type.drop { !$0.isLetter }.prefix { $0.isLetter || $0.isNumber })
        let prefixes = ["UI", "CA", "CG", "NSDiffable", "NSCollectionLayout", "NSLayout", "NSView", "NSWindow", "NSTable", "NSOutline", "NSMenu", "NSImage", "NSColor", "NSFont"]
        return prefixes.contains { head.hasPrefix($0) && head.count > $0.count && head[head.index(head.startIndex, offsetBy: $0.count)].isUppercase }
            || ["NSAttributedString", "NSMutableAttributedString", "IndexPath"].contains(head)
    }

    static func touchesViews(_ fn: FunctionFact) -> Bool {
        (fn.parameterTypes + [fn.returnType ?? ""]).contains(where: isViewType)
    }

    /// `Account` → "Account"; `Set<Feed>` → "Set"; the name a lone verb takes as its object.
    static func typeNoun(_ type: String) -> String {
        String(type.drop { !$0.isLetter }.prefix { $0.isLetter || $0.isNumber })
    }
}
