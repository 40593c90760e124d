/// The system and well-known third-party APIs each family recognises. Kept in one place so a
/// reviewer can see at a glance what counts as what.
enum KnownAPIs {
    /// A reference to one of these names in expression position (not in a type annotation)
    /// is a use of the family: `UserDefaults.standard`, `DateFormatter()`, `JSONDecoder()`.
    static let referencedTypes: [String: (Family, String)] = {
        var table: [String: (Family, String)] = [:]
        for name in ["UserDefaults", "NSUbiquitousKeyValueStore"] { table[name] = (.persistence, name) }
        for name in ["NSFetchRequest", "NSManagedObjectContext", "NSPersistentContainer", "NSEntityDescription",
                     "NSFetchedResultsController", "NSPersistentStoreCoordinator", "NSBatchDeleteRequest"] {
            table[name] = (.persistence, "CoreData." + name)
        }
        for name in ["Realm"] { table[name] = (.persistence, "Realm") }
        // Sockets: Starscream, SocketRocket, Socket.IO, Network.framework.
        for name in ["WebSocket", "SRWebSocket", "SocketIOClient", "NWConnection"] { table[name] = (.networking, name) }
        for name in ["KeychainWrapper", "KeychainSwift", "SAMKeychain", "Valet", "KeychainAccess"] {
            table[name] = (.persistence, "Keychain." + name)
        }
        for name in ["FMDatabase", "FMDatabaseQueue", "DatabaseQueue", "DatabasePool"] {
            table[name] = (.persistence, "SQLite." + name)
        }
        for name in ["NSKeyedArchiver", "NSKeyedUnarchiver"] { table[name] = (.persistence, name) }
        for name in ["DateFormatter", "NumberFormatter", "ByteCountFormatter", "DateComponentsFormatter",
                     "RelativeDateTimeFormatter", "MeasurementFormatter", "ListFormatter",
                     "PersonNameComponentsFormatter", "ISO8601DateFormatter", "DateIntervalFormatter",
                     "LengthFormatter", "MassFormatter", "EnergyFormatter"] {
            table[name] = (.formatting, name)
        }
        for name in ["JSONDecoder", "JSONEncoder", "JSONSerialization", "PropertyListDecoder",
                     "PropertyListEncoder", "PropertyListSerialization"] {
            table[name] = (.businessLogic, name)
        }
        for name in ["NSPredicate", "NSCompoundPredicate", "NSComparisonPredicate", "NSRegularExpression", "Regex"] {
            table[name] = (.businessLogic, name)
        }
        return table
    }()

    /// Module names written before a type (`Alamofire.Session`, `Foundation.URLSession`).
    static let moduleQualifiers: Set<String> = ["Alamofire", "Foundation", "UIKit", "Moya", "Apollo", "RealmSwift",
                                                 "GRDB", "KeychainAccess", "Starscream", "Network", "CoreData"]

    /// Calls that do I/O when their receiver is known, from a property's, local's or return type,
    /// to be of the type: `defaults.set(…)` where `let defaults = UserDefaults.standard`,
    /// `manager.request(…)` where `var manager: Alamofire.Session`. nil: every call counts.
    static let typedCalls: [String: (family: Family, api: String, calls: Set<String>?)] = {
        var table: [String: (Family, String, Set<String>?)] = [:]
        let urlSession = urlSessionTaskCalls.union(urlSessionAsyncCalls)
        table["URLSession"] = (.networking, "URLSession", urlSession)
        for name in ["Session", "SessionManager"] { table[name] = (.networking, "Alamofire", alamofireCalls) }
        table["MoyaProvider"] = (.networking, "Moya", ["request", "requestPublisher", "rx"])
        for name in ["ApolloClient", "ApolloClientProtocol"] { table[name] = (.networking, "Apollo", apolloCalls) }
        for name in ["WebSocket", "SRWebSocket", "SocketIOClient", "NWConnection", "URLSessionWebSocketTask", "SocketManager"] {
            table[name] = (.networking, name, ["connect", "write", "send", "emit", "start", "receive", "open"])
        }
        for name in ["UserDefaults", "NSUbiquitousKeyValueStore"] {
            table[name] = (.persistence, name, ["set", "setValue", "object", "string", "bool", "integer", "double", "float",
                                                 "array", "dictionary", "data", "url", "stringArray", "removeObject",
                                                 "register", "synchronize", "value", "dictionaryRepresentation"])
        }
        table["FileManager"] = (.persistence, "FileManager", fileManagerCalls)
        table["NSManagedObjectContext"] = (.persistence, "CoreData", coreDataContextCalls.union(["delete", "insert"]))
        table["NSPersistentContainer"] = (.persistence, "CoreData", ["loadPersistentStores", "performBackgroundTask"])
        table["Realm"] = (.persistence, "Realm", realmCalls)
        for name in ["FMDatabase", "FMDatabaseQueue", "FMDatabasePool", "DatabaseQueue", "DatabasePool", "DatabaseWriter",
                     "DatabaseReader", "Connection"] {
            table[name] = (.persistence, "SQLite", databaseCalls.union(["run", "prepare", "pluck", "scalar", "open"]))
        }
        for name in ["KeychainWrapper", "KeychainSwift", "Keychain", "SAMKeychain", "Valet"] { table[name] = (.persistence, "Keychain", nil) }
        return table
    }()

