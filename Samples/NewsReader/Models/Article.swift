//
//  Article.swift
//  NewsReader
//
//  Created by Priya Raman on 04/02/2018.
//  Copyright © 2018 Morning Edition Ltd. All rights reserved.
//

import Foundation

struct Author: Codable, Equatable {
    let name: String
    let avatarURL: URL?

    enum CodingKeys: String, CodingKey {
        case name
        case avatarURL = "avatar_url"
    }
}

struct Article: Codable, Equatable {
    let id: String
    let title: String
    let summary: String
    let body: String
    let source: String
    let author: Author?
    let url: URL
    let imageURL: URL?
    let publishedAt: Date
    let updatedAt: Date?
    let wordCount: Int
    let commentCount: Int
    let isBreaking: Bool
    let topics: [String]

    enum CodingKeys: String, CodingKey {
        case id, title, summary, body, source, author, url, topics
        case imageURL = "image_url"
        case publishedAt = "published_at"
        case updatedAt = "updated_at"
        case wordCount = "word_count"
        case commentCount = "comment_count"
        case isBreaking = "is_breaking"
    }

    static func == (lhs: Article, rhs: Article) -> Bool {
        return lhs.id == rhs.id
    }
}

struct FeedPage: Codable {
    let articles: [Article]
    let nextCursor: String?

    enum CodingKeys: String, CodingKey {
        case articles
        case nextCursor = "next_cursor"
    }
}

struct Comment: Codable {
    let id: String
    let author: Author
    let body: String
    let createdAt: Date
    let likes: Int

    enum CodingKeys: String, CodingKey {
        case id, author, body, likes
        case createdAt = "created_at"
    }
}
