//
//  AppDelegate.swift
//  NewsReader
//
//  Created by Priya Raman on 04/02/2018.
//  Copyright © 2018 Morning Edition Ltd. All rights reserved.
//

import UIKit
import RealmSwift

@UIApplicationMain
final class AppDelegate: UIResponder, UIApplicationDelegate {

    var window: UIWindow?
    private var settingsCoordinator: SettingsCoordinator?

    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        configureRealm()

        // The tab bar comes from Main.storyboard; the Settings tab is wired up in code.
        if let tabBar = window?.rootViewController as? UITabBarController,
           let settingsNavigation = tabBar.viewControllers?.last as? UINavigationController {
            let coordinator = SettingsCoordinator(navigationController: settingsNavigation,
                                                  preferences: ReaderPreferences())
            coordinator.start()
            settingsCoordinator = coordinator
        }
        return true
    }

    private func configureRealm() {
        let config = Realm.Configuration(schemaVersion: 3, migrationBlock: { migration, oldSchemaVersion in
            if oldSchemaVersion < 2 {
                migration.enumerateObjects(ofType: BookmarkObject.className()) { _, newObject in
                    newObject?["savedAt"] = Date()
                }
            }
        })
        Realm.Configuration.defaultConfiguration = config
    }
}