    /// Handlers a form row stores (Eureka's `onChange`, `cellUpdate`, …): a closure given to one
    /// lives as long as the row, which the view controller's form keeps.
    static let formRowCallbacks: Set<String> = ["onChange", "cellUpdate", "cellSetup", "onCellSelection", "onPresent",
                                                "onCellHighlightChanged", "onRowValidationChanged", "onExpandInlineRow",
                                                "onCollapseInlineRow"]

    /// Type and property name parts of analytics objects (`Tracker.trackSignedIn()`, `analytics.logEvent(…)`).
    static let analyticsParts = ["Tracker", "Analytics", "Telemetry", "tracker", "analytics", "telemetry"]

    static let urlSessionTaskCalls: Set<String> = ["dataTask", "uploadTask", "downloadTask", "dataTaskPublisher",
                                                   "webSocketTask", "streamTask"]
    static let urlSessionAsyncCalls: Set<String> = ["data", "bytes", "upload", "download"]
    static let alamofireCalls: Set<String> = ["request", "upload", "download", "streamRequest", "websocketRequest"]
    static let apolloCalls: Set<String> = ["fetch", "perform", "watch", "subscribe", "upload"]
    static let apolloLabels: Set<String> = ["query", "mutation", "subscription", "operation", "operations"]
    static let fileManagerCalls: Set<String> = ["createFile", "contents", "removeItem", "moveItem", "copyItem",
                                                "createDirectory", "contentsOfDirectory", "replaceItemAt",
                                                "setAttributes", "attributesOfItem", "fileExists", "trashItem"]
    static let realmCalls: Set<String> = ["write", "objects", "add", "delete", "object", "beginWrite", "commitWrite"]
    static let databaseCalls: Set<String> = ["read", "write", "inDatabase", "inTransaction", "executeQuery", "executeUpdate"]
    static let keychainFunctions: Set<String> = ["SecItemAdd", "SecItemCopyMatching", "SecItemUpdate", "SecItemDelete"]
    static let queueCalls: Set<String> = ["async", "asyncAfter", "sync", "addOperation", "run", "perform"]
    static let coreDataContextCalls: Set<String> = ["save", "fetch", "count", "execute", "performAndWait"]
    /// Initialisers that read a file or URL (`Data(contentsOf:)`).
    static let contentsOfReaders: Set<String> = ["Data", "String", "NSData", "UIImage", "NSString"]
    /// Calls classifyNavigation looks at.
    static let navigationCalls: Set<String> = ["pushViewController", "present", "show", "showDetailViewController",
                                               "performSegue", "setViewControllers", "customPresentViewController",
                                               "presentPanModal"]
    static let moyaCalls: Set<String> = ["request"]
    static let fileWriteCalls: Set<String> = ["write"]
    static let formattingCalls: Set<String> = ["String", "NSString", "localizedStringWithFormat", "formatted"]
    static let regexRangeCalls: Set<String> = ["range"]
    /// Every call name `classifyCall` can classify (besides `sqlite3_…`), the union of the sets its
    /// classifiers test: a name outside it is no family's use, whatever its receiver.
    static let classifiedCallNames: Set<String> = [
        urlSessionTaskCalls, urlSessionAsyncCalls, alamofireCalls, moyaCalls, apolloCalls, contentsOfReaders,
        keychainFunctions, fileManagerCalls, fileWriteCalls, coreDataContextCalls, realmCalls, databaseCalls,
        formattingCalls, regexCalls, regexRangeCalls, collectionOperations, navigationCalls, domainRuleCalls,
    ].reduce(into: Set<String>()) { $0.formUnion($1) }
    static let collectionOperations: Set<String> = ["filter", "sorted", "sort", "reduce"]
    static let regexCalls: Set<String> = ["firstMatch", "wholeMatch", "matches", "prefixMatch"]
    /// Calls `classifyDomainRule` looks at: conversions, range checks, matching.
    static let domainRuleCalls: Set<String> = ["converted", "contains", "allSatisfy", "intersection", "isDisjoint", "isSubset",
                                               "isSuperset", "formIntersection"]
    /// Names of layout and animation values: arithmetic or set operations on them are UI, not rules.
    static let geometryWords: Set<String> = ["frame", "bound", "rect", "size", "width", "height", "origin", "center", "inset",
                                             "offset", "constant", "duration", "alpha", "radius", "spacing", "margin", "point",
                                             "location", "row", "section", "count", "index", "scale", "angle", "progress",
                                             "animation", "delay", "x", "y", "velocity", "deceleration"]
    /// `frame`, `cellHeight`, `animationDuration`, `indexPath`: a name with a layout or animation word.
    static func isGeometryName(_ name: String) -> Bool {
        if let answer = asciiIsGeometryName(name) { return answer }
        var word = ""
        func matches(_ w: String) -> Bool {
            let lower = w.lowercased()
            return geometryWords.contains(lower) || (lower.hasSuffix("s") && geometryWords.contains(String(lower.dropLast())))
        }
        for character in name {
            if character.isUppercase, !word.isEmpty { if matches(word) { return true }; word = "" }
            word.append(character)
        }
        return matches(word)
    }

