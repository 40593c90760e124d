//
//  ArticleViewController.swift
//  NewsReader
//
//  Created by Priya Raman on 08/02/2018.
//  Copyright © 2018 Morning Edition Ltd. All rights reserved.
//

import UIKit
import Alamofire

/// Instantiated from Main.storyboard ("ArticleViewController"); the feed sets `article`
/// and `bookmarkStore` right before pushing it.
class ArticleViewController: UIViewController {

    // MARK: - Outlets

    @IBOutlet weak var scrollView: UIScrollView!
    @IBOutlet weak var headerImageView: UIImageView!
    @IBOutlet weak var sourceLabel: UILabel!
    @IBOutlet weak var titleLabel: UILabel!
    @IBOutlet weak var bylineLabel: UILabel!
    @IBOutlet weak var publishedLabel: UILabel!
    @IBOutlet weak var updatedLabel: UILabel!
    @IBOutlet weak var readingTimeLabel: UILabel!
    @IBOutlet weak var bodyTextView: UITextView!
    @IBOutlet weak var commentsButton: UIButton!
    @IBOutlet weak var bookmarkButton: UIBarButtonItem!

    // MARK: - Dependencies

    var article: Article!
    var bookmarkStore: BookmarkStore!

    private let preferences = ReaderPreferences()

    private lazy var readingTimeFormatter: DateComponentsFormatter = {
        let formatter = DateComponentsFormatter()
        formatter.allowedUnits = [.hour, .minute]
        formatter.unitsStyle = .short
        formatter.maximumUnitCount = 1
        return formatter
    }()

    private let relativeFormatter: RelativeDateTimeFormatter = {
        let formatter = RelativeDateTimeFormatter()
        formatter.unitsStyle = .full
        return formatter
    }()

    // MARK: - Lifecycle

    override func viewDidLoad() {
        super.viewDidLoad()
        navigationItem.largeTitleDisplayMode = .never
        navigationItem.rightBarButtonItems = [
            UIBarButtonItem(barButtonSystemItem: .action, target: self, action: #selector(shareTapped(_:))),
            bookmarkButton
        ]
        render()
        loadHeaderImage()
    }

    override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        if previousTraitCollection?.preferredContentSizeCategory != traitCollection.preferredContentSizeCategory {
            applyFontScale()
        }
    }

    // MARK: - Rendering

    func render() {
        sourceLabel.text = article.source.uppercased()
        titleLabel.text = article.title

        if let author = article.author {
            bylineLabel.text = "By \(author.name)"
        } else {
            bylineLabel.text = article.source
        }

        if #available(iOS 15.0, *) {
            publishedLabel.text = article.publishedAt.formatted(date: .abbreviated, time: .shortened)
        } else {
            let formatter = DateFormatter()
            formatter.dateStyle = .medium
            formatter.timeStyle = .short
            publishedLabel.text = formatter.string(from: article.publishedAt)
        }

        if let updatedAt = article.updatedAt, updatedAt.timeIntervalSince(article.publishedAt) > 5 * 60 {
            updatedLabel.isHidden = false
            updatedLabel.text = "Updated " + relativeFormatter.localizedString(for: updatedAt, relativeTo: Date())
        } else {
            updatedLabel.isHidden = true
        }

        // 230 words per minute, rounded up to whole minutes.
        let minutes = (Double(article.wordCount) / 230.0).rounded(.up)
        let readingTime = readingTimeFormatter.string(from: minutes * 60) ?? "1 min"
        readingTimeLabel.text = readingTime + " read"

        bodyTextView.text = article.body
        applyFontScale()

        if #available(iOS 15.0, *) {
            commentsButton.setTitle("\(article.commentCount.formatted()) comments", for: .normal)
        } else {
            commentsButton.setTitle("\(article.commentCount) comments", for: .normal)
        }
        commentsButton.isHidden = article.commentCount == 0
        updateBookmarkButton()
    }

    private func applyFontScale() {
        let base = UIFont.preferredFont(forTextStyle: .body)
        bodyTextView.font = base.withSize(base.pointSize * CGFloat(preferences.fontScale))
    }

    private func updateBookmarkButton() {
        let isBookmarked = bookmarkStore.isBookmarked(article.id)
        bookmarkButton.image = UIImage(systemName: isBookmarked ? "bookmark.fill" : "bookmark")
        bookmarkButton.accessibilityLabel = isBookmarked ? "Remove bookmark" : "Bookmark"
    }

    private func loadHeaderImage() {
        guard let url = article.imageURL else {
            headerImageView.isHidden = true
            return
        }
        AF.request(url).validate().responseData { [weak self] response in
            guard let data = response.data, let image = UIImage(data: data) else {
                self?.headerImageView.isHidden = true
                return
            }
            self?.headerImageView.image = image
        }
    }

    // MARK: - Actions

    @IBAction func bookmarkTapped(_ sender: UIBarButtonItem) {
        bookmarkStore.toggle(article)
        updateBookmarkButton()
        UIImpactFeedbackGenerator(style: .light).impactOccurred()
    }

    @objc func shareTapped(_ sender: UIBarButtonItem) {
        let activity = UIActivityViewController(activityItems: [article.title, article.url],
                                                applicationActivities: nil)
        activity.popoverPresentationController?.barButtonItem = sender
        present(activity, animated: true, completion: nil)
    }

    @IBAction func commentsTapped(_ sender: UIButton) {
        let comments = CommentsViewController(articleId: article.id)
        comments.title = article.title
        navigationController?.pushViewController(comments, animated: true)
    }

    @IBAction func textSizeTapped(_ sender: UIButton) {
        // Cycles 100% → 120% → 140% → 80% → 100%
        let steps: [Double] = [1.0, 1.2, 1.4, 0.8]
        let current = steps.firstIndex(where: { abs($0 - preferences.fontScale) < 0.01 }) ?? 0
        preferences.fontScale = steps[(current + 1) % steps.count]
        applyFontScale()
    }
}
