import Foundation
import MCP
import TodoMDKit

/// A tool call's arguments, read with errors an agent can act on.
struct ToolArguments {
    let values: [String: Value]

    init(_ values: [String: Value]?) { self.values = values ?? [:] }

    /// The text of `key`; nil when absent or null.
    ///
    /// - Throws: ``TodoError/invalidValue(field:value:reason:)`` when it is not text.
    func string(_ key: String) throws -> String? {
        guard let value = values[key], !value.isNull else { return nil }
        guard let text = value.stringValue else {
            throw TodoError.invalidValue(field: key, value: value.description, reason: "text")
        }
        return text
    }

    /// The whole number of `key`; nil when absent or null.
    ///
    /// - Throws: ``TodoError/invalidValue(field:value:reason:)`` when it is not a whole number.
    func int(_ key: String) throws -> Int? {
        guard let value = values[key], !value.isNull else { return nil }
        if let n = value.intValue { return n }
        if let d = value.doubleValue, d == d.rounded(), abs(d) < 1e9 { return Int(d) }
        throw TodoError.invalidValue(field: key, value: value.description, reason: "a whole number")
    }

    /// The text of `key`, which must be given and not blank.
    func required(_ key: String) throws -> String {
        guard let text = try string(key), !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw TodoError.invalidValue(field: key, value: "", reason: "required")
        }
        return text
    }

    /// Every argument but `excluded`, as task fields for ``TaskInput`` (sorted by key, so the
    /// first bad one reported is always the same).
    func fields(excluding excluded: Set<String>) -> [(String, JSONValue)] {
        values.keys.sorted().filter { !excluded.contains($0) }.compactMap { key in
            values[key].map { (key, Self.json($0)) }
        }
    }

    /// An MCP value as the core's ordered JSON.
    static func json(_ value: Value) -> JSONValue {
        switch value {
        case .null: return .null
        case let .bool(b): return .bool(b)
        case let .int(i): return .number(Double(i))
        case let .double(d): return .number(d)
        case let .string(s): return .string(s)
        case let .data(_, data): return .string(data.base64EncodedString())
        case let .array(items): return .array(items.map(json))
        case let .object(pairs): return .object(pairs.keys.sorted().compactMap { k in pairs[k].map { (k, json($0)) } })
        }
    }
}
