//
//  ProfileViewController.swift
//  ShopLegacy
//
//  Created by Marta Kowalczyk on 09/06/2017.
//  Copyright © 2017 ShopLegacy Inc. All rights reserved.
//

import UIKit

class ProfileViewController: BaseViewController {

    // MARK: - Outlets

    @IBOutlet weak var avatarImageView: UIImageView!
    @IBOutlet weak var editAvatarButton: UIButton!
    @IBOutlet weak var nameLabel: UILabel!
    @IBOutlet weak var emailLabel: UILabel!
    @IBOutlet weak var memberSinceLabel: UILabel!
    @IBOutlet weak var loyaltyPointsLabel: UILabel!
    @IBOutlet weak var loyaltyTierLabel: UILabel!
    @IBOutlet weak var ordersButton: UIButton!
    @IBOutlet weak var logoutButton: UIButton!

    // MARK: - State

    var user: User?

    private lazy var pointsFormatter: NumberFormatter = {
        let formatter = NumberFormatter()
        formatter.numberStyle = .decimal
        formatter.usesGroupingSeparator = true
        return formatter
    }()

    // MARK: - Lifecycle

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Profile"
        avatarImageView.layer.cornerRadius = avatarImageView.bounds.width / 2
        avatarImageView.clipsToBounds = true
        avatarImageView.isUserInteractionEnabled = true
        avatarImageView.addGestureRecognizer(UITapGestureRecognizer(target: self, action: #selector(editAvatarTapped(_:))))
        logoutButton.setTitleColor(.red, for: .normal)

        loadAvatarFromDisk()
        loadProfile()
    }

    // MARK: - Loading

    func loadProfile() {
        showLoading()
        APIClient.shared.fetchCurrentUser { [weak self] result in
            DispatchQueue.main.async {
                guard let self = self else { return }
                self.hideLoading()
                switch result {
                case .success(let user):
                    self.user = user
                    self.render(user)
                case .failure(.unauthorized):
                    self.logout()
                case .failure(let error):
                    self.showError(error) { [weak self] in self?.loadProfile() }
                }
            }
        }
    }

    func render(_ user: User) {
        nameLabel.text = user.name
        emailLabel.text = user.email

        let since = ShopDateFormatter.shared.monthAndYear(user.memberSince)
        let years = Calendar.current.dateComponents([.year], from: user.memberSince, to: Date()).year ?? 0
        if years >= 1 {
            memberSinceLabel.text = String(format: NSLocalizedString("Member since %@ (%d years)", comment: ""), since, years)
        } else {
            memberSinceLabel.text = String(format: NSLocalizedString("Member since %@", comment: ""), since)
        }

        let points = pointsFormatter.string(from: NSNumber(value: user.loyaltyPoints)) ?? "\(user.loyaltyPoints)"
        loyaltyPointsLabel.text = "\(points) points"
        loyaltyTierLabel.text = loyaltyTier(for: user.loyaltyPoints, memberYears: years)
    }

    /// Tiers as defined by marketing (see Confluence "Loyalty 2019").
    func loyaltyTier(for points: Int, memberYears: Int) -> String {
        let bonus = memberYears * 250
        switch points + bonus {
        case ..<1_000: return "Bronze"
        case 1_000..<5_000: return "Silver"
        case 5_000..<20_000: return "Gold"
        default: return "Platinum"
        }
    }

    // MARK: - Actions

    @IBAction func ordersTapped(_ sender: UIButton) {
        let orders = OrderHistoryViewController(style: .insetGrouped)
        navigationController?.pushViewController(orders, animated: true)
    }

    @IBAction func logoutTapped(_ sender: UIButton) {
        let alert = UIAlertController(title: "Sign out?",
                                      message: "Your cart will be kept on this device.",
                                      preferredStyle: .actionSheet)
        alert.addAction(UIAlertAction(title: "Sign out", style: .destructive) { [weak self] _ in
            self?.logout()
        })
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel, handler: nil))
        alert.popoverPresentationController?.sourceView = sender
        present(alert, animated: true, completion: nil)
    }

    func logout() {
        AppSettings.shared.authToken = nil
        APIClient.shared.authToken = nil
        try? FileManager.default.removeItem(at: avatarFileURL)
        CoreDataStack.shared.deleteAll(entityName: "CachedProduct")
        ImageLoader.shared.clearCache()
        NotificationCenter.default.post(name: .userDidLogout, object: nil)
        tabBarController?.selectedIndex = 0
    }
}
