import Foundation
import Yams

extension TaskFileCodec {
    // MARK: - New files

    /// The canonical file for a new task (§3): keys in canonical order, strings double-quoted,
    /// absent optional fields omitted except `flagged: false` and `completed: null`.
    ///
    /// - Parameters:
    ///   - fieldMap: another tool's key names and value forms (§20), for a vault that has one.
    ///   - timeZone: the local time zone, for date-times a map writes as dates.
    public static func encodeNew(_ task: TodoTask, fieldMap: FieldMap? = nil,
                                 timeZone: TimeZone = TimeZone(identifier: "UTC") ?? .current) -> [UInt8] {
        var lines: [String] = ["---"]
        for field in TaskField.allCases {
            var value = canonicalValue(field, of: task)
            var key = field.key
            if let fieldMap {
                value = fieldMap.outgoing(field, value, timeZone: timeZone)
                key = fieldMap.key(for: field)
            }
            guard let value else { continue }
            lines.append(contentsOf: render(key, value, kind: field.spec.kind))
        }
        for extra in task.extra {
            // An unknown key that names a field would be a duplicate key (from a hand-made import).
            if fieldMap?.field(forKey: extra.key) ?? TaskField(rawValue: extra.key) != nil { continue }
            lines.append("\(mappingKey(extra.key)): \(flow(extra.value))")
        }
        lines.append("---")
        var text = lines.joined(separator: "\n") + "\n"
        if !task.body.isEmpty { text += "\n" + task.body }
        return Array(text.utf8)
    }

    /// The value a new file writes for `field`, or nil to omit the key (the field table's
    /// ``NewFileRule``; a new file's `modified` is its `created` when the task has none).
    static func canonicalValue(_ field: TaskField, of t: TodoTask) -> FieldValue? {
        if field == .modified, t.modified == nil { return .dateTime(t.created) }
        return field.spec.newFileValue(of: t)
    }

    /// The lines (without line endings) that write `key: value`.
    static func render(_ key: String, _ value: FieldValue, kind: FieldKind? = nil) -> [String] {
        switch value {
        case let .string(s): return ["\(key): \(quoted(s))"]
        case let .date(d): return ["\(key): \"\(d)\""]
        case let .timed(d, t): return ["\(key): \"\(TaskDate(d, time: t))\""]
        case let .dateTime(t): return ["\(key): \"\(DateTimeFormat.string(t))\""]
        case let .bool(b): return ["\(key): \(b)"]
        case let .int(n): return ["\(key): \(n)"]
        case .null: return ["\(key): null"]
        case let .list(items):
            if items.isEmpty { return ["\(key): []"] }
            // A dependency object (§23) is written back as the mapping it was read from; a time
            // entry item (§27) is held as flow text, whatever it is.
            return ["\(key):"] + items.map {
                kind == .timeEntries || (kind?.holdsObjects == true && TaskReference.isObjectForm($0))
                    ? "  - \($0)" : "  - \(listItem($0))"
            }
        }
    }

