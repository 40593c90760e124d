//
//  DashboardPresenter.swift
//  FitTrack
//
//  Created by Lena Vogt on 11/05/2020.
//  Copyright © 2020 FitTrack GmbH. All rights reserved.
//

import Foundation

final class DashboardPresenter {

    weak var view: DashboardViewInput?

    private let interactor: DashboardInteractorInput
    private let router: DashboardRouterInput
    private var summary: DashboardSummary?

    private let distanceFormatter: MeasurementFormatter = {
        let formatter = MeasurementFormatter()
        formatter.unitOptions = .naturalScale
        formatter.numberFormatter.maximumFractionDigits = 1
        return formatter
    }()

    private let durationFormatter: DateComponentsFormatter = {
        let formatter = DateComponentsFormatter()
        formatter.allowedUnits = [.hour, .minute]
        formatter.unitsStyle = .abbreviated
        return formatter
    }()

    private let relativeDateFormatter: RelativeDateTimeFormatter = {
        let formatter = RelativeDateTimeFormatter()
        formatter.unitsStyle = .full
        return formatter
    }()

    private let percentFormatter: NumberFormatter = {
        let formatter = NumberFormatter()
        formatter.numberStyle = .percent
        formatter.maximumFractionDigits = 0
        return formatter
    }()

    init(interactor: DashboardInteractorInput, router: DashboardRouterInput) {
        self.interactor = interactor
        self.router = router
    }
}

// MARK: - DashboardPresenterInput

extension DashboardPresenter: DashboardPresenterInput {

    func viewDidLoad() {
        view?.displayLoading(true)
        interactor.loadDashboard()
    }

    func didPullToRefresh() {
        interactor.loadDashboard()
    }

    func didTapRetry() {
        view?.displayLoading(true)
        interactor.loadDashboard()
    }

    func didSelectActivity(at index: Int) {
        guard let activities = summary?.recentActivities, activities.indices.contains(index) else { return }
        router.showActivityDetail(activityID: activities[index].id)
    }

    func didTapSeeAllGoals() {
        router.showGoals()
    }

    func didTapShareSummary() {
        guard let summary = summary else { return }
        let text = String(format: NSLocalizedString("dashboard.share", comment: "This week: %@ in %@"),
                          distanceText(summary.weeklyDistanceMeters),
                          durationFormatter.string(from: summary.weeklyActiveDuration) ?? "–")
        router.showShareSheet(text: text)
    }

    func didTapHelp() {
        router.showHelp()
    }
}

// MARK: - DashboardInteractorOutput

extension DashboardPresenter: DashboardInteractorOutput {

    func didLoadDashboard(_ summary: DashboardSummary) {
        self.summary = summary
        view?.displayLoading(false)
        view?.display(makeViewModel(from: summary))
    }

    func didFailToLoadDashboard(_ error: Error) {
        view?.displayLoading(false)
        view?.displayError(DashboardErrorViewModel(
            message: NSLocalizedString("dashboard.error", comment: "We couldn't load your dashboard."),
            retryTitle: NSLocalizedString("dashboard.retry", comment: "Try again")
        ))
    }
}

// MARK: - Mapping

private extension DashboardPresenter {

    func makeViewModel(from summary: DashboardSummary) -> DashboardViewModel {
        let stats = [
            StatTileViewModel(title: NSLocalizedString("dashboard.stat.distance", comment: "Distance"),
                              value: distanceText(summary.weeklyDistanceMeters),
                              caption: NSLocalizedString("dashboard.thisWeek", comment: "this week")),
            StatTileViewModel(title: NSLocalizedString("dashboard.stat.time", comment: "Active time"),
                              value: durationFormatter.string(from: summary.weeklyActiveDuration) ?? "–",
                              caption: NSLocalizedString("dashboard.thisWeek", comment: "this week")),
            StatTileViewModel(title: NSLocalizedString("dashboard.stat.streak", comment: "Streak"),
                              value: String.localizedStringWithFormat(
                                NSLocalizedString("dashboard.streak.days", comment: "%d days"), summary.streakDays),
                              caption: NSLocalizedString("dashboard.inARow", comment: "in a row"))
        ]

        return DashboardViewModel(
            greeting: String(format: NSLocalizedString("dashboard.greeting", comment: "Hi, %@"), summary.firstName),
            stats: stats,
            activities: summary.recentActivities.map(makeActivityRow),
            goals: summary.goals.map(makeGoalRow),
            emptyMessage: summary.recentActivities.isEmpty
                ? NSLocalizedString("dashboard.empty", comment: "No activities yet. Time for a walk?")
                : nil
        )
    }

    func makeActivityRow(_ activity: Activity) -> ActivityRowViewModel {
        let detail: String
        if let distance = activity.distanceMeters {
            detail = distanceText(distance)
        } else {
            detail = durationFormatter.string(from: activity.duration) ?? "–"
        }
        return ActivityRowViewModel(
            iconName: iconName(for: activity.kind),
            title: title(for: activity.kind),
            subtitle: relativeDateFormatter.localizedString(for: activity.startedAt, relativeTo: Date()),
            detail: detail
        )
    }

    func makeGoalRow(_ goal: Goal) -> GoalRowViewModel {
        return GoalRowViewModel(
            title: goal.title,
            progressText: percentFormatter.string(from: NSNumber(value: goal.fractionComplete)) ?? "",
            progress: Float(goal.fractionComplete),
            isComplete: goal.isComplete
        )
    }

    func distanceText(_ meters: Double) -> String {
        return distanceFormatter.string(from: Measurement(value: meters, unit: UnitLength.meters))
    }

    func iconName(for kind: ActivityKind) -> String {
        switch kind {
        case .run: return "figure.run"
        case .ride: return "bicycle"
        case .walk: return "figure.walk"
        case .swim: return "drop"
        case .strength: return "bolt.heart"
        }
    }

    func title(for kind: ActivityKind) -> String {
        switch kind {
        case .run: return NSLocalizedString("activity.run", comment: "Run")
        case .ride: return NSLocalizedString("activity.ride", comment: "Ride")
        case .walk: return NSLocalizedString("activity.walk", comment: "Walk")
        case .swim: return NSLocalizedString("activity.swim", comment: "Swim")
        case .strength: return NSLocalizedString("activity.strength", comment: "Strength training")
        }
    }
}
