//
//  APIClient+Account.swift
//  ShopLegacy
//
//  Created by Marta Kowalczyk on 14/03/2019.
//  Copyright © 2019 ShopLegacy Inc. All rights reserved.
//

import Foundation

extension APIClient {
    func updateAccount(name: String, email: String, completion: @escaping (Result<User, APIError>) -> Void) {
        var request = URLRequest(url: URL(string: "https://api.shoplegacy.example/v2/account")!)
        request.httpMethod = "PUT"
        request.httpBody = try? JSONEncoder().encode(["name": name, "email": email])
        URLSession.shared.dataTask(with: request) { data, _, error in
            if let error = error { return completion(.failure(.transport(error))) }
            guard let data = data else { return completion(.failure(.emptyResponse)) }
            do { completion(.success(try JSONDecoder().decode(User.self, from: data))) } catch { completion(.failure(.decoding(error))) }
        }.resume()
    }
}
