struct VCNetworkingRule: Rule {
    static let description = RuleDescription(
        id: "vc-networking", name: "View controller does networking", family: .networking, severity: .high,
        problem: "The view controller starts network requests itself (URLSession, Alamofire, Moya, Apollo or a project API client). Requests cannot be tested without a network, the screen cannot be reused with another data source, and a request that completes after the screen is gone still runs its completion.",
        fix: "Move the request behind a Service protocol injected into the module's Interactor; the view controller only tells the Presenter what the user did.",
        triggering: [
            // URLSession (completion and async), Alamofire, Moya, Apollo.
            Example("""
            class FeedViewController: UIViewController {
                let provider = MoyaProvider<FeedAPI>()
                func load() { URLSession.shared.↓dataTask(with: url) { data, _, _ in }.resume() }
                func loadAsync() async throws {
                    let (data, _) = try await URLSession.shared.↓data(from: url)
                    AF.↓request("https://example.com/feed").responseData { _ in }
                }
                func loadMoya() { provider.↓request(.feed) { _ in } }
                func refresh() { apollo.↓fetch(query: FeedQuery()) { _ in } }
            }
            """),
            // A project API client: found by what its code does, transitively through ImageLoader.
            Example("""
            class FeedViewController: UIViewController {
                let images = ImageLoader()
                func load() {
                    APIClient.shared.↓fetchFeed { _ in }
                    images.↓load(url) { _ in }
                }
            }
            """, support: ["APIClient.swift": """
            final class APIClient {
                static let shared = APIClient()
                func fetchFeed(completion: @escaping (Data?) -> Void) {
                    URLSession.shared.dataTask(with: URL(string: "https://x")!) { d, _, _ in completion(d) }.resume()
                }
            }
            final class ImageLoader {
                func load(_ url: URL, completion: @escaping (Data?) -> Void) { APIClient.shared.fetchFeed(completion: completion) }
            }
            """]),
            // Calls through a protocol a networking client implements still do networking here.
            Example("""
            class ProfileViewController: UIViewController {
                var api: ProfileAPI
                func load() { api.↓profile { _ in } }
            }
            """, support: ["ProfileAPI.swift": """
            protocol ProfileAPI { func profile(completion: @escaping (Data?) -> Void) }
            final class RemoteProfileAPI: ProfileAPI {
                func profile(completion: @escaping (Data?) -> Void) { URLSession.shared.dataTask(with: url) { d, _, _ in completion(d) }.resume() }
            }
            """]),
            // A wrapper from a binary framework, named in the configuration.
            Example("""
            class FeedViewController: UIViewController {
                func load() { BackendSDK.shared.↓get("/feed") }
            }
            """, configuration: { var c = Configuration(); c.networkingTypes = ["BackendSDK"]; return c }()),
            // Sockets: a project socket client built on Starscream is a networking type too.
            Example("""
            class ChatViewController: UIViewController {
                let socket = ChatSocket()
                func connect() { socket.↓open() }
                func live() { let ws = ↓WebSocket(request: URLRequest(url: url)); ws.connect() }
            }
            """, support: ["ChatSocket.swift": """
            final class ChatSocket {
                private var ws: WebSocket?
                func open() { ws = WebSocket(request: URLRequest(url: URL(string: "wss://chat")!)); ws?.connect() }
            }
            """]),
            // A client made by a generic factory from its metatype, which sends through a type
            // alias of a protocol composition (`Any & APIFetcher`) that the API class conforms to.
            Example("""
            class ProfileViewController: UIViewController {
                func updateAvatar() {
                    let client = API.current()?.client(UploadClient.self)
                    client?.↓uploadAvatar(data: Data())
                }
            }
            """, support: ["UploadClient.swift": """
            typealias AnyAPIFetcher = Any & APIFetcher
            protocol APIFetcher { func fetch(_ path: String) }
            final class API: APIFetcher {
                static func current() -> API? { API() }
                func client<C: APIClient>(_ type: C.Type) -> C { C(api: self) }
                func fetch(_ path: String) { URLSession.shared.dataTask(with: URL(string: path)!).resume() }
            }
            protocol APIClient { init(api: AnyAPIFetcher) }
            final class UploadClient: APIClient {
                let api: AnyAPIFetcher
                init(api: AnyAPIFetcher) { self.api = api }
                func uploadAvatar(data: Data) { api.fetch("/avatar") }
            }
            """]),
            // Any depth: a repository builds a request whose generic base class sends it.
            Example("""
            class FeedViewController: UIViewController {
                let repository = FeedRepository()
                func loadFeed() { repository.↓feed(page: 1) }
            }
            """, support: ["FeedRepository.swift": """
            final class FeedRepository {
                func feed(page: Int) { FeedRequest(page: page).send { _ in } }
            }
            class APIRequest<Response> {
                func send(_ completion: @escaping (Response?) -> Void) {
                    URLSession.shared.dataTask(with: URL(string: "https://x")!) { _, _, _ in completion(nil) }.resume()
                }
            }
            final class FeedRequest: APIRequest<[String]> { init(page: Int) {} }
            """]),
            // A facade is judged member by member; a protocol extension's default implementation;
            // a service made by a static factory; a streamer returned by a method into a local.
            Example("""
            class ProfileViewController: UIViewController {
                let dataManager = DataManager()
                let service = ServiceFactory.makeProfileService()
                var api: CameraAPI!
                func upload(_ photo: Data) { dataManager.↓upload(photo) }
                func load() { ProfileEndpoint().↓perform() }
                func refresh() { service.↓reload() }
                func stream() {
                    let streamer = api.makeStreamer()
                    streamer.↓start()
                }
            }
            """, support: ["Services.swift": """
            final class DataManager {
                let uploader = PhotoUploader()
                func upload(_ photo: Data) { uploader.send(photo) }
                func cachedNames() -> [String] { [] }
                func count() -> Int { 0 }
                func clear() {}
            }
            final class PhotoUploader { func send(_ data: Data) { URLSession.shared.uploadTask(with: request, from: data).resume() } }
            protocol Endpoint {}
            extension Endpoint { func perform() { URLSession.shared.dataTask(with: url).resume() } }
            struct ProfileEndpoint: Endpoint {}
            enum ServiceFactory { static func makeProfileService() -> ProfileService { ProfileService() } }
            final class ProfileService { func reload() { URLSession.shared.dataTask(with: url).resume() } }
            final class CameraAPI { func makeStreamer() -> FrameStreamer { FrameStreamer() } }
            final class FrameStreamer {
                let manager: Alamofire.Session = .default
                func start() { manager.streamRequest(url) }
            }
            """]),
            // A name bound by `guard let` from a global's method, and a web address kept in a local.
            Example("""
            class CameraViewController: UIViewController {
                func start() {
                    guard let api = Env.api(for: 1) else { return }
                    let streamer = api.makeStreamer()
                    streamer.↓start()
                    let url = URL(string: "https://example.com/qa.json")!
                    let text = try? ↓String(contentsOf: url)
                }
            }
            """, support: ["Env.swift": """
            var Env: AppWorld { AppWorld() }
            final class AppWorld { func api(for server: Int) -> CameraAPI? { CameraAPI() } }
            final class CameraAPI { func makeStreamer() -> FrameStreamer { FrameStreamer() } }
            final class FrameStreamer {
                let manager: Alamofire.Session = .default
                func start() { manager.streamRequest(url) }
            }
            """]),
            // Every spelling of the networking libraries, module-qualified or not.
            Example("""
            class LegacyViewController: UIViewController {
                let sessionManager: SessionManager
                func load() {
                    Alamofire.↓request(url).responseJSON { _ in }
                    Alamofire.↓upload(multipartFormData: { _ in }, to: url)
                    SessionManager.default.↓request(url)
                    sessionManager.↓download(url)
                    Foundation.URLSession.shared.↓dataTask(with: url).resume()
                }
            }
            """),
            // A type named "Settings" that loads from the network: behaviour decides, not the name.
            Example("""
            class PreferencesViewController: UIViewController {
                func sync() { RemoteSettings.shared.↓refresh() }
            }
            """, support: ["RemoteSettings.swift": """
            final class RemoteSettings {
                static let shared = RemoteSettings()
                func refresh() { URLSession.shared.dataTask(with: URL(string: "https://x/settings")!).resume() }
            }
            """]),
            // A screen behind a base class with no source, known by its life-cycle overrides.
            Example("""
            final class AboutViewController: StaticTableViewBase {
                override func viewDidLoad() { super.viewDidLoad() }
                func check() { let text = try? ↓String(contentsOf: URL(string: "https://example.com/version")!) }
            }
            """),
            // Making a call object is the request: its initializer runs `super.init` up through a
            // generic base whose initializer calls `fire()`, overridden in a subclass that requests.
            Example("""
            class ProfileScreenViewController: UIViewController {
                private let repository = AccountRepository()
                override func viewDidLoad() { super.viewDidLoad(); repository.↓fetchAccount().observeCompleted {} }
            }
            """, support: ["Calls.swift": """
            class AccountRepository { func fetchAccount() -> Signal<Account?, Never> { FetchAccountCall(forceLoading: true).objectSignal } }
            open class RemoteCall {
                let endpoint: String
                public init(endpoint: String) { self.endpoint = endpoint; fire() }
                open func fire() {}
            }
            open class SessionCall: RemoteCall {
                override open func fire() { URLSession(configuration: .default).dataTask(with: URL(string: endpoint)!).resume() }
            }
            public class ResponseObjectCall<T, C: Decodable>: SessionCall {
                public init(httpMethod: String, endpoint: String) { super.init(endpoint: endpoint) }
                public lazy var objectSignal: Signal<T?, Never> = Signal.empty
            }
            public class FetchAccountCall: ResponseObjectCall<Account, Account> {
                public init(forceLoading: Bool) { super.init(httpMethod: "GET", endpoint: "user") }
            }
            """]),
            // A binary SDK named in the configuration counts through any depth of project calls.
            Example("""
            class ItemsViewController: UIViewController {
                let loader = ItemsLoader()
                func reload() { loader.↓load() }
            }
            final class ItemsLoader { func load() { VendorCore.shared.requestItems() } }
            """, configuration: { var c = Configuration(); c.networkingTypes = ["VendorCore"]; return c }()),
        ],
        nonTriggering: [
            // Debug and test-only code (`#if DEBUG`, a simulator-only block, a UI-test switch)
            // ships in no release build: it is counted in the screen's size, never as its work.
            Example("""
            class DebugViewController: UIViewController {
                func ping() {
                    #if DEBUG
                    let data = Data(contentsOf: URL(string: "https://example.com/ping")!)
                    #endif
                    #if targetEnvironment(simulator)
                    URLSession.shared.dataTask(with: URL(string: "https://example.com/sim")!).resume()
                    #endif
                    if ProcessInfo.processInfo.arguments.contains("-uitests") {
                        URLSession.shared.dataTask(with: URL(string: "https://example.com/stub")!).resume()
                    }
                }
            }
            """),
            // A manager that opens a web page (asking the server for a signed link on the way) is
            // the screen moving to another screen. Making an API object only to hand it to the
            // presenter is wiring: its base initializer assigns a property that merely shares its
            // name with a subclass's request method.
            Example("""
            class CourseViewController: UIViewController {
                var presenter: CoursePresenter?
                override func viewDidLoad() { super.viewDidLoad(); presenter = CoursePresenter(api: RatingsAPI()) }
                func openTerms(_ url: URL) { WebPageOpener.shared.presentPage(url, inController: self) }
            }
            """, support: ["Support.swift": """
            final class WebPageOpener {
                static let shared = WebPageOpener()
                func presentPage(_ url: URL, inController controller: UIViewController) {
                    MagicLinkService().create(url) { signed in controller.present(SFSafariViewController(url: signed), animated: true) }
                }
            }
            final class MagicLinkService {
                func create(_ url: URL, completion: @escaping (URL) -> Void) { URLSession.shared.dataTask(with: url).resume() }
            }
            class APIEndpoint { var update: UpdateRequestMaker; init() { self.update = UpdateRequestMaker() } }
            final class RatingsAPI: APIEndpoint { func update(courseId: Int) { URLSession.shared.dataTask(with: url).resume() } }
            final class UpdateRequestMaker {}; final class CoursePresenter { init(api: RatingsAPI) {} }
            """]),
            // Mentioning a type is not using it.
            Example("""
            import Alamofire
            class WebViewController: UIViewController, WKNavigationDelegate {
                func webView(_ webView: WKWebView, didReceive challenge: URLAuthenticationChallenge,
                             completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
                    completionHandler(.performDefaultHandling, nil)
                }
                func open(_ url: URL) {
                    let request = URLRequest(url: url)
                    webView.load(request)
                    UIApplication.shared.open(url)
                }
            }
            """),
            // Networking inside a nested type belongs to that type, not to the view controller.
            Example("""
            class FeedViewController: UIViewController {
                private final class Loader {
                    func load() { URLSession.shared.dataTask(with: url) { _, _, _ in }.resume() }
                }
            }
            """),
            // Calling a type nested in the view controller: the nested type owns that code.
            Example("""
            class FeedViewController: UIViewController {
                private let loader = Loader()
                func reload() { loader.load() }
                private final class Loader {
                    func load() { URLSession.shared.dataTask(with: url) { _, _, _ in }.resume() }
                }
            }
            """),
            // Purpose over side effect: an analytics engine that posts its events in batches is
            // telemetry, a media player streams to play, building another module is assembly.
            Example("""
            class TrayViewController: UIViewController {
                let analytics = AnalyticsEngine()
                func newTab() {
                    analytics.track(.opened)
                    EventPixel.fire("tab")
                    MediaPlayerEngine.shared.play()
                    let detail = OrderDetailModule.build()
                    show(detail, sender: nil)
                }
            }
            final class AnalyticsEngine { func track(_ e: Event) { URLSession.shared.dataTask(with: url).resume() } }
            enum EventPixel { static func fire(_ name: String) { URLSession.shared.dataTask(with: url).resume() } }
            final class MediaPlayerEngine { static let shared = MediaPlayerEngine(); let loader = Downloader(); func play() { loader.fetch() } }
            final class Downloader { func fetch() { URLSession.shared.downloadTask(with: url).resume() } }
            enum OrderDetailModule {
                static func build() -> OrderDetailViewController { OrderDetailViewController(service: OrderService()) }
            }
            final class OrderService { func load() { URLSession.shared.dataTask(with: url).resume() } }
            """),
            // A web view loading a page, storing Combine cancellables, a local file read, a
            // Redux-style dispatch: none of them is a request of the screen's own.
            Example("""
            class BrowserViewController: UIViewController {
                func open(_ url: URL) {
                    webView.load(URLRequest(url: url))
                    viewModel.$items.sink { _ in }.store(in: &cancellables)
                    let data = try? Data(contentsOf: pickedFileURL)
                    store.dispatch(.refresh)
                }
            }
            """),
            // A WatchKit hosting controller is not a UIKit view controller.
            Example("""
            final class PushPreviewController: WKUserNotificationHostingController<NotificationView> {
                override func willActivate() { URLSession.shared.dataTask(with: url).resume() }
            }
            """),
            // Not a view controller: a name ending in "Controller" proves nothing.
            Example("""
            final class SyncController {
                func sync() { URLSession.shared.dataTask(with: url) { _, _, _ in }.resume() }
            }
            """),
            // Delegating to a presenter or view model that reaches a service is the fix, not the smell.
            Example("""
            class FeedViewController: UIViewController {
                let viewModel: FeedViewModel
                let presenter: FeedPresenterInput
                func refresh() { viewModel.reload(); presenter.didPullToRefresh() }
            }
            """, support: ["Feed.swift": """
            protocol FeedPresenterInput: AnyObject { func didPullToRefresh() }
            final class FeedPresenter: FeedPresenterInput { let interactor = FeedInteractor(); func didPullToRefresh() { interactor.load() } }
            final class FeedInteractor { let service = FeedService(); func load() { service.fetch() } }
            final class FeedService { func fetch() { URLSession.shared.dataTask(with: url) { _, _, _ in }.resume() } }
            final class FeedViewModel { let service = FeedService(); func reload() { service.fetch() } }
            """]),
            // The fix itself: the view controller talks to its presenter.
            Example("""
            class FeedViewController: UIViewController {
                var presenter: FeedPresenterInput!
                override func viewDidLoad() { super.viewDidLoad(); presenter.viewDidLoad() }
            }
            """),
            Example("""
            class FeedViewController: UIViewController {
                func load() {
                    // viper-planner:disable:next vc-networking
                    URLSession.shared.dataTask(with: url) { _, _, _ in }.resume()
                }
            }
            """),
        ])

    func findings(in context: RuleContext) -> [Finding] {
        FamilyFindings.make(.networking, rule: Self.description, context: context) { prefix, member, sites in
            let via = FamilyFindings.orderedUnique(sites.compactMap { $0.note == nil ? nil : $0.api.split(separator: ".").dropLast().joined(separator: ".") })
            let raw = sites.contains { $0.note == nil }
            // A project client the view controller already calls is injected as it is; only the
            // view controller's own requests get a new service.
            let target = via.isEmpty ? "behind \(articleFor(prefix)) `\(prefix)Service` protocol injected into `\(prefix)Interactor`"
                : "into `\(prefix)Interactor`, " + FamilyFindings.wrapperClause(via, sites: sites)
                  + (raw ? " and its own requests behind \(articleFor(prefix)) `\(prefix)Service` protocol" : "")
            return "Move the networking of \(FamilyFindings.memberText(member)) \(target); the view controller calls `interactor` instead and renders what it is given."
        }
    }

    static let planning = RulePlanning(
        category: .I, concern: "service", word: "networking", createsType: "Service",
        title: { type, member in "Move the networking of \(member ?? type) into a Service" })
}
