/// Navigation a screen does by handing itself to another type (`WPAuthHandler.presentWordPressSSO(from:
/// self)`, `controller.presentPasswordReset(from: self, …)`, `IssuesCardViewController.present(on:
/// self, …)`) or by opening a URL (`UIApplication.shared.open(url)`): routes the navigation rules do
/// not see, since no view controller is made or presented in the screen's own code.
struct HandOffRoute: Equatable {
    /// `showPasswordReset(username:)`, `openURL(_:)`.
    var route: String
    /// `controller.presentPasswordReset`.
    var call: String
    var member: String
    /// `SPAuthViewController.swift:536`.
    var site: String
    /// Every place the screen makes the call, the first one included.
    var sites: [String] = []
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
                // The route takes what the call takes today but the screen itself (`present(on: self,
                // issue:completion:)` → `showIssuesCard(issue:completion:)`).
                var labels = decl.references.first { $0.isCall && $0.name == callee && $0.position.line == handOff.position.line }?
                    .fullName.map(WrapperAnalysis.labels) ?? []
                if let i = labels.firstIndex(of: handOff.label ?? "_") { labels.remove(at: i) }
                let stem = "show\(object.prefix(1).uppercased() + object.dropFirst())"
                let site = "`\(shortPath(path)):\(handOff.position.line)`"
                if let i = found.firstIndex(where: { baseName($0.route) == stem }) {
                    if !found[i].sites.contains(site) { found[i].sites.append(site) }
                    continue
                }
                found.append(HandOffRoute(route: "\(stem)(\(labels.map { "\($0):" }.joined()))", call: "`\(handOff.chain.joined(separator: ".")).\(callee)`", member: member,
                                          site: site, sites: [site], holder: own.contains(head) ? head : nil))
            }
            for ref in decl.references where ref.isCall && ref.name == "open" && ref.chain == ["UIApplication", "shared"] && !ref.inDebugBlock {
                guard let member = ref.member else { continue }
                let site = "`\(shortPath(path)):\(ref.position.line)`"
                if let i = found.firstIndex(where: \.opensURL) {
                    if !found[i].sites.contains(site) { found[i].sites.append(site) }
                    continue
                }
                found.append(HandOffRoute(route: "openURL(_:)", call: "`UIApplication.shared.open`", member: member, site: site, sites: [site], holder: nil))
            }
        }
        return found
    }
}
