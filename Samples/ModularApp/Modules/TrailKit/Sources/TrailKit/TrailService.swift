import Foundation

/// The app's only HTTP client for trails: the screens call it, it calls URLSession.
public final class TrailService {
    public static let shared = TrailService()

    private let baseURL = URL(string: "https://trails.example.com/api")!
    private let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()

    public func fetchTrails(region: String, completion: @escaping (Result<[Trail], Error>) -> Void) {
        let url = baseURL.appendingPathComponent("regions/\(region)/trails")
        URLSession.shared.dataTask(with: url) { data, _, error in
            if let error { completion(.failure(error)); return }
            do { completion(.success(try self.decoder.decode([Trail].self, from: data ?? Data()))) } catch { completion(.failure(error)) }
        }.resume()
    }

    public func rate(trail id: Int, stars: Int, completion: @escaping (Error?) -> Void) {
        var request = URLRequest(url: baseURL.appendingPathComponent("trails/\(id)/rating"))
        request.httpMethod = "POST"
        request.httpBody = try? JSONEncoder().encode(["stars": stars])
        URLSession.shared.dataTask(with: request) { _, _, error in completion(error) }.resume()
    }
}
