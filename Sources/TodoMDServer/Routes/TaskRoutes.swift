import Foundation
import Hummingbird
import TodoMDKit

/// `/api/v1/tasks…`, `/search`, `/parse`, `/dates`, `/recurrence`, `/reschedule-overdue`.
struct TaskRoutes {
    let service: VaultService

    func register(on api: RouterGroup<BasicRequestContext>) {
        api.get("tasks") { request, _ in try await list(request) }
        api.post("tasks") { request, _ in try await create(request) }
        api.get("tasks/:ref") { _, context in try await show(reference(context)) }
        api.patch("tasks/:ref") { request, context in try await patch(reference(context), request) }
        api.delete("tasks/:ref") { request, context in try await delete(reference(context), request) }
        api.post("tasks/delete") { request, _ in try await deleteMany(request) }
        api.post("trash/restore") { request, _ in try await restore(request) }
        api.get("trash") { _, _ in
            // `{"trash": [{"trashed_to", "id", "title", "status", "deleted"}…]}`, most recent first.
            HTTP.json(try await service.read { vault in
                JSONValue.object([("trash", .array(try vault.trashContents().map(\.json)))]).compact()
            })
        }
        api.post("trash/empty") { request, _ in try await emptyTrash(request) }
        api.post("tasks/:ref/complete") { request, context in try await complete(reference(context), request) }
        api.post("tasks/:ref/undo-complete") { request, context in
            try await undoComplete(reference(context), request)
        }
        api.post("tasks/:ref/reopen") { _, context in
            try await change(reference(context)) { vault, id in try vault.reopen(id) }
        }
        api.post("tasks/:ref/cancel") { request, context in
            let policy = try await Self.subtaskPolicy(request)
            return try await change(reference(context)) { vault, id in try vault.cancel(id, subtasks: policy) }
        }
        api.post("tasks/:ref/skip") { _, context in
            // `{"task": TASK (cancelled), "next": TASK}` (§24).
            HTTP.json(try await service.write { vault in
                let skipped = try vault.skip(try vault.resolveIncludingClosed(try reference(context)))
                return "{\"task\":" + TaskJSON.encode(skipped.completed) + ",\"next\":"
                    + (skipped.next.map(TaskJSON.encode) ?? "null") + "}"
            })
        }
        api.post("tasks/:ref/duplicate") { _, context in
            // `{"tasks": [TASK…]}`: the copy first, then its subtasks' copies (§23).
            let json = try await service.write { vault in
                let copies = try vault.duplicate(try vault.resolveIncludingClosed(try reference(context)), source: "user")
                return "{\"tasks\":[" + copies.map(TaskJSON.encode).joined(separator: ",") + "]}"
            }
            return HTTP.json(json, status: .created)
        }
        api.post("tasks/:ref/reminder") { request, context in
            // `{"action": "done"|"snooze"|"tomorrow"|"stop"}`: a reminder's answer (§24) →
            // `{"task": TASK, "next": TASK|null, "snoozed_until": "YYYY-MM-DDTHH:MM"|null}`.
            let body = try await HTTP.body(request)
            guard let name = body["action"]?.stringValue, let action = ReminderAction(rawValue: name.lowercased()) else {
                throw APIError.missingField("action", example: "{\"action\": \"snooze\"} (done, snooze, tomorrow or stop)")
            }
            let id = try service.vault.resolve(try reference(context))
            let outcome = try await service.applyReminderAction(action, to: id)
            var next: TodoTask?
            var until: TaskDate?
            switch outcome {
            case let .completed(completion): next = completion.next
            case let .snoozed(_, snoozedUntil): until = snoozedUntil
            case .stoppedNagging: break
            }
            return HTTP.json("{\"task\":" + TaskJSON.encode(outcome.task) + ",\"next\":" + (next.map(TaskJSON.encode) ?? "null")
                             + ",\"snoozed_until\":" + (until.map { "\"\($0)\"" } ?? "null") + "}")
        }
        api.post("tasks/:ref/check") { request, context in
            // `{"item": N, "checked": true|false}`: one checklist item (§23).
            let body = try await HTTP.body(request)
            guard let n = body["item"]?.numberValue, n == n.rounded(), n >= 1, n < 1e6 else {
                throw APIError.missingField("item", example: "{\"item\": 2, \"checked\": true}")
            }
            let checked = body["checked"]?.boolValue ?? true
            return try await change(reference(context)) { vault, id in
                try vault.setChecklistItem(id, Int(n), checked: checked)
            }
        }
        api.post("tasks/:ref/defer") { request, context in
            let body = try await HTTP.body(request)
            guard let text = body["date"]?.stringValue else { throw APIError.missingField("date", example: "{\"date\": \"friday\"}") }
            return try await change(reference(context)) { vault, id in
                try vault.deferTask(id, to: DateInput.requireTimed(text, field: "date", now: vault.clock.localNow))
            }
        }
        api.post("tasks/:ref/move") { request, context in try await move(reference(context), request) }
        api.get("search") { request, _ in
            let query = HTTP.query(request)
            let q = query["q"] ?? "", fields = try TaskJSON.Fields(parsing: query["fields"])
            return HTTP.json(try await service.read { try $0.search(q) }, fields: fields)
        }
        api.post("parse") { request, _ in try await parse(request) }
        // Templates (§26): the list, and new tasks from one.
        api.get("templates") { _, _ in
            HTTP.json(try await service.read { vault in
                JSONValue.object([("templates", .array(try vault.templates().map(\.json)))]).compact()
            })
        }
        api.post("templates") { request, _ in
            let body = try await HTTP.body(request)
            guard let reference = body["task"]?.stringValue else {
                throw APIError.missingField("task", example: "{\"task\": \"plan the trip\", \"name\": \"trip\"}")
            }
            let name = body["name"]?.stringValue
            let json = try await service.write { vault in
                try vault.saveTemplate(from: try vault.resolveIncludingClosed(reference), name: name).json.compact()
            }
            return HTTP.json(json, status: .created)
        }
        api.delete("templates/:name") { _, context in
            let name = context.parameters.get("name") ?? ""
            let trashedTo = try await service.write { vault in try vault.deleteTemplate(name) }
            return HTTP.json(JSONValue.object([("trashed_to", .string(trashedTo))]).compact())
        }
        api.post("templates/:name") { request, context in
            let name = context.parameters.get("name") ?? ""
            let body = try await HTTP.body(request)
            let text = body["text"]?.stringValue
            let json = try await service.write { vault in
                "{\"tasks\":[" + (try vault.addFromTemplate(name, text: text, source: "user")).map(TaskJSON.encode).joined(separator: ",") + "]}"
            }
            return HTTP.json(json, status: .created)
        }
        // The brain dump (§26): proposals first, nothing written; then the reviewed ones.
        api.post("ramble") { request, _ in
            let body = try await HTTP.body(request)
            guard let text = body["text"]?.stringValue else {
                throw TodoError.invalidValue(field: "text", value: "", reason: "the dump as text")
            }
            return HTTP.json(try await service.read { vault in
                JSONValue.object([("tasks", .array(try vault.ramble(text).map(\.proposalJSON)))]).compact()
            })
        }
        api.post("ramble/commit") { request, _ in
            let body = try await HTTP.body(request)
            guard let items = body["tasks"]?.arrayValue else {
                throw TodoError.invalidValue(field: "tasks", value: "", reason: "a list of proposals (objects of task fields)")
            }
            let proposals = try items.enumerated().map { index, item -> [(String, JSONValue)] in
                guard let fields = item.objectValue else {
                    throw TodoError.invalidValue(field: "tasks[\(index)]", value: item.compact(), reason: "an object of task fields")
                }
                return fields
            }
            let json = try await service.write { vault in
                "{\"tasks\":[" + (try vault.commitRamble(proposals)).map(TaskJSON.encode).joined(separator: ",") + "]}"
            }
            return HTTP.json(json, status: .created)
        }
        api.get("dates") { request, _ in
            let text = HTTP.query(request)["text"] ?? ""
            return HTTP.json(try await service.read { vault in
                let now = vault.clock.localNow
                let date = try DateInput.requireTimed(text, field: "date", now: now)
                return JSONValue.object([("date", .string(date.description)),
                                         ("display", .string(date.shortDescription(today: now.date)))]).compact()
            })
        }
        api.get("recurrence") { request, _ in
            let text = HTTP.query(request)["rule"] ?? ""
            return HTTP.json(try await service.read { vault in try Self.recurrence(text, today: vault.clock.today) })
        }
        api.post("reschedule-overdue") { request, _ in
            let body = try await HTTP.body(request)
            let text = body["date"]?.stringValue ?? "today"
            return HTTP.json(try await service.write { vault in
                let date = try DateInput.require(text, field: "date", today: vault.clock.today)
                let tasks = try vault.rescheduleOverdue(to: date)
                let json = "{\"tasks\":[" + tasks.map(TaskJSON.encode).joined(separator: ",") + "]}"
                return json
            })
        }
    }

