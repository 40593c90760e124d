import Foundation

public struct Trail: Codable, Equatable {
    public let id: Int
    public let name: String
    public let lengthKm: Double
    public let elevationGain: Int
    public let updatedAt: Date
}
