/// The base classes that make a class a view controller, in one place (rules.md §1).
public enum KnownTypes {
    public static let uiKitViewControllers: Set<String> = [
        "UIViewController", "UITableViewController", "UICollectionViewController", "UINavigationController",
        "UITabBarController", "UIPageViewController", "UISplitViewController", "UIAlertController",
        "UISearchController", "UIInputViewController", "UIActivityViewController",
        "UIDocumentPickerViewController", "UIImagePickerController", "UIReferenceLibraryViewController",
        "UIHostingController", "UIVideoEditorController", "UIDocumentBrowserViewController",
        "UICloudSharingController", "UIFontPickerViewController", "UIColorPickerViewController",
        "UIDocumentViewController", "UIPrinterPickerViewController",
        "SFSafariViewController", "MFMailComposeViewController", "MFMessageComposeViewController",
        "AVPlayerViewController", "PHPickerViewController", "QLPreviewController", "CNContactViewController",
        "CNContactPickerViewController", "EKEventEditViewController", "EKEventViewController",
        "SKStoreProductViewController", "GKGameCenterViewController", "ASAuthorizationController",
    ]

    /// Well-known third-party view controller bases whose sources are usually not scanned.
    public static let thirdPartyViewControllers: Set<String> = [
        "FormViewController",          // Eureka
        "SLKTextViewController",       // SlackTextViewController
        "ASDKViewController", "ASViewController", // Texture
        "MessagesViewController",      // MessageKit
        "PanModalViewController",
        "ButtonBarPagerTabStripViewController", "PagerTabStripViewController", "SegmentedPagerTabStripViewController",
        "XLPagerTabStripViewController",
        "SwipeTableViewController", "JSQMessagesViewController", "ChatViewController",
        "SideMenuNavigationController", "TOCropViewController", "DZNPhotoPickerController",
        "QuickTableViewController", "StaticTableViewController",
    ]

    public static let appKitViewControllers: Set<String> = [
        "NSViewController", "NSTabViewController", "NSSplitViewController", "NSPageController",
        "NSTitlebarAccessoryViewController", "NSCollectionViewController",
    ]

    /// Methods only a view controller overrides: a class with a base that has no source and
    /// overrides one of these is a view controller.
    public static let viewControllerLifeCycle: Set<String> = [
        "viewDidLoad()", "loadView()", "viewWillAppear(_:)", "viewDidAppear(_:)", "viewWillDisappear(_:)",
        "viewDidDisappear(_:)", "viewWillLayoutSubviews()", "viewDidLayoutSubviews()", "prepare(for:sender:)",
        "viewWillTransition(to:with:)", "viewSafeAreaInsetsDidChange()",
    ]

    /// Bases with life-cycle methods of their own that are not UIKit view controllers (WatchKit,
    /// AppKit windows), and common roots.
    public static let nonViewControllerBases: Set<String> = [
        "NSObject", "WKInterfaceController", "WKHostingController", "WKUserNotificationHostingController",
        "WKUserNotificationInterfaceController", "NSWindowController", "NSWindow", "NSView", "UIView", "UIWindow",
        "NSViewController", "NSTabViewController", "NSSplitViewController", "NSPageController",
        "NSTitlebarAccessoryViewController", "NSCollectionViewController",
    ]

    /// Apple framework prefixes (`UIView`, `NSCache`, `AVPlayer`, `CLLocationManager`…).
    static let applePrefixes = ["UI", "NS", "CA", "CG", "CI", "CL", "MK", "AV", "WK", "SF", "PH", "UN", "CK", "CN", "EK",
                                "GK", "SK", "ML", "VN", "AR", "MF", "AS", "LA", "HK", "CT", "CM", "QL", "PK", "SL", "MP",
                                "IN", "CX", "RP", "WC", "CF", "SC", "NW", "OS", "LP", "BG", "CB", "MT", "GL", "AU", "ST"]
    /// Standard library, Foundation, Dispatch, Combine and SwiftUI names without a prefix.
    static let systemNames: Set<String> = [
        "String", "Int", "Double", "Float", "Bool", "Array", "Dictionary", "Set", "Data", "Date", "URL", "URLRequest",
        "URLComponents", "URLSession", "Bundle", "DispatchQueue", "DispatchGroup", "OperationQueue", "Operation", "Timer",
        "NotificationCenter", "FileManager", "UserDefaults", "JSONDecoder", "JSONEncoder", "Locale", "Calendar", "TimeZone",
        "ProcessInfo", "Task", "Result", "Optional", "Character", "Substring", "Decimal", "UUID", "IndexPath", "IndexSet",
        "Measurement", "Error", "Never", "Any", "AnyObject", "Published", "PassthroughSubject", "CurrentValueSubject",
        "Just", "Future", "AnyPublisher", "AnyCancellable", "DispatchTime", "DispatchWorkItem", "Thread", "RunLoop",
        "Selector", "MainActor", "Logger", "Image", "Color", "Text", "Font", "Binding", "State", "Animation", "Locale",
        "TimeInterval", "Int64", "Int32", "UInt", "CGFloat", "Range", "ClosedRange", "Sequence", "Collection", "Mirror",
        "DateComponents", "DateInterval", "Notification", "NSNotification", "AsyncStream", "Duration", "ContinuousClock",
        "Swift", "Foundation", "Combine", "SwiftUI", "UIKit", "Void", "Self", "Type", "Regex", "KeyPath", "Unmanaged",
        "WKWebView", "AVPlayer", "Haptics", "Keychain", "Realm",
    ]