    /// `isGeometryName` for an ASCII name (nil otherwise), on its bytes: in ASCII a Character is a
    /// byte (no CR LF in a name is assumed: nil for a CR), uppercase is A–Z and lowercasing is per
    /// byte, so the words and their tests are the same without a String per Character.
    private static func asciiIsGeometryName(_ name: String) -> Bool? {
        var name = name
        return name.withUTF8 { bytes -> Bool? in
            guard !bytes.contains(where: { $0 >= 0x80 || $0 == 13 }) else { return nil }
            func matches(_ range: Range<Int>) -> Bool {
                let lower = String(unsafeUninitializedCapacity: range.count) { buffer in
                    for (i, byte) in bytes[range].enumerated() { buffer[i] = (byte &- 65) < 26 ? byte | 0x20 : byte }
                    return range.count
                }
                return geometryWords.contains(lower) || (lower.utf8.last == UInt8(ascii: "s") && geometryWords.contains(String(lower.dropLast())))
            }
            var start = 0
            for i in bytes.indices where i > start && (bytes[i] &- 65) < 26 {
                if matches(start..<i) { return true }
                start = i
            }
            return matches(start..<bytes.count)
        }
    }
    /// Factors of unit conversions (metres, inches, feet, miles, pounds, ounces, km/h, °F, kelvin,
    /// calories, hours, days, kibibytes): `* 1000`, `/ 2.54`.
    static let conversionFactors: Set<String> = ["1000", "1000.0", "1024", "1024.0", "2.54", "25.4", "0.3048", "3.28084",
                                                 "1.609344", "1.60934", "0.621371", "0.453592", "2.20462", "28.3495",
                                                 "3.6", "1.8", "273.15", "4.184", "3600", "3600.0", "86400", "86400.0",
                                                 "2.2046", "2.205", "0.4536", "0.45359237", "1609.34", "1609.344", "0.000621371",
                                                 "1.609", "0.6214", "5280", "39.3701", "0.393701"]
    /// `9 / 5` or `5 / 9` (°C ↔ °F), as in `c * 9 / 5 + 32`.
    static func isTemperatureRatio(_ before: String, _ op: String, _ after: String) -> Bool {
        let nine: Set<String> = ["9", "9.0"], five: Set<String> = ["5", "5.0"]
        return op == "/" && ((nine.contains(before) && five.contains(after)) || (five.contains(before) && nine.contains(after)))
    }
    /// A decimal literal with a fraction (`0.157`, `2.2`): a factor, not a count or an index.
    static func isFractionLiteral(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 2 && !parts[0].isEmpty && !parts[1].isEmpty && parts.allSatisfy { $0.allSatisfy { $0.isASCII && $0.isNumber } }
    }
    /// Units of weight, temperature, distance and volume a model value is named after.
    static let unitWords: Set<String> = ["kilogram", "kg", "kgs", "pound", "lb", "lbs", "gram", "ounce", "oz", "stone",
                                         "celsius", "fahrenheit", "kelvin", "metre", "meter", "kilometre", "kilometer", "km",
                                         "mile", "feet", "foot", "ft", "inch", "inches", "yard", "litre", "liter", "gallon", "pint"]
    /// A name with a unit word among its camel-case words (`weightKg`, `distanceInMiles`, `celsius`).
    static func isUnitName(_ name: String) -> Bool {
        var words: [String] = [], word = ""
        for character in name {
            if (character.isUppercase || character == "_"), !word.isEmpty { words.append(word); word = "" }
            if character != "_" { word.append(character) }
        }
        words.append(word)
        return words.contains { w in
            let lower = w.lowercased()
            return unitWords.contains(lower) || (lower.hasSuffix("s") && unitWords.contains(String(lower.dropLast())))
        }
    }
    /// Money-like names that make `*`, `/`, `+`, `-` domain arithmetic.
    static let moneyWords = ["price", "tax", "vat", "discount", "subtotal", "fee", "shipping", "cost", "amount"]

