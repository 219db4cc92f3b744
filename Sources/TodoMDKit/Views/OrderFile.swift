import Foundation

/// `.order.json` (§9): manual order per view, and the saved order of projects and areas.
///
/// Unknown keys and entries for missing files are kept; moving a task rewrites one view's array.
public struct OrderFile: Sendable {
    /// The whole file as read, so nothing unknown is lost when it is written back.
    public var json: JSONValue

    /// An empty order file.
    public init() { json = .object([("version", .number(1)), ("views", .object([]))]) }

    /// Reads `text`; a file that is not a JSON object is an error naming the problem.
    public init(text: String) throws {
        let value = try JSONValue.parse(text)
        guard case .object = value else { throw SideDocumentProblem("expected a JSON object") }
        json = value
    }

    /// The manual order of `view` (task ids or bare filenames).
    public func order(for view: String) -> [String] {
        json["views"]?[view]?.arrayValue?.compactMap(\.stringValue) ?? []
    }

    /// Replaces the manual order of `view`.
    public mutating func setOrder(_ entries: [String], for view: String) {
        var views = json["views"] ?? .object([])
        if case .object = views {} else { views = .object([]) }
        views.set(view, .array(entries.map(JSONValue.string)))
        json.set("views", views)
    }

    /// The saved project order.
    public var projects: [String] { json["projects"]?.arrayValue?.compactMap(\.stringValue) ?? [] }

    /// The saved area order.
    public var areas: [String] { json["areas"]?.arrayValue?.compactMap(\.stringValue) ?? [] }

    /// The text written to disk: pretty-printed, 2-space indent, final newline.
    public var text: String { json.pretty() + "\n" }
}

extension OrderFile: SideDocument {
    public static let path = ".order.json"
    /// A broken order is ignored (listings fall back to `created`) but never written over.
    public static let policy = SideFilePolicy.defaultsKeepFile
}
