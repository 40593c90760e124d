//
//  DashboardEntities.swift
//  FitTrack
//
//  Created by Lena Vogt on 11/05/2020.
//  Copyright © 2020 FitTrack GmbH. All rights reserved.
//

import Foundation

enum ActivityKind: String, Decodable {
    case run
    case ride
    case walk
    case swim
    case strength
}

struct Activity: Decodable, Equatable {
    let id: String
    let kind: ActivityKind
    let startedAt: Date
    let duration: TimeInterval
    let distanceMeters: Double?
    let calories: Int
}

struct Goal: Decodable, Equatable {
    let id: String
    let title: String
    let target: Double
    let progress: Double

    var fractionComplete: Double {
        guard target > 0 else { return 0 }
        return min(progress / target, 1)
    }

    var isComplete: Bool {
        return progress >= target
    }
}

/// What the dashboard shows, computed by the interactor from the raw service response.
struct DashboardSummary: Equatable {
    let firstName: String
    let weeklyDistanceMeters: Double
    let weeklyActiveDuration: TimeInterval
    let streakDays: Int
    let recentActivities: [Activity]
    let goals: [Goal]
}
