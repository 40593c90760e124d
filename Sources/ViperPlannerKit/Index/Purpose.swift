/// What a project type or member is *for*, where that differs from the I/O it happens to do.
/// A view controller that calls `analytics.track(.opened)` does not do storage or networking
/// because the analytics engine appends events to a file and posts them in batches; a screen that
/// builds another module (`OrderDetailModule.build()`) does not do that module's I/O.
enum Purpose {
    /// Words in a type's name that say its job is telemetry, logging, crash reporting or sound:
    /// whatever I/O it does is a side effect of that job.
    static let sideEffectWords: Set<String> = [
        "analytics", "telemetry", "pixel", "pixels", "metrics", "crashlytics", "crash", "breadcrumb", "breadcrumbs",
        "logger", "logging", "log", "logs", "instrumentation", "sound", "sounds", "haptic", "haptics", "tracker",
        // A media player streams, caches and remembers positions to play: the screen asked to play.
        "playback", "player",
    ]
    /// First words of member names that report an event rather than read or write data:
    /// `track(_:)`, `trackEvent(_:)`, `logEvent(_:)`, `log(_:)`.
    static let sideEffectVerbs: Set<String> = ["track", "log"]

    /// Words that name a localisation catalogue (`L10n`, `Strings`, `Localizable`): its entries
    /// fill translated templates, so it is no formatter type, whatever helpers it calls.
    static let catalogueWords: Set<String> = ["l10n", "i18n", "strings", "localizable", "localization", "localizations"]

    static func isCatalogue(typeName: String) -> Bool {
        camelWords(typeName).contains { catalogueWords.contains($0) }
    }

    static func isSideEffectOnly(typeName: String) -> Bool {
        camelWords(typeName).contains { sideEffectWords.contains($0) }
    }

    /// Runs for every call the analysis follows: compares the leading bytes, no word split.
    static func isSideEffectCall(_ memberName: String) -> Bool {
        let bytes = memberName.utf8
        for verb in sideEffectVerbUTF8 where bytes.starts(with: verb) {
            guard bytes.count > verb.count else { return true }
            let next = bytes[bytes.index(bytes.startIndex, offsetBy: verb.count)]
            if next &- 65 < 26 || next == UInt8(ascii: "_") { return true }   // `trackEvent`, `log_`
        }
        return false
    }
    private static let sideEffectVerbUTF8 = sideEffectVerbs.map { Array($0.utf8) }

    /// A member that returns a screen (`build() -> UIViewController`, `makeDetailScreen() ->
    /// DetailViewController`) assembles a module: the I/O of what it builds is not the caller's.
    static func isAssembly(_ functions: [FunctionFact], index: TypeIndex) -> Bool {
        functions.contains { function in
            guard let returned = function.returnType else { return false }
            if returned.hasSuffix("ViewController") || returned.hasSuffix("NavigationController") { return true }
            guard let t = index.lookup(returned) else { return false }
            return index.types[t].isViewController
        }
    }

    /// `URLSessionDataTask` → ["url", "session", "data", "task"]; `trackEvent` → ["track", "event"].
    static func camelWords(_ name: String) -> [String] {
        let bytes = Array(name.utf8)
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return unicodeCamelWords(name) }
        // ASCII names (nearly all): the same rule on bytes, A–Z being the only upper case letters.
        func isUpper(_ b: UInt8) -> Bool { b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z") }
        func isLower(_ b: UInt8) -> Bool { b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z") }
        var words: [String] = []
        var current: [UInt8] = []
        func flush() {
            words.append(String(decoding: current.map { isUpper($0) ? $0 + 32 : $0 }, as: UTF8.self))
            current.removeAll(keepingCapacity: true)
        }
        for i in bytes.indices {
            let b = bytes[i]
            if b == UInt8(ascii: "_") || b == UInt8(ascii: ".") {
                if !current.isEmpty { flush() }
                continue
            }
            let nextIsLower = i + 1 < bytes.count && isLower(bytes[i + 1])
            let previousIsUpper = i > 0 && isUpper(bytes[i - 1])
            if isUpper(b), !current.isEmpty, !previousIsUpper || nextIsLower { flush() }
            current.append(b)
        }
        if !current.isEmpty { flush() }
        return words
    }

    /// `camelWords` by Unicode properties, for names with non-ASCII letters.
    static func unicodeCamelWords(_ name: String) -> [String] {
        var words: [String] = []
        var current = ""
        let scalars = Array(name.unicodeScalars)
        for (i, scalar) in scalars.enumerated() {
            let isUpper = scalar.properties.isUppercase
            let nextIsLower = i + 1 < scalars.count && scalars[i + 1].properties.isLowercase
            let previousIsUpper = i > 0 && scalars[i - 1].properties.isUppercase
            if scalar == "_" || scalar == "." {
                if !current.isEmpty { words.append(current.lowercased()); current = "" }
                continue
            }
            if isUpper, !current.isEmpty, !previousIsUpper || nextIsLower {
                words.append(current.lowercased()); current = ""
            }
            current.unicodeScalars.append(scalar)
        }
        if !current.isEmpty { words.append(current.lowercased()) }
        return words
    }
}
