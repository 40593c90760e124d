import Foundation

/// Per-file fact cache. An entry is keyed by a 128-bit hash of the file's bytes, the tool's
/// build identity and the configuration — never by mtime, which CI clones reset — so a hit is
/// the facts a fresh parse would give, and anything that could change them changes the key.
///
/// Entries live in `<directory>/facts-v<formatVersion>/<k[0..2]>/<key>`, one file each, written to a
/// temporary file and renamed into place (`AtomicFile`), so concurrent runs never
/// see half an entry. An entry that fails its checksum or does not decode is ignored and the
/// file is parsed again (and the entry rewritten).
public struct FactCache: Sendable {
    /// Bump when the binary form of `FileFacts` changes.
    public static let formatVersion = 28
    static let magic = Array("VPFC".utf8)

    public let directory: URL
    /// Mixed into every key: tool version and build, configuration.
    let salt: String

    public init(directory: URL, toolVersion: String, configuration: Configuration) {
        self.directory = directory.appendingPathComponent("facts-v\(Self.formatVersion)", isDirectory: true)
        salt = "\(Self.formatVersion)\u{1F}\(toolVersion)\u{1F}\(configuration.cacheFingerprint)"
    }

    /// `$XDG_CACHE_HOME/viper-planner`, else `~/.cache/viper-planner`; `~/Library/Caches/viper-planner`
    /// on macOS.
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        #if canImport(Darwin)
        if let xdg = environment["XDG_CACHE_HOME"], !xdg.isEmpty {
            return URL(fileURLWithPath: xdg).appendingPathComponent("viper-planner")
        }
        return FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent("Library/Caches/viper-planner")
        #else
        if let xdg = environment["XDG_CACHE_HOME"], !xdg.isEmpty {
            return URL(fileURLWithPath: xdg).appendingPathComponent("viper-planner")
        }
        return FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache/viper-planner")
        #endif
    }

    /// The key of a file's entry: content, path (relative to the root), tool and configuration.
    /// Facts depend on nothing else; the path is in the key so that they never have to be
    /// path-independent (a moved file is parsed again).
    public func key(for bytes: [UInt8], path: String) -> String {
        var combined = ContentHash(bytes)
        let context = ContentHash(path + "\u{1E}" + salt)
        combined.high = ContentHash.avalanche(combined.high ^ context.high)
        combined.low = ContentHash.avalanche(combined.low ^ context.low &+ 0x2545_F491_4F6C_DD1D)
        return combined.description
    }

    /// 256 shard folders by the key's first two hex digits: one folder of thousands of files made
    /// both threads wait on its lock when writing (profiled: kernel time 15× the parse's).
    func url(forKey key: String) -> URL {
        directory.appendingPathComponent(String(key.prefix(2)), isDirectory: true).appendingPathComponent(key)
    }

    /// The cached facts of these bytes, or nil (absent, unreadable, corrupt, or another key).
    public func load(key: String, path: String) -> FileFacts? {
        loadWithChecksum(key: key, path: path)?.facts
    }

    /// The cached facts with their analysis checksum (`analysisChecksum`).
    func loadWithChecksum(key: String, path: String) -> (facts: FileFacts, checksum: String)? {
        guard case .bytes(let bytes) = FileIO.read(url(forKey: key).path), var reader = Self.unsealed(bytes, key: key),
              let checksum = Self.analysisChecksum(bytes, payloadAt: reader.offset),
              var facts = try? reader.fileFacts(), reader.isAtEnd else { return nil }
        facts.path = path
        return (facts, checksum)
    }

    /// The analysis checksum of the facts stored under `key`, without decoding them (nil: no
    /// intact entry).
    func checksum(key: String) -> String? {
        guard case .bytes(let bytes) = FileIO.read(url(forKey: key).path), let reader = Self.unsealed(bytes, key: key) else { return nil }
        return Self.analysisChecksum(bytes, payloadAt: reader.offset)
    }

    /// Stores the facts; failures (read-only disk, full disk) only cost a re-parse next time.
    /// Returns their analysis checksum.
    @discardableResult
    public func store(_ facts: FileFacts, key: String) -> String {
        let entry = Self.encodeChunks(facts, key: key), path = url(forKey: key).path
        let checksum = Self.analysisChecksum(entry[1], payloadAt: 0) ?? ""
        // Not synced: a torn entry fails its checksum and is rebuilt.
        if (try? AtomicFile.write(chunks: entry, to: path, durable: false)) != nil { return checksum }
        // First write into a new shard folder.
        try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                 withIntermediateDirectories: true)
        try? AtomicFile.write(chunks: entry, to: path, durable: false)
        return checksum
    }

    /// A checksum of everything the analysis reads of a file's facts: the binary form after the
    /// path and the file's size in bytes (which any edit changes and no rule reads). Two versions
    /// of a file with the same analysis checksum give every rule the same input.
    static func analysisChecksum(_ bytes: [UInt8], payloadAt offset: Int) -> String? {
        var reader = BinaryReader(bytes, offset: offset)
        guard (try? reader.string()) != nil, (try? reader.uint64()) != nil else { return nil }
        return ContentHash(bytes[reader.offset...]).description
    }

    static func encode(_ facts: FileFacts, key: String) -> [UInt8] { Array(encodeChunks(facts, key: key).joined()) }

    static func encodeChunks(_ facts: FileFacts, key: String) -> [[UInt8]] {
        var payload = BinaryWriter(capacity: facts.bytes / 2)
        payload.write(facts)
        return sealed(payload.bytes, key: key)
    }

    static func decode(_ bytes: [UInt8], key: String, path: String) -> FileFacts? {
        guard var reader = unsealed(bytes, key: key), var facts = try? reader.fileFacts(), reader.isAtEnd else { return nil }
        facts.path = path
        return facts
    }

    /// An entry: magic · key · payload length · payload checksum (128-bit) · payload, as a head
    /// and the payload (written one after the other: a large report is not copied once more).
    static func sealed(_ payload: [UInt8], key: String) -> [[UInt8]] {
        let checksum = ContentHash(payload)
        var head = BinaryWriter(capacity: 96)
        head.append(magic)
        head.write(key)
        head.write(UInt64(payload.count))
        head.write(checksum.high); head.write(checksum.low)
        return [head.bytes, payload]
    }

    /// A reader at the payload of an entry stored under `key`, or nil if it is not intact.
    static func unsealed(_ bytes: [UInt8], key: String) -> BinaryReader? {
        var reader = BinaryReader(bytes)
        guard let head = try? reader.raw(magic.count), head.elementsEqual(magic),
              (try? reader.string()) == key,
              let length = try? reader.count(),
              let high = try? reader.uint64(), let low = try? reader.uint64(),
              length == bytes.count - reader.offset else { return nil }
        let checksum = ContentHash(bytes[reader.offset...])
        guard checksum.high == high, checksum.low == low else { return nil }
        return reader
    }
}

extension Configuration {
    /// Every field, in declaration order, dictionaries sorted: any change to the configuration
    /// changes the cache key. Parsing reads no configuration today, but facts must never be
    /// reused under a configuration they were not made with if that changes. `fileTimeout` is
    /// left out: a parse either finishes with the facts any budget gives, or stores none.
    public var cacheFingerprint: String {
        var facts = self
        facts.fileTimeout = nil
        // How findings are labelled for Xcode changes no fact: it is part of the report's rendering key.
        facts.xcodeSeverity = Configuration().xcodeSeverity
        return Self.canonical(facts)
    }

    static func canonical(_ value: Any) -> String {
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .dictionary, .set:
            return "[" + mirror.children.map { canonical($0.value) }.sorted().joined(separator: ",") + "]"
        case .struct, .tuple:
            return "(" + mirror.children.map { "\($0.label ?? ""):\(canonical($0.value))" }.joined(separator: ",") + ")"
        case .collection, .optional:
            return "[" + mirror.children.map { canonical($0.value) }.joined(separator: ",") + "]"
        default:
            return String(reflecting: value)
        }
    }
}
