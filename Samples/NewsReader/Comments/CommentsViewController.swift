//
//  CommentsViewController.swift
//  NewsReader
//
//  Created by Daniel Okafor on 19/11/2018.
//  Copyright © 2018 Morning Edition Ltd. All rights reserved.
//

import UIKit
import Alamofire
import SlackTextViewController

final class CommentsViewController: SLKTextViewController {

    private let articleId: String
    private let service = CommentsService()
    private var comments: [Comment] = []

    private let relativeFormatter: RelativeDateTimeFormatter = {
        let formatter = RelativeDateTimeFormatter()
        formatter.unitsStyle = .abbreviated
        return formatter
    }()

    /// Words the moderation team asked us to block client-side (the server re-checks).
    private let blockedPatterns = ["\\bhttps?://\\S+\\.(ru|xyz)\\b", "(?i)\\bfree\\s+crypto\\b"]

    // MARK: - Init

    init(articleId: String) {
        self.articleId = articleId
        super.init(tableViewStyle: .plain)
    }

    required init(coder decoder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    // MARK: - Lifecycle

    override func viewDidLoad() {
        super.viewDidLoad()
        isInverted = true
        shouldScrollToBottomAfterKeyboardShows = false
        textView.placeholder = "Add a comment…"
        textInputbar.autoHideRightButton = true
        textInputbar.maxCharCount = 1000
        textInputbar.counterStyle = .split
        rightButton.setTitle("Post", for: .normal)

        tableView?.separatorStyle = .none
        tableView?.register(UITableViewCell.self, forCellReuseIdentifier: "CommentCell")
        loadComments()
    }

    // MARK: - Loading

    private func loadComments() {
        service.fetchComments(articleId: articleId) { [weak self] result in
            guard let self = self else { return }
            switch result {
            case .success(let comments):
                // Newest first, because the table is inverted the newest ends up at the bottom.
                self.comments = comments.sorted { $0.createdAt > $1.createdAt }
                self.tableView?.reloadData()
            case .failure(let error):
                print("Comments failed: \(error)")
            }
        }
    }

    // MARK: - Posting

    func isAcceptableComment(_ text: String) -> Bool {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.count >= 3 else { return false }
        for pattern in blockedPatterns where trimmed.range(of: pattern, options: .regularExpression) != nil {
            return false
        }
        return true
    }

    override func didPressRightButton(_ sender: Any?) {
        textView.refreshFirstResponder()
        let text = textView.text ?? ""
        guard isAcceptableComment(text) else {
            let alert = UIAlertController(title: "Can't post this comment",
                                          message: "Please check the community guidelines.",
                                          preferredStyle: .alert)
            alert.addAction(UIAlertAction(title: "OK", style: .default, handler: nil))
            present(alert, animated: true, completion: nil)
            return
        }

        let url = "https://comments.newsreader.example.com/v2/threads/\(articleId)/comments"
        AF.request(url, method: .post, parameters: ["body": text], encoder: JSONParameterEncoder.default)
            .validate()
            .responseDecodable(of: Comment.self) { [weak self] response in
                guard let self = self, case .success(let comment) = response.result else { return }
                self.comments.insert(comment, at: 0)
                self.tableView?.insertRows(at: [IndexPath(row: 0, section: 0)], with: .bottom)
            }

        super.didPressRightButton(sender)
    }

    // MARK: - UITableViewDataSource

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        return comments.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = UITableViewCell(style: .subtitle, reuseIdentifier: "CommentCell")
        let comment = comments[indexPath.row]
        cell.textLabel?.text = comment.body
        cell.textLabel?.numberOfLines = 0
        var meta = comment.author.name + " · " + relativeFormatter.localizedString(for: comment.createdAt, relativeTo: Date())
        if comment.likes > 0 {
            meta += String(format: " · ♥ %d", comment.likes)
        }
        cell.detailTextLabel?.text = meta
        cell.transform = tableView.transform // keep cells upright in the inverted table
        return cell
    }

    override func tableView(_ tableView: UITableView,
                            trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? {
        let comment = comments[indexPath.row]
        let report = UIContextualAction(style: .destructive, title: "Report") { [weak self] _, _, done in
            self?.service.reportComment(id: comment.id, reason: "inappropriate") { success in
                done(success)
            }
        }
        return UISwipeActionsConfiguration(actions: [report])
    }
}
