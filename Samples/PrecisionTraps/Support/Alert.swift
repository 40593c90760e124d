//
//  Alert.swift
//  PrecisionTraps
//
//  TRAP: `present()` on a project type that is not a view controller presentation.
//  `Alert.defaultError.present()` (called from OnboardingViewController) must not count as
//  screen navigation. This enum is not a view controller, so nothing in here is a finding either.
//

import UIKit

enum Alert {
    case defaultError
    case offline
    case custom(title: String, message: String)

    private var title: String {
        switch self {
        case .defaultError: return "Something went wrong"
        case .offline: return "You're offline"
        case .custom(let title, _): return title
        }
    }

    private var message: String {
        switch self {
        case .defaultError: return "Please try again in a moment."
        case .offline: return "Check your connection and try again."
        case .custom(_, let message): return message
        }
    }

    /// Shows the alert on top of whatever is on screen.
    func present() {
        let alert = UIAlertController(title: title, message: message, preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "OK", style: .default, handler: nil))
        var top = UIApplication.shared.windows.first { $0.isKeyWindow }?.rootViewController
        while let presented = top?.presentedViewController {
            top = presented
        }
        top?.present(alert, animated: true, completion: nil)
    }
}
