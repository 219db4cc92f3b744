import Foundation
import Hummingbird
import TodoMDKit

/// The board (§25): `GET /api/v1/board` and `POST /api/v1/tasks/{ref}/column`.
struct BoardRoutes {
    let service: VaultService

    func register(on api: RouterGroup<BasicRequestContext>) {
        api.get("board") { request, _ in
            // The same view, perspective and filter words as `GET /tasks`, plus `key`.
            let q = HTTP.query(request)
            let key = try BoardKey(parsing: q["key"].flatMap { $0.isEmpty ? nil : $0 } ?? BoardKey.status.rawValue)
            let list = try ListRequest(view: q["view"], perspective: q["perspective"], sort: q["sort"],
                                       direction: q["direction"],
                                       filter: QuickFilter(status: q["status"], priority: q["priority"], area: q["area"],
                                                           project: q["project"], tag: q["tag"], source: q["source"]))
            return HTTP.json(try await service.read { try $0.board(list, by: key).json })
        }
        api.post("tasks/:ref/column") { request, context in
            try await moveToColumn(TaskRoutes(service: service).reference(context), request)
        }
    }

    /// `{"key", "value", "from"?, "with_subtasks"?}`: the task moved to the column `value` (null
    /// for the "none" column) of a board by `key`; answers TASK, plus `undo` when it completed.
    func moveToColumn(_ ref: String, _ request: Request) async throws -> Response {
        let body = try await HTTP.body(request)
        guard let keyText = body["key"]?.stringValue else {
            throw APIError.missingField("key", example: "{\"key\": \"status\", \"value\": \"done\"}")
        }
        let key = try BoardKey(parsing: keyText)
        guard let raw = body["value"] else {
            throw APIError.missingField("value", example: "{\"key\": \"status\", \"value\": \"done\"}")
        }
        guard raw.isNull || raw.stringValue != nil else {
            throw APIError.wrongType(field: "value", expected: "the column's value, or null for its \"none\" column")
        }
        let from = body["from"]?.stringValue
        let policy = try TaskRoutes.subtaskPolicy(body: body, query: HTTP.query(request))
        if policy == .keep { throw APIError.wrongType(field: "keep_subtasks", expected: "only for a delete") }
        return HTTP.json(try await service.write { vault in
            let id = try vault.resolveIncludingClosed(ref)
            let moved = try vault.moveToColumn(id, key: key, value: raw.stringValue, from: from, subtasks: policy)
            var json = TaskJSON.encode(moved.task)
            if let receipt = moved.completion?.receipt {
                json = String(json.dropLast()) + ",\"undo\":" + receipt.json.compact() + "}"
            }
            return json
        })
    }
}
