import Foundation
import Testing
@testable import ViperPlannerKit

/// Reports are written by PrettyJSON; they must stay byte-identical to what JSONEncoder with
/// [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] writes (the schema users parse).
struct PrettyJSONTests {
    struct Inner: Codable { var name: String; var tags: [String]; var note: String? }
    struct Outer: Encodable {
        var B = 2, Z = 6, _x = 5, a10 = 3, a9 = 4, b = 1
        var text = "q\"\\/\u{1}\u{1f}\u{7f}\t\n\r\u{8}\u{c}é😀\u{2028} path/to/file"
        var empty: [Int] = []
        var emptyObject: [String: Int] = [:]
        var dictionary = ["b": 1, "a": 2, "C": 3]
        var missing: Int? = nil
        var negative = -3
        var flag = true
        var inners = [Inner(name: "x", tags: [], note: nil), Inner(name: "y", tags: ["a", "b"], note: "n")]
        var nested = [[1, 2], [], [3]]
        var severity = Severity.critical
        var family: Family? = nil

        enum CodingKeys: String, CodingKey {
            case B, Z, _x, a10, a9, b, text, empty, emptyObject, dictionary, missing, negative, flag, inners, nested, severity, family
        }
        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            for (key, value) in [(CodingKeys.B, B), (.Z, Z), (._x, _x), (.a10, a10), (.a9, a9), (.b, b), (.negative, negative)] {
                try c.encode(value, forKey: key)
            }
            try c.encode(text, forKey: .text)
            try c.encode(empty, forKey: .empty)
            try c.encode(emptyObject, forKey: .emptyObject)
            try c.encode(dictionary, forKey: .dictionary)
            try c.encodeIfPresent(missing, forKey: .missing)
            try c.encode(flag, forKey: .flag)
            try c.encode(inners, forKey: .inners)
            try c.encode(nested, forKey: .nested)
            try c.encode(severity, forKey: .severity)
            try c.encode(family, forKey: .family)   // explicit null, as Finding writes it
        }
    }

    static func foundation(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
    }

    @Test func matchesJSONEncoderByteForByte() throws {
        #expect(PrettyJSON.encode(Outer()) == (try Self.foundation(Outer())))
        #expect(PrettyJSON.encode([Outer]()) == (try Self.foundation([Outer]())))
        #expect(PrettyJSON.encode("top") == (try Self.foundation("top")))
        #expect(PrettyJSON.encode([Inner(name: "z", tags: ["t"], note: nil)]) == (try Self.foundation([Inner(name: "z", tags: ["t"], note: nil)])))
    }

    @Test func aRealReportMatchesJSONEncoder() throws {
        let result = Auditor.audit(sources: [("Shop/CartViewController.swift", """
            import UIKit
            final class CartViewController: UIViewController {
                var store: CartStore!
                override func viewDidLoad() {
                    super.viewDidLoad()
                    URLSession.shared.dataTask(with: URL(string: "https://x")!) { _, _, _ in self.title = "\\u{1}" }.resume()
                    UserDefaults.standard.set(1, forKey: "k")
                    let f = DateFormatter(); title = f.string(from: Date())
                    navigationController?.pushViewController(DetailViewController(), animated: true)
                }
            }
            """)])
        let text = Reporter.render(result, format: .json)
        #expect(text.contains("\"findings\" : ["))
        let document = JSONReporter.Document(root: ".", summary: .init(files: 1, lines: 1, viewControllers: 1,
                                              findings: .init(critical: 0, high: 0, medium: 0), architectures: ["MVC": 1]),
                                             types: result.typeReports(), findings: result.findings)
        #expect(PrettyJSON.encode(document) == (try Self.foundation(document)))
        #expect(result.findings.count > 3)
    }
}
