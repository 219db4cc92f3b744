import Foundation

/// A category (§15): a tag with a display name, an emoji icon and a colour, kept in
/// `.tags.json` at the vault root. Tasks carry the ``tag`` in their `tags`; the category only
/// says how to show it.
public struct TagCategory: Sendable, Equatable {
    /// The tag as tasks carry it (the key in `.tags.json`'s `tags`).
    public var tag: String
    /// The name shown for it; unique among categories, ignoring case.
    public var name: String
    /// An emoji (or a few characters), or nil.
    public var icon: String?
    /// `#rrggbb` (lower-case), or nil.
    public var color: String?

    /// Creates a category; the name defaults to the tag.
    public init(tag: String, name: String? = nil, icon: String? = nil, color: String? = nil) {
        self.tag = tag
        self.name = name ?? tag
        self.icon = icon
        self.color = color
    }

    /// The eight categories `todomd init` writes on first run (§15).
    public static let defaults: [TagCategory] = [
        TagCategory(tag: "house", name: "House", icon: "🏠", color: "#e07a5f"),
        TagCategory(tag: "garage", name: "Garage", icon: "🔧", color: "#6c757d"),
        TagCategory(tag: "printing", name: "Printing", icon: "🖨️", color: "#9b5de5"),
        TagCategory(tag: "vehicle", name: "Vehicle", icon: "🚗", color: "#3d5a80"),
        TagCategory(tag: "tech", name: "Tech", icon: "💻", color: "#4361ee"),
        TagCategory(tag: "finance", name: "Finance", icon: "💰", color: "#2a9d8f"),
        TagCategory(tag: "shopping", name: "Shopping", icon: "🛒", color: "#f4a261"),
        TagCategory(tag: "travel", name: "Travel", icon: "✈️", color: "#0096c7"),
    ]

    // MARK: - Validation

    /// A tag as a category key: trimmed, a leading `#` dropped; 1–100 characters with no
    /// comma or line break (tags are written comma-separated in quick entry and `--tag`).
    public static func normalizedTag(_ raw: String) throws -> String {
        var tag = raw.trimmingCharacters(in: .whitespaces)
        if tag.hasPrefix("#") { tag = String(tag.dropFirst()).trimmingCharacters(in: .whitespaces) }
        guard !tag.isEmpty else { throw CategoryError.invalidCategory(field: "tag", value: raw, reason: "a tag needs a name") }
        guard tag.count <= 100 else {
            throw CategoryError.invalidCategory(field: "tag", value: String(tag.prefix(20)) + "…", reason: "at most 100 characters")
        }
        guard !tag.contains(","), !tag.contains(where: { $0.isNewline }) else {
            throw CategoryError.invalidCategory(field: "tag", value: tag, reason: "a tag cannot hold a comma or a line break")
        }
        return tag
    }

    /// A display name: trimmed, 1–50 characters, one line.
    public static func normalizedName(_ raw: String) throws -> String {
        let name = raw.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else { throw CategoryError.invalidCategory(field: "name", value: raw, reason: "a category needs a name") }
        guard name.count <= 50 else {
            throw CategoryError.invalidCategory(field: "name", value: String(name.prefix(20)) + "…", reason: "at most 50 characters")
        }
        guard !name.contains(where: { $0.isNewline }) else {
            throw CategoryError.invalidCategory(field: "name", value: name, reason: "one line only")
        }
        return name
    }

    /// An icon: trimmed, 1–4 characters (an emoji is one), no spaces or control characters;
    /// empty means none.
    public static func normalizedIcon(_ raw: String) throws -> String? {
        let icon = raw.trimmingCharacters(in: .whitespaces)
        if icon.isEmpty { return nil }
        guard icon.count <= 4,
              !icon.unicodeScalars.contains(where: { $0.properties.generalCategory == .control || $0 == " " })
        else {
            throw CategoryError.invalidCategory(field: "icon", value: String(icon.prefix(20)),
                                            reason: "an emoji or up to 4 characters, e.g. 🏠")
        }
        return icon
    }

    /// A colour: `#rrggbb` (hex digits, any case; written lower-case); empty means none.
    public static func normalizedColor(_ raw: String) throws -> String? {
        let color = raw.trimmingCharacters(in: .whitespaces)
        if color.isEmpty { return nil }
        guard isHexColor(color) else {
            throw CategoryError.invalidCategory(field: "color", value: String(color.prefix(20)),
                                            reason: "a colour is written #rrggbb, e.g. #e07a5f")
        }
        return color.lowercased()
    }

    /// Whether `s` is `#` and six hex digits.
    public static func isHexColor(_ s: String) -> Bool {
        let u = Array(s.utf8)
        return u.count == 7 && u[0] == UInt8(ascii: "#") && u[1...].allSatisfy {
            ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x46) || ($0 >= 0x61 && $0 <= 0x66)
        }
    }
}

/// A tag as the tag list shows it: its category (when it has one) and its open-task count.
public struct TagSummary: Sendable, Equatable {
    public let tag: String
    public let name: String
    public let icon: String?
    public let color: String?
    /// Open (not done or cancelled) tasks carrying the tag.
    public let count: Int
    /// Whether `.tags.json` describes it (else it is only used by tasks).
    public let isCategory: Bool
}
