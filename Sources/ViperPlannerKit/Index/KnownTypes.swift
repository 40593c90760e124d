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
