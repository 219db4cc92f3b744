/// `.perspectives.json` (§10): the order and the perspectives, with every unknown key kept.
///
/// Reads the current form `{"version": 1, "order": [...], "perspectives": {ID: {...}}}` and the
/// older `{"perspectives": [{..., "filter": {...}}]}`; always writes the current form.
public struct PerspectiveFile: Sendable, Equatable {
    /// The file's top-level object as read.
    public var raw: JSONValue
    /// Perspective ids in the user's order.
    public var order: [String]
    /// Perspectives by id (insertion order kept).
    public var perspectives: [Perspective]

    /// An empty file.
    public init() {
        raw = .object([("version", .number(1))])
        order = []
        perspectives = []
    }

    /// Reads the file's text.
    ///
    /// - Throws: ``JSONValue/ParseError`` or ``TodoError`` when it is not a perspectives file.
    public init(text: String) throws {
        let json = try JSONValue.parse(text)
        guard case .object = json else {
            throw TodoError.unreadableSideFile(path: ".perspectives.json", reason: "expected a JSON object at the top")
        }
        raw = json
        perspectives = []
        switch json["perspectives"] {
        case let .object(pairs)?:
            for (key, value) in pairs where value.objectValue != nil {
                perspectives.append(Perspective(json: value, id: key))
            }
        case let .array(items)?:
            for (i, value) in items.enumerated() where value.objectValue != nil {
                perspectives.append(Perspective(json: value, id: value["id"]?.stringValue ?? "perspective-\(i + 1)"))
            }
        case nil:
            break
        default:
            throw TodoError.unreadableSideFile(path: ".perspectives.json", reason: "`perspectives` must be an object or a list")
        }
        let ids = perspectives.map(\.id)
        let stated = json["order"]?.arrayValue?.compactMap(\.stringValue) ?? []
        // Keep `order` consistent: known ids in their stated order, then any others.
        var seen = Set<String>()
        order = stated.filter { ids.contains($0) && seen.insert($0).inserted } + ids.filter { !stated.contains($0) }
    }

    /// The perspective with `id`.
    public func perspective(_ id: String) -> Perspective? { perspectives.first { $0.id == id } }

    /// Perspectives in the user's order.
    public var ordered: [Perspective] { order.compactMap(perspective) }

    /// Adds or replaces a perspective; a new one goes after `after` in the order, else last.
    public mutating func upsert(_ p: Perspective, after: String? = nil) {
        if let i = perspectives.firstIndex(where: { $0.id == p.id }) {
            perspectives[i] = p
            return
        }
        perspectives.append(p)
        if let after, let i = order.firstIndex(of: after) { order.insert(p.id, at: i + 1) } else { order.append(p.id) }
    }

    /// Removes a perspective and its place in the order.
    public mutating func remove(_ id: String) {
        perspectives.removeAll { $0.id == id }
        order.removeAll { $0 == id }
    }

    /// The text to write: the current form, pretty-printed with 2-space indent.
    public var text: String {
        var o = raw
        o.set("version", raw["version"] ?? .number(1))
        o.set("order", .array(order.map(JSONValue.string)))
        var byID: [(String, JSONValue)] = []
        let existing = raw["perspectives"]?.objectValue?.map(\.0) ?? []
        // Keep the stored key order for perspectives that were there; new ones after.
        let ids = existing.filter { id in perspectives.contains { $0.id == id } }
            + perspectives.map(\.id).filter { !existing.contains($0) }
        for id in ids { if let p = perspective(id) { byID.append((id, p.json)) } }
        o.set("perspectives", .object(byID))
        return o.pretty() + "\n"
    }
}

extension PerspectiveFile: SideDocument {
    public static let path = ".perspectives.json"
    /// §10: work from the last good version, back the bad file up, say so.
    public static let policy = SideFilePolicy.lastGoodCopy(
        warning: "Perspectives file could not be read. Using cached version.")
}
