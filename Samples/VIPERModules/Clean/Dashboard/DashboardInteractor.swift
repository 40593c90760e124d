//
//  DashboardInteractor.swift
//  FitTrack
//
//  Created by Lena Vogt on 11/05/2020.
//  Copyright © 2020 FitTrack GmbH. All rights reserved.
//

import Foundation

final class DashboardInteractor {

    weak var output: DashboardInteractorOutput?

    private let service: DashboardServiceProtocol
    private let calendar: Calendar
    private let now: () -> Date
    private let recentActivityLimit = 10

    init(service: DashboardServiceProtocol,
         calendar: Calendar = Calendar(identifier: .iso8601),
         now: @escaping () -> Date = Date.init) {
        self.service = service
        self.calendar = calendar
        self.now = now
    }
}

// MARK: - DashboardInteractorInput

extension DashboardInteractor: DashboardInteractorInput {

    func loadDashboard() {
        service.fetchDashboard { [weak self] result in
            guard let self = self else { return }
            let outcome = result.map { self.makeSummary(from: $0) }
            DispatchQueue.main.async { [weak self] in
                switch outcome {
                case .success(let summary):
                    self?.output?.didLoadDashboard(summary)
                case .failure(let error):
                    self?.output?.didFailToLoadDashboard(error)
                }
            }
        }
    }
}

// MARK: - Use case: weekly summary

private extension DashboardInteractor {

    func makeSummary(from response: DashboardResponse) -> DashboardSummary {
        let today = now()
        let weekStart = calendar.dateInterval(of: .weekOfYear, for: today)?.start ?? today
        let thisWeek = response.activities.filter { $0.startedAt >= weekStart && $0.startedAt <= today }

        let weeklyDistance = thisWeek.compactMap { $0.distanceMeters }.reduce(0, +)
        let weeklyDuration = thisWeek.reduce(0) { $0 + $1.duration }

        let recent = response.activities
            .sorted { $0.startedAt > $1.startedAt }
            .prefix(recentActivityLimit)

        // Open goals first, closest to completion on top.
        let goals = response.goals.sorted { lhs, rhs in
            if lhs.isComplete != rhs.isComplete {
                return !lhs.isComplete
            }
            return lhs.fractionComplete > rhs.fractionComplete
        }

        return DashboardSummary(
            firstName: response.profile.firstName,
            weeklyDistanceMeters: weeklyDistance,
            weeklyActiveDuration: weeklyDuration,
            streakDays: streakLength(of: response.activities, endingOn: today),
            recentActivities: Array(recent),
            goals: goals
        )
    }

    /// Consecutive days with at least one activity, counting back from today
    /// (a streak survives until the end of a day without activity).
    func streakLength(of activities: [Activity], endingOn today: Date) -> Int {
        let activeDays = Set(activities.map { calendar.startOfDay(for: $0.startedAt) })
        var day = calendar.startOfDay(for: today)
        if !activeDays.contains(day), let yesterday = calendar.date(byAdding: .day, value: -1, to: day) {
            day = yesterday
        }
        var streak = 0
        while activeDays.contains(day) {
            streak += 1
            guard let previous = calendar.date(byAdding: .day, value: -1, to: day) else { break }
            day = previous
        }
        return streak
    }
}
