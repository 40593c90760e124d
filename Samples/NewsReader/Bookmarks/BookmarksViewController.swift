//
//  BookmarksViewController.swift
//  NewsReader
//
//  Created by Priya Raman on 22/03/2018.
//  Copyright © 2018 Morning Edition Ltd. All rights reserved.
//

import UIKit
import RealmSwift
import Moya

// The module prefix is there because an old "UIViewController+Theme" category in the
// Objective-C part of the app shadowed the name for a while. Nobody dared to remove it.
class BookmarksViewController: UIKit.UIViewController, UITableViewDataSource, UITableViewDelegate {

    // MARK: - Outlets

    @IBOutlet weak var tableView: UITableView!
    @IBOutlet weak var emptyStateView: UIView!
    @IBOutlet weak var emptyStateLabel: UILabel!

    // MARK: - State

    private let store = BookmarkStore()
    private let provider = MoyaProvider<NewsAPI>()
    private var bookmarks: [Bookmark] = []
    private var notificationToken: NotificationToken?

    private let savedFormatter: RelativeDateTimeFormatter = {
        let formatter = RelativeDateTimeFormatter()
        formatter.dateTimeStyle = .named
        return formatter
    }()

    // MARK: - Lifecycle

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Saved"
        tableView.dataSource = self
        tableView.delegate = self
        tableView.tableFooterView = UIView()
        navigationItem.rightBarButtonItem = editButtonItem
        emptyStateLabel.text = "Swipe right on a story to save it for later."

        notificationToken = store.observe { [weak self] in
            self?.reload()
        }
        reload()
    }

    deinit {
        notificationToken?.invalidate()
    }

    override func setEditing(_ editing: Bool, animated: Bool) {
        super.setEditing(editing, animated: animated)
        tableView.setEditing(editing, animated: animated)
        navigationItem.leftBarButtonItem = editing
            ? UIBarButtonItem(title: "Clear all", style: .plain, target: self, action: #selector(clearAllTapped))
            : nil
    }

    private func reload() {
        bookmarks = store.allBookmarks()
        emptyStateView.isHidden = !bookmarks.isEmpty
        tableView.reloadData()
    }

    @objc private func clearAllTapped() {
        let alert = UIAlertController(title: "Remove all saved stories?", message: nil, preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "Remove all", style: .destructive) { [weak self] _ in
            self?.store.removeAll()
            self?.setEditing(false, animated: true)
        })
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel, handler: nil))
        present(alert, animated: true, completion: nil)
    }

    // MARK: - UITableViewDataSource

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        return bookmarks.count
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "BookmarkCell")
            ?? UITableViewCell(style: .subtitle, reuseIdentifier: "BookmarkCell")
        let bookmark = bookmarks[indexPath.row]
        cell.textLabel?.text = bookmark.title
        cell.textLabel?.numberOfLines = 2
        cell.detailTextLabel?.text = bookmark.source + " · saved "
            + savedFormatter.localizedString(for: bookmark.savedAt, relativeTo: Date())
        cell.accessoryType = .disclosureIndicator
        return cell
    }

    func tableView(_ tableView: UITableView,
                   commit editingStyle: UITableViewCell.EditingStyle,
                   forRowAt indexPath: IndexPath) {
        guard editingStyle == .delete else { return }
        store.remove(articleId: bookmarks[indexPath.row].articleId)
    }

    // MARK: - UITableViewDelegate

    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        let bookmark = bookmarks[indexPath.row]

        // Bookmarks only keep a summary; the full article comes from the API.
        provider.request(.article(id: bookmark.articleId)) { [weak self] result in
            guard let self = self else { return }
            switch result {
            case .success(let response):
                let decoder = JSONDecoder()
                decoder.dateDecodingStrategy = .iso8601
                guard let article = try? decoder.decode(Article.self, from: response.data) else { return }
                let storyboard = UIStoryboard(name: "Main", bundle: nil)
                let articleViewController = storyboard.instantiateViewController(withIdentifier: "ArticleViewController") as! ArticleViewController
                articleViewController.article = article
                articleViewController.bookmarkStore = self.store
                self.navigationController?.pushViewController(articleViewController, animated: true)
            case .failure:
                if let url = bookmark.url {
                    UIApplication.shared.open(url, options: [:], completionHandler: nil)
                }
            }
        }
    }
}
