/// Stands in for UIKit's class where UIKit does not exist, so the fixture builds on Linux too.
/// Left out of the audit (`.viper-planner.yml`): a project that declares `UIViewController`
/// itself would not be a UIKit app.
open class UIViewController {
    public init() {}
    open func viewDidLoad() {}
}
