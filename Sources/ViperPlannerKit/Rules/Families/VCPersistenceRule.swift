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
                    try? realm.↓write {
                        realm.↓add(order)
                    }
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
            // Storage reached through the wrapper's own computed property, and through a property wrapper.
            Example("""
            class DebugViewController: UIViewController {
                let store = LocalSettings()
                func toggle() {
                    store.↓debugEnabled.toggle()
                    store.↓onboardingSeen = true
                }
            }
            """, support: ["LocalSettings.swift": """
            @propertyWrapper struct Stored<T> {
                let key: String
                var wrappedValue: T? {
                    get { UserDefaults.standard.object(forKey: key) as? T }
                    set { UserDefaults.standard.set(newValue, forKey: key) }
                }
            }
            final class LocalSettings {
                private var defaults: UserDefaults? { UserDefaults(suiteName: "group") }
                var debugEnabled: Bool {
                    get { defaults?.bool(forKey: "debug") ?? false }
                    set { defaults?.set(newValue, forKey: "debug") }
                }
                @Stored(key: "onboarding") var onboardingSeen: Bool?
            }
            """]),
            // Settings grouped in nested types: `SettingsCatalog.General.showToolbar.value`.
            Example("""
            class ToolbarViewController: UIViewController {
                func apply() { let show = SettingsCatalog.General.showToolbar.↓value; print(show) }
            }
            """, support: ["SettingsCatalog.swift": """
            final class Entry<T> {
                let key: String
                init(key: String) { self.key = key }
                var value: T? { UserDefaults.standard.object(forKey: key) as? T }
            }
            enum SettingsCatalog {
                enum General { static let showToolbar = Entry<Bool>(key: "general.showToolbar") }
            }
            """]),
            // A facade is judged member by member: `restore()` reaches storage through another type,
            // however many other members the manager has.
            Example("""
            class TrayViewController: UIViewController {
                let tabs = TabCollection()
                func select(_ i: Int) { tabs.↓restore() }
            }
            final class ReferralStore { func saveCookies() { UserDefaults.standard.set(true, forKey: "cookies") } }
            """, support: ["TabCollection.swift": "final class TabCollection {\n    let referral = ReferralStore()\n"
                + "    func restore() { referral.saveCookies() }\n"
                + (0..<160).map { "    func layoutTab\($0)() { print(\($0)) }\n" }.joined() + "}\n"]),
            // Stored handles: a defaults instance kept in a property, an enum with a static store,
            // and a property whose observer writes defaults when assigned.
            Example("""
            class OnboardingViewController: UIViewController {
                private let defaults = ↓UserDefaults.standard
                func finish() {
                    defaults.↓set(true, forKey: "onboarded")
                    GroupPrefs.↓lastTab = 2
                    ThemeStore.shared.↓theme = "dark"
                }
            }
            """, support: ["Prefs.swift": """
            enum GroupPrefs {
                private static let store = UserDefaults(suiteName: "group")!
                static var lastTab: Int {
                    get { store.integer(forKey: "lastTab") }
                    set { store.set(newValue, forKey: "lastTab") }
                }
            }
            final class ThemeStore {
                static let shared = ThemeStore()
                var theme = "light" { didSet { UserDefaults.standard.set(theme, forKey: "theme") } }
            }
            """]),
            // A type name is resolved in its declaration's scope: `Option` inside `SettingsCatalog` is
            // `SettingsCatalog.Option`, not another module's `Option`.
            Example("""
            class PrivacyViewController: UIViewController {
                func reset() { SettingsCatalog.Privacy.blockAds.↓value = true }
            }
            """, support: ["SettingsCatalog.swift": """
            final class SettingsCatalog {
                final class Entry<Value> {
                    let container = UserDefaults.standard
                    let key: String
                    var value: Value { didSet { container.set(value, forKey: key) } }
                }
            }
            extension SettingsCatalog {
                final class Privacy { static let blockAds = Entry<Bool>(key: "privacy.ads", value: false) }
            }
            """, "Exchange/SwapView.swift": """
            struct SwapView { struct Option { var value = 0 } }
            """]),
            // The URL decides: a document the user picked is a file read.
            Example("""
            class ImportViewController: UIViewController {
                func documentPicker(_ controller: UIDocumentPickerViewController, didPickDocumentsAt urls: [URL]) {
                    let data = try? ↓Data(contentsOf: urls[0])
                }
            }
            """),
            // A repository reads its store through its generic base's property (`T.init()` in
            // `BaseRepository<T>`, `T` given by the subclass); the store queries a Realm model.
            Example("""
            class AvatarScreenViewController: UIViewController {
                private let userRepository = UserStoreRepository()
                override func viewDidLoad() {
                    super.viewDidLoad()
                    userRepository.↓getUser().start()
                }
            }
            """, support: ["Stores.swift": """
            import RealmSwift
            class BaseRepository<T: BaseLocalStore>: NSObject {
                let localRepository = T.init()
            }
            class UserStoreRepository: BaseRepository<UserLocalStore> {
                func getUser() -> SignalProducer<Int, Never> { localRepository.getUser("me") }
            }
            public class BaseLocalStore { required public init() {} }
            public class UserLocalStore: BaseLocalStore {
                public func getUser(_ id: String) -> SignalProducer<Int, Never> {
                    RealmUserRecord.findBy(query: "id == '\\(id)'").reactive().map { _ in 1 }
                }
            }
            class RealmUserRecord: Object { @objc dynamic var id = "" }
            """]),
            // A local named like the own method whose result it holds (`let tab = tab(for:)`).
            Example("""
            class BrowserViewController: UIViewController {
                private func tab(for id: Int) -> Tab? { nil }
                func decide(id: Int) {
                    let tab = tab(for: id)
                    let domain = tab?.pageData?.↓domain(persistent: true)
                    print(domain as Any)
                }
            }
            """, support: ["Tab.swift": """
            final class Tab { var pageData: PageData? }
            final class PageData {
                func domain(persistent: Bool) -> String? { UserDefaults.standard.string(forKey: "domain") }
            }
            """]),
        ],
        nonTriggering: [
            // A helper that returns a cache folder's URL, creating the folder on first use, or
            // checks that a file is there, stores and reads no data.
            Example("""
            class LibraryViewController: UIViewController {
                func artwork(for id: String) -> URL { ArtworkLocator.url(for: id) }
            }
            """, support: ["ArtworkLocator.swift": """
            enum ArtworkLocator {
                static func url(for id: String) -> URL { FolderLocator.processedFolderURL().appendingPathComponent(id) }
            }
            enum FolderLocator {
                static func processedFolderURL() -> URL {
                    let url = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0].appendingPathComponent("Processed")
                    if !FileManager.default.fileExists(atPath: url.path) {
                        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
                    }
                    return url
                }
            }
            """]),
            // A request that caches its answer or reads the language header on the way: storage
            // inside a networking call is the service's job, not the screen's second one.
            Example("""
            class RewardsViewController: UIViewController {
                let repository = RewardsRepository()
                func refresh() { repository.retrieveRewards() }
            }
            """, support: ["RewardsRepository.swift": """
            final class RewardsRepository {
                let cache = RewardsCache()
                func retrieveRewards() {
                    let language = LanguageStore().current()
                    URLSession.shared.dataTask(with: URL(string: "https://x/rewards?lang=\\(language)")!) { data, _, _ in
                        self.cache.save(data)
                    }.resume()
                }
            }
            final class LanguageStore { func current() -> String { UserDefaults.standard.string(forKey: "lang") ?? "en" } }
            final class RewardsCache { func save(_ data: Data?) { UserDefaults.standard.set(data, forKey: "rewards") } }
            """]),
            // Reading a stored property runs none of its observers; a sound player reading a bundled
            // file, a logger appending to a file and a data source assigned to a table are not storage.
            Example("""
            class AppearanceViewController: UIViewController {
                func render() {
                    let current = ThemeStore.shared.theme
                    SoundPlayer.shared.play("tap")
                    FileLogger.shared.write("rendered \\(current)")
                    tableView.dataSource = source
                }
            }
            final class ThemeStore {
                static let shared = ThemeStore()
                var theme = "light" { didSet { UserDefaults.standard.set(theme, forKey: "theme") } }
            }
            final class SoundPlayer {
                static let shared = SoundPlayer()
                func play(_ name: String) {
                    guard let url = Bundle.main.url(forResource: name, withExtension: "caf") else { return }
                    player = try? AVAudioPlayer(contentsOf: url)
                }
            }
            final class FileLogger {
                static let shared = FileLogger()
                func write(_ line: String) { try? line.write(to: logURL, atomically: true, encoding: .utf8) }
            }
            """),
            // Handing a store to an initialiser is injection, not storage work.
            Example("""
            class DashboardViewController: UIViewController {
                lazy var settings = PrivacySettings(defaults: UserDefaults.standard)
                func make() -> PrivacyModel { PrivacyModel(store: UserDefaults(suiteName: "group")!) }
            }
            """),
            // Reading a resource shipped in the bundle is not stored data.
            Example("""
            class ThemeViewController: UIViewController {
                func load() { let json = try? Data(contentsOf: Bundle.main.url(forResource: "theme", withExtension: "json")!); print(json as Any) }
            }
            """),
            // A view whose property observer stores something: configuring a subview is not storage work.
            Example("""
            class ProfileViewController: UIViewController {
                let badge = AvatarBadge()
                func render(id: String) { badge.userId = id }
            }
            final class AvatarBadge: UIView {
                var userId: String? { didSet { UserDefaults.standard.set(userId, forKey: "avatar") } }
            }
            """),
            // Overloads are told apart by their labels: `title(at:)` does not run `title()`'s storage.
            Example("""
            class TabsViewController: UIViewController {
                let tabs = TabCollectionModel()
                func label(_ i: Int) -> String { tabs.title(at: i) }
            }
            final class TabCollectionModel {
                var titles: [String] = []
                func title(at i: Int) -> String { titles[i] }
                static func title() -> String? { UserDefaults.standard.string(forKey: "last") }
            }
            """),
            // A Core Data fetch predicate is a query (persistence), not a business rule; the VC here uses a repository.
            Example("""
            class OrdersViewController: UIViewController {
                let repository: OrdersRepositoryProtocol
                func load() { repository.orders(matching: "paid") }
            }
            """),
            // Reading a stored property whose initialiser made a UserDefaults handle runs no storage code.
            Example("""
            class ShareViewController: UIViewController {
                func share() { Analytics.fire("share") }
            }
            enum Analytics {
                static let storage = UserDefaults(suiteName: "analytics")!
                static func fire(_ name: String) { print(name, storage.description) }
            }
            """),
            // A name that looks like storage but does none.
            Example("""
            class LoginViewController: UIViewController {
                func didLogin() { UserPreferenceStore.shared.reset() }
            }
            """, support: ["UserPreferenceStore.swift": """
            final class UserPreferenceStore { static let shared = UserPreferenceStore(); func reset() { print("noop") } }
            """]),
            Example("""
            class LoginViewController: UIViewController {
                func didLogin() { interactor.saveSession() }
                var defaultsKey: String { "token" }
            }
            """),
        ])

    func findings(in context: RuleContext) -> [Finding] {
        FamilyFindings.make(.persistence, rule: Self.description, context: context) { prefix, member, sites in
            let stores = FamilyFindings.orderedUnique(sites.map { site -> String in
                if let note = site.note, note.hasPrefix("via `") { return String(site.api.split(separator: ".").dropLast().joined(separator: ".")) }
                return String(site.api.split(separator: ".").first ?? Substring(site.api))
            })
            let wrappers = FamilyFindings.orderedUnique(sites.compactMap { site -> String? in
                guard let note = site.note, note.hasPrefix("via `") else { return nil }
                return String(site.api.split(separator: ".").dropLast().joined(separator: "."))
            })
            // A project store the view controller already uses is injected as it is; only the view
            // controller's own storage calls get a new repository.
            if wrappers.count == stores.count {
                return "Move the storage access of \(FamilyFindings.memberText(member)) into `\(prefix)Interactor`, " + FamilyFindings.wrapperClause(wrappers, sites: sites) + "."
            }
            return "Move the storage access of \(FamilyFindings.memberText(member)) into \(articleFor(prefix)) `\(prefix)Repository` protocol injected into `\(prefix)Interactor`; its implementation wraps \(stores.map { "`\($0)`" }.joined(separator: ", "))."
        }
    }
}

extension VCPersistenceRule {
    static let planning = RulePlanning(
        category: .I, concern: "service", word: "persistence", createsType: "Repository",
        title: { type, member in "Move the storage access of \(member ?? type) into a Repository" })
}
