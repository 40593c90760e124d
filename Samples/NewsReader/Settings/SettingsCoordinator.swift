//
//  SettingsCoordinator.swift
//  NewsReader
//
//  Created by Daniel Okafor on 02/07/2019.
//  Copyright © 2019 Morning Edition Ltd. All rights reserved.
//

import UIKit
import SwiftUI

/// Owns navigation for the Settings tab. Not a view controller.
final class SettingsCoordinator: SettingsCoordinating {

    private let navigationController: UINavigationController
    private let preferences: ReaderPreferences

    init(navigationController: UINavigationController, preferences: ReaderPreferences) {
        self.navigationController = navigationController
        self.preferences = preferences
    }

    func start() {
        let settings = SettingsViewController(preferences: preferences)
        settings.coordinator = self
        settings.onLogout = { [weak self] in
            self?.logout()
        }
        navigationController.setViewControllers([settings], animated: false)
    }

    func showLicenses() {
        let storyboard = UIStoryboard(name: "Settings", bundle: nil)
        let licenses = storyboard.instantiateViewController(withIdentifier: "LicensesViewController")
        navigationController.pushViewController(licenses, animated: true)
    }

    func showAbout() {
        let about = UIHostingController(rootView: AboutView(buildDate: Bundle.main.buildDate))
        about.title = "About"
        navigationController.pushViewController(about, animated: true)
    }

    func showSystemNotificationSettings() {
        guard let url = URL(string: UIApplication.openSettingsURLString) else { return }
        UIApplication.shared.open(url, options: [:], completionHandler: nil)
    }

    private func logout() {
        HTTPCookieStorage.shared.removeCookies(since: .distantPast)
        navigationController.tabBarController?.selectedIndex = 0
    }
}

private extension Bundle {
    var buildDate: Date {
        guard let url = executableURL,
              let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
              let date = attributes[.creationDate] as? Date else {
            return Date()
        }
        return date
    }
}
