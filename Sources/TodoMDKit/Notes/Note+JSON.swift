import Foundation

extension Note {
    /// The NOTE object of `--json` output and the API: `id`, `path`, `title`, `pinned`,
    /// `created`, `modified` (ISO 8601 UTC), `body`, `snippet`, `warnings`, and unknown keys
    /// under `extra`.
    public var json: JSONValue {
        .object([
            ("id", .string(id)),
            ("path", .string(path)),
            ("title", .string(title)),
            ("pinned", .bool(pinned)),
            ("created", .string(DateTimeFormat.string(created))),
            ("modified", .string(DateTimeFormat.string(modified))),
            ("body", .string(body)),
            ("snippet", .string(snippet)),
            ("warnings", .array(warnings.map(JSONValue.string))),
            ("extra", .object(extra.map { ($0.key, $0.value) })),
        ])
    }
}

extension NoteListing {
    /// `{"notes": [NOTE…], "unreadable": [{"id", "path", "reason"}…]}`.
    public var json: JSONValue {
        .object([
            ("notes", .array(notes.map(\.json))),
            ("unreadable", .array(unreadable.map {
                .object([("id", .string($0.id)), ("path", .string(Note.path(for: $0.id))), ("reason", .string($0.reason))])
            })),
        ])
    }
}
