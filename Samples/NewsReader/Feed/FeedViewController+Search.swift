//
//  FeedViewController+Search.swift
//  NewsReader
//
//  Created by Daniel Okafor on 03/04/2019.
//  Copyright © 2019 Morning Edition Ltd. All rights reserved.
//

import UIKit
import Moya

extension FeedViewController {

    enum SearchScope: Int {
        case all
        case today
        case thisWeek
    }

    // MARK: - Setup

    func setupSearch() {
        searchController.searchResultsUpdater = self
        searchController.obscuresBackgroundDuringPresentation = false
        searchController.searchBar.placeholder = "Search stories"
        searchController.searchBar.scopeButtonTitles = ["All", "Today", "This week"]
        navigationItem.searchController = searchController
        navigationItem.hidesSearchBarWhenScrolling = true
        definesPresentationContext = true

        if let lastQuery = UserDefaults.standard.string(forKey: "feed.lastSearchQuery") {
            searchController.searchBar.placeholder = "Search stories (last: \(lastQuery))"
        }
    }

    // MARK: - UISearchResultsUpdating

    func updateSearchResults(for searchController: UISearchController) {
        let query = (searchController.searchBar.text ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard query.count >= 2 else {
            searchResults = []
            tableView.reloadData()
            return
        }

        let scope = SearchScope(rawValue: searchController.searchBar.selectedScopeButtonIndex) ?? .all
        searchResults = filterArticles(articles + breakingNews, matching: query, scope: scope)
        tableView.reloadData()

        if searchResults.count < 3 {
            searchRemotely(query, scope: scope)
        }
    }

    // MARK: - Local search

    func filterArticles(_ source: [Article], matching query: String, scope: SearchScope) -> [Article] {
        let calendar = Calendar.current
        let now = Date()
        let terms = query.lowercased().split(separator: " ").map(String.init)

        let inScope = source.filter { article in
            switch scope {
            case .all:
                return true
            case .today:
                return calendar.isDateInToday(article.publishedAt)
            case .thisWeek:
                guard let weekAgo = calendar.date(byAdding: .day, value: -7, to: now) else { return true }
                return article.publishedAt >= weekAgo
            }
        }

        return deduplicated(inScope)
            .map { (article: $0, score: relevance(of: $0, for: terms)) }
            .filter { $0.score > 0 }
            .sorted { lhs, rhs in
                lhs.score == rhs.score ? lhs.article.publishedAt > rhs.article.publishedAt : lhs.score > rhs.score
            }
            .map { $0.article }
    }

    /// Title matches count triple, topic matches double, summary matches once.
    func relevance(of article: Article, for terms: [String]) -> Int {
        let title = article.title.lowercased()
        let summary = article.summary.lowercased()
        let topics = article.topics.map { $0.lowercased() }
        return terms.reduce(0) { score, term in
            var result = score
            if title.contains(term) { result += 3 }
            if topics.contains(term) { result += 2 }
            if summary.contains(term) { result += 1 }
            return result
        }
    }

    // MARK: - Remote search

    func searchRemotely(_ query: String, scope: SearchScope) {
        UserDefaults.standard.set(query, forKey: "feed.lastSearchQuery")
        provider.request(.search(query: query)) { [weak self] result in
            guard let self = self,
                  self.searchController.searchBar.text?.trimmingCharacters(in: .whitespacesAndNewlines) == query,
                  case .success(let response) = result,
                  let page = try? self.articleDecoder.decode(FeedPage.self, from: response.data) else {
                return
            }
            let merged = self.searchResults + page.articles
            self.searchResults = self.filterArticles(merged, matching: query, scope: scope)
            self.tableView.reloadData()
        }
    }

    // MARK: - Highlighting

    /// Bold-highlights every search term inside the title.
    func highlightedTitle(for article: Article, query: String) -> NSAttributedString {
        let font = UIFont.preferredFont(forTextStyle: .headline)
        let result = NSMutableAttributedString(string: article.title, attributes: [.font: font])
        let title = article.title as NSString
        for term in query.split(separator: " ") where term.count >= 2 {
            var searchRange = NSRange(location: 0, length: title.length)
            while true {
                let found = title.range(of: String(term), options: [.caseInsensitive, .diacriticInsensitive], range: searchRange)
                guard found.location != NSNotFound else { break }
                result.addAttributes([.backgroundColor: UIColor.systemYellow.withAlphaComponent(0.4)], range: found)
                let nextLocation = found.location + found.length
                searchRange = NSRange(location: nextLocation, length: title.length - nextLocation)
            }
        }
        return result
    }

    // MARK: - Header text

    func searchSummaryText() -> String {
        let query = searchController.searchBar.text ?? ""
        switch searchResults.count {
        case 0:
            return String(format: NSLocalizedString("No results for “%@”", comment: ""), query)
        case 1:
            return String(format: NSLocalizedString("1 result for “%@”", comment: ""), query)
        default:
            let formatter = NumberFormatter()
            formatter.numberStyle = .decimal
            let count = formatter.string(from: NSNumber(value: searchResults.count)) ?? "\(searchResults.count)"
            return String(format: NSLocalizedString("%@ results for “%@”", comment: ""), count, query)
        }
    }
}
