//
//  BookmarkStore.swift
//  NewsReader
//
//  Created by Priya Raman on 22/03/2018.
//  Copyright © 2018 Morning Edition Ltd. All rights reserved.
//

import Foundation
import RealmSwift

final class BookmarkObject: Object {
    @objc dynamic var articleId = ""
    @objc dynamic var title = ""
    @objc dynamic var source = ""
    @objc dynamic var urlString = ""
    @objc dynamic var imageURLString: String?
    @objc dynamic var savedAt = Date()

    override static func primaryKey() -> String? {
        return "articleId"
    }
}

/// Plain value handed to the UI so that screens never hold live Realm objects.
struct Bookmark {
    let articleId: String
    let title: String
    let source: String
    let url: URL?
    let savedAt: Date
}

final class BookmarkStore {

    // TODO: one Realm per thread; this store must only be used from the main thread.
    let realm = try! Realm()

    func isBookmarked(_ articleId: String) -> Bool {
        return realm.object(ofType: BookmarkObject.self, forPrimaryKey: articleId) != nil
    }

    func add(_ article: Article) {
        let object = BookmarkObject()
        object.articleId = article.id
        object.title = article.title
        object.source = article.source
        object.urlString = article.url.absoluteString
        object.imageURLString = article.imageURL?.absoluteString
        object.savedAt = Date()
        try! realm.write {
            realm.add(object, update: .modified)
        }
    }

    func remove(articleId: String) {
        guard let object = realm.object(ofType: BookmarkObject.self, forPrimaryKey: articleId) else { return }
        try! realm.write {
            realm.delete(object)
        }
    }

    /// Returns the new state.
    @discardableResult
    func toggle(_ article: Article) -> Bool {
        if isBookmarked(article.id) {
            remove(articleId: article.id)
            return false
        }
        add(article)
        return true
    }

    func allBookmarks() -> [Bookmark] {
        return realm.objects(BookmarkObject.self)
            .sorted(byKeyPath: "savedAt", ascending: false)
            .map { Bookmark(articleId: $0.articleId,
                            title: $0.title,
                            source: $0.source,
                            url: URL(string: $0.urlString),
                            savedAt: $0.savedAt) }
    }

    func allBookmarkIds() -> Set<String> {
        return Set(realm.objects(BookmarkObject.self).map { $0.articleId })
    }

    func removeAll() {
        try! realm.write {
            realm.delete(realm.objects(BookmarkObject.self))
        }
    }

    func observe(_ onChange: @escaping () -> Void) -> NotificationToken {
        return realm.objects(BookmarkObject.self).observe { _ in
            onChange()
        }
    }
}
