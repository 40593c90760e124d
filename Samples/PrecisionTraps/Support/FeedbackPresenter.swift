//
//  FeedbackPresenter.swift
//  PrecisionTraps
//
//  TRAP: a lone class named "…Presenter" that subclasses NSObject to show a UIKit sheet
//  is not a VIPER presenter. It imports UIKit and presents view controllers, and neither
//  `presenter-imports-uikit` nor `presenter-navigation` may fire. There is no Feedback
//  view/interactor/router next to it.
//

import UIKit
import MessageUI

final class FeedbackPresenter: NSObject, MFMailComposeViewControllerDelegate {

    private weak var hostViewController: UIViewController?

    init(hostViewController: UIViewController) {
        self.hostViewController = hostViewController
        super.init()
    }

    func showFeedbackOptions(from sourceView: UIView) {
        let sheet = UIAlertController(title: "Send feedback", message: nil, preferredStyle: .actionSheet)
        sheet.addAction(UIAlertAction(title: "Email the team", style: .default) { [weak self] _ in
            self?.showMailComposer()
        })
        sheet.addAction(UIAlertAction(title: "Cancel", style: .cancel, handler: nil))
        sheet.popoverPresentationController?.sourceView = sourceView
        hostViewController?.present(sheet, animated: true, completion: nil)
    }

    private func showMailComposer() {
        guard MFMailComposeViewController.canSendMail() else {
            Alert.custom(title: "No mail account", message: "Write to us at feedback@traps.example.com").present()
            return
        }
        let composer = MFMailComposeViewController()
        composer.mailComposeDelegate = self
        composer.setToRecipients(["feedback@traps.example.com"])
        composer.setSubject("App feedback")
        hostViewController?.present(composer, animated: true, completion: nil)
    }

    func mailComposeController(_ controller: MFMailComposeViewController,
                               didFinishWith result: MFMailComposeResult,
                               error: Error?) {
        controller.dismiss(animated: true, completion: nil)
    }
}