    /// The `{ref}` path parameter, percent-decoded.
    func reference(_ context: BasicRequestContext) throws -> String {
        guard let raw = context.parameters.get("ref"), let ref = raw.removingPercentEncoding, !ref.isEmpty else {
            throw APIError.missingReference("task reference")
        }
        return ref
    }

    func list(_ request: Request) async throws -> Response {
        let q = HTTP.query(request)
        let request = try ListRequest(view: q["view"], perspective: q["perspective"], group: q["group"],
                                      sort: q["sort"], direction: q["direction"],
                                      filter: QuickFilter(status: q["status"], priority: q["priority"], area: q["area"],
                                                          project: q["project"], tag: q["tag"], source: q["source"]),
                                      limit: q["limit"])
        let fields = try TaskJSON.Fields(parsing: q["fields"])
        return HTTP.json(try await service.read { try $0.list(request, decoding: .json(fields)) }, fields: fields)
    }

    func show(_ ref: String) async throws -> Response {
        // `tasks/REF.ics`: the task as one calendar event with its alarm ("Add to calendar", §25).
        if ref.lowercased().hasSuffix(".ics") {
            let text = try await service.read { vault in try vault.calendarEvent(for: vault.resolveIncludingClosed(String(ref.dropLast(4)))) }
            return CalendarRoutes.calendar(text)
        }
        return HTTP.json(try await service.read { vault in
            let (task, snapshot) = try vault.read(vault.resolveIncludingClosed(ref))
            return Self.json(task, hash: snapshot.stamp.hash)
        })
    }

