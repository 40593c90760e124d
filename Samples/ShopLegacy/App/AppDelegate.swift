//
//  AppDelegate.swift
//  ShopLegacy
//
//  Created by Marta Kowalczyk on 14/03/2017.
//  Copyright © 2017 ShopLegacy Inc. All rights reserved.
//

import UIKit
import CoreData

@UIApplicationMain
class AppDelegate: UIResponder, UIApplicationDelegate {

    var window: UIWindow?

    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        configureAppearance()

        // The API client keeps the token in memory; AppSettings is the source of truth.
        APIClient.shared.authToken = AppSettings.shared.authToken

        if !AppSettings.shared.hasSeenOnboarding {
            // TODO: onboarding was removed in 3.2, drop the flag once analytics confirm nobody sees it
            AppSettings.shared.hasSeenOnboarding = true
        }
        return true
    }

    func applicationDidEnterBackground(_ application: UIApplication) {
        CoreDataStack.shared.saveContext()
    }

    func applicationWillTerminate(_ application: UIApplication) {
        CoreDataStack.shared.saveContext()
    }

    func application(_ application: UIApplication,
                     open url: URL,
                     options: [UIApplication.OpenURLOptionsKey: Any] = [:]) -> Bool {
        guard url.scheme == "shoplegacy", url.host == "product" else { return false }
        // Deep links are handled by the catalog once it is on screen.
        NotificationCenter.default.post(name: .openProductDeepLink, object: nil, userInfo: ["url": url])
        return true
    }

    // MARK: - Appearance

    private func configureAppearance() {
        let brand = UIColor(red: 0.91, green: 0.30, blue: 0.24, alpha: 1.0)
        UINavigationBar.appearance().tintColor = brand
        UINavigationBar.appearance().titleTextAttributes = [
            .font: UIFont.systemFont(ofSize: 17, weight: .semibold)
        ]
        UITabBar.appearance().tintColor = brand
        UISwitch.appearance().onTintColor = brand
    }
}

extension Notification.Name {
    static let openProductDeepLink = Notification.Name("ShopLegacyOpenProductDeepLink")
    static let userDidLogout = Notification.Name("ShopLegacyUserDidLogout")
}
