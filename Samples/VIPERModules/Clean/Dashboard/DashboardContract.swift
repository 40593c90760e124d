//
//  DashboardContract.swift
//  FitTrack
//
//  Created by Lena Vogt on 11/05/2020.
//  Copyright © 2020 FitTrack GmbH. All rights reserved.
//
//  The boundaries of the Dashboard module. Every back-reference is class-bound so it can be weak.
//

import Foundation

// MARK: - View

protocol DashboardViewInput: AnyObject {
    func display(_ viewModel: DashboardViewModel)
    func displayLoading(_ isLoading: Bool)
    func displayError(_ viewModel: DashboardErrorViewModel)
}

// MARK: - Presenter

protocol DashboardPresenterInput: AnyObject {
    func viewDidLoad()
    func didPullToRefresh()
    func didTapRetry()
    func didSelectActivity(at index: Int)
    func didTapSeeAllGoals()
    func didTapShareSummary()
    func didTapHelp()
}

// MARK: - Interactor

protocol DashboardInteractorInput: AnyObject {
    func loadDashboard()
}

protocol DashboardInteractorOutput: AnyObject {
    func didLoadDashboard(_ summary: DashboardSummary)
    func didFailToLoadDashboard(_ error: Error)
}

// MARK: - Router

protocol DashboardRouterInput: AnyObject {
    func showActivityDetail(activityID: String)
    func showGoals()
    func showShareSheet(text: String)
    func showHelp()
}
