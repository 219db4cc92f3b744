import Foundation
import Hummingbird
import TodoMDKit

/// `/api/v1/notes…` (§15): list, create, show, edit (autosave with a hash check), pin, unpin,
/// delete, bulk delete, and tasks made from a note's lines.
struct NoteRoutes {
    let service: VaultService

    func register(on api: RouterGroup<BasicRequestContext>) {
        api.get("notes") { _, _ in
            HTTP.json(try await service.read { $0.notes().json.compact() })
        }
        api.post("notes") { request, _ in
            let body = try await HTTP.body(request)
            guard let title = body["title"]?.stringValue else { throw APIError.missingField("title", example: "{\"title\": \"…\"}") }
            let text = try NoteRoutes.optionalString(body, "body") ?? ""
            let pinned = try NoteRoutes.optionalBool(body, "pinned") ?? false
            let json = try await service.write { vault in
                let note = try vault.addNote(title: title, body: text, pinned: pinned)
                return try NoteRoutes.json(note.id, vault)
            }
            return HTTP.json(json, status: .created)
        }
        api.post("notes/delete") { request, _ in
            let body = try await HTTP.body(request)
            guard let refs = body["ids"]?.arrayValue?.compactMap(\.stringValue), !refs.isEmpty else {
                throw APIError.missingField("ids", example: "{\"ids\": [\"shopping-list\", …]}")
            }
            return HTTP.json(try await service.write { vault in
                let ids = try refs.map { try vault.resolveNote($0) }
                let moved = try vault.deleteNotes(ids)
                let json = JSONValue.object([("deleted", .array(zip(ids, moved).map {
                    .object([("id", .string($0.0)), ("trashed_to", .string($0.1))])
                }))]).compact()
                return json
            })
        }
        api.post("notes/restore") { request, _ in
            // `{"deleted": [{"id", "trashed_to"}…]}` (what POST /notes/delete answered) →
            // `{"notes": [NOTE…]}`, back in Notes/.
            let body = try await HTTP.body(request)
            guard let items = body["deleted"]?.arrayValue, !items.isEmpty else {
                throw APIError.missingField("deleted", example: #"{"deleted": [{"id": "shopping-list", "trashed_to": ".trash/Notes/shopping-list.md"}]} (what POST /notes/delete answered)"#)
            }
            let pairs = try items.map { item -> (id: String, trashedTo: String) in
                guard let id = item["id"]?.stringValue, let to = item["trashed_to"]?.stringValue else {
                    throw APIError.wrongType(field: "deleted", expected: #"a list of {"id", "trashed_to"}"#)
                }
                return (id, to)
            }
            return HTTP.json(try await service.write { vault in
                let notes = try vault.restoreNotes(pairs).map { try NoteRoutes.json($0, vault) }
                return "{\"notes\":[" + notes.joined(separator: ",") + "]}"
            })
        }
        api.get("notes/:ref") { _, context in
            let ref = try NoteRoutes.reference(context)
            return HTTP.json(try await service.read { try NoteRoutes.json(try $0.resolveNote(ref), $0) })
        }
        api.patch("notes/:ref") { request, context in
            let ref = try NoteRoutes.reference(context)
            let body = try await HTTP.body(request)
            guard case .object = body else { throw APIError.expectedObject("the changes") }
            let changes = NoteChanges(title: try NoteRoutes.optionalString(body, "title"),
                                      pinned: try NoteRoutes.optionalBool(body, "pinned"),
                                      body: try NoteRoutes.optionalString(body, "body"))
            let hash = try NoteRoutes.optionalString(body, "hash")
            return HTTP.json(try await service.write { vault in
                let id = try vault.resolveNote(ref)
                try vault.editNote(id, changes, expectedHash: hash)
                return try NoteRoutes.json(id, vault)
            })
        }
        api.post("notes/:ref/pin") { _, context in try await pin(try NoteRoutes.reference(context), true) }
        api.post("notes/:ref/unpin") { _, context in try await pin(try NoteRoutes.reference(context), false) }
        api.delete("notes/:ref") { _, context in
            let ref = try NoteRoutes.reference(context)
            try await service.write { vault in
                let id = try vault.resolveNote(ref)
                try vault.deleteNotes([id])
                return ()
            }
            return HTTP.noContent()
        }
        api.post("notes/:ref/tasks") { request, context in
            let ref = try NoteRoutes.reference(context)
            let body = try await HTTP.body(request)
            var lines: [Int] = []
            if let n = body["line"]?.numberValue { lines = [Int(exactly: n) ?? 0] }
            if let list = body["lines"]?.arrayValue { lines += list.map { Int(exactly: $0.numberValue ?? 0) ?? 0 } }
            guard !lines.isEmpty else {
                throw APIError.missingField("line", example: "{\"line\": 3} or {\"lines\": [3, 4]} (lines count from 1)")
            }
            let wanted = lines
            let json = try await service.write { vault in
                let id = try vault.resolveNote(ref)
                let made = try vault.createTasks(fromNote: id, lines: wanted)
                let json = "{\"tasks\":[" + made.tasks.map(TaskJSON.encode).joined(separator: ",") + "],\"note\":"
                    + (try NoteRoutes.json(id, vault)) + "}"
                return json
            }
            return HTTP.json(json, status: .created)
        }
    }

    func pin(_ ref: String, _ pinned: Bool) async throws -> Response {
        HTTP.json(try await service.write { vault in
            let id = try vault.resolveNote(ref)
            try vault.setNotePinned(id, pinned)
            return try NoteRoutes.json(id, vault)
        })
    }

    // MARK: - Helpers

    /// NOTE JSON plus `hash` (send it back with an edit to refuse overwriting a newer file) and
    /// `tasks` (the tasks linked from its lines).
    static func json(_ id: String, _ vault: Vault) throws -> String {
        let (note, snapshot) = try vault.readNote(id)
        var json = note.json
        json.set("hash", .string(snapshot.stamp.hash))
        json.set("tasks", .array(try vault.linkedTasks(of: note).map {
            .object([("line", .number(Double($0.line))), ("id", .string($0.id)), ("title", .string($0.title)),
                     ("status", .string($0.status))])
        }))
        return json.compact()
    }

    /// The `{ref}` path parameter, percent-decoded.
    static func reference(_ context: BasicRequestContext) throws -> String {
        guard let raw = context.parameters.get("ref"), let ref = raw.removingPercentEncoding, !ref.isEmpty else {
            throw APIError.missingReference("note reference")
        }
        return ref
    }

    static func optionalString(_ body: JSONValue, _ key: String) throws -> String? {
        guard let value = body[key], !value.isNull else { return nil }
        guard let s = value.stringValue else { throw APIError.wrongType(field: key, expected: "a string") }
        return s
    }

    static func optionalBool(_ body: JSONValue, _ key: String) throws -> Bool? {
        guard let value = body[key], !value.isNull else { return nil }
        guard let b = value.boolValue else { throw APIError.wrongType(field: key, expected: "true or false") }
        return b
    }
}
