import Foundation

/// The TASK object of §19/§21, written by hand for speed and a fixed key order.
public enum TaskJSON {
    /// TASK as compact JSON text: `id`, every frontmatter field of ``TaskFieldSpec/table`` in
    /// canonical order (absent `null`, lists `[]`, defaults reported), `body`, `warnings`, and
    /// unknown keys under `extra`.
    public static func encode(_ t: TodoTask) -> String {
        var o = "{\"id\":"
        o.reserveCapacity(768 + t.body.utf8.count + (t.description?.utf8.count ?? 0))
        JSONValue.quote(t.id, into: &o)
        // Keys are plain ASCII: no escaping needed.
        for spec in TaskFieldSpec.table {
            o += ",\"" + spec.key + "\":"
            append(spec.value(of: t), kind: spec.kind, into: &o)
        }
        o += ",\"body\":"
        JSONValue.quote(t.body, into: &o)
        o += ",\"warnings\":"
        list(t.warnings, into: &o)
        o += ",\"extra\":" + JSONValue.object(t.extra.map { ($0.key, $0.value) }).compact()
        o += "}"
        return o
    }

    /// One field's value as JSON: dates `"YYYY-MM-DD"`, date-times ISO 8601 UTC with `Z` (§21).
    static func append(_ value: FieldValue?, kind: FieldKind, into o: inout String) {
        switch value {
        case nil, .null?:
            o += kind == .list ? "[]" : "null"
        case let .string(s)?:
            JSONValue.quote(s, into: &o)
        case let .date(d)?:
            o += "\"" + d.description + "\""
        case let .dateTime(d)?:
            o += "\"" + DateTimeFormat.string(d) + "\""
        case let .bool(b)?:
            o += b ? "true" : "false"
        case let .int(n)?:
            o += String(n)
        case let .list(items)?:
            list(items, into: &o)
        }
    }

    // MARK: - Reading

    /// A TASK JSON value read back as a value of `kind`, exactly as ``encode(_:)`` writes it
    /// (choices matched ignoring case); nil when it does not fit. The reverse of ``encode(_:)``
    /// for a `json` import and a synced record.
    public static func value(_ json: JSONValue, kind: FieldKind) -> FieldValue? {
        switch kind {
        case .text, .rule:
            return json.stringValue.map(FieldValue.string)
        case let .choice(values):
            guard let s = json.stringValue?.lowercased(), values.contains(s) else { return nil }
            return .string(s)
        case .date:
            return json.stringValue.flatMap { LocalDate(iso: $0) }.map(FieldValue.date)
        case .dateTime:
            return json.stringValue.flatMap { DateTimeFormat.parse($0, timeZone: utc) }.map(FieldValue.dateTime)
        case .flag:
            return json.boolValue.map(FieldValue.bool)
        case .count, .minutes:
            guard let n = json.numberValue, n >= 0, n == n.rounded(), n < 1e12 else { return nil }
            return .int(Int(n))
        case .list:
            guard let items = json.arrayValue else { return nil }
            let strings = items.compactMap(\.stringValue)
            return strings.count == items.count ? .list(strings) : nil
        }
    }

    /// What a value of `kind` must look like, for messages ("not a date (YYYY-MM-DD)").
    public static func expectation(_ kind: FieldKind) -> String {
        switch kind {
        case .text, .rule: return "text"
        case let .choice(values): return "one of " + values.joined(separator: ", ")
        case .date: return "a date (YYYY-MM-DD)"
        case .dateTime: return "an ISO 8601 date-time"
        case .flag: return "true or false"
        case .count, .minutes: return "a whole number ≥ 0"
        case .list: return "a list of text"
        }
    }

    private static let utc = TimeZone(identifier: "UTC") ?? .current

    private static func list(_ items: [String], into o: inout String) {
        o += "["
        for (i, item) in items.enumerated() {
            if i > 0 { o += "," }
            JSONValue.quote(item, into: &o)
        }
        o += "]"
    }
}
