import Foundation

/// A JSON value whose objects keep their key order, so side files (`.order.json`,
/// `.perspectives.json`, `config.json`) can be rewritten without reordering or losing keys.
public indirect enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case let (.bool(a), .bool(b)): return a == b
        case let (.number(a), .number(b)): return a == b
        case let (.string(a), .string(b)): return a == b
        case let (.array(a), .array(b)): return a == b
        case let (.object(a), .object(b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    // MARK: - Access

    /// The value for `key` when this is an object.
    public subscript(key: String) -> JSONValue? {
        guard case let .object(pairs) = self else { return nil }
        return pairs.first { $0.0 == key }?.1
    }

    /// Sets, replaces (in place) or appends `key` in an object; no effect on other values.
    public mutating func set(_ key: String, _ value: JSONValue?) {
        guard case var .object(pairs) = self else { return }
        if let index = pairs.firstIndex(where: { $0.0 == key }) {
            if let value { pairs[index].1 = value } else { pairs.remove(at: index) }
        } else if let value {
            pairs.append((key, value))
        }
        self = .object(pairs)
    }

    public var stringValue: String? { if case let .string(s) = self { return s } else { return nil } }
    public var arrayValue: [JSONValue]? { if case let .array(a) = self { return a } else { return nil } }
    public var boolValue: Bool? { if case let .bool(b) = self { return b } else { return nil } }
    public var numberValue: Double? { if case let .number(n) = self { return n } else { return nil } }
    public var objectValue: [(String, JSONValue)]? {
        if case let .object(o) = self { return o } else { return nil }
    }
    public var isNull: Bool { if case .null = self { return true } else { return false } }

    // MARK: - Writing

    /// Compact JSON text.
    public func compact() -> String {
        var out = ""
        write(into: &out, indent: nil, level: 0)
        return out
    }

    /// JSON text pretty-printed with a 2-space indent.
    public func pretty() -> String {
        var out = ""
        write(into: &out, indent: "  ", level: 0)
        return out
    }

    func write(into out: inout String, indent: String?, level: Int) {
        switch self {
        case .null: out += "null"
        case let .bool(b): out += b ? "true" : "false"
        case let .number(n): out += JSONValue.format(n)
        case let .string(s): JSONValue.quote(s, into: &out)
        case let .array(items):
            if items.isEmpty { out += "[]"; return }
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                if let indent { out += "\n" + String(repeating: indent, count: level + 1) }
                item.write(into: &out, indent: indent, level: level + 1)
            }
            if let indent { out += "\n" + String(repeating: indent, count: level) }
            out += "]"
        case let .object(pairs):
            if pairs.isEmpty { out += "{}"; return }
            out += "{"
            for (i, (key, value)) in pairs.enumerated() {
                if i > 0 { out += "," }
                if let indent { out += "\n" + String(repeating: indent, count: level + 1) }
                JSONValue.quote(key, into: &out)
                out += indent == nil ? ":" : ": "
                value.write(into: &out, indent: indent, level: level + 1)
            }
            if let indent { out += "\n" + String(repeating: indent, count: level) }
            out += "}"
        }
    }

    static func format(_ n: Double) -> String {
        if n.isFinite, n == n.rounded(), abs(n) < 1e15 { return String(Int(n)) }
        return n.isFinite ? String(n) : "null"
    }

    /// Appends `s` as a JSON string literal: `"` and `\` escaped, control characters as `\n`,
    /// `\t`, … or `\u00XX`, and U+2028 and U+2029 (valid JSON, unsafe in JavaScript) as
    /// `\u2028` and `\u2029`. The one escaping rule is ``JSONBytes/quote(utf8:)``'s.
    public static func quote(_ s: String, into out: inout String) {
        var bytes = JSONBytes(capacity: s.utf8.count + 2)
        bytes.quote(s)
        out += bytes.string
    }

    // MARK: - Reading

    /// Parses JSON text, keeping object key order.
    ///
    /// - Throws: ``JSONValue/ParseError`` naming the byte offset of the problem.
    public static func parse(_ text: String) throws -> JSONValue {
        var parser = Parser(bytes: Array(text.utf8))
        parser.skipSpace()
        let value = try parser.value(depth: 0)
        parser.skipSpace()
        guard parser.index == parser.bytes.count else { throw parser.error("unexpected text after the value") }
        return value
    }

    /// Parses JSON bytes (UTF-8).
    public static func parse(_ data: Data) throws -> JSONValue {
        guard let text = String(data: data, encoding: .utf8) else {
            throw ParseError(offset: 0, reason: "not UTF-8 text")
        }
        return try parse(text)
    }

    /// Why JSON text could not be read.
    public struct ParseError: TodoMDError, Equatable {
        /// Byte offset of the problem.
        public let offset: Int
        /// What is wrong, without the place: "unexpected end of text".
        public let reason: String

        public init(offset: Int, reason: String) {
            self.offset = offset
            self.reason = reason
        }

        public var kind: ErrorKind { .invalid }
        /// The reason and the place: "unexpected end of text (at byte 12)".
        public var message: String { "\(reason) (at byte \(offset))" }
    }

    struct Parser {
        let bytes: [UInt8]
        var index = 0

        func error(_ reason: String) -> ParseError { ParseError(offset: index, reason: reason) }

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        mutating func value(depth: Int) throws -> JSONValue {
            guard depth < 512 else { throw error("nested too deeply") }
            guard index < bytes.count else { throw error("unexpected end of text") }
            switch bytes[index] {
            case UInt8(ascii: "{"):
                index += 1
                var pairs: [(String, JSONValue)] = []
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(pairs) }
                while true {
                    skipSpace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a key") }
                    let key = try string()
                    skipSpace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected `:`") }
                    index += 1
                    skipSpace()
                    let v = try value(depth: depth + 1)
                    if let existing = pairs.firstIndex(where: { $0.0 == key }) {
                        pairs[existing].1 = v
                    } else {
                        pairs.append((key, v))
                    }
                    skipSpace()
                    guard index < bytes.count else { throw error("unexpected end of text") }
                    if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                    if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(pairs) }
                    throw error("expected `,` or `}`")
                }
            case UInt8(ascii: "["):
                index += 1
                var items: [JSONValue] = []
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
                while true {
                    skipSpace()
                    items.append(try value(depth: depth + 1))
                    skipSpace()
                    guard index < bytes.count else { throw error("unexpected end of text") }
                    if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                    if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
                    throw error("expected `,` or `]`")
                }
            case UInt8(ascii: "\""):
                return .string(try string())
            case UInt8(ascii: "t"):
                try literal("true"); return .bool(true)
            case UInt8(ascii: "f"):
                try literal("false"); return .bool(false)
            case UInt8(ascii: "n"):
                try literal("null"); return .null
            default:
                return .number(try number())
            }
        }

        mutating func literal(_ word: String) throws {
            let w = Array(word.utf8)
            guard index + w.count <= bytes.count, Array(bytes[index..<(index + w.count)]) == w else {
                throw error("unexpected character")
            }
            index += w.count
        }

        mutating func number() throws -> Double {
            let start = index
            while index < bytes.count, "+-0123456789.eE".utf8.contains(bytes[index]) { index += 1 }
            guard index > start, let n = Double(String(decoding: bytes[start..<index], as: UTF8.self)) else {
                throw error("unexpected character")
            }
            return n
        }

        mutating func string() throws -> String {
            index += 1  // opening quote
            var out: [UInt8] = []
            while index < bytes.count {
                let c = bytes[index]
                if c == UInt8(ascii: "\"") {
                    index += 1
                    return String(decoding: out, as: UTF8.self)
                }
                if c == UInt8(ascii: "\\") {
                    index += 1
                    guard index < bytes.count else { break }
                    let e = bytes[index]
                    index += 1
                    switch e {
                    case UInt8(ascii: "n"): out.append(0x0A)
                    case UInt8(ascii: "t"): out.append(0x09)
                    case UInt8(ascii: "r"): out.append(0x0D)
                    case UInt8(ascii: "b"): out.append(0x08)
                    case UInt8(ascii: "f"): out.append(0x0C)
                    case UInt8(ascii: "u"):
                        var code = try hex4()
                        if (0xD800..<0xDC00).contains(code), index + 1 < bytes.count,
                           bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                            index += 2
                            let low = try hex4()
                            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        }
                        let scalar = Unicode.Scalar(code) ?? "\u{FFFD}"
                        out.append(contentsOf: Array(String(Character(scalar)).utf8))
                    default: out.append(e)
                    }
                    continue
                }
                out.append(c)
                index += 1
            }
            throw error("unterminated string")
        }

        mutating func hex4() throws -> UInt32 {
            guard index + 4 <= bytes.count,
                  let v = UInt32(String(decoding: bytes[index..<(index + 4)], as: UTF8.self), radix: 16)
            else { throw error("bad \\u escape") }
            index += 4
            return v
        }
    }
}
