import Yams

/// One reference to another task as a `parent` or `blocked_by` item holds it (§23): an id, a
/// filename with or without `.md`, an Obsidian wikilink `[[name]]` — or, in `blocked_by`,
/// TaskNotes' dependency object `{uid: "[[name]]", reltype: "FINISHTOSTART", gap: "PT1H"}`.
///
/// An object item is held as its YAML flow text (keys in file order, values double-quoted):
/// the codec reads a mapping item into that text and writes the text back as the mapping, so
/// the item is kept as written while `blocked_by` stays a list of strings everywhere else.
public struct TaskReference: Sendable, Equatable {
    /// The item as held.
    public let written: String
    /// What to resolve: the item, or the object's `uid`, without wikilink brackets, alias or heading.
    public let target: String
    /// An object's `reltype` (nil for plain references).
    public let relation: String?

    public init(_ item: String) {
        written = item
        if TaskReference.isObjectForm(item), let pairs = TaskReference.pairs(item) {
            let uid = pairs.first { $0.0 == "uid" }?.1 ?? ""
            target = TaskReference.stripWikilink(uid)
            relation = pairs.first { $0.0 == "reltype" }?.1 ?? "FINISHTOSTART"
        } else {
            target = TaskReference.stripWikilink(item)
            relation = nil
        }
    }

    /// Whether the dependency is one §23 honours: plain, or finish-to-start.
    public var isFinishToStart: Bool { relation.map { $0.uppercased() == "FINISHTOSTART" } ?? true }

    /// Whether an item is held in the object form.
    static func isObjectForm(_ item: String) -> Bool { item.hasPrefix("{") && item.hasSuffix("}") }

    /// `[[Plan the trip|the trip]]` → `Plan the trip`; other text trimmed.
    static func stripWikilink(_ text: String) -> String {
        var s = text.trimmingCharacters(in: .whitespaces)
        if s.hasPrefix("[["), s.hasSuffix("]]"), s.count >= 4 {
            s = String(s.dropFirst(2).dropLast(2))
            if let bar = s.firstIndex(of: "|") { s = String(s[..<bar]) }
            if let hash = s.firstIndex(of: "#") { s = String(s[..<hash]) }
            s = s.trimmingCharacters(in: .whitespaces)
        }
        return s
    }

    /// The object form of a mapping's scalar pairs, as the codec holds it.
    static func objectForm(_ pairs: [(String, String)]) -> String {
        "{" + pairs.map { "\(TaskFileCodec.mappingKey($0.0)): \(TaskFileCodec.quoted($0.1))" }.joined(separator: ", ") + "}"
    }

    /// The scalar pairs of an object form; nil when the text is not a flow mapping of scalars.
    static func pairs(_ item: String) -> [(String, String)]? {
        guard let node = try? Yams.compose(yaml: item), case let .mapping(mapping) = node else { return nil }
        var out: [(String, String)] = []
        for (key, value) in mapping {
            guard case let .scalar(k) = key, case let .scalar(v) = value else { return nil }
            out.append((k.string, v.string))
        }
        return out
    }
}
