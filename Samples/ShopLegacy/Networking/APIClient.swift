//
//  APIClient.swift
//  ShopLegacy
//
//  Created by Tomasz Wrona on 02/05/2017.
//  Copyright © 2017 ShopLegacy Inc. All rights reserved.
//

import Foundation

enum APIError: Error, LocalizedError {
    case invalidURL
    case transport(Error)
    case server(statusCode: Int)
    case unauthorized
    case emptyResponse
    case decoding(Error)

    var errorDescription: String? {
        switch self {
        case .invalidURL:
            return "The request could not be built."
        case .transport(let error):
            return error.localizedDescription
        case .server(let statusCode):
            return "The server returned an error (\(statusCode))."
        case .unauthorized:
            return "Your session has expired. Please sign in again."
        case .emptyResponse:
            return "The server returned no data."
        case .decoding:
            return "We could not read the server response."
        }
    }
}

/// All calls to the ShopLegacy REST API go through here.
/// NOTE: completions are called on the URLSession delegate queue, NOT on the main thread.
final class APIClient {

    static let shared = APIClient()

    let baseURL = URL(string: "https://api.shoplegacy.example.com/v2")!
    var authToken: String?

    private let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()

    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        return encoder
    }()

    private init() {}

    // MARK: - Catalog

    func fetchProducts(categoryId: Int?,
                       page: Int,
                       completion: @escaping (Result<ProductPage, APIError>) -> Void) {
        var components = URLComponents(url: baseURL.appendingPathComponent("products"),
                                       resolvingAgainstBaseURL: false)
        var query = [URLQueryItem(name: "page", value: String(page)),
                     URLQueryItem(name: "per_page", value: "30")]
        if let categoryId = categoryId {
            query.append(URLQueryItem(name: "category_id", value: String(categoryId)))
        }
        components?.queryItems = query
        guard let url = components?.url else {
            completion(.failure(.invalidURL))
            return
        }
        perform(makeRequest(url: url), completion: completion)
    }

    func fetchProduct(id: Int, completion: @escaping (Result<Product, APIError>) -> Void) {
        let url = baseURL.appendingPathComponent("products/\(id)")
        perform(makeRequest(url: url), completion: completion)
    }

    func fetchReviews(productId: Int, completion: @escaping (Result<[Review], APIError>) -> Void) {
        let url = baseURL.appendingPathComponent("products/\(productId)/reviews")
        perform(makeRequest(url: url), completion: completion)
    }

    func validateCoupon(code: String, completion: @escaping (Result<Coupon, APIError>) -> Void) {
        let url = baseURL.appendingPathComponent("coupons/\(code.uppercased())")
        perform(makeRequest(url: url), completion: completion)
    }

    // MARK: - Account

    func fetchCurrentUser(completion: @escaping (Result<User, APIError>) -> Void) {
        perform(makeRequest(url: baseURL.appendingPathComponent("me")), completion: completion)
    }

    func uploadAvatar(_ jpegData: Data, completion: @escaping (Result<User, APIError>) -> Void) {
        var request = makeRequest(url: baseURL.appendingPathComponent("me/avatar"), method: "PUT")
        request.setValue("image/jpeg", forHTTPHeaderField: "Content-Type")
        request.httpBody = jpegData
        perform(request, completion: completion)
    }

    func fetchOrders(page: Int, completion: @escaping (Result<OrderPage, APIError>) -> Void) {
        var components = URLComponents(url: baseURL.appendingPathComponent("orders"), resolvingAgainstBaseURL: false)
        components?.queryItems = [URLQueryItem(name: "page", value: String(page))]
        guard let url = components?.url else {
            completion(.failure(.invalidURL))
            return
        }
        perform(makeRequest(url: url), completion: completion)
    }

    func placeOrder(_ order: PlaceOrderRequest, completion: @escaping (Result<Order, APIError>) -> Void) {
        var request = makeRequest(url: baseURL.appendingPathComponent("orders"), method: "POST")
        do {
            request.httpBody = try encoder.encode(order)
        } catch {
            completion(.failure(.decoding(error)))
            return
        }
        perform(request, completion: completion)
    }

    // MARK: - Raw data (images, PDFs of invoices)

    func downloadData(from url: URL, completion: @escaping (Result<Data, APIError>) -> Void) {
        URLSession.shared.dataTask(with: url) { data, response, error in
            if let error = error {
                completion(.failure(.transport(error)))
                return
            }
            if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
                completion(.failure(.server(statusCode: http.statusCode)))
                return
            }
            guard let data = data else {
                completion(.failure(.emptyResponse))
                return
            }
            completion(.success(data))
        }.resume()
    }

    // MARK: - Private

    private func makeRequest(url: URL, method: String = "GET") -> URLRequest {
        var request = URLRequest(url: url, cachePolicy: .useProtocolCachePolicy, timeoutInterval: 30)
        request.httpMethod = method
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("ShopLegacy-iOS/4.7", forHTTPHeaderField: "User-Agent")
        if let token = authToken {
            request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        }
        return request
    }

    private func perform<T: Decodable>(_ request: URLRequest,
                                       completion: @escaping (Result<T, APIError>) -> Void) {
        let decoder = self.decoder
        let task = URLSession.shared.dataTask(with: request) { data, response, error in
            if let error = error {
                completion(.failure(.transport(error)))
                return
            }
            guard let http = response as? HTTPURLResponse else {
                completion(.failure(.emptyResponse))
                return
            }
            switch http.statusCode {
            case 200..<300:
                break
            case 401:
                completion(.failure(.unauthorized))
                return
            default:
                completion(.failure(.server(statusCode: http.statusCode)))
                return
            }
            guard let data = data, !data.isEmpty else {
                completion(.failure(.emptyResponse))
                return
            }
            do {
                completion(.success(try decoder.decode(T.self, from: data)))
            } catch {
                #if DEBUG
                print("⚠️ Decoding \(T.self) failed: \(error)")
                #endif
                completion(.failure(.decoding(error)))
            }
        }
        task.resume()
    }
}