    /// TASK plus `hash`, the file's content hash: send it back with a `PATCH` to refuse
    /// overwriting a file another program changed since (409), as notes do.
    static func json(_ task: TodoTask, hash: String) -> String {
        String(TaskJSON.encode(task).dropLast()) + ",\"hash\":" + JSONValue.string(hash).compact() + "}"
    }

    func create(_ request: Request) async throws -> Response {
        let fields = try await HTTP.object(request)
        let text = fields.first { $0.0 == "text" }?.1
        if let text, text.stringValue == nil { throw APIError.wrongType(field: "text", expected: "a quick-entry line") }
        let json = try await service.write { vault in
            let draft = try vault.draft(text: text?.stringValue, fields: fields, source: "user")
            let task = try vault.add(draft)
            return TaskJSON.encode(task)
        }
        return HTTP.json(json, status: .created)
    }

    /// `PATCH /tasks/{ref}` with the fields to set and, optionally, the `hash` the client read:
    /// then a file changed since is a 409 and nothing is written.
    func patch(_ ref: String, _ request: Request) async throws -> Response {
        let fields = try await HTTP.object(request)
        let hash = fields.first { $0.0 == "hash" }?.1
        if let hash, hash.stringValue == nil, !hash.isNull {
            throw APIError.wrongType(field: "hash", expected: "the `hash` a GET or PATCH answered")
        }
        return HTTP.json(try await service.write { vault in
            let id = try vault.resolveIncludingClosed(ref)
            let (changes, body) = try TaskInput.changes(from: fields, now: vault.clock.localNow, ignoring: ["hash"])
            try vault.update(id, changes, body: body, expectedHash: hash?.stringValue)
            let (task, snapshot) = try vault.read(id)
            return Self.json(task, hash: snapshot.stamp.hash)
        })
    }

