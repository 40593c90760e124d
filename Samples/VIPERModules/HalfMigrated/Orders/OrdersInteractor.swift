//
//  OrdersInteractor.swift
//  FitTrack
//
//  Created by Jan Brandt on 02/03/2020.
//  Copyright © 2020 FitTrack GmbH. All rights reserved.
//
//  `APIClient` is the app-wide legacy client (not part of this module).
//

import UIKit

final class OrdersInteractor {

    var output: OrdersInteractorOutput? // breaks: strong-back-reference

    /// Needed for the cancellation survey. TODO: the router should show it (ORD-298).
    weak var viewController: UIViewController?

    private let cacheKey = "orders.cache.v1"
    private let endpoint = URL(string: "https://api.fittrack.example.com/v2/me/orders")!

    private let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()
}

// MARK: - OrdersInteractorInput

extension OrdersInteractor: OrdersInteractorInput {

    func fetchOrders() {
        // Show the cached list right away, then refresh from the network.
        if let data = UserDefaults.standard.data(forKey: cacheKey), // breaks: interactor-direct-io, singleton-in-module
           let cached = try? decoder.decode([Order].self, from: data) {
            output?.didFetch(orders: cached)
        }

        var request = URLRequest(url: endpoint)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let decoder = self.decoder
        let cacheKey = self.cacheKey

        // breaks: interactor-direct-io, singleton-in-module (URLSession.shared in the interactor)
        URLSession.shared.dataTask(with: request) { [weak self] data, _, error in
            DispatchQueue.main.async {
                if let error = error {
                    self?.output?.didFail(error: error)
                    return
                }
                guard let data = data, let orders = try? decoder.decode([Order].self, from: data) else {
                    self?.output?.didFail(error: URLError(.cannotParseResponse))
                    return
                }
                UserDefaults.standard.set(data, forKey: cacheKey) // breaks: interactor-direct-io, singleton-in-module
                self?.output?.didFetch(orders: orders)
            }
        }.resume()
    }

    func cancelOrder(id: String) {
        // breaks: singleton-in-module (APIClient.shared reached from the interactor)
        APIClient.shared.post(path: "me/orders/\(id)/cancel") { [weak self] (result: Result<Void, Error>) in
            DispatchQueue.main.async {
                switch result {
                case .success:
                    self?.output?.didCancelOrder(id: id)
                    let survey = CancellationSurveyViewController(orderID: id)
                    self?.viewController?.present(survey, animated: true, completion: nil) // breaks: interactor-navigation
                case .failure(let error):
                    self?.output?.didFail(error: error)
                }
            }
        }
    }
}
