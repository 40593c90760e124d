//
//  OnboardingViewController.swift
//  PrecisionTraps
//
//  TRAPS — `present` that is not screen navigation:
//  - `Alert.defaultError.present()` (project enum with a `present()` method);
//  - `toast.present(in: view)` (project UIView with a `present(in:)` method);
//  - `FeedbackPresenter` is an NSObject helper, not a VIPER presenter, so holding one does
//    not make this a VIPER view.
//  Leaving the screen goes through `onFinish?()`. Expected: no vc-navigation, no finding.
//

import UIKit
import UserNotifications

final class OnboardingViewController: UIViewController {

    @IBOutlet weak var pageControl: UIPageControl!
    @IBOutlet weak var titleLabel: UILabel!
    @IBOutlet weak var bodyLabel: UILabel!
    @IBOutlet weak var continueButton: UIButton!
    @IBOutlet weak var feedbackButton: UIButton!

    var onFinish: (() -> Void)?

    private lazy var feedbackPresenter = FeedbackPresenter(hostViewController: self)

    private let pages: [(title: String, body: String)] = [
        ("Welcome", "Everything you ordered, in one place."),
        ("Stay in the loop", "We'll tell you when your parcel is on its way."),
        ("You're all set", "Tap continue to start browsing.")
    ]
    private var pageIndex = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        pageControl.numberOfPages = pages.count
        showPage(0)
    }

    private func showPage(_ index: Int) {
        pageIndex = index
        pageControl.currentPage = index
        titleLabel.text = pages[index].title
        bodyLabel.text = pages[index].body
        continueButton.setTitle(index == pages.count - 1 ? "Get started" : "Continue", for: .normal)
    }

    // MARK: - Actions

    @IBAction func continueTapped(_ sender: UIButton) {
        guard pageIndex + 1 < pages.count else {
            onFinish?()
            return
        }
        showPage(pageIndex + 1)
        let toast = ToastView(text: "Step \(pageIndex + 1) of \(pages.count)")
        toast.present(in: view)
    }

    @IBAction func enableNotificationsTapped(_ sender: UIButton) {
        UNUserNotificationCenter.current().requestAuthorization(options: [.alert, .badge, .sound]) { [weak self] granted, error in
            DispatchQueue.main.async {
                guard let self = self else { return }
                if error != nil {
                    Alert.defaultError.present()
                } else if granted {
                    ToastView(text: "Notifications are on").present(in: self.view)
                }
            }
        }
    }

    @IBAction func feedbackTapped(_ sender: UIButton) {
        feedbackPresenter.showFeedbackOptions(from: sender)
    }
}
