//
//  AppSettings.swift
//  ShopLegacy
//
//  Created by Marta Kowalczyk on 20/03/2017.
//  Copyright © 2017 ShopLegacy Inc. All rights reserved.
//

import Foundation

/// Typed access to everything we keep in UserDefaults.
final class AppSettings {

    static let shared = AppSettings()

    private enum Keys {
        static let authToken = "com.shoplegacy.authToken"
        static let hasSeenOnboarding = "com.shoplegacy.hasSeenOnboarding"
        static let selectedCategoryId = "com.shoplegacy.catalog.selectedCategoryId"
        static let sortOrder = "com.shoplegacy.catalog.sortOrder"
        static let recentSearches = "com.shoplegacy.catalog.recentSearches"
        static let recentlyViewed = "com.shoplegacy.recentlyViewed"
        static let currencyCode = "com.shoplegacy.currencyCode"
        static let lastCatalogSync = "com.shoplegacy.catalog.lastSync"
    }

    private init() {}

    // TODO: SEC-112 the token must move to the Keychain before the 5.0 release.
    var authToken: String? {
        get { return UserDefaults.standard.string(forKey: Keys.authToken) }
        set { UserDefaults.standard.set(newValue, forKey: Keys.authToken) }
    }

    var hasSeenOnboarding: Bool {
        get { return UserDefaults.standard.bool(forKey: Keys.hasSeenOnboarding) }
        set { UserDefaults.standard.set(newValue, forKey: Keys.hasSeenOnboarding) }
    }

    var selectedCategoryId: Int? {
        get { return UserDefaults.standard.object(forKey: Keys.selectedCategoryId) as? Int }
        set { UserDefaults.standard.set(newValue, forKey: Keys.selectedCategoryId) }
    }

    var sortOrderRawValue: String? {
        get { return UserDefaults.standard.string(forKey: Keys.sortOrder) }
        set { UserDefaults.standard.set(newValue, forKey: Keys.sortOrder) }
    }

    var recentSearches: [String] {
        get { return UserDefaults.standard.stringArray(forKey: Keys.recentSearches) ?? [] }
        set { UserDefaults.standard.set(Array(newValue.prefix(10)), forKey: Keys.recentSearches) }
    }

    var recentlyViewedProductIds: [Int] {
        get { return UserDefaults.standard.array(forKey: Keys.recentlyViewed) as? [Int] ?? [] }
        set { UserDefaults.standard.set(Array(newValue.prefix(20)), forKey: Keys.recentlyViewed) }
    }

    var currencyCode: String {
        get { return UserDefaults.standard.string(forKey: Keys.currencyCode) ?? Locale.current.currencyCode ?? "EUR" }
        set { UserDefaults.standard.set(newValue, forKey: Keys.currencyCode) }
    }

    var lastCatalogSync: Date? {
        get { return UserDefaults.standard.object(forKey: Keys.lastCatalogSync) as? Date }
        set { UserDefaults.standard.set(newValue, forKey: Keys.lastCatalogSync) }
    }

    func reset() {
        [Keys.authToken, Keys.selectedCategoryId, Keys.recentSearches, Keys.recentlyViewed, Keys.lastCatalogSync]
            .forEach { UserDefaults.standard.removeObject(forKey: $0) }
    }
}
