struct VCNetworkingRule: Rule {
    static let description = RuleDescription(
        id: "vc-networking", name: "View controller does networking", family: .networking, severity: .high,
        problem: "The view controller starts network requests itself (URLSession, Alamofire, Moya, Apollo or a project API client). Requests cannot be tested without a network, the screen cannot be reused with another data source, and a request that completes after the screen is gone still runs its completion.",
        fix: "Move the request behind a Service protocol injected into the module's Interactor; the view controller only tells the Presenter what the user did.",
        triggering: [
            Example("""
            class FeedViewController: UIViewController {
                func load() {
                    URLSession.shared.↓dataTask(with: url) { data, _, _ in }.resume()
                }
            }
            """),
            Example("""
            class FeedViewController: UIViewController {
                func load() async throws {
                    let (data, _) = try await URLSession.shared.↓data(from: url)
                    AF.↓request("https://example.com/feed").responseData { _ in }
                }
            }
            """),
            Example("""
            class FeedViewController: UIViewController {
                let provider = MoyaProvider<FeedAPI>()
                func load() { provider.↓request(.feed) { _ in } }
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
            Example("""
            class DebugViewController: UIViewController {
                func ping() {
                    #if DEBUG
                    let data = ↓Data(contentsOf: URL(string: "https://example.com/ping")!)
                    #endif
                }
            }
            """),
        ],
        nonTriggering: [
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
            // Two hops away is incidental: a tab registry that once reaches a referral client is not a network client.
            Example("""
            class TrayViewController: UIViewController {
                let registry = TabRegistry()
                func newTab() { registry.addTab() }
            }
            final class TabRegistry { let cookies = CookieHelper(); func addTab() { cookies.insert() } }
            final class CookieHelper { let referral = ReferralClient(); func insert() { referral.ping() } }
            final class ReferralClient { func ping() { URLSession.shared.dataTask(with: url).resume() } }
            """),
            // Not a view controller: a name ending in "Controller" proves nothing.
            Example("""
            final class DataController {
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
            let wrapped = via.isEmpty ? "" : " (today through \(via.map { "`\($0)`" }.joined(separator: ", ")))"
            return "Move the networking of \(FamilyFindings.memberText(member))\(wrapped) behind a `\(prefix)Service` protocol injected into `\(prefix)Interactor`; the view controller calls `presenter` instead and renders what it is given."
        }
    }
}

extension VCNetworkingRule {
    static let planning = RulePlanning(
        category: .I, concern: "service", word: "networking", createsType: "Service",
        title: { type, member in "Move the networking of \(member ?? type) into a Service" })
}
