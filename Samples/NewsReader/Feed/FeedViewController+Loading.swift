//
//  FeedViewController+Loading.swift
//  NewsReader
//
//  Created by Daniel Okafor on 12/09/2018.
//  Copyright © 2018 Morning Edition Ltd. All rights reserved.
//

import UIKit
import Moya
import Alamofire

extension FeedViewController {

    // MARK: - Feed (Moya)

    func loadFeed() {
        provider.request(.feed(cursor: nil)) { [weak self] result in
            guard let self = self else { return }
            self.endRefreshing()

            switch result {
            case .success(let response):
                do {
                    let page = try self.articleDecoder.decode(FeedPage.self, from: response.data)
                    let visible = page.articles.filter { !self.hiddenSources.contains($0.source) }
                    self.articles = self.deduplicated(visible).sorted { $0.publishedAt > $1.publishedAt }
                    self.nextCursor = page.nextCursor
                    self.tableView.reloadData()
                    self.updateUnreadBadge()
                    UserDefaults.standard.set(Date(), forKey: "feed.lastRefresh")
                    self.cacheFirstPage(response.data)
                    self.prefetchForOffline(self.articles)
                } catch {
                    self.showLoadError(error)
                }
            case .failure(let error):
                // Offline: fall back to the cached first page.
                if self.articles.isEmpty, let cached = self.cachedFirstPage() {
                    self.articles = cached
                    self.tableView.reloadData()
                } else {
                    self.showLoadError(error)
                }
            }
        }
        loadBreakingNews()
    }

    func loadMore() {
        guard !isLoadingMore, let cursor = nextCursor else { return }
        isLoadingMore = true
        provider.request(.feed(cursor: cursor)) { result in
            self.isLoadingMore = false
            guard case .success(let response) = result,
                  let page = try? self.articleDecoder.decode(FeedPage.self, from: response.data) else {
                return
            }
            let known = Set(self.articles.map { $0.id })
            let fresh = page.articles.filter { !known.contains($0.id) && !self.hiddenSources.contains($0.source) }
            self.articles.append(contentsOf: fresh)
            self.nextCursor = page.nextCursor
            self.tableView.reloadData()
        }
    }

    // MARK: - Breaking news (Alamofire, separate endpoint owned by the live desk)

    func loadBreakingNews() {
        let parameters = ["region": Locale.current.regionCode ?? "GB", "limit": "5"]
        AF.request("https://live.newsreader.example.com/v1/breaking", parameters: parameters)
            .validate()
            .responseDecodable(of: [Article].self, decoder: articleDecoder) { [weak self] response in
                guard let self = self else { return }
                switch response.result {
                case .success(let breaking):
                    // Only show items from the last 6 hours, newest first, max 3.
                    let cutoff = Date().addingTimeInterval(-6 * 60 * 60)
                    self.breakingNews = Array(breaking
                        .filter { $0.publishedAt > cutoff && !self.hiddenSources.contains($0.source) }
                        .sorted { $0.publishedAt > $1.publishedAt }
                        .prefix(3))
                case .failure(let error):
                    print("Breaking news failed: \(error)")
                    self.breakingNews = []
                }
                self.tableView.reloadData()
            }
    }

    // MARK: - Topics

    func loadTopics() {
        provider.request(.topics) { [weak self] result in
            guard let self = self,
                  case .success(let response) = result,
                  let object = try? JSONSerialization.jsonObject(with: response.data, options: []),
                  let json = object as? [[String: Any]] else {
                return
            }
            // Followed topics first, then the rest by popularity (the order the API sends).
            let followed = Set(UserDefaults.standard.stringArray(forKey: "feed.followedTopics") ?? [])
            let names = json.compactMap { $0["name"] as? String }
            self.topics = names.filter { followed.contains($0) } + names.filter { !followed.contains($0) }
            self.selectedTopic = UserDefaults.standard.string(forKey: "feed.selectedTopic")
            self.configureTopicsHeader()
            self.tableView.reloadData()
            self.updateUnreadBadge()
        }
    }

    // MARK: - Offline cache

    private var cacheFileURL: URL {
        let caches = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask)[0]
        return caches.appendingPathComponent("feed-first-page.json")
    }

    func cacheFirstPage(_ data: Data) {
        do {
            try data.write(to: cacheFileURL, options: .atomic)
        } catch {
            print("Could not cache feed: \(error)")
        }
    }

    func cachedFirstPage() -> [Article]? {
        guard let data = try? Data(contentsOf: cacheFileURL),
              let page = try? articleDecoder.decode(FeedPage.self, from: data) else {
            return nil
        }
        return page.articles
    }

    // MARK: - Offline reading

    func prefetchForOffline(_ list: [Article]) {
        guard ReaderPreferences().downloadsForOffline else { return }
        for article in list.prefix(10) where !FileManager.default.fileExists(atPath: offlineURL(for: article).path) {
            provider.request(.article(id: article.id)) { [weak self] result in
                guard let self = self, case .success(let response) = result else { return }
                try? response.data.write(to: self.offlineURL(for: article), options: .atomic)
            }
        }
    }

    func offlineURL(for article: Article) -> URL {
        let documents = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
        return documents.appendingPathComponent("offline", isDirectory: true)
            .appendingPathComponent("\(article.id).json")
    }

    // MARK: - Helpers

    func deduplicated(_ list: [Article]) -> [Article] {
        var seen = Set<String>()
        return list.filter { seen.insert($0.id).inserted }
    }

    func showLoadError(_ error: Error) {
        let message: String
        if let moyaError = error as? MoyaError, case .underlying(let underlying, _) = moyaError {
            message = underlying.localizedDescription
        } else {
            message = error.localizedDescription
        }
        let alert = UIAlertController(title: "Couldn't load stories", message: message, preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "Retry", style: .default) { [weak self] _ in
            self?.beginRefreshing()
        })
        alert.addAction(UIAlertAction(title: "OK", style: .cancel, handler: nil))
        present(alert, animated: true, completion: nil)
    }
}