    /// What to do with open subtasks (§23): `with_subtasks` / `keep_subtasks` as `true` in the
    /// JSON body or the query; neither refuses a task that has open subtasks.
    static func subtaskPolicy(_ request: Request) async throws -> SubtaskPolicy {
        try subtaskPolicy(body: try await HTTP.body(request), query: HTTP.query(request))
    }

    /// The same from a body already read (a request's body can be read once).
    static func subtaskPolicy(body: JSONValue, query: [String: String]) throws -> SubtaskPolicy {
        func flag(_ name: String) throws -> Bool {
            if let value = body[name] {
                guard let b = value.boolValue else { throw APIError.wrongType(field: name, expected: "true or false") }
                return b
            }
            return ["true", "1", "yes"].contains(query[name]?.lowercased() ?? "")
        }
        let with = try flag("with_subtasks"), keep = try flag("keep_subtasks")
        if with && keep {
            throw APIError.wrongType(field: "keep_subtasks", expected: "not both with_subtasks and keep_subtasks")
        }
        return with ? .include : keep ? .keep : .refuse
    }

    func delete(_ ref: String, _ request: Request) async throws -> Response {
        let policy = try await Self.subtaskPolicy(request)
        try await service.write { vault in
            let id = try vault.resolveIncludingClosed(ref)
            try vault.delete(id, subtasks: policy)
            return ()
        }
        return HTTP.noContent()
    }

