//
//  SettingsViewController.swift
//  NewsReader
//
//  Created by Daniel Okafor on 02/07/2019.
//  Copyright © 2019 Morning Edition Ltd. All rights reserved.
//
//  First screen written after the "no more navigation in view controllers" decision:
//  everything that leaves this screen goes through the coordinator or a closure.
//

import UIKit

protocol SettingsCoordinating: AnyObject {
    func showLicenses()
    func showAbout()
    func showSystemNotificationSettings()
}

final class SettingsViewController: UITableViewController {

    private enum Row {
        case fontSize
        case darkMode
        case offlineDownloads
        case breakingAlerts
        case notifications
        case licenses
        case about
        case logout
    }

    private let sections: [(title: String?, rows: [Row])] = [
        ("Reading", [.fontSize, .darkMode, .offlineDownloads]),
        ("Notifications", [.breakingAlerts, .notifications]),
        ("About", [.licenses, .about]),
        (nil, [.logout])
    ]

    // MARK: - Dependencies

    weak var coordinator: SettingsCoordinating?
    var onLogout: (() -> Void)?

    private let preferences: ReaderPreferences

    init(preferences: ReaderPreferences) {
        self.preferences = preferences
        super.init(style: .insetGrouped)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    // MARK: - Lifecycle

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Settings"
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "SettingsCell")
    }

    // MARK: - UITableViewDataSource

    override func numberOfSections(in tableView: UITableView) -> Int {
        return sections.count
    }

    override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
        return sections[section].title
    }

    override func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? {
        guard section == sections.count - 1 else { return nil }
        let info = Bundle.main.infoDictionary
        let version = info?["CFBundleShortVersionString"] as? String ?? "?"
        let build = info?["CFBundleVersion"] as? String ?? "?"
        return "Version \(version) (\(build))"
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        return sections[section].rows.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "SettingsCell", for: indexPath)
        cell.accessoryView = nil
        cell.accessoryType = .none
        cell.textLabel?.textColor = .label

        switch sections[indexPath.section].rows[indexPath.row] {
        case .fontSize:
            cell.textLabel?.text = "Text size: \(Int((preferences.fontScale * 100).rounded()))%"
            let stepper = UIStepper()
            stepper.minimumValue = 0.8
            stepper.maximumValue = 1.6
            stepper.stepValue = 0.1
            stepper.value = preferences.fontScale
            stepper.addTarget(self, action: #selector(fontScaleChanged(_:)), for: .valueChanged)
            cell.accessoryView = stepper
        case .darkMode:
            cell.textLabel?.text = "Always use dark mode"
            cell.accessoryView = makeSwitch(isOn: preferences.prefersDarkMode, action: #selector(darkModeChanged(_:)))
        case .offlineDownloads:
            cell.textLabel?.text = "Download top stories for offline reading"
            cell.accessoryView = makeSwitch(isOn: preferences.downloadsForOffline, action: #selector(offlineChanged(_:)))
        case .breakingAlerts:
            cell.textLabel?.text = "Breaking news alerts"
            cell.accessoryView = makeSwitch(isOn: preferences.breakingNewsAlerts, action: #selector(alertsChanged(_:)))
        case .notifications:
            cell.textLabel?.text = "System notification settings"
            cell.accessoryType = .disclosureIndicator
        case .licenses:
            cell.textLabel?.text = "Open-source licenses"
            cell.accessoryType = .disclosureIndicator
        case .about:
            cell.textLabel?.text = "About Morning Edition"
            cell.accessoryType = .disclosureIndicator
        case .logout:
            cell.textLabel?.text = "Sign out"
            cell.textLabel?.textColor = .systemRed
        }
        return cell
    }

    private func makeSwitch(isOn: Bool, action: Selector) -> UISwitch {
        let toggle = UISwitch()
        toggle.isOn = isOn
        toggle.addTarget(self, action: action, for: .valueChanged)
        return toggle
    }

    // MARK: - UITableViewDelegate

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        switch sections[indexPath.section].rows[indexPath.row] {
        case .notifications:
            coordinator?.showSystemNotificationSettings()
        case .licenses:
            coordinator?.showLicenses()
        case .about:
            coordinator?.showAbout()
        case .logout:
            confirmLogout()
        case .fontSize, .darkMode, .offlineDownloads, .breakingAlerts:
            break
        }
    }

    private func confirmLogout() {
        let alert = UIAlertController(title: "Sign out?",
                                      message: "Your saved stories stay on this device.",
                                      preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "Sign out", style: .destructive) { [weak self] _ in
            self?.onLogout?()
        })
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel, handler: nil))
        present(alert, animated: true, completion: nil)
    }

    // MARK: - Actions

    @objc private func fontScaleChanged(_ sender: UIStepper) {
        preferences.fontScale = sender.value
        tableView.reloadRows(at: [IndexPath(row: 0, section: 0)], with: .none)
    }

    @objc private func darkModeChanged(_ sender: UISwitch) {
        preferences.prefersDarkMode = sender.isOn
        view.window?.overrideUserInterfaceStyle = sender.isOn ? .dark : .unspecified
    }

    @objc private func offlineChanged(_ sender: UISwitch) {
        preferences.downloadsForOffline = sender.isOn
    }

    @objc private func alertsChanged(_ sender: UISwitch) {
        preferences.breakingNewsAlerts = sender.isOn
    }
}
