//
//  FeedViewController.swift
//  NewsReader
//
//  Created by Priya Raman on 06/02/2018.
//  Copyright © 2018 Morning Edition Ltd. All rights reserved.
//

import UIKit
import Moya
import Alamofire

class FeedViewController: RefreshableViewController, UISearchResultsUpdating {

    enum Section: Int, CaseIterable {
        case breaking
        case latest
    }

    // MARK: - Dependencies

    let provider = MoyaProvider<NewsAPI>()
    let bookmarkStore = BookmarkStore()
    let searchController = UISearchController(searchResultsController: nil)

    // MARK: - State

    var articles: [Article] = []
    var breakingNews: [Article] = []
    var searchResults: [Article] = []
    var bookmarkedIds = Set<String>()
    var nextCursor: String?
    var isLoadingMore = false
    var hiddenSources: Set<String> = []
    var topics: [String] = []
    var selectedTopic: String?
    var readArticleIds = Set<String>()

    let topicsControl = UISegmentedControl()

    /// Latest articles, narrowed to the selected topic chip.
    var visibleArticles: [Article] {
        guard let topic = selectedTopic else { return articles }
        return articles.filter { $0.topics.contains(topic) }
    }

    var isSearching: Bool {
        return searchController.isActive && !(searchController.searchBar.text ?? "").isEmpty
    }

    let articleDecoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()

