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

    /// UIKit classes that are not view controllers but whose subclasses carry VIPER-looking names
    /// (`…Interactor: UIPercentDrivenInteractiveTransition`).
    public static let nonRoleBases: Set<String> = [
        "UIPercentDrivenInteractiveTransition", "UIViewControllerAnimatedTransitioning",
        "UIPresentationController", "UIView", "UIControl", "UIGestureRecognizer",
    ]
}
