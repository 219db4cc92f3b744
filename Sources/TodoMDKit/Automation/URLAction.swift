import Foundation

/// A `todomd://` link (§17): what it asks todo.md to do.
///
/// - `todomd://add?title=Buy+milk&due=2025-03-01&tags=errands` — any §3 field as a parameter,
///   `text=` for a quick-entry line (§12), `body=` for the notes;
/// - `todomd://show/VIEW` — a view (`today`, `area:Work`, …);
/// - `todomd://show/perspective/ID` — a perspective;
/// - `todomd://show/task/REF` — one task.
public enum URLAction: Sendable, Equatable {
    /// Create a task from a quick-entry line and/or fields (§3 keys, in the order given).
    case add(text: String?, fields: [Field])
    /// Show a built-in view.
    case showView(String)
    /// Show a custom perspective.
    case showPerspective(String)
    /// Show one task.
    case showTask(String)

    /// A field as the link gives it.
    public struct Field: Sendable, Equatable {
        public let key: String
        public let value: JSONValue
        public init(_ key: String, _ value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// The source of tasks created by links (§3, §22).
    public static let source = "shortcut"

    /// Reads a link.
    ///
    /// - Throws: ``TodoError/invalidValue(field:value:reason:)`` naming what is wrong with it.
    public static func parse(_ link: String) throws -> URLAction {
        let trimmed = link.trimmingCharacters(in: .whitespacesAndNewlines)
        func bad(_ reason: String) -> TodoError {
            let shown = trimmed.count > 80 ? String(trimmed.prefix(80)) + "…" : trimmed
            return TodoError.invalidValue(field: "url", value: shown, reason: reason)
        }
        guard let colon = trimmed.firstIndex(of: ":"),
              trimmed[..<colon].lowercased() == "todomd" else {
            throw bad("a todo.md link starts with todomd:// (for example todomd://add?title=Buy+milk)")
        }
        let rest = trimmed[trimmed.index(after: colon)...]
        guard rest.hasPrefix("//") else { throw bad("expected todomd:// followed by add or show") }
        // In query strings `+` is a space (HTML forms, Shortcuts); URLComponents does not do that.
        let afterSlashes = rest.dropFirst(2)
        let (pathPart, queryPart): (Substring, Substring?) = {
            guard let q = afterSlashes.firstIndex(of: "?") else { return (afterSlashes, nil) }
            return (afterSlashes[..<q], afterSlashes[afterSlashes.index(after: q)...])
        }()
        let segments = try pathPart.split(separator: "/", omittingEmptySubsequences: true).map { raw -> String in
            guard let decoded = String(raw).removingPercentEncoding else { throw bad("bad %-escape in `\(raw)`") }
            return decoded
        }
        guard let action = segments.first?.lowercased() else {
            throw bad("say what to do: todomd://add?title=… or todomd://show/today")
        }
        let query = try queryPart.map { try parameters(String($0), bad: bad) } ?? []
        switch action {
        case "add":
            guard segments.count == 1 else { throw bad("add takes parameters only: todomd://add?title=…") }
            var text: String?
            var fields: [Field] = []
            var tags: [String] = []
            for (key, value) in query {
                switch key {
                case "text":
                    text = [text, value].compactMap { $0 }.joined(separator: " ")
                case "tags", "tag":
                    tags.append(value)
                case "source":
                    throw bad("tasks made by links always have source: shortcut")
                case "created", "modified", "completed":
                    throw bad("`\(key)` is set by todo.md, not by links")
                default:
                    guard key == "body" || TaskField(key: key) != nil else {
                        throw bad("`\(key)` is not a task field (use the §3 keys: title, due, defer, scheduled, "
                                  + "priority, flagged, area, project, tags, recurrence, estimated_minutes, "
                                  + "description, body, or text for a quick-entry line)")
                    }
                    guard !fields.contains(where: { $0.key == key }) else { throw bad("`\(key)` is given twice") }
                    fields.append(Field(key, .string(value)))
                }
            }
            if !tags.isEmpty { fields.append(Field("tags", .array(TaskInput.tags(tags).map(JSONValue.string)))) }
            let hasTitle = fields.contains { $0.key == "title" }
                || !(text ?? "").trimmingCharacters(in: .whitespaces).isEmpty
            guard hasTitle else { throw bad("add needs a title=… or text=… parameter") }
            return .add(text: text, fields: fields)
        case "show":
            guard query.isEmpty else { throw bad("show takes no parameters") }
            let target = Array(segments.dropFirst())
            guard let first = target.first else {
                throw bad("show what? todomd://show/today, todomd://show/task/REF or todomd://show/perspective/ID")
            }
            switch first.lowercased() {
            case "task":
                let ref = target.dropFirst().joined(separator: "/")
                guard !ref.isEmpty else { throw bad("name the task: todomd://show/task/REF") }
                return .showTask(ref)
            case "perspective":
                guard target.count == 2 else { throw bad("name one perspective: todomd://show/perspective/ID") }
                return .showPerspective(target[1])
            default:
                guard target.count == 1 else { throw bad("`\(target.joined(separator: "/"))` is not a view") }
                do {
                    return .showView(try View.named(first).id)
                } catch {
                    throw bad("`\(first)` is not a view (inbox, today, upcoming, anytime, someday, flagged, "
                              + "logbook, all, area:NAME, project:NAME, tag:NAME)")
                }
            }
        default:
            throw bad("`\(action)` is not an action; use add or show")
        }
    }

    /// `key=value&…` decoded, `+` as space, in order.
    static func parameters(_ query: String, bad: (String) -> TodoError) throws -> [(String, String)] {
        try query.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ s: Substring) throws -> String {
                guard let d = s.replacingOccurrences(of: "+", with: " ").removingPercentEncoding else {
                    throw bad("bad %-escape in `\(pair)`")
                }
                return d
            }
            let key = try decode(parts[0]).lowercased()
            guard !key.isEmpty else { throw bad("a parameter has no name") }
            return (key, parts.count > 1 ? try decode(parts[1]) : "")
        }
    }
}
