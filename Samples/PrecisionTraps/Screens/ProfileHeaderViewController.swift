//
//  ProfileHeaderViewController.swift
//  PrecisionTraps
//
//  TRAPS — safety rules that must stay silent:
//  - `weak var delegate` (not strong-delegate);
//  - `@IBOutlet var nameLabel: UILabel!` (an IBOutlet is not a force-unwrapped dependency);
//  - every closure stored by self captures `[weak self]`: Combine sinks kept in `cancellables`,
//    a repeating Timer, a block-based NotificationCenter observer (its token is removed in
//    deinit) and a stored callback property.
//  Expected: no finding at all.
//

import UIKit
import Combine

protocol ProfileHeaderDelegate: AnyObject {
    func profileHeaderDidTapAvatar(_ header: ProfileHeaderViewController)
}

final class ProfileHeaderViewController: UIViewController {

    @IBOutlet var nameLabel: UILabel!
    @IBOutlet var statusLabel: UILabel!
    @IBOutlet weak var avatarButton: UIButton!

    weak var delegate: ProfileHeaderDelegate?

    /// Asked by the container whenever the header's height changes.
    var onHeightChange: ((CGFloat) -> Void)?

    private var appearanceHandler: (() -> Void)?
    private var cancellables = Set<AnyCancellable>()
    private var pulseTimer: Timer?
    private var contentSizeToken: NSObjectProtocol?

    override func viewDidLoad() {
        super.viewDidLoad()
        avatarButton.layer.cornerRadius = avatarButton.bounds.height / 2
        avatarButton.clipsToBounds = true

        appearanceHandler = { [weak self] in
            self?.nameLabel.font = UIFont.preferredFont(forTextStyle: .title2)
            self?.statusLabel.font = UIFont.preferredFont(forTextStyle: .subheadline)
            self?.notifyHeight()
        }
        appearanceHandler?()

        pulseTimer = Timer.scheduledTimer(withTimeInterval: 2.0, repeats: true) { [weak self] _ in
            self?.pulseAvatar()
        }

        contentSizeToken = NotificationCenter.default.addObserver(
            forName: UIContentSizeCategory.didChangeNotification,
            object: nil,
            queue: .main
        ) { [weak self] _ in
            self?.appearanceHandler?()
        }
    }

    deinit {
        pulseTimer?.invalidate()
        if let token = contentSizeToken {
            NotificationCenter.default.removeObserver(token)
        }
    }

    func bind(name: AnyPublisher<String, Never>, status: AnyPublisher<String, Never>) {
        name
            .receive(on: DispatchQueue.main)
            .sink { [weak self] in self?.nameLabel.text = $0 }
            .store(in: &cancellables)

        status
            .receive(on: DispatchQueue.main)
            .sink { [weak self] text in
                self?.statusLabel.text = text
                self?.statusLabel.isHidden = text.isEmpty
                self?.notifyHeight()
            }
            .store(in: &cancellables)
    }

    @IBAction func avatarTapped(_ sender: UIButton) {
        delegate?.profileHeaderDidTapAvatar(self)
    }

    private func pulseAvatar() {
        UIView.animate(withDuration: 0.3, animations: {
            self.avatarButton.transform = CGAffineTransform(scaleX: 1.05, y: 1.05)
        }, completion: { _ in
            UIView.animate(withDuration: 0.3) {
                self.avatarButton.transform = .identity
            }
        })
    }

    private func notifyHeight() {
        view.layoutIfNeeded()
        let height = view.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize).height
        onHeightChange?(height)
    }
}