    /// A YAML double-quoted string: `\`, `"` and every non-printable character escaped.
    public static func quoted(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                let v = scalar.value
                // YAML's non-printable characters (libyaml refuses them raw) and its extra line
                // breaks (which a quoted scalar would fold) are written as escapes.
                if v < 0x20 || v == 0x7F || (0x80...0x9F).contains(v) || v == 0xFEFF || v == 0x2028 || v == 0x2029
                    || v == 0xFFFE || v == 0xFFFF {
                    let hex = String(v, radix: 16, uppercase: true)
                    out += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// An unknown key as written in a new file: plain when it is a simple word, else quoted
    /// (a key read from a file may hold `: `, `#`, a leading `-` or be empty).
    static func mappingKey(_ key: String) -> String {
        let simple = !key.isEmpty && key.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
                || $0 == "_" || $0 == "-" || $0 == "."
        }
        return simple && key.first != "-" && key.first != "." ? key : quoted(key)
    }

    /// An unknown key's value as a YAML flow node that reads back as the same value: strings
    /// double-quoted with ``quoted(_:)`` (JSON's escapes leave some characters YAML refuses),
    /// numbers in a form ``TaskReader`` types as numbers again.
    static func flow(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case let .bool(b): return b ? "true" : "false"
        case let .number(n):
            let text = JSONValue.format(n)
            // `1e+20` would read back as text: `1.0e+20` reads as a number.
            if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }), !text.contains(".") {
                return String(text[..<e]) + ".0" + String(text[e...])
            }
            return text
        case let .string(s): return quoted(s)
        case let .array(items): return "[" + items.map(flow).joined(separator: ", ") + "]"
        case let .object(pairs):
            return "{" + pairs.map { "\(quoted($0.0)): \(flow($0.1))" }.joined(separator: ", ") + "}"
        }
    }

    /// A list item: plain when it is an unambiguous word (as in `- errands`), else quoted.
    static func listItem(_ s: String) -> String {
        let plainSafe = !s.isEmpty && s.unicodeScalars.allSatisfy {
            ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_" || $0 == "/")
                && $0.value > 0x7F || ("a"..."z").contains($0) || ("A"..."Z").contains($0)
                || ("0"..."9").contains($0) || $0 == "-" || $0 == "_" || $0 == "/"
        }
        let first = s.unicodeScalars.first
        let reserved = ["true", "false", "yes", "no", "null", "on", "off", "y", "n"].contains(s.lowercased())
        if plainSafe, !reserved, first != "-", Double(s) == nil, Int(s) == nil { return s }
        return quoted(s)
    }

    // MARK: - Edits

    /// Applies `changes` (and, when given, a new body) to a task file, rewriting only the lines
    /// of the keys that change: every other byte stays as it was (§3).
    ///
    /// Keys new to the file are inserted together, in canonical order, after the line of the
    /// last known key. The result is read back and compared with the intended task; if anything
    /// else would change, the edit is refused rather than written.
    ///
    /// - Throws: ``TodoError/unparseable(path:reason:)`` for a file that is not a task, and
    ///   ``TodoError/notEditable(path:reason:)`` when the edit cannot be made line by line.
    /// - Parameter fieldMap: another tool's key names and value forms (§20): keys are found and
    ///   written under its names, values in its forms.
    public static func apply(_ changes: TaskChanges, body newBody: String? = nil, to bytes: [UInt8], id: String,
                             fileModified: Date, timeZone: TimeZone, fieldMap: FieldMap? = nil) throws -> [UInt8] {
        let document: Document
        switch parseDocument(bytes) {
        case let .failure(reason): throw TodoError.unparseable(path: id, reason: reason)
        case let .success(d): document = d
        }
        guard case let .task(before) = TaskReader(id: id, fileModified: fileModified, timeZone: timeZone,
                                                  fieldMap: fieldMap).read(document)
        else { throw TodoError.unparseable(path: id, reason: "it could not be read as a task") }
        if document.rootIsFlow, !changes.isEmpty {
            throw TodoError.notEditable(path: id, reason: "its frontmatter is a single `{…}` flow mapping; "
                + "rewrite it as one `key: value` per line")
        }
        let layout = document.layout
        let lines = layout.yamlLines
        if !changes.isEmpty, hasOtherLineBreaks(layout.yamlBytes) {
            // YAML counts these as line breaks, so its key line numbers would not match ours.
            throw TodoError.notEditable(path: id, reason: "its frontmatter has line breaks other than LF or CRLF "
                + "(a lone CR, NEL, or U+2028/U+2029)")
        }
        // Spans of the top-level keys, in line units (0-based into `lines`).
        let (keyed, spans) = try layout.keySpans(document.pairs.map { (key: $0.key, line: $0.line) }, path: id)

        var replacements: [FrontmatterLayout.LineEdit] = []
        var insertions: [(String, FieldValue, FieldKind)] = []
        for field in TaskField.allCases {
            guard let change = changes.values[field] else { continue }
            let key = fieldMap?.key(for: field) ?? field.key
            let written = fieldMap.map { $0.outgoing(field, change, timeZone: timeZone) } ?? change
            if let span = spans[key] {
                replacements.append((span, written.map { render(key, $0, kind: field.spec.kind) } ?? []))
            } else if let value = written {
                insertions.append((key, value, field.spec.kind))
            }
        }
        if !insertions.isEmpty {
            let lastKnown = keyed.last { (fieldMap?.field(forKey: $0.key) ?? TaskField(rawValue: $0.key)) != nil }
            let at = lastKnown.flatMap { spans[$0.key]?.upperBound } ?? lines.count
            replacements.append((at..<at, insertions.flatMap { render($0.0, $0.1, kind: $0.2) }))
        }
        let out = layout.splicing(replacements, body: newBody)

        // Read the result back: it must be exactly the intended task.
        var expected = before
        expected.apply(changes)
        if let fieldMap {
            // What the other tool's forms keep of each value (a date-time written as a date…).
            for (field, change) in changes.values { expected.set(field, fieldMap.stored(field, change, timeZone: timeZone)) }
        }
        if let newBody { expected.body = newBody }
        guard case let .task(after) = decode(out, id: id, fileModified: fileModified, timeZone: timeZone,
                                             fieldMap: fieldMap) else {
            throw TodoError.notEditable(path: id, reason: "the edited file would not read back as a task")
        }
        var a = after, e = expected
        a.warnings = []
        e.warnings = []
        guard a == e else {
            throw TodoError.notEditable(path: id, reason: "the edit would change more than the keys it sets")
        }
        return out
    }

    /// Whether `yaml` has a line break that YAML counts and the line-by-line editor does not:
    /// a CR not followed by LF, NEL (U+0085), LS (U+2028) or PS (U+2029).
    static func hasOtherLineBreaks(_ yaml: ArraySlice<UInt8>) -> Bool {
        var i = yaml.startIndex
        while i < yaml.endIndex {
            switch yaml[i] {
            case 0x0D:
                if i + 1 == yaml.endIndex || yaml[i + 1] != 0x0A { return true }
            case 0xC2:
                if i + 1 < yaml.endIndex, yaml[i + 1] == 0x85 { return true }
            case 0xE2:
                if i + 2 < yaml.endIndex, yaml[i + 1] == 0x80, yaml[i + 2] == 0xA8 || yaml[i + 2] == 0xA9 { return true }
            default:
                break
            }
            i += 1
        }
        return false
    }

    static func isBlankOrComment(_ line: ArraySlice<UInt8>) -> Bool {
        guard let first = line.first(where: { $0 != 0x20 && $0 != 0x09 }) else { return true }
        if first == 0x0A || first == 0x0D { return true }
        return line.first == UInt8(ascii: "#")
    }
}
