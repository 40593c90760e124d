//
//  DashboardRouter.swift
//  FitTrack
//
//  Created by Lena Vogt on 11/05/2020.
//  Copyright © 2020 FitTrack GmbH. All rights reserved.
//

import UIKit
import SafariServices

final class DashboardRouter {

    weak var viewController: UIViewController?

    private let helpURL = URL(string: "https://help.fittrack.example.com/dashboard")!
}

// MARK: - DashboardRouterInput

extension DashboardRouter: DashboardRouterInput {

    func showActivityDetail(activityID: String) {
        // ActivityDetailModule and GoalsModule are sibling VIPER modules of the app.
        let detail = ActivityDetailModule.build(activityID: activityID)
        viewController?.navigationController?.pushViewController(detail, animated: true)
    }

    func showGoals() {
        let goals = GoalsModule.build()
        viewController?.navigationController?.pushViewController(goals, animated: true)
    }

    func showShareSheet(text: String) {
        let activity = UIActivityViewController(activityItems: [text], applicationActivities: nil)
        activity.popoverPresentationController?.sourceView = viewController?.view
        viewController?.present(activity, animated: true, completion: nil)
    }

    func showHelp() {
        let safari = SFSafariViewController(url: helpURL)
        safari.modalPresentationStyle = .pageSheet
        viewController?.present(safari, animated: true, completion: nil)
    }
}
