import Foundation
import Testing
@testable import ViperPlannerKit

/// `explain`: the path from a screen's member to the API, one hop per line, and where a walk stops.
struct ExplainTests {
    /// A repository makes a call object; its initializer runs `super.init` through a generic base
    /// up to the base whose initializer calls `fire()`, which starts the data task.
    static let callObjects: [(String, String)] = [
        ("App/Profile/ProfileScreenViewController.swift", """
        import UIKit
        class ProfileScreenViewController: UIViewController {
            private let repository = AccountRepository()
            override func viewDidLoad() {
                super.viewDidLoad()
                repository.fetchAccount().observeCompleted {}
            }
        }
        """),
        ("App/Repositories/AccountRepository.swift", """
        class AccountRepository {
            func fetchAccount(forced: Bool = false) -> Signal<Account?, Never> {
                return FetchAccountCall(forceLoading: forced).objectSignal
            }
        }
        """),
        ("App/API/Calls.swift", """
        import Foundation
        open class RemoteCall {
            let endpoint: String
            public init(endpoint: String) {
                self.endpoint = endpoint
                fire()
            }
            open func fire() {
                let session = URLSession(configuration: .default)
                session.dataTask(with: URL(string: endpoint)!).resume()
            }
        }
        public class ResponseObjectCall<T, C: Decodable>: RemoteCall {
            public init(httpMethod: String, endpoint: String) {
                super.init(endpoint: endpoint)
            }
        }
        public class FetchAccountCall: ResponseObjectCall<Account, Account> {
            public init(forceLoading: Bool = false) {
                super.init(httpMethod: "GET", endpoint: "user")
            }
        }
        """),
    ]

    @Test func theWholeChainFromTheScreenToTheDataTask() throws {
        let result = Auditor.audit(sources: Self.callObjects, configuration: Configuration())
        let explanation = try #require(Explainer.explain("ProfileScreenViewController", families: [.networking], in: result,
                                                         configuration: Configuration()).first)
        let networking = try #require(explanation.families.first)
        #expect(networking.found)
        #expect(networking.path.map { "\($0.symbol) \($0.file):\($0.line) \($0.action)" } == [
            "ProfileScreenViewController.viewDidLoad() App/Profile/ProfileScreenViewController.swift:6 calls",
            "AccountRepository.fetchAccount(forced:) App/Repositories/AccountRepository.swift:3 makes",
            "FetchAccountCall.init(forceLoading:) App/API/Calls.swift:20 initializes its base",
            "ResponseObjectCall.init(httpMethod:endpoint:) App/API/Calls.swift:15 initializes its base",
            "RemoteCall.init(endpoint:) App/API/Calls.swift:6 calls",
            "RemoteCall.fire() App/API/Calls.swift:10 performs URLSession.dataTask",
        ])
        #expect(Explainer.text([explanation]).contains("→ RemoteCall.fire()  App/API/Calls.swift:10  performs URLSession.dataTask"))
    }

    /// A Clean Swift screen hands its loading to its own Interactor, whose provider requests.
    static let cleanSwiftModule: [(String, String)] = [
        ("App/CourseInfo/CourseInfoViewController.swift", """
        import UIKit
        protocol CourseInfoViewControllerProtocol: AnyObject { func displayCourse(viewModel: CourseInfo.Course.ViewModel) }
        final class CourseInfoViewController: UIViewController, CourseInfoViewControllerProtocol {
            private let interactor: CourseInfoInteractorProtocol
            init(interactor: CourseInfoInteractorProtocol) {
                self.interactor = interactor
                super.init(nibName: nil, bundle: nil)
            }
            override func viewDidLoad() {
                super.viewDidLoad()
                interactor.doCourseLoad(request: .init())
            }
            func displayCourse(viewModel: CourseInfo.Course.ViewModel) {}
        }
        """),
        ("App/CourseInfo/CourseInfoInteractor.swift", """
        protocol CourseInfoInteractorProtocol { func doCourseLoad(request: CourseInfo.Course.Request) }
        final class CourseInfoInteractor: CourseInfoInteractorProtocol {
            let presenter: CourseInfoPresenterProtocol
            let provider: CourseInfoProviderProtocol
            init(presenter: CourseInfoPresenterProtocol, provider: CourseInfoProviderProtocol) {
                self.presenter = presenter
                self.provider = provider
            }
            func doCourseLoad(request: CourseInfo.Course.Request) {
                provider.fetchCourse { course in self.presenter.presentCourse(response: .init(course: course)) }
            }
        }
        """),
        ("App/CourseInfo/CourseInfoProvider.swift", """
        import Foundation
        protocol CourseInfoProviderProtocol { func fetchCourse(completion: @escaping (Data?) -> Void) }
        final class CourseInfoProvider: CourseInfoProviderProtocol {
            func fetchCourse(completion: @escaping (Data?) -> Void) {
                URLSession.shared.dataTask(with: URL(string: "https://example.com/course")!) { data, _, _ in completion(data) }.resume()
            }
        }
        """),
    ]

    @Test func aCleanSwiftScreensRequestIsCutAtItsInteractor() throws {
        let result = Auditor.audit(sources: Self.cleanSwiftModule, configuration: Configuration())
        let explanation = try #require(Explainer.explain("CourseInfoViewController", families: [.networking], in: result,
                                                         configuration: Configuration()).first)
        let networking = try #require(explanation.families.first)
        #expect(!networking.found)
        let layer = try #require(networking.stopped.first)
        #expect(layer.reason == "moduleLayer")
        #expect(layer.file == "App/CourseInfo/CourseInfoViewController.swift" && layer.line == 11)
        #expect(layer.detail.contains("`CourseInfoInteractor`, the module's own interactor"))
        #expect(layer.detail.contains("`CourseInfoProvider.fetchCourse(completion:)` at App/CourseInfo/CourseInfoInteractor.swift:10"))
        #expect(layer.detail.contains("performs URLSession.dataTask at App/CourseInfo/CourseInfoProvider.swift:5"))
        #expect(result.profiles.values.allSatisfy { !$0.families.contains(.networking) })
    }

    @Test func anUnknownTypeIsAClearError() throws {
        try TemporaryFolder.with("explain") { path in
            try Data("final class Only {}\n".utf8).write(to: URL(fileURLWithPath: path + "/A.swift"))
            #expect(throws: CommandError.self) {
                try Commands.explain(ExplainRequest(scan: ScanRequest(path: path, noCache: true), typeName: "Missing"))
            }
        }
    }
}
