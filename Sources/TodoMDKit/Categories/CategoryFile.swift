import Foundation

/// `.tags.json` (§15): `{"version": 1, "order": [TAG…], "tags": {TAG: {"name", "icon", "color"}}}`.
///
/// Kept as an ordered ``JSONValue`` so keys todo.md does not know (at the top or in an entry)
/// survive every rewrite.
public struct CategoryFile: Sendable {
    /// The file's name at the vault root.
    public static let fileName = ".tags.json"

    /// The whole file.
    public private(set) var json: JSONValue

    /// An empty file (`version` 1, no categories).
    public init() {
        json = .object([("version", .number(1)), ("order", .array([])), ("tags", .object([]))])
    }

    /// Reads the file's text.
    ///
    /// - Throws: ``SideDocumentProblem`` naming what is wrong: not JSON, not an
    ///   object, a version other than 1, `order` not a list of strings, `tags` not an object of
    ///   objects, or a field of the wrong type.
    public init(text: String) throws {
        let value: JSONValue
        do {
            value = try JSONValue.parse(text)
        } catch {
            throw SideDocumentProblem("not JSON: \(error.localizedDescription)")
        }
        guard case .object = value else { throw SideDocumentProblem("the top level must be an object") }
        if let version = value["version"], version != .number(1) {
            throw SideDocumentProblem("`version` is \(version.compact()); this todomd reads version 1")
        }
        if let order = value["order"] {
            guard let items = order.arrayValue, items.allSatisfy({ $0.stringValue != nil }) else {
                throw SideDocumentProblem("`order` must be a list of tags")
            }
        }
        if let tags = value["tags"] {
            guard let entries = tags.objectValue else { throw SideDocumentProblem("`tags` must be an object") }
            for (tag, entry) in entries {
                guard entry.objectValue != nil else {
                    throw SideDocumentProblem("`tags.\(tag)` must be an object with name, icon and color")
                }
                for key in ["name", "icon", "color"] {
                    if let v = entry[key], v.stringValue == nil, !v.isNull {
                        throw SideDocumentProblem("`tags.\(tag).\(key)` must be a string")
                    }
                }
            }
        }
        json = value
    }

    /// The file's text: pretty-printed JSON with a final line break.
    public var text: String { json.pretty() + "\n" }

    /// The categories: those in `order` first, in that order, then the rest A–Z by name.
    /// A colour that is not `#rrggbb` reads as none.
    public var categories: [TagCategory] {
        let entries = json["tags"]?.objectValue ?? []
        var byTag: [String: TagCategory] = [:]
        for (tag, entry) in entries {
            let name = entry["name"]?.stringValue.flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
            let icon = entry["icon"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
            let color = entry["color"]?.stringValue.flatMap { TagCategory.isHexColor($0) ? $0.lowercased() : nil }
            byTag[tag] = TagCategory(tag: tag, name: name, icon: icon, color: color)
        }
        var out: [TagCategory] = []
        for tag in order where byTag[tag] != nil && !out.contains(where: { $0.tag == tag }) {
            if let c = byTag[tag] { out.append(c) }
        }
        let rest = byTag.values.filter { c in !out.contains { $0.tag == c.tag } }
            .sorted { TextFolding.sortKey($0.name) < TextFolding.sortKey($1.name) }
        return out + rest
    }

    /// The `order` array.
    var order: [String] { json["order"]?.arrayValue?.compactMap(\.stringValue) ?? [] }

    /// The category whose tag is `tag`, ignoring case (an exact match first).
    public func category(tag: String) -> TagCategory? {
        let all = categories
        return all.first { $0.tag == tag } ?? all.first { $0.tag.lowercased() == tag.lowercased() }
    }

    // MARK: - Changing

    /// Adds or replaces `category`'s entry, keeping unknown keys in it; a new one goes to the
    /// end of `order`.
    mutating func set(_ category: TagCategory) {
        var tags = json["tags"] ?? .object([])
        var entry = tags[category.tag] ?? .object([])
        entry.set("name", .string(category.name))
        entry.set("icon", category.icon.map(JSONValue.string))
        entry.set("color", category.color.map(JSONValue.string))
        tags.set(category.tag, entry)
        json.set("tags", tags)
        if !order.contains(category.tag) { setOrder(categories.map(\.tag).filter { $0 != category.tag } + [category.tag]) }
    }

    /// Removes a category's entry and its place in `order`.
    mutating func remove(tag: String) {
        var tags = json["tags"] ?? .object([])
        tags.set(tag, nil)
        json.set("tags", tags)
        setOrder(order.filter { $0 != tag })
    }

    /// Moves `tag` before `before` (or to the end when nil); `order` then lists every category.
    mutating func reorder(tag: String, before: String?) {
        var tags = categories.map(\.tag).filter { $0 != tag }
        if let before, let at = tags.firstIndex(of: before) { tags.insert(tag, at: at) } else { tags.append(tag) }
        setOrder(tags)
    }

    mutating func setOrder(_ tags: [String]) {
        if json["version"] == nil { json.set("version", .number(1)) }
        json.set("order", .array(tags.map(JSONValue.string)))
    }
}

extension CategoryFile: SideDocument {
    public static var path: String { fileName }
    /// Broken categories: tags still list without them; the file is never written over.
    public static let policy = SideFilePolicy.defaultsKeepFile
}