    /// Receivers through which navigation is the fix, not the smell.
    static let navigationDelegates = ["coordinator", "router", "wireframe", "navigator", "flow"]
    /// Presented view controllers that are not screen navigation on their own.
    static let weakPresentationTypes: Set<String> = ["UIAlertController"]

    /// Calls that touch UIKit state (for `ui-off-main-thread`).
    static let uiCalls: Set<String> = [
        "reloadData", "reloadRows", "insertRows", "deleteRows", "reloadSections", "insertSections",
        "deleteSections", "reloadItems", "insertItems", "deleteItems", "beginUpdates", "endUpdates",
        "performBatchUpdates", "setNeedsLayout", "layoutIfNeeded", "setNeedsDisplay", "startAnimating",
        "stopAnimating", "endRefreshing", "beginRefreshing", "addSubview", "removeFromSuperview",
        "setTitle", "setImage", "scrollToRow", "scrollToItem", "present", "pushViewController",
        "performSegue", "dismiss", "sizeToFit", "becomeFirstResponder", "resignFirstResponder",
        "setNavigationBarHidden", "setViewControllers", "popViewController",
    ]
    /// Properties whose assignment is UIKit state.
    static let uiProperties: Set<String> = [
        "text", "attributedText", "image", "isHidden", "alpha", "title", "isEnabled", "backgroundColor",
        "textColor", "tintColor", "frame", "isUserInteractionEnabled", "progress", "isOn", "placeholder",
        "contentOffset", "badgeValue", "rightBarButtonItem", "leftBarButtonItem", "isSelected",
        "numberOfLines", "attributedTitle", "isActive", "constant", "items", "rightBarButtonItems",
        "leftBarButtonItems", "titleView", "tableFooterView", "tableHeaderView", "isRefreshing",
    ]
    /// Names a view controller inherits from UIKit that are UIKit state.
    static let inheritedUIState: Set<String> = [
        "view", "tableView", "collectionView", "navigationItem", "title", "navigationController",
        "refreshControl", "tabBarItem", "tabBarController", "toolbarItems", "self",
    ]
}
