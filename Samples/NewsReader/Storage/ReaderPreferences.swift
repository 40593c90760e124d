//
//  ReaderPreferences.swift
//  NewsReader
//
//  Created by Daniel Okafor on 02/07/2019.
//  Copyright © 2019 Morning Edition Ltd. All rights reserved.
//

import Foundation

/// User-facing reading preferences, persisted in UserDefaults.
final class ReaderPreferences {

    private let defaults: UserDefaults

    init(defaults: UserDefaults = .standard) {
        self.defaults = defaults
    }

    var fontScale: Double {
        get {
            let stored = defaults.double(forKey: "reader.fontScale")
            return stored == 0 ? 1.0 : stored
        }
        set { defaults.set(min(max(newValue, 0.8), 1.6), forKey: "reader.fontScale") }
    }

    var prefersDarkMode: Bool {
        get { return defaults.bool(forKey: "reader.darkMode") }
        set { defaults.set(newValue, forKey: "reader.darkMode") }
    }

    var downloadsForOffline: Bool {
        get { return defaults.bool(forKey: "reader.offlineDownloads") }
        set { defaults.set(newValue, forKey: "reader.offlineDownloads") }
    }

    var breakingNewsAlerts: Bool {
        get { return defaults.object(forKey: "reader.breakingAlerts") as? Bool ?? true }
        set { defaults.set(newValue, forKey: "reader.breakingAlerts") }
    }
}
