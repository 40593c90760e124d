//
//  ProductDetailViewController+Reviews.swift
//  ShopLegacy
//
//  Created by Jonas Ebert on 12/01/2019.
//  Copyright © 2019 ShopLegacy Inc. All rights reserved.
//

import UIKit

extension ProductDetailViewController {

    // MARK: - Loading

    func loadReviews() {
        APIClient.shared.fetchReviews(productId: product.id) { [weak self] result in
            DispatchQueue.main.async {
                guard let self = self else { return }
                switch result {
                case .success(let reviews):
                    // Verified purchases first, then newest first.
                    self.reviews = reviews.sorted { lhs, rhs in
                        if lhs.isVerifiedPurchase != rhs.isVerifiedPurchase {
                            return lhs.isVerifiedPurchase
                        }
                        return lhs.createdAt > rhs.createdAt
                    }
                    self.updateAverageRating()
                    self.reviewsTableView.reloadData()
                    self.view.setNeedsLayout()
                case .failure(let error):
                    print("Reviews failed to load: \(error)")
                    self.averageRatingLabel.text = "Reviews unavailable"
                }
            }
        }
    }

    func updateAverageRating() {
        guard !reviews.isEmpty else {
            averageRatingLabel.text = "No reviews yet"
            return
        }
        let total = reviews.reduce(0) { $0 + $1.rating }
        let average = Double(total) / Double(reviews.count)
        let verified = reviews.filter { $0.isVerifiedPurchase }.count
        averageRatingLabel.text = String(format: "%.1f out of 5 · %d reviews (%d verified)",
                                         average, reviews.count, verified)
    }

    // MARK: - Writing a review

    @IBAction func writeReviewTapped(_ sender: UIButton) {
        guard AppSettings.shared.authToken != nil else {
            let alert = UIAlertController(title: "Sign in required",
                                          message: "Please sign in to write a review.",
                                          preferredStyle: .alert)
            alert.addAction(UIAlertAction(title: "OK", style: .default, handler: nil))
            present(alert, animated: true, completion: nil)
            return
        }

        let alert = UIAlertController(title: "Your review", message: product.title, preferredStyle: .alert)
        alert.addTextField { field in
            field.placeholder = "Title"
        }
        alert.addTextField { field in
            field.placeholder = "What did you think?"
        }
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel, handler: nil))
        alert.addAction(UIAlertAction(title: "Submit", style: .default) { [weak self, weak alert] _ in
            let title = alert?.textFields?.first?.text ?? ""
            let body = alert?.textFields?.last?.text ?? ""
            self?.submitReview(title: title, body: body)
        })
        present(alert, animated: true, completion: nil)
    }

    private func submitReview(title: String, body: String) {
        guard body.count >= 20 else {
            showError(NSError(domain: "ShopLegacy.Reviews", code: 1, userInfo: [
                NSLocalizedDescriptionKey: "Reviews must be at least 20 characters long."
            ]))
            return
        }
        // TODO: APIClient.postReview — endpoint not live yet, we just pretend for now (REV-12)
        let pending = Review(id: -1, author: "You", rating: 5, title: title, body: body,
                             createdAt: Date(), isVerifiedPurchase: false)
        reviews.insert(pending, at: 0)
        updateAverageRating()
        reviewsTableView.reloadData()
    }
}

// MARK: - UITableViewDataSource, UITableViewDelegate

extension ProductDetailViewController: UITableViewDataSource, UITableViewDelegate {

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        return min(reviews.count, 5)
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = UITableViewCell(style: .subtitle, reuseIdentifier: "ReviewCell")
        let review = reviews[indexPath.row]

        let stars = String(repeating: "★", count: review.rating) + String(repeating: "☆", count: 5 - review.rating)
        cell.textLabel?.text = "\(stars)  \(review.title)"
        cell.textLabel?.font = UIFont.preferredFont(forTextStyle: .headline)

        var byline = review.author + " · " + ShopDateFormatter.shared.shortDate(review.createdAt)
        if review.isVerifiedPurchase {
            byline += " · Verified purchase"
        }
        cell.detailTextLabel?.text = byline + "\n" + review.body
        cell.detailTextLabel?.numberOfLines = 4
        cell.selectionStyle = .none
        return cell
    }

    func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
        return reviews.isEmpty ? nil : "Customer reviews"
    }
}
