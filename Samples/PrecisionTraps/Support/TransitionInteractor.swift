//
//  TransitionInteractor.swift
//  PrecisionTraps
//
//  TRAP: a `UIPercentDrivenInteractiveTransition` subclass called "…Interactor" is an
//  interactive-dismissal helper, not a VIPER interactor. Its UIKit use and its
//  `dismiss` call must not produce interactor-* findings.
//

import UIKit

final class TransitionInteractor: UIPercentDrivenInteractiveTransition {

    private(set) var hasStarted = false
    private var shouldFinish = false
    private weak var viewController: UIViewController?

    func attach(to viewController: UIViewController) {
        self.viewController = viewController
        let pan = UIPanGestureRecognizer(target: self, action: #selector(handlePan(_:)))
        viewController.view.addGestureRecognizer(pan)
    }

    @objc private func handlePan(_ gesture: UIPanGestureRecognizer) {
        guard let view = gesture.view else { return }
        let translation = gesture.translation(in: view)
        let progress = min(max(translation.y / view.bounds.height, 0), 1)

        switch gesture.state {
        case .began:
            hasStarted = true
            viewController?.dismiss(animated: true, completion: nil)
        case .changed:
            shouldFinish = progress > 0.35
            update(progress)
        case .cancelled:
            hasStarted = false
            cancel()
        case .ended:
            hasStarted = false
            shouldFinish ? finish() : cancel()
        default:
            break
        }
    }
}
