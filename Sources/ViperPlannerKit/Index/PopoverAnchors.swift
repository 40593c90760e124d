/// What UIKit needs from the source screen to present a popover: on iPad an action sheet, a share
/// sheet or any `.popover` presentation without `barButtonItem` or `sourceView` raises an exception.
/// A route that moves such a presentation into a Router carries the anchor the view sets today.
public struct PopoverNeeds: Sendable, Hashable {
    /// The anchor properties the members set (`barButtonItem`, `sourceView`, `sourceRect`), in order.
    public var anchors: [String] = []
    /// What a `sourceView` is taken from, when the members take a cell (`cellForItem(at:)`).
    public var sources: [String] = []
    /// Members that present an action sheet and set its anchor.
    public var sheets: [String] = []
    /// Members that present an action sheet and set no anchor at all: the route must take one.
    public var bareSheets: [String] = []

    public var isEmpty: Bool { anchors.isEmpty && bareSheets.isEmpty }

    static func merged(_ all: [PopoverNeeds]) -> PopoverNeeds {
        PopoverNeeds(anchors: uniqued(all.flatMap(\.anchors)), sources: uniqued(all.flatMap(\.sources)),
                     sheets: uniqued(all.flatMap(\.sheets)), bareSheets: uniqued(all.flatMap(\.bareSheets)))
    }
}

extension TypeIndex {
    static let anchorProperties: Set<String> = ["barButtonItem", "sourceView", "sourceRect", "sourceItem", "permittedArrowDirections"]
    /// Calls that hand out a cell or supplementary view the anchor is taken from.
    static let anchorSourceCalls: Set<String> = ["cellForRow", "cellForItem", "supplementaryView", "headerView", "footerView"]

    /// The popover anchor properties the members set (`barButtonItem`, `sourceView`, `sourceRect`),
    /// in the order written; empty when the members set none. Set through the controller
    /// (`sheet.popoverPresentationController?.sourceView`) or a local bound to its popover
    /// (`if let popover = sheet.popoverPresentationController { popover.sourceView = cell }`).
    func popoverAnchors(of type: Int, in members: Set<String>) -> [String] {
        var found: [String] = []
        for (_, decl) in declarations(of: type) {
            for ref in decl.references where ref.member.map(members.contains) == true && Self.anchorProperties.contains(ref.name)
                && (ref.chain.contains { $0.hasPrefix("popoverPresentationController") } || ref.headType?.contains("popoverPresentationController") == true) {
                if !found.contains(ref.name) { found.append(ref.name) }
            }
        }
        return found
    }

    /// Anchors, their cell sources and the action sheets of the members, for a route and its task.
    func popoverNeeds(of type: Int, in members: Set<String>) -> PopoverNeeds {
        var needs = PopoverNeeds(anchors: popoverAnchors(of: type, in: members))
        let decls = declarations(of: type).map(\.decl)
        for member in members.sorted() {
            let own = decls.flatMap { $0.references.filter { $0.member == member } }
            if needs.anchors.contains("sourceView") {
                needs.sources += own.filter { $0.isCall && Self.anchorSourceCalls.contains($0.name) }.map { $0.fullName ?? $0.name + "()" }
            }
            guard decls.contains(where: { $0.usages.contains { $0.member == member && $0.api == "present(actionSheet)" } }) else { continue }
            if popoverAnchors(of: type, in: [member]).isEmpty { needs.bareSheets.append(member) } else { needs.sheets.append(member) }
        }
        needs.sources = uniqued(needs.sources)
        return needs
    }

    /// The members that navigate to `destination` (their navigation sites name it).
    func members(of type: Int, navigatingTo destination: String) -> Set<String> {
        Set(declarations(of: type).flatMap { $0.decl.usages.filter { $0.family == .navigation && $0.destination == destination }.compactMap(\.member) })
    }
}

/// The words a route and its task add: the anchor the route carries, then the action sheets that
/// set none today. Empty when the members present no popover.
func popoverNotes(_ needs: PopoverNeeds) -> (keep: String?, pass: String?) {
    var keep: String?
    if !needs.anchors.isEmpty {
        let list = needs.anchors.map { "`\($0)`" }.joined(separator: ", ") + (needs.sources.isEmpty ? "" : ", from " + needs.sources.map { "`\($0)`" }.joined(separator: ", "))
        if needs.sheets.isEmpty {
            keep = "it carries the popover anchor the view sets today (\(list)) as a parameter, and the router sets it on the presented controller's `popoverPresentationController`: without it the presentation raises an exception on iPad"
        } else {
            let one = needs.sheets.count == 1
            keep = "the action sheet\(one ? "" : "s") " + TaskGrouping.list(needs.sheets.map { "`\($0)`" }) + (one ? " presents moves" : " present move")
                + " with the route, which carries the popover anchor the view sets on \(one ? "it" : "them") today (\(list)) as a parameter and sets it on the sheet's `popoverPresentationController`: without it the action sheet raises an exception on iPad"
        }
    }
    var pass: String?
    if !needs.bareSheets.isEmpty {
        let one = needs.bareSheets.count == 1
        pass = "the action sheet\(one ? "" : "s") " + TaskGrouping.list(needs.bareSheets.map { "`\($0)`" }) + (one ? " presents sets" : " present set")
            + " no popover anchor today; \(one ? "its route takes one" : "their routes take one each") (the control or cell the user tapped) as a parameter and sets it on the sheet's `popoverPresentationController`, or the action sheet raises an exception on iPad"
    }
    return (keep, pass)
}

extension TypeIndex {
    /// Properties that say how a screen is presented, set on it before `present`.
    static let presentationStyles = ["modalPresentationStyle", "modalTransitionStyle", "preferredContentSize", "isModalInPresentation", "transitioningDelegate"]

    /// How the members wrap and style what they present (an `SPNavigationController`,
    /// `modalPresentationStyle`): what a route that builds the destination must keep, or the screen
    /// shows without its navigation bar and close button, full screen instead of a sheet. Nil when
    /// they do neither.
    func presentationWrapping(of type: Int, in members: Set<String>) -> String? {
        var containers: [String] = [], styles: [String] = []
        for (_, decl) in declarations(of: type) {
            // A navigation controller the member makes (`SPNavigationController(rootViewController: vc)`) holds what it presents.
            for fn in decl.functions where members.contains(fn.name) {
                for mention in fn.typeMentions where mention.name.hasSuffix("NavigationController") && !containers.contains(mention.name) { containers.append(mention.name) }
            }
            for ref in decl.references where ref.member.map(members.contains) == true {
                if ref.isAssignment, Self.presentationStyles.contains(ref.name), !styles.contains(ref.name) { styles.append(ref.name) }
            }
        }
        guard !containers.isEmpty || !styles.isEmpty else { return nil }
        let wrap = containers.isEmpty ? nil : "wraps it in \(TaskGrouping.list(containers.map { "`\($0)`" }))"
        let style = styles.isEmpty ? nil : "sets \(TaskGrouping.list(styles.map { "`\($0)`" })) on what it presents"
        return "it " + [wrap, style].compactMap { $0 }.joined(separator: " and ") + ", as the view does today: without "
            + (containers.isEmpty ? "that" : "the container") + " the screen shows " + (containers.isEmpty ? "in another style" : "with no navigation bar (no title, no close button)")
    }
}
