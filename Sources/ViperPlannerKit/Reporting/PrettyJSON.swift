/// The one JSON writer of the tool (reports, `.state.json`, `status --format json`). It writes any
/// `Encodable` byte for byte like Foundation's `JSONEncoder` with `.sortedKeys` and
/// `.withoutEscapingSlashes` — pretty (2-space indent, `"key" : value`, empty collections as
/// `[\n\n]`) or on one line — straight into one byte buffer.
///
/// Why not JSONEncoder: on a report with 32,000 findings it built a tree of dictionaries, then a
/// `Data`, then a copy into a `String`: 0.5 s and ~85 MB of peak memory above the audit itself.
/// `PrettyJSONTests` checks the output against JSONEncoder's on awkward values.
public enum PrettyJSON {
    /// One value on one line, no trailing newline (`.state.json` keeps one task per line).
    static func line(_ value: some Encodable) -> String {
        let root = Node()
        do { try value.encode(to: TreeEncoder(node: root)) } catch { return "null" }
        var out = ByteSink()
        write(root, indent: nil, into: &out)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    /// Pretty-printed, ending with a newline.
    public static func encode(_ value: some Encodable) -> String {
        let root = Node()
        do { try value.encode(to: TreeEncoder(node: root)) } catch { return "null\n" }
        // Measure, then write straight into the string's own storage: no growing buffer and
        // no copy of a 40 MB report from bytes into a String.
        var counter = Counter()
        write(root, indent: 0, into: &counter)
        let size = counter.count + 1
        return String(unsafeUninitializedCapacity: size) { buffer in
            var writer = BufferWriter(buffer: buffer)
            write(root, indent: 0, into: &writer)
            writer.byte(0x0A)
            return writer.index
        }
    }

    // MARK: The tree

    final class Node {
        enum Value {
            case null, bool(Bool), number(String), string(String)
            case object([(key: String, node: Node)]), array([Node])
        }
        var value: Value = .null
    }

    protocol Sink {
        mutating func byte(_ byte: UInt8)
        mutating func text(_ text: String)
        mutating func spaces(_ count: Int)
    }

    struct Counter: Sink {
        var count = 0
        mutating func byte(_ byte: UInt8) { count += 1 }
        mutating func text(_ text: String) { count += text.utf8.count }
        mutating func spaces(_ count: Int) { self.count += count }
    }

    struct ByteSink: Sink {
        var bytes: [UInt8] = []
        mutating func byte(_ byte: UInt8) { bytes.append(byte) }
        mutating func text(_ text: String) { bytes += text.utf8 }
        mutating func spaces(_ count: Int) { bytes += repeatElement(0x20, count: count) }
    }

    struct BufferWriter: Sink {
        let buffer: UnsafeMutableBufferPointer<UInt8>
        var index = 0
        mutating func byte(_ byte: UInt8) { buffer[index] = byte; index += 1 }
        mutating func text(_ text: String) {
            var text = text
            text.withUTF8 { bytes in
                guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
                (buffer.baseAddress! + index).update(from: base, count: bytes.count)
                index += bytes.count
            }
        }
        mutating func spaces(_ count: Int) {
            (buffer.baseAddress! + index).update(repeating: 0x20, count: count)
            index += count
        }
    }

    /// `indent` nil: one line, no spaces (JSONEncoder without `.prettyPrinted`).
    private static func write<S: Sink>(_ node: Node, indent: Int?, into out: inout S) {
        switch node.value {
        case .null: out.text("null")
        case .bool(let flag): out.text(flag ? "true" : "false")
        case .number(let text): out.text(text)
        case .string(let text): writeString(text, into: &out)
        case .array(let items):
            open(UInt8(ascii: "["), indent: indent, into: &out)
            for (i, item) in items.enumerated() {
                separate(first: i == 0, indent: indent, into: &out)
                write(item, indent: indent.map { $0 + 2 }, into: &out)
            }
            close(UInt8(ascii: "]"), indent: indent, into: &out)
        case .object(let members):
            open(UInt8(ascii: "{"), indent: indent, into: &out)
            for (n, index) in sortedMembers(members).enumerated() {
                separate(first: n == 0, indent: indent, into: &out)
                writeString(members[index].key, into: &out)
                out.text(indent == nil ? ":" : " : ")
                write(members[index].node, indent: indent.map { $0 + 2 }, into: &out)
            }
            close(UInt8(ascii: "}"), indent: indent, into: &out)
        }
    }

    private static func open<S: Sink>(_ bracket: UInt8, indent: Int?, into out: inout S) {
        out.byte(bracket)
        if indent != nil { out.byte(0x0A) }
    }

    private static func separate<S: Sink>(first: Bool, indent: Int?, into out: inout S) {
        if !first { out.byte(UInt8(ascii: ",")); if indent != nil { out.byte(0x0A) } }
        if let indent { out.spaces(indent + 2) }
    }

    private static func close<S: Sink>(_ bracket: UInt8, indent: Int?, into out: inout S) {
        if let indent { out.byte(0x0A); out.spaces(indent) }
        out.byte(bracket)
    }

    /// Code-point order, as `.sortedKeys`; a repeated key keeps its last value, as a dictionary would.
    private static func sortedMembers(_ members: [(key: String, node: Node)]) -> [Int] {
        var order = Array(members.indices)
        order.sort { members[$0].key < members[$1].key }
        var unique: [Int] = []
        for i in order {
            if let last = unique.last, members[last].key == members[i].key { unique[unique.count - 1] = max(last, i) }
            else { unique.append(i) }
        }
        return unique
    }

    private static let hex = Array("0123456789abcdef".utf8)

    private static func writeString<S: Sink>(_ text: String, into out: inout S) {
        out.byte(UInt8(ascii: "\""))
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            out.text(text)
        } else {
            for byte in text.utf8 {
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): out.byte(UInt8(ascii: "\\")); out.byte(byte)
                case 0x08: out.byte(UInt8(ascii: "\\")); out.byte(UInt8(ascii: "b"))
                case 0x0C: out.byte(UInt8(ascii: "\\")); out.byte(UInt8(ascii: "f"))
                case 0x0A: out.byte(UInt8(ascii: "\\")); out.byte(UInt8(ascii: "n"))
                case 0x0D: out.byte(UInt8(ascii: "\\")); out.byte(UInt8(ascii: "r"))
                case 0x09: out.byte(UInt8(ascii: "\\")); out.byte(UInt8(ascii: "t"))
                case 0..<0x20:
                    out.text("\\u00")
                    out.byte(hex[Int(byte >> 4)]); out.byte(hex[Int(byte & 0xF)])
                default: out.byte(byte)
                }
            }
        }
        out.byte(UInt8(ascii: "\""))
    }

    // MARK: The Encoder

    struct TreeEncoder: Encoder {
        let node: Node
        var codingPath: [any CodingKey] = []
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            if case .object = node.value {} else { node.value = .object([]) }
            return KeyedEncodingContainer(Keyed<Key>(node: node, codingPath: codingPath))
        }
        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            if case .array = node.value {} else { node.value = .array([]) }
            return Unkeyed(node: node, codingPath: codingPath)
        }
        func singleValueContainer() -> any SingleValueEncodingContainer { Single(node: node, codingPath: codingPath) }
    }

    /// The node for one value: scalars directly, anything else through its own `encode(to:)`.
    static func node(for value: some Encodable, codingPath: [any CodingKey]) throws -> Node {
        let node = Node()
        var single = Single(node: node, codingPath: codingPath)
        try single.encode(value)
        return node
    }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let node: Node
        var codingPath: [any CodingKey]

        private func add(_ key: Key, _ child: Node) {
            guard case .object(var members) = node.value else { return }
            node.value = .null   // keep `members` uniquely referenced while appending
            members.append((key.stringValue, child))
            node.value = .object(members)
        }

        mutating func encodeNil(forKey key: Key) throws { add(key, Node()) }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            add(key, try PrettyJSON.node(for: value, codingPath: codingPath + [key]))
        }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type,
                                                            forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            let child = Node()
            add(key, child)
            return TreeEncoder(node: child, codingPath: codingPath + [key]).container(keyedBy: keyType)
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            let child = Node()
            add(key, child)
            return TreeEncoder(node: child, codingPath: codingPath + [key]).unkeyedContainer()
        }
        mutating func superEncoder() -> any Encoder { superEncoder(forKey: Key(stringValue: "super")!) }
        mutating func superEncoder(forKey key: Key) -> any Encoder {
            let child = Node()
            add(key, child)
            return TreeEncoder(node: child, codingPath: codingPath + [key])
        }
    }

    struct Unkeyed: UnkeyedEncodingContainer {
        let node: Node
        var codingPath: [any CodingKey]
        var count: Int { if case .array(let items) = node.value { items.count } else { 0 } }

        private func add(_ child: Node) {
            guard case .array(var items) = node.value else { return }
            node.value = .null
            items.append(child)
            node.value = .array(items)
        }

        mutating func encodeNil() throws { add(Node()) }
        mutating func encode<T: Encodable>(_ value: T) throws { add(try PrettyJSON.node(for: value, codingPath: codingPath)) }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            let child = Node()
            add(child)
            return TreeEncoder(node: child, codingPath: codingPath).container(keyedBy: keyType)
        }
        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            let child = Node()
            add(child)
            return TreeEncoder(node: child, codingPath: codingPath).unkeyedContainer()
        }
        mutating func superEncoder() -> any Encoder {
            let child = Node()
            add(child)
            return TreeEncoder(node: child, codingPath: codingPath)
        }
    }

    struct Single: SingleValueEncodingContainer {
        let node: Node
        var codingPath: [any CodingKey]

        mutating func encodeNil() throws { node.value = .null }
        mutating func encode(_ value: Bool) throws { node.value = .bool(value) }
        mutating func encode(_ value: String) throws { node.value = .string(value) }
        mutating func encode(_ value: Int) throws { node.value = .number(String(value)) }
        mutating func encode(_ value: Int8) throws { node.value = .number(String(value)) }
        mutating func encode(_ value: Int16) throws { node.value = .number(String(value)) }
        mutating func encode(_ value: Int32) throws { node.value = .number(String(value)) }
        mutating func encode(_ value: Int64) throws { node.value = .number(String(value)) }
        mutating func encode(_ value: UInt) throws { node.value = .number(String(value)) }
        mutating func encode(_ value: UInt8) throws { node.value = .number(String(value)) }
        mutating func encode(_ value: UInt16) throws { node.value = .number(String(value)) }
        mutating func encode(_ value: UInt32) throws { node.value = .number(String(value)) }
        mutating func encode(_ value: UInt64) throws { node.value = .number(String(value)) }
        mutating func encode(_ value: Double) throws { node.value = .number(PrettyJSON.number(value)) }
        mutating func encode(_ value: Float) throws { node.value = .number(PrettyJSON.number(Double(value))) }
        mutating func encode<T: Encodable>(_ value: T) throws {
            switch value {
            case let text as String: node.value = .string(text)
            case let number as Int: node.value = .number(String(number))
            case let flag as Bool: node.value = .bool(flag)
            case let number as Double: node.value = .number(PrettyJSON.number(number))
            default: try value.encode(to: TreeEncoder(node: node, codingPath: codingPath))
            }
        }
    }

    /// Whole numbers without a fraction (`2`), others as Swift prints them (`1.5`).
    static func number(_ value: Double) -> String {
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }
}
