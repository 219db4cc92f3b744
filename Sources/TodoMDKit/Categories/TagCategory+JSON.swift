import Foundation

extension TagSummary {
    /// `{"tag", "name", "icon", "color", "count", "category"}` (icon and colour `null` when unset).
    public var json: JSONValue {
        .object([
            ("tag", .string(tag)),
            ("name", .string(name)),
            ("icon", icon.map(JSONValue.string) ?? .null),
            ("color", color.map(JSONValue.string) ?? .null),
            ("count", .number(Double(count))),
            ("category", .bool(isCategory)),
        ])
    }
}

extension TagCategory {
    /// `{"tag", "name", "icon", "color"}` (icon and colour `null` when unset).
    public var json: JSONValue {
        .object([
            ("tag", .string(tag)),
            ("name", .string(name)),
            ("icon", icon.map(JSONValue.string) ?? .null),
            ("color", color.map(JSONValue.string) ?? .null),
        ])
    }
}