    /// Library types whose I/O calls are recognised by name (Alamofire, Realm) or that do none
    /// (promises, reactive streams, layout DSLs).
    static let knownLibraryNames: Set<String> = [
        "AF", "Alamofire", "DataRequest", "DataResponse", "NotificationToken", "Results", "ThreadSafeReference",
        "Promise", "Guarantee", "Observable", "Driver", "DisposeBag", "Disposable", "Signal", "SignalProducer",
        "JSON", "SwiftyJSON", "ConstraintMaker", "Constraint", "Moya", "Apollo", "VStack", "HStack", "ZStack",
    ]

    /// A type of the UI frameworks a layer that imports Foundation only cannot name: UIKit's
    /// (`UIAlertController`, `UIApplication`), Core Animation's (`CALayer`), Auto Layout's.
    public static func isUIFrameworkTypeName(_ name: String) -> Bool {
        if name.hasPrefix("NSLayout") || name == "NSTextAttachment" { return true }
        // The prefix first: a two-scalar name may take more than two bytes (`Äß`).
        guard name.hasPrefix("UI") || name.hasPrefix("CA"), let third = name.unicodeScalars.dropFirst(2).first else { return false }
        return third.properties.isUppercase
    }

    /// A system or standard-library type, not a project dependency that lacks source.
    public static func isSystemTypeName(_ name: String) -> Bool {
        if systemNames.contains(name) || uiKitViewControllers.contains(name) || knownLibraryNames.contains(name)
            || name.hasPrefix("URLSession") || name.hasPrefix("Dispatch") { return true }
        // An Apple prefix, then a capital, then at least one more scalar. Every prefix is two ASCII
        // capitals, so the first two scalars name it (no scalar array, no per-prefix `hasPrefix`).
        var scalars = name.unicodeScalars.makeIterator()
        guard let first = scalars.next(), let second = scalars.next(), let next = scalars.next(), scalars.next() != nil,
              first.isASCII, second.isASCII else { return false }
        return applePrefixPairs.contains(first.value << 8 | second.value) && next.properties.isUppercase
    }

    /// `applePrefixes` as the two ASCII scalars of each, packed.
    private static let applePrefixPairs: Set<UInt32> = Set(applePrefixes.map { prefix in
        prefix.unicodeScalars.reduce(0) { $0 << 8 | $1.value }
    })

    /// System screens a route is named after by what they show (`showShareSheet()`, not `showUIActivity()`).
    public static let systemScreenRoutes: [String: String] = [
        "UIActivityViewController": "ShareSheet", "SFSafariViewController": "Safari",
        "MFMailComposeViewController": "MailComposer", "MFMessageComposeViewController": "MessageComposer",
        "UIImagePickerController": "ImagePicker", "PHPickerViewController": "PhotoPicker",
        "UIDocumentPickerViewController": "DocumentPicker", "QLPreviewController": "Preview",
    ]

    /// Value types whose extensions hold the app's formatting helpers.
    public static let valueTypes: Set<String> = [
        "String", "NSString", "Substring", "Date", "Int", "Int64", "Int32", "UInt", "Double", "Float", "CGFloat",
        "Decimal", "NSNumber", "TimeInterval", "NSDecimalNumber", "Measurement", "DateComponents",
    ]

    /// UIKit classes that are not view controllers but whose subclasses carry VIPER-looking names
    /// (`…Interactor: UIPercentDrivenInteractiveTransition`).
    public static let nonRoleBases: Set<String> = [
        "UIPercentDrivenInteractiveTransition", "UIViewControllerAnimatedTransitioning",
        "UIPresentationController", "UIView", "UIControl", "UIGestureRecognizer",
    ]
}
