//
//  CommentsService.swift
//  NewsReader
//
//  Created by Daniel Okafor on 19/11/2018.
//  Copyright © 2018 Morning Edition Ltd. All rights reserved.
//

import Foundation
import Alamofire

/// Comments live on a separate service (not behind the Moya API yet).
final class CommentsService {

    private let baseURL = "https://comments.newsreader.example.com/v2"

    private let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()

    func fetchComments(articleId: String, completion: @escaping (Result<[Comment], Error>) -> Void) {
        AF.request("\(baseURL)/threads/\(articleId)/comments", parameters: ["order": "newest"])
            .validate(statusCode: 200..<300)
            .responseDecodable(of: [Comment].self, decoder: decoder) { response in
                switch response.result {
                case .success(let comments):
                    completion(.success(comments))
                case .failure(let error):
                    completion(.failure(error))
                }
            }
    }

    func reportComment(id: String, reason: String, completion: @escaping (Bool) -> Void) {
        AF.request("\(baseURL)/comments/\(id)/report",
                   method: .post,
                   parameters: ["reason": reason],
                   encoder: JSONParameterEncoder.default)
            .validate()
            .response { response in
                completion(response.error == nil)
            }
    }
}
