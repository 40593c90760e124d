//
//  NewsAPI.swift
//  NewsReader
//
//  Created by Priya Raman on 04/02/2018.
//  Copyright © 2018 Morning Edition Ltd. All rights reserved.
//

import Foundation
import Moya

/// Endpoint description for the Morning Edition content API (v1).
enum NewsAPI {
    case feed(cursor: String?)
    case article(id: String)
    case search(query: String)
    case topics
}

extension NewsAPI: TargetType {

    var baseURL: URL {
        return URL(string: "https://api.newsreader.example.com/v1")!
    }

    var path: String {
        switch self {
        case .feed:
            return "/feed"
        case .article(let id):
            return "/articles/\(id)"
        case .search:
            return "/search"
        case .topics:
            return "/topics"
        }
    }

    var method: Moya.Method {
        return .get
    }

    var task: Task {
        switch self {
        case .feed(let cursor):
            var parameters: [String: Any] = ["limit": 25]
            if let cursor = cursor {
                parameters["cursor"] = cursor
            }
            return .requestParameters(parameters: parameters, encoding: URLEncoding.queryString)
        case .search(let query):
            return .requestParameters(parameters: ["q": query, "limit": 50], encoding: URLEncoding.queryString)
        case .article, .topics:
            return .requestPlain
        }
    }

    var headers: [String: String]? {
        return [
            "Accept": "application/json",
            "X-Client": "ios-newsreader"
        ]
    }

    var sampleData: Data {
        return Data()
    }
}
