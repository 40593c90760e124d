//
//  DashboardViewModel.swift
//  FitTrack
//
//  Created by Lena Vogt on 11/05/2020.
//  Copyright © 2020 FitTrack GmbH. All rights reserved.
//
//  Display-ready values: every string is already formatted by the presenter.
//

import Foundation

struct DashboardViewModel: Equatable {
    let greeting: String
    let stats: [StatTileViewModel]
    let activities: [ActivityRowViewModel]
    let goals: [GoalRowViewModel]
    let emptyMessage: String?
}

struct StatTileViewModel: Equatable {
    let title: String
    let value: String
    let caption: String
}

struct ActivityRowViewModel: Equatable {
    let iconName: String
    let title: String
    let subtitle: String
    let detail: String
}

struct GoalRowViewModel: Equatable {
    let title: String
    let progressText: String
    let progress: Float
    let isComplete: Bool
}

struct DashboardErrorViewModel: Equatable {
    let message: String
    let retryTitle: String
}
