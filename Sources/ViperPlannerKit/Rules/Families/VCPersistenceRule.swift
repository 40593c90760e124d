struct VCPersistenceRule: Rule {
    static let description = RuleDescription(
        id: "vc-persistence", name: "View controller reads or writes stored data", family: .persistence, severity: .high,
        problem: "The view controller reads and writes stored data itself (UserDefaults, Keychain, Core Data, Realm, files, SQLite or a project storage wrapper). Its behaviour depends on what is on the device, tests need a real store, and storage details leak into UI code.",
        fix: "Put the storage behind a Repository/Store protocol injected into the module's Interactor.",
        triggering: [
            Example("""
            class SettingsViewController: UIViewController {
                func save() {
                    ↓UserDefaults.standard.set(true, forKey: "seen")
                    ↓SecItemAdd(query as CFDictionary, nil)
                    try? FileManager.default.↓removeItem(at: cacheURL)
                    try? data.↓write(to: fileURL)
                }
            }
            """),
            Example("""
            class OrdersViewController: UITableViewController {
                func load() {
                    let request = ↓NSFetchRequest<Order>(entityName: "Order")
                    let orders = try? context.↓fetch(request)
                    let realm = try! ↓Realm()
                    try? realm.↓write { realm.↓add(order) }
                }
            }
            """),
            // `AppSettings` is storage because its code wraps UserDefaults (decided by what it does, not its name).
            Example("""
            class LoginViewController: UIViewController {
                func didLogin(token: String) { AppSettings.shared.↓authToken = token }
            }
            """, support: ["AppSettings.swift": """
            final class AppSettings {
                static let shared = AppSettings()
                var authToken: String? {
                    get { UserDefaults.standard.string(forKey: "token") }
                    set { UserDefaults.standard.set(newValue, forKey: "token") }
                }
            }
            """]),
        ],
        nonTriggering: [
            // A name that looks like storage but does none.
            Example("""
            class LoginViewController: UIViewController {
                func didLogin() { AppUserDefaults.shared.reset() }
            }
            """, support: ["AppUserDefaults.swift": """
            final class AppUserDefaults { static let shared = AppUserDefaults(); func reset() { print("noop") } }
            """]),
            Example("""
            class LoginViewController: UIViewController {
                func didLogin() { interactor.saveSession() }
                var defaultsKey: String { "token" }
            }
            """),
        ])

    func findings(in context: RuleContext) -> [Finding] {
        FamilyFindings.make(.persistence, rule: Self.description, context: context) { prefix, member, _ in
            "Move the storage access of \(FamilyFindings.memberText(member)) into a `\(prefix)Repository` protocol (a UserDefaults/Core Data/Keychain implementation behind it) injected into `\(prefix)Interactor`."
        }
    }
}