    /// `POST /tasks/delete` `{"ids": [ref…], "with_subtasks"?, "keep_subtasks"?}` →
    /// `{"deleted": [{"id", "trashed_to"}…]}`: every file moved to `.trash/`; give it back to
    /// `POST /trash/restore` to undo the delete. One unknown reference, or (without either flag)
    /// one task with open subtasks, and nothing moves.
    func deleteMany(_ request: Request) async throws -> Response {
        let body = try await HTTP.body(request)
        guard let refs = body["ids"]?.arrayValue?.compactMap(\.stringValue), !refs.isEmpty else {
            throw APIError.missingField("ids", example: #"{"ids": ["20261121-0900-buy-milk.md", …]}"#)
        }
        let policy = try Self.subtaskPolicy(body: body, query: [:])
        return HTTP.json(try await service.write { vault in
            let ids = try refs.map { try vault.resolveIncludingClosed($0) }
            return JSONValue.object([("deleted", .array(try vault.trash(ids, subtasks: policy).map(\.json)))]).compact()
        })
    }

    /// `POST /trash/restore` with the answer of a `POST /tasks/delete` → `{"tasks": [TASK…]}`,
    /// back where they were.
    func restore(_ request: Request) async throws -> Response {
        let body = try await HTTP.body(request)
        guard let items = body["deleted"]?.arrayValue, !items.isEmpty else {
            throw APIError.missingField("deleted", example: #"{"deleted": [{"id": "a.md", "trashed_to": ".trash/a.md"}]} (what POST /tasks/delete answered)"#)
        }
        // An item without an id goes back where the trash's listing says it was.
        let trashed = try items.map(TrashedTask.init(json:))
        return HTTP.json(try await service.write { vault in
            "{\"tasks\":[" + (try vault.restore(trashed)).map(TaskJSON.encode).joined(separator: ",") + "]}"
        })
    }

    /// `POST /trash/empty` → `{"removed": [".trash/NAME"…]}`: every task file the trash lists
    /// removed for good, or only `"trashed_to": [".trash/NAME"…]`.
    func emptyTrash(_ request: Request) async throws -> Response {
        let body = try await HTTP.body(request)
        var paths: [String]?
        if let given = body["trashed_to"], given != .null {
            let texts = given.arrayValue?.compactMap(\.stringValue) ?? []
            guard let items = given.arrayValue, texts.count == items.count else {
                throw APIError.wrongType(field: "trashed_to", expected: "a list of paths in .trash/")
            }
            paths = texts
        }
        let chosen = paths
        return HTTP.json(try await service.write { vault in
            JSONValue.object([("removed", .array(try vault.emptyTrash(chosen).map(JSONValue.string)))]).compact()
        })
    }

    func complete(_ ref: String, _ request: Request) async throws -> Response {
        let policy = try await Self.subtaskPolicy(request)
        if policy == .keep { throw APIError.wrongType(field: "keep_subtasks", expected: "only for a delete") }
        return HTTP.json(try await service.write { vault in
            let id = try vault.resolveIncludingClosed(ref)
            let done = try vault.complete(id, subtasks: policy)
            // TASK plus `undo`: what `undo-complete` needs, so the client can offer Undo.
            var json = TaskJSON.encode(done.completed)
            if let receipt = done.receipt { json = String(json.dropLast()) + ",\"undo\":" + receipt.json.compact() + "}" }
            return json
        })
    }

    /// `POST /tasks/{ref}/undo-complete` with the `undo` object `complete` answered:
    /// `{"task": TASK, "next_removed": PATH | null, "next_kept": TASK | null}`.
    func undoComplete(_ ref: String, _ request: Request) async throws -> Response {
        let body = try await HTTP.body(request)
        guard case .object = body else { throw APIError.expectedObject("the `undo` object `complete` answered") }
        return HTTP.json(try await service.write { vault in
            let id = try vault.resolveIncludingClosed(ref)
            let undone = try vault.undoCompletion(try CompletionReceipt(json: body, task: id))
            let json = "{\"task\":" + TaskJSON.encode(undone.task)
                + ",\"next_removed\":" + (undone.removedNext.map { JSONValue.string($0).compact() } ?? "null")
                + ",\"next_kept\":" + (undone.keptNext.map(TaskJSON.encode) ?? "null") + "}"
            return json
        })
    }

    func change(_ ref: String, _ body: @escaping @Sendable (Vault, String) throws -> TodoTask) async throws -> Response {
        HTTP.json(try await service.write { vault in
            let id = try vault.resolveIncludingClosed(ref)
            let task = try body(vault, id)
            return TaskJSON.encode(task)
        })
    }

    func move(_ ref: String, _ request: Request) async throws -> Response {
        let body = try await HTTP.body(request)
        guard let view = body["view"]?.stringValue, !view.isEmpty else {
            throw APIError.missingField("view", example: "{\"view\": \"today\", \"before\": REF or null}")
        }
        let before = body["before"]?.stringValue
        try await service.write { vault in
            let id = try vault.resolve(ref)
            try vault.reorder(id, before: try before.map { try vault.resolve($0) }, inView: view)
            return ()
        }
        return HTTP.noContent()
    }

    func parse(_ request: Request) async throws -> Response {
        let body = try await HTTP.body(request)
        let text = body["text"]?.stringValue ?? ""
        return HTTP.json(try await service.read { vault in
            let parsed = try vault.parseQuickEntry(text)
            let task = parsed.task(created: vault.clock.now, source: "user")
            return "{\"task\":" + TaskJSON.encode(task) + ",\"preview\":"
                + JSONValue.string(parsed.preview(today: vault.clock.today)).compact() + "}"
        })
    }

    /// `{"rule", "description", "next": [three dates]}` for the recurrence builder.
    static func recurrence(_ text: String, today: LocalDate) throws -> String {
        let rule = try RecurrenceInput.rule(from: text)
        let parsed = try RecurrenceRule(parsing: rule)
        let next = parsed.occurrences(start: today).prefix(3).map { JSONValue.string($0.description) }
        return JSONValue.object([("rule", .string(rule)),
                                 ("description", .string(parsed.describe())),
                                 ("next", .array(Array(next)))]).compact()
    }
}
