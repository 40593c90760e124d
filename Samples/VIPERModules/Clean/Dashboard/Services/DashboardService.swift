//
//  DashboardService.swift
//  FitTrack
//
//  Created by Lena Vogt on 11/05/2020.
//  Copyright © 2020 FitTrack GmbH. All rights reserved.
//
//  The only place in the Dashboard feature that does I/O. Injected into the interactor
//  through DashboardServiceProtocol; the session and base URL are injected by the app.
//

import Foundation

struct DashboardResponse: Decodable {
    struct Profile: Decodable {
        let firstName: String
    }

    let profile: Profile
    let activities: [Activity]
    let goals: [Goal]
}

enum DashboardServiceError: Error {
    case badStatus(Int)
    case emptyBody
}

protocol DashboardServiceProtocol: AnyObject {
    func fetchDashboard(completion: @escaping (Result<DashboardResponse, Error>) -> Void)
}

final class DashboardService: DashboardServiceProtocol {

    private let session: URLSession
    private let baseURL: URL
    private let tokenProvider: () -> String?

    init(session: URLSession, baseURL: URL, tokenProvider: @escaping () -> String?) {
        self.session = session
        self.baseURL = baseURL
        self.tokenProvider = tokenProvider
    }

    func fetchDashboard(completion: @escaping (Result<DashboardResponse, Error>) -> Void) {
        var request = URLRequest(url: baseURL.appendingPathComponent("v3/me/dashboard"))
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let token = tokenProvider() {
            request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        }

        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.dateDecodingStrategy = .iso8601

        session.dataTask(with: request) { data, response, error in
            if let error = error {
                completion(.failure(error))
                return
            }
            if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
                completion(.failure(DashboardServiceError.badStatus(http.statusCode)))
                return
            }
            guard let data = data, !data.isEmpty else {
                completion(.failure(DashboardServiceError.emptyBody))
                return
            }
            do {
                completion(.success(try decoder.decode(DashboardResponse.self, from: data)))
            } catch {
                completion(.failure(error))
            }
        }.resume()
    }
}
