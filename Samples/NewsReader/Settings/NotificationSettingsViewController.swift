import UIKit

/// Push-notification preferences as a form (Eureka-style rows). The rows keep their handlers and the
/// view controller keeps the form, so a handler that captures `self` strongly is a retain cycle.
final class NotificationSettingsViewController: FormViewController {
    private let preferences = ReaderPreferences()
    private var accent = UIColor.systemBlue

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Notifications"
        form +++ Section("Alerts")
            <<< SwitchRow("breaking") { row in row.title = "Breaking news" }
                .onChange { row in self.preferences.breakingNewsAlerts = row.value ?? false }
                .cellUpdate { cell, _ in cell.switchControl.onTintColor = self.accent }
            <<< SwitchRow("offline") { row in row.title = "Download for offline reading" }
                .onChange { [weak self] row in self?.preferences.downloadsForOffline = row.value ?? false }
    }
}
