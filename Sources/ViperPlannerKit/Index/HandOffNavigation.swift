/// Navigation a screen does by handing itself to another type (`WPAuthHandler.presentWordPressSSO(from:
/// self)`, `controller.presentPasswordReset(from: self, …)`, `IssuesCardViewController.present(on:
/// self, …)`) or by opening a URL (`UIApplication.shared.open(url)`): routes the navigation rules do
/// not see, since no view controller is made or presented in the screen's own code.
struct HandOffRoute: Equatable {
    /// `showPasswordReset()`, `openURL(_:)`.
    var route: String
    /// `controller.presentPasswordReset`.
    var call: String
    var member: String
    /// `SPAuthViewController.swift:536`.
    var site: String
    /// The screen's own property the call goes through (`controller`): the router gets it from the builder.
    var holder: String?

    var opensURL: Bool { route == "openURL(_:)" }
}

extension TypeIndex {
    func handOffNavigation(of type: Int) -> [HandOffRoute] {
        var found: [HandOffRoute] = []
        let verbs = ["present", "show", "push", "open"]
        // A HUD, a toast or a spinner shown over the screen is the view's own, never a route.
        let overlays = ["HUD", "Hud", "Toast", "Spinner", "Progress", "Loading", "Activity", "Banner", "Snack", "Alert", "Notice"]
        // The screen's properties, whichever of its declarations (an extension) holds them.
        let own = Set(declarations(of: type).flatMap(\.decl.properties).map(\.name))
        for (path, decl) in declarations(of: type) {
            for handOff in decl.selfHandOffs {
                guard let member = handOff.member, let callee = handOff.callee, let head = handOff.chain.first, head != "self",
                      !Self.appDelegateHolders.contains(head), handOff.chain.last?.lowercased().hasSuffix("delegate") != true,
                      let verb = verbs.first(where: { callee == $0 || ViperPlannerKit.startsWithWord(callee, $0) }),
                      !(handOff.chain + [callee]).contains(where: { part in overlays.contains { part.contains($0) } }),
                      own.contains(head) || isTypeLikeName(head) else { continue }
                var object = callee.count > verb.count ? String(callee.dropFirst(verb.count)) : head
                for suffix in ["ViewController", "Controller"] where object.hasSuffix(suffix) && object.count > suffix.count { object = String(object.dropLast(suffix.count)) }
                let route = "show\(object.prefix(1).uppercased() + object.dropFirst())()"
                guard !found.contains(where: { $0.route == route }) else { continue }
                found.append(HandOffRoute(route: route, call: "`\(handOff.chain.joined(separator: ".")).\(callee)`", member: member,
                                          site: "`\(shortPath(path)):\(handOff.position.line)`", holder: own.contains(head) ? head : nil))
            }
            for ref in decl.references where ref.isCall && ref.name == "open" && ref.chain == ["UIApplication", "shared"] && !ref.inDebugBlock {
                guard let member = ref.member, !found.contains(where: { $0.route == "openURL(_:)" }) else { continue }
                found.append(HandOffRoute(route: "openURL(_:)", call: "`UIApplication.shared.open`", member: member,
                                          site: "`\(shortPath(path)):\(ref.position.line)`", holder: nil))
            }
        }
        return found
    }
}