    lazy var publishedFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.dateStyle = .medium
        formatter.timeStyle = .short
        formatter.doesRelativeDateFormatting = true
        return formatter
    }()

    // MARK: - Lifecycle

    override func viewDidLoad() {
        super.viewDidLoad()
        title = NSLocalizedString("feed.title", comment: "Top Stories")
        tableView.register(UINib(nibName: "ArticleCell", bundle: nil), forCellReuseIdentifier: ArticleCell.identifier)
        tableView.estimatedRowHeight = 120
        tableView.rowHeight = UITableView.automaticDimension

        navigationItem.rightBarButtonItem = UIBarButtonItem(image: UIImage(systemName: "bookmark"),
                                                            style: .plain,
                                                            target: self,
                                                            action: #selector(showBookmarks))
        hiddenSources = Set(UserDefaults.standard.stringArray(forKey: "feed.hiddenSources") ?? [])
        bookmarkedIds = bookmarkStore.allBookmarkIds()
        readArticleIds = Set(UserDefaults.standard.stringArray(forKey: "feed.readArticleIds") ?? [])

        setupSearch()
        configureTopicsHeader()
        loadFeed()
        loadTopics()

        #if DEBUG
        addDebugMenu()
        #endif
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        // Bookmarks may have changed on the article screen.
        bookmarkedIds = bookmarkStore.allBookmarkIds()
        tableView.reloadData()
    }

    override func refresh() {
        nextCursor = nil
        loadFeed()
    }

    override func footerText() -> String? {
        guard let date = lastRefreshDate else { return nil }
        return "Updated " + publishedFormatter.string(from: date)
    }

    // MARK: - UITableViewDataSource

    override func numberOfSections(in tableView: UITableView) -> Int {
        return isSearching ? 1 : Section.allCases.count
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        if isSearching {
            return searchResults.count
        }
        switch Section(rawValue: section)! {
        case .breaking: return breakingNews.count
        case .latest: return visibleArticles.count
        }
    }

    override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
        if isSearching {
            return searchSummaryText()
        }
        switch Section(rawValue: section)! {
        case .breaking: return breakingNews.isEmpty ? nil : "Breaking"
        case .latest: return "Latest"
        }
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: ArticleCell.identifier, for: indexPath) as! ArticleCell
        let article = self.article(at: indexPath)

        cell.sourceLabel.text = article.source.uppercased()
        if isSearching, let query = searchController.searchBar.text {
            cell.titleLabel.attributedText = highlightedTitle(for: article, query: query)
        } else {
            cell.titleLabel.text = article.title
        }
        cell.summaryLabel.text = article.summary
        cell.breakingBadge.isHidden = !article.isBreaking
        cell.bookmarkIcon.isHidden = !bookmarkedIds.contains(article.id)
        cell.titleLabel.textColor = readArticleIds.contains(article.id) ? .secondaryLabel : .label

        let minutes = max(1, Int((Double(article.wordCount) / 230.0).rounded()))
        var meta = publishedFormatter.string(from: article.publishedAt)
        meta += String(format: " · %d min read", minutes)
        if article.commentCount > 0 {
            meta += String(format: " · %d 💬", article.commentCount)
        }
        cell.metaLabel.text = meta

        if let imageURL = article.imageURL {
            let requestID = UUID()
            cell.imageRequestID = requestID
            AF.request(imageURL).responseData { [weak cell] response in
                guard let cell = cell, cell.imageRequestID == requestID, let data = response.data else { return }
                cell.thumbnailView.image = UIImage(data: data)
            }
        }
        return cell
    }

    // MARK: - UITableViewDelegate

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        showArticle(article(at: indexPath))
    }

    override func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {
        guard !isSearching, indexPath.section == Section.latest.rawValue else { return }
        if indexPath.row == visibleArticles.count - 4 {
            loadMore()
        }
    }

    override func tableView(_ tableView: UITableView,
                            leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? {
        let article = self.article(at: indexPath)
        let isBookmarked = bookmarkedIds.contains(article.id)
        let action = UIContextualAction(style: .normal, title: isBookmarked ? "Remove" : "Save") { [weak self] _, _, done in
            guard let self = self else { return done(false) }
            if self.bookmarkStore.toggle(article) {
                self.bookmarkedIds.insert(article.id)
            } else {
                self.bookmarkedIds.remove(article.id)
            }
            tableView.reloadRows(at: [indexPath], with: .automatic)
            done(true)
        }
        action.backgroundColor = isBookmarked ? .systemGray : .systemIndigo
        return UISwipeActionsConfiguration(actions: [action])
    }

    override func tableView(_ tableView: UITableView,
                            trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? {
        let article = self.article(at: indexPath)
        let hide = UIContextualAction(style: .destructive, title: "Hide \(article.source)") { [weak self] _, _, done in
            self?.hideSource(article.source)
            done(true)
        }
        let comments = UIContextualAction(style: .normal, title: "Comments") { [weak self] _, _, done in
            self?.showComments(for: article)
            done(true)
        }
        comments.backgroundColor = .systemTeal
        return UISwipeActionsConfiguration(actions: [hide, comments])
    }

    override func tableView(_ tableView: UITableView,
                            contextMenuConfigurationForRowAt indexPath: IndexPath,
                            point: CGPoint) -> UIContextMenuConfiguration? {
        let article = self.article(at: indexPath)
        return UIContextMenuConfiguration(identifier: article.id as NSString, previewProvider: nil) { [weak self] _ in
            let open = UIAction(title: "Open", image: UIImage(systemName: "doc.richtext")) { _ in
                self?.showArticle(article)
            }
            let share = UIAction(title: "Share", image: UIImage(systemName: "square.and.arrow.up")) { _ in
                let activity = UIActivityViewController(activityItems: [article.title, article.url],
                                                        applicationActivities: nil)
                self?.present(activity, animated: true, completion: nil)
            }
            let safari = UIAction(title: "Open in Safari", image: UIImage(systemName: "safari")) { _ in
                UIApplication.shared.open(article.url, options: [:], completionHandler: nil)
            }
            let copyLink = UIAction(title: "Copy link", image: UIImage(systemName: "link")) { _ in
                UIPasteboard.general.url = article.url
            }
            let comments = UIAction(title: String(format: "Comments (%d)", article.commentCount),
                                    image: UIImage(systemName: "bubble.left.and.bubble.right")) { _ in
                self?.showComments(for: article)
            }
            return UIMenu(title: article.source, children: [open, share, safari, copyLink, comments])
        }
    }

    func article(at indexPath: IndexPath) -> Article {
        if isSearching {
            return searchResults[indexPath.row]
        }
        return indexPath.section == Section.breaking.rawValue ? breakingNews[indexPath.row] : visibleArticles[indexPath.row]
    }

    // MARK: - Topics header

    func configureTopicsHeader() {
        topicsControl.removeAllSegments()
        topicsControl.insertSegment(withTitle: "All", at: 0, animated: false)
        for (index, topic) in topics.prefix(5).enumerated() {
            topicsControl.insertSegment(withTitle: topic.capitalized, at: index + 1, animated: false)
        }
        if let selected = selectedTopic, let index = topics.prefix(5).firstIndex(of: selected) {
            topicsControl.selectedSegmentIndex = index + 1
        } else {
            topicsControl.selectedSegmentIndex = 0
        }
        topicsControl.removeTarget(self, action: nil, for: .valueChanged)
        topicsControl.addTarget(self, action: #selector(topicChanged(_:)), for: .valueChanged)

        let header = UIView(frame: CGRect(x: 0, y: 0, width: tableView.bounds.width, height: 48))
        topicsControl.frame = header.bounds.insetBy(dx: 16, dy: 8)
        topicsControl.autoresizingMask = [.flexibleWidth]
        header.addSubview(topicsControl)
        tableView.tableHeaderView = topics.isEmpty ? nil : header
    }

    @objc func topicChanged(_ sender: UISegmentedControl) {
        let index = sender.selectedSegmentIndex
        selectedTopic = index == 0 ? nil : topics[index - 1]
        UserDefaults.standard.set(selectedTopic, forKey: "feed.selectedTopic")
        tableView.reloadData()
        updateUnreadBadge()
    }

    // MARK: - Read state

    func markAsRead(_ article: Article) {
        guard !readArticleIds.contains(article.id) else { return }
        readArticleIds.insert(article.id)
        // Keep the list bounded; older ids are irrelevant once they drop out of the feed.
        let currentIds = Set(articles.map { $0.id })
        readArticleIds = readArticleIds.intersection(currentIds.union([article.id]))
        UserDefaults.standard.set(Array(readArticleIds), forKey: "feed.readArticleIds")
        updateUnreadBadge()
    }

    func updateUnreadBadge() {
        let unread = visibleArticles.filter { !readArticleIds.contains($0.id) }.count
        navigationController?.tabBarItem.badgeValue = unread > 0 ? String(format: "%d", min(unread, 99)) : nil
    }

    func hideSource(_ source: String) {
        hiddenSources.insert(source)
        UserDefaults.standard.set(Array(hiddenSources), forKey: "feed.hiddenSources")
        articles = articles.filter { !hiddenSources.contains($0.source) }
        breakingNews = breakingNews.filter { !hiddenSources.contains($0.source) }
        tableView.reloadData()
    }

    // MARK: - Navigation

    func showArticle(_ article: Article) {
        let storyboard = UIStoryboard(name: "Main", bundle: nil)
        let articleViewController = storyboard.instantiateViewController(withIdentifier: "ArticleViewController") as! ArticleViewController
        articleViewController.article = article
        articleViewController.bookmarkStore = bookmarkStore
        navigationController?.pushViewController(articleViewController, animated: true)

        markAsRead(article)

        UserDefaults.standard.set(article.id, forKey: "feed.lastReadArticleId")
    }

    func showComments(for article: Article) {
        let comments = CommentsViewController(articleId: article.id)
        comments.title = article.title
        navigationController?.pushViewController(comments, animated: true)
    }

    @objc func showBookmarks() {
        let bookmarks = storyboard?.instantiateViewController(withIdentifier: "BookmarksViewController")
        if let bookmarks = bookmarks {
            show(bookmarks, sender: self)
        }
    }

    #if DEBUG
    // MARK: - Debug menu (internal builds only)

    func addDebugMenu() {
        navigationItem.leftBarButtonItem = UIBarButtonItem(title: "🐞",
                                                           style: .plain,
                                                           target: self,
                                                           action: #selector(showDebugMenu))
    }

    @objc func showDebugMenu() {
        let sheet = UIAlertController(title: "Debug", message: nil, preferredStyle: .actionSheet)
        sheet.addAction(UIAlertAction(title: "Ping staging API", style: .default) { [weak self] _ in
            self?.pingStaging()
        })
        sheet.addAction(UIAlertAction(title: "Delete all bookmarks", style: .destructive) { [weak self] _ in
            self?.bookmarkStore.removeAll()
            self?.bookmarkedIds.removeAll()
            self?.tableView.reloadData()
        })
        sheet.addAction(UIAlertAction(title: "Cancel", style: .cancel, handler: nil))
        present(sheet, animated: true, completion: nil)
    }

    func pingStaging() {
        let url = URL(string: "https://staging.newsreader.example.com/health")!
        URLSession.shared.dataTask(with: url) { [weak self] _, response, error in
            let status = (response as? HTTPURLResponse)?.statusCode ?? -1
            DispatchQueue.main.async {
                self?.title = error == nil ? "Staging: \(status)" : "Staging down"
            }
        }.resume()
    }
    #endif
}
