/// What UIKit needs from the source screen to present a popover: on iPad an action sheet, a share
/// sheet or any `.popover` presentation without `barButtonItem` or `sourceView` raises an exception.
/// A route that moves such a presentation into a Router carries the anchor the view sets today.
extension TypeIndex {
    static let anchorProperties: Set<String> = ["barButtonItem", "sourceView", "sourceRect", "sourceItem", "permittedArrowDirections"]

    /// The popover anchor properties the members set (`barButtonItem`, `sourceView`, `sourceRect`),
    /// in the order written; empty when the members set none.
    func popoverAnchors(of type: Int, in members: Set<String>) -> [String] {
        var found: [String] = []
        for (_, decl) in declarations(of: type) {
            for ref in decl.references where ref.member.map(members.contains) == true
                && Self.anchorProperties.contains(ref.name) && ref.chain.contains(where: { $0.hasPrefix("popoverPresentationController") }) {
                if !found.contains(ref.name) { found.append(ref.name) }
            }
        }
        return found
    }

    /// The members that navigate to `destination` (their navigation sites name it).
    func members(of type: Int, navigatingTo destination: String) -> Set<String> {
        Set(declarations(of: type).flatMap { $0.decl.usages.filter { $0.family == .navigation && $0.destination == destination }.compactMap(\.member) })
    }
}

/// "carries the popover anchor (`barButtonItem`) …": the words a route and its task add.
func anchorNote(_ anchors: [String]) -> String {
    "it carries the popover anchor the view sets today (" + anchors.map { "`\($0)`" }.joined(separator: ", ")
        + ") as a parameter, and the router sets it on the presented controller's `popoverPresentationController`: without it the presentation raises an exception on iPad"
}
