import Foundation
import MCP
import TodoMDKit

/// The tools of §17 run against one vault, one call at a time, on behalf of one source.
///
/// Each tool parses its arguments, checks the source's permission (§22), calls one core
/// function and returns its JSON. Errors come back as tool results with `isError: true`,
/// never as protocol errors, so an agent reads why and what to do.
actor VaultTools {
    let vault: Vault
    /// `todomd mcp --source NAME`, which wins over the client's name.
    let fixedSource: String?
    /// The name the client gave when it connected.
    private var clientName: String?
    /// Subscribed resource URIs, with the content hash the client last saw.
    var subscriptions: [String: String] = [:]

    init(vault: Vault, source: String?) {
        self.vault = vault
        fixedSource = source.flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
    }

    /// Remembers the connecting client's name, the default `source` of its tasks.
    func clientConnected(name: String) {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        clientName = trimmed.isEmpty ? nil : trimmed
    }

    /// Who is acting: `--source`, else the client's name, else `mcp`.
    var source: String { fixedSource ?? clientName ?? "mcp" }

    /// Runs the tool `name`.
    func call(_ name: String, arguments: [String: Value]?) -> CallTool.Result {
        let args = ToolArguments(arguments)
        do {
            try catchUp()
            return ToolResult.success(try run(name, args))
        } catch {
            return ToolResult.failure(error, vault: vault)
        }
    }

    /// Brings the index up to date before a call: other programs (an editor, sync, the web app)
    /// may have changed files since the last one. The vault's clock runs (unless `TODOMD_NOW`
    /// fixes it), so new tasks get the current time and "today" moves at midnight — when it
    /// does, the planner's rollover (§14) runs first, as at the start of every command.
    private func catchUp() throws {
        try vault.refreshIndex()
        try vault.rolloverIfDayChanged()
    }

    // MARK: - Tools

    private func run(_ name: String, _ args: ToolArguments) throws -> String {
        let settings = try vault.settings()
        switch name {
        case "add_task":
            try settings.require(.create, source: source)
            // An agent's tasks always carry its own source.
            let draft = try vault.draft(text: try args.string("text"),
                                        fields: args.fields(excluding: ["text", "source"]), source: source)
            return TaskJSON.encode(try vault.add(draft))
        case "complete_task":
            try settings.require(.complete, source: source)
            let id = try vault.resolve(args.required("task"))
            let withSubtasks = args.values["with_subtasks"]?.boolValue ?? false
            let done = try vault.complete(id, subtasks: withSubtasks ? .include : .refuse)
            // TASK plus `undo`, what undo_complete needs (as the HTTP API answers).
            var json = TaskJSON.encode(done.completed)
            if let receipt = done.receipt { json = String(json.dropLast()) + ",\"undo\":" + receipt.json.compact() + "}" }
            return json
        case "update_task":
            return try updateTask(args, settings: settings)
        case "get_tasks":
            try settings.require(.read, source: source)
            return try getTasks(args).json
        case "get_overdue_tasks":
            try settings.require(.read, source: source)
            return try vault.overdue().json
        case "search_tasks":
            try settings.require(.read, source: source)
            return try vault.search(args.required("query")).json
        case "get_agenda":
            try settings.require(.read, source: source)
            let today = vault.clock.today
            let from = try args.string("from").map { try DateInput.require($0, field: "from", today: today) } ?? today
            let days = try args.int("days") ?? 7
            guard (1...366).contains(days) else {
                throw TodoError.invalidValue(field: "days", value: String(days), reason: "between 1 and 366")
            }
            return try vault.agenda(from: from, days: days).json
        case "find_free_time":
            try settings.require(.read, source: source)
            let text = try args.required("duration")
            guard let minutes = ImportValues.minutes(text.lowercased()), minutes > 0, minutes <= 1440 else {
                throw TodoError.invalidValue(field: "duration", value: text, reason: "a length of time such as 30m or 1h")
            }
            let day = try args.string("date").map { try DateInput.require($0, field: "date", today: vault.clock.today) }
                ?? vault.clock.today
            return try vault.freeTime(on: day, minutes: minutes).json.compact()
        case "get_trash":
            try settings.require(.read, source: source)
            return JSONValue.object([("trash", .array(try vault.trashContents().map(\.json)))]).compact()
        case "get_stats":
            try settings.require(.read, source: source)
            return try vault.insights(weeks: args.int("weeks") ?? Insights.defaultWeeks).json.compact()
        case "ramble":
            let proposals = try vault.ramble(args.required("text"))
            guard args.values["commit"]?.boolValue == true else {
                try settings.require(.read, source: source)
                return JSONValue.object([("tasks", .array(proposals.map(\.proposalJSON)))]).compact()
            }
            try settings.require(.create, source: source)
            let created = try vault.commitRamble(proposals.map { $0.proposalJSON.objectValue ?? [] })
            return "{\"tasks\":[" + created.map(TaskJSON.encode).joined(separator: ",") + "]}"
        case "list_templates":
            try settings.require(.read, source: source)
            return JSONValue.object([("templates", .array(try vault.templates().map(\.json)))]).compact()
        case "add_from_template":
            try settings.require(.create, source: source)
            let tasks = try vault.addFromTemplate(args.required("name"), text: try args.string("text"), source: source)
            return "{\"tasks\":[" + tasks.map(TaskJSON.encode).joined(separator: ",") + "]}"
        case "delete_template":
            try settings.require(.delete, source: source)
            return JSONValue.object([("trashed_to", .string(try vault.deleteTemplate(args.required("name"))))]).compact()
        case "duplicate_task":
            try settings.require(.create, source: source)
            let copies = try vault.duplicate(try vault.resolveIncludingClosed(args.required("task")), source: source)
            return "{\"tasks\":[" + copies.map(TaskJSON.encode).joined(separator: ",") + "]}"
        case "save_template":
            try settings.require(.create, source: source)
            let task = try vault.resolveIncludingClosed(args.required("task"))
            return try vault.saveTemplate(from: task, name: try args.string("name")).json.compact()
        case "list_calendars", "add_calendar", "remove_calendar":
            if name != "list_calendars" {
                try settings.require(.update, source: source)
                if name == "add_calendar" {
                    try vault.addCalendar(CalendarSource(name: args.required("name"), url: try args.string("url"),
                                                         path: try args.string("path"), color: try args.string("color")))
                } else {
                    try vault.removeCalendar(named: args.required("name"))
                }
            } else {
                try settings.require(.read, source: source)
            }
            let refresh: CalendarSources.Refresh = name == "add_calendar" ? .ifStale : .never
            return JSONValue.object([("calendars", .array(try vault.calendars(refresh: refresh).map { c in
                .object([("name", .string(c.source.name)), ("url", c.source.url.map(JSONValue.string) ?? .null),
                         ("path", c.source.path.map(JSONValue.string) ?? .null),
                         ("color", c.source.color.map(JSONValue.string) ?? .null),
                         ("events", .number(Double(c.reader?.events.count ?? 0))),
                         ("error", c.error.map(JSONValue.string) ?? .null)])
            }))]).compact()
        case "list_perspectives":
            try settings.require(.read, source: source)
            let (all, warning) = try vault.allPerspectives()
            var object: [(String, JSONValue)] = [("perspectives", .array(all.map { p in
                var json = p.json
                json.set("built_in", .bool(p.isBuiltIn))
                return json
            }))]
            if let warning { object.append(("warning", .string(warning))) }
            return JSONValue.object(object).compact()
        case "plan_day":
            return try planDay(args, settings: settings)
        case "create_perspective":
            try settings.require(.update, source: source)
            let body = JSONValue.object(args.values.keys.sorted().compactMap { key in
                args.values[key].map { (key, ToolArguments.json($0)) }
            })
            var created = try vault.createPerspective(Perspective(json: body, id: ""))
            created.isBuiltIn = false
            return created.json.compact()
        case "delete_perspective":
            try settings.require(.delete, source: source)
            let id = try args.required("id")
            try vault.deletePerspective(id)
            return JSONValue.object([("deleted", .string(id))]).compact()
        case "move_task":
            try settings.require(.update, source: source)
            let id = try vault.resolve(args.required("task"))
            let before = try args.string("before").map { try vault.resolve($0) }
            let view = try args.required("view")
            try vault.reorder(id, before: before, inView: view)
            return JSONValue.object([("moved", .string(id)), ("view", .string(view)),
                                     ("before", before.map(JSONValue.string) ?? .null)]).compact()
        case "update_perspective":
            try settings.require(.update, source: source)
            let id = try args.required("id")
            let body = JSONValue.object(args.values.keys.sorted().filter { $0 != "id" }.compactMap { key in
                args.values[key].map { (key, ToolArguments.json($0)) }
            })
            try vault.savePerspective(Perspective(json: body, id: id))
            return try vault.perspective(id).json.compact()
        case "undo_complete":
            try settings.require(.complete, source: source)
            let id = try vault.resolveIncludingClosed(args.required("task"))
            guard let undo = args.values["undo"], case .object = ToolArguments.json(undo) else {
                throw TodoError.invalidValue(field: "undo", value: "", reason: "the `undo` object complete_task answered")
            }
            let undone = try vault.undoCompletion(try CompletionReceipt(json: ToolArguments.json(undo), task: id))
            return "{\"task\":" + TaskJSON.encode(undone.task)
                + ",\"next_removed\":" + (undone.removedNext.map { JSONValue.string($0).compact() } ?? "null")
                + ",\"next_kept\":" + (undone.keptNext.map(TaskJSON.encode) ?? "null") + "}"
        case "reschedule_overdue":
            try settings.require(.update, source: source)
            let today = vault.clock.today
            let date = try args.string("date").map { try DateInput.require($0, field: "date", today: today) } ?? today
            return "{\"tasks\":[" + (try vault.rescheduleOverdue(to: date)).map(TaskJSON.encode).joined(separator: ",") + "]}"
        case "edit_note":
            try settings.require(.update, source: source)
            let title = try args.string("title"), body = try args.string("body")
            guard title != nil || body != nil else { throw ToolError.nothingToChange }
            return try vault.editNote(vault.resolveNote(args.required("note")), NoteChanges(title: title, body: body)).json.compact()
        case "pin_note":
            try settings.require(.update, source: source)
            let pinned = args.values["pinned"]?.boolValue ?? true
            return try vault.setNotePinned(vault.resolveNote(args.required("note")), pinned).json.compact()
        case "delete_note":
            try settings.require(.delete, source: source)
            let id = try vault.resolveNote(args.required("note"))
            let trashed = try vault.deleteNotes([id])
            return JSONValue.object([
                ("trashed_to", .string(trashed.first ?? "")),
                ("deleted", .array(trashed.map { .object([("id", .string(id)), ("trashed_to", .string($0))]) })),
            ]).compact()
        case "restore_notes":
            try settings.require(.delete, source: source)
            guard let raw = args.values["deleted"], case let .array(items) = ToolArguments.json(raw), !items.isEmpty else {
                throw TodoError.invalidValue(field: "deleted", value: "", reason: "the `deleted` list delete_note answered")
            }
            let pairs = try items.map { item -> (id: String, trashedTo: String) in
                guard let id = item["id"]?.stringValue, let to = item["trashed_to"]?.stringValue else {
                    throw TodoError.invalidValue(field: "deleted", value: item.compact(), reason: #"{"id", "trashed_to"} items"#)
                }
                return (id, to)
            }
            let notes = try vault.restoreNotes(pairs).map { id in
                JSONValue.object([("id", .string(id)), ("title", .string((try? vault.readNote(id).0.title) ?? id))])
            }
            return JSONValue.object([("notes", .array(notes))]).compact()
        case "list_categories":
            try settings.require(.read, source: source)
            return try vault.categoryListing().compact()
        case "set_category":
            try settings.require(.update, source: source)
            let tag = try args.required("tag")
            let changes = CategoryChanges(name: try args.string("name"), icon: try args.string("icon"),
                                          color: try args.string("color"))
            let exists = try vault.categories().contains { $0.tag.caseInsensitiveCompare(tag) == .orderedSame }
            return try (exists ? vault.editCategory(tag, changes) : vault.addCategory(tag: tag, changes)).json.compact()
        case "remove_category":
            try settings.require(.update, source: source)
            let tag = try args.required("tag")
            try vault.removeCategory(tag)
            return JSONValue.object([("removed", .string(tag))]).compact()
        case "plan_add":
            try settings.require(.plan, source: source)
            let today = vault.clock.today
            let slot = try PlanSlot(region: try args.string("region"), bucket: try args.string("bucket"),
                                    date: try args.string("date"), today: today)
            let draft = try vault.draft(text: try args.string("text"),
                                        fields: args.fields(excluding: ["text", "region", "bucket", "date", "source"]),
                                        source: source)
            return TaskJSON.encode(try vault.addPlanned(draft, on: slot.date ?? today,
                                                        region: slot.region ?? .current(at: vault.clock),
                                                        bucket: slot.bucket ?? .misc))
        case "plan_review":
            try settings.require(.read, source: source)
            return try vault.board(on: vault.clock.today).reviewJSON(reviewTime: settings.plannerReviewTime)
        case "reorder":
            return try reorder(args, settings: settings)
        case "set_theme":
            try settings.require(.update, source: source)
            var theme = vault.theme()
            if let preset = try args.string("preset") { theme.preset = preset.lowercased() }
            if let overrides = args.values["overrides"], case let .object(pairs) = ToolArguments.json(overrides) {
                theme.overrides = try pairs.map { key, value in
                    guard let colour = value.stringValue else {
                        throw TodoError.invalidValue(field: "overrides.\(key)", value: value.compact(), reason: "a colour such as #4A90D9")
                    }
                    return (key, colour)
                }
            }
            try vault.saveTheme(theme)
            return vault.theme().json.compact()
        case "unplan_task":
            try settings.require(.plan, source: source)
            return TaskJSON.encode(try vault.removeFromPlan(vault.resolve(args.required("task"))))
        case "get_task":
            try settings.require(.read, source: source)
            return TaskJSON.encode(try vault.read(vault.resolveIncludingClosed(args.required("task"))).0)
        case "delete_task":
            try settings.require(.delete, source: source)
            let id = try vault.resolveIncludingClosed(args.required("task"))
            let with = args.values["with_subtasks"]?.boolValue ?? false, keep = args.values["keep_subtasks"]?.boolValue ?? false
            if with && keep {
                throw TodoError.invalidValue(field: "keep_subtasks", value: "true", reason: "not together with with_subtasks")
            }
            let moved = try vault.trash(id, subtasks: with ? .include : keep ? .keep : .refuse)
            return JSONValue.object([("id", .string(id)), ("trashed_to", .string(moved.last?.trashedTo ?? "")),
                                     ("deleted", .array(moved.map(\.json)))]).compact()
        case "restore_tasks":
            try settings.require(.delete, source: source)
            guard let raw = args.values["deleted"], case let .array(items) = ToolArguments.json(raw), !items.isEmpty else {
                throw TodoError.invalidValue(field: "deleted", value: "", reason: "the `deleted` list delete_task answered")
            }
            let restored = try vault.restore(try items.map(TrashedTask.init(json:)))
            return "{\"tasks\":[" + restored.map(TaskJSON.encode).joined(separator: ",") + "]}"
        case "skip_task":
            try settings.require(.complete, source: source)
            let skipped = try vault.skip(try vault.resolve(args.required("task")))
            return "{\"task\":" + TaskJSON.encode(skipped.completed) + ",\"next\":"
                + (skipped.next.map(TaskJSON.encode) ?? "null") + "}"
        case "start_timer":
            try settings.require(.update, source: source)
            let id = try vault.resolveIncludingClosed(args.required("task"))
            let started = try vault.startTimer(id, note: try args.string("note"))
            return "{\"timer\":" + started.running.json(now: vault.clock.now) + ",\"stopped\":["
                + started.stopped.map(TaskJSON.encode).joined(separator: ",") + "]}"
        case "stop_timer":
            try settings.require(.update, source: source)
            return "{\"stopped\":[" + (try vault.stopTimer()).map(TaskJSON.encode).joined(separator: ",") + "]}"
        case "time_report":
            let today = vault.clock.today
            let byName = try args.string("by") ?? "project"
            guard let by = TimeReport.Grouping(rawValue: byName) else {
                throw TodoError.invalidValue(field: "by", value: byName, reason: "project, area, tag or day")
            }
            let from = try args.string("from").map { try DateInput.require($0, field: "from", today: today) }
            let to = try args.string("to").map { try DateInput.require($0, field: "to", today: today) }
            return try vault.timeReport(from: from, to: to, by: by).json.compact()
        case "check_item":
            try settings.require(.update, source: source)
            let id = try vault.resolveIncludingClosed(args.required("task"))
            guard let n = args.values["item"]?.intValue ?? args.values["item"]?.doubleValue.map(Int.init), n >= 1 else {
                throw TodoError.invalidValue(field: "item", value: args.values["item"]?.description ?? "", reason: "a number from 1")
            }
            return TaskJSON.encode(try vault.setChecklistItem(id, n, checked: args.values["checked"]?.boolValue ?? true))
        case "list_notes":
            try settings.require(.read, source: source)
            return vault.notes().json.compact()
        case "read_note":
            try settings.require(.read, source: source)
            let note = try vault.note(args.required("note"))
            let tasks = try vault.linkedTasks(of: note).map { t in
                JSONValue.object([("line", .number(Double(t.line))), ("id", .string(t.id)), ("title", .string(t.title)),
                                  ("status", .string(t.status))])
            }
            return JSONValue.object([("note", note.json), ("tasks", .array(tasks))]).compact()
        case "create_note":
            try settings.require(.create, source: source)
            let pinned = args.values["pinned"]?.boolValue ?? false
            return try vault.addNote(title: args.required("title"), body: args.string("body") ?? "", pinned: pinned).json.compact()
        case "append_to_note":
            try settings.require(.update, source: source)
            return try vault.appendLine(toNote: vault.resolveNote(args.required("note")), args.required("line")).json.compact()
        case "task_from_note_line":
            try settings.require(.create, source: source)
            guard let line = args.values["line"]?.intValue ?? args.values["line"]?.doubleValue.map(Int.init), line >= 1 else {
                throw TodoError.invalidValue(field: "line", value: args.values["line"]?.description ?? "", reason: "a number from 1")
            }
            return TaskJSON.encode(try vault.createTask(fromNote: vault.resolveNote(args.required("note")), line: line).0)
        case "list_areas", "list_projects", "list_tags":
            try settings.require(.read, source: source)
            let items = name == "list_areas" ? try vault.areas() : name == "list_tags" ? try vault.tags() : try vault.projects()
            // An object, as MCP's structured content must be: {"areas": [...]}, {"projects": …}, {"tags": …}.
            return JSONValue.object([(String(name.dropFirst("list_".count)), .array(try items.map { item in
                var pairs: [(String, JSONValue)] = [("name", .string(item.name))]
                if name == "list_projects" {
                    pairs.append(("area", item.area.map(JSONValue.string) ?? .null))
                }
                pairs.append(("count", .number(Double(item.count))))
                if name == "list_projects" { pairs.append(("sequential", .bool(try vault.isProjectSequential(item.name)))) }
                return .object(pairs)
            }))]).compact()
        default:
            throw ToolError.unknownTool(name, tools: ToolCatalog.tools.map(\.name))
        }
    }

    private func updateTask(_ args: ToolArguments, settings: VaultSettings) throws -> String {
        try settings.require(.update, source: source)
        let ref = try args.required("task")
        let fields = args.fields(excluding: ["task"])
        let (changes, body) = try TaskInput.changes(from: fields, now: vault.clock.localNow)
        if case let .string(status)?? = changes.values[.status], status == TaskStatus.done.rawValue {
            try settings.require(.complete, source: source)
        }
        guard !changes.isEmpty || body != nil else {
            throw ToolError.nothingToChange
        }
        let id = try vault.resolveIncludingClosed(ref)
        return TaskJSON.encode(try vault.update(id, changes, body: body))
    }

    /// `reorder`: one of the orders a user arranges (the planner's buckets, perspectives,
    /// categories, projects), each one core call.
    private func reorder(_ args: ToolArguments, settings: VaultSettings) throws -> String {
        let kind = try args.required("kind")
        try settings.require(kind == "planned" ? .plan : .update, source: source)
        let before = try args.string("before")
        switch kind {
        case "planned":
            try vault.reorderPlanned(vault.resolve(args.required("item")), before: try before.map { try vault.resolve($0) })
        case "perspective":
            try vault.reorderPerspective(args.required("item"), before: before)
        case "category":
            try vault.reorderCategory(args.required("item"), before: before)
        case "projects":
            guard let order = args.values["order"].map(ToolArguments.json)?.arrayValue else {
                throw TodoError.invalidValue(field: "order", value: "", reason: "the list of project names")
            }
            try vault.setProjectOrder(order.compactMap(\.stringValue))
        default:
            throw TodoError.invalidValue(field: "kind", value: kind, reason: "planned, perspective, category or projects")
        }
        return JSONValue.object([("reordered", .string(kind))]).compact()
    }

    private func getTasks(_ args: ToolArguments) throws -> Listing {
        // Names are exact (an area may hold a comma), so the filter is built item by item.
        var filter = QuickFilter()
        filter.areas = try args.string("area").map { [$0] } ?? []
        filter.projects = try args.string("project").map { [$0] } ?? []
        filter.tags = try args.string("tag").map { [$0] } ?? []
        // Answered with the rows' JSON only.
        return try vault.list(ListRequest(view: try args.string("view"), perspective: try args.string("perspective"),
                                          filter: filter, limit: try args.int("limit").map(String.init)),
                              decoding: .json(.all))
    }

    private func planDay(_ args: ToolArguments, settings: VaultSettings) throws -> String {
        let today = vault.clock.today
        let date = try args.string("date").map { try DateInput.require($0, field: "date", today: today) } ?? today
        var assignments: [PlanAssignment] = []
        if let value = args.values["tasks"], !value.isNull {
            guard let items = value.arrayValue else {
                throw TodoError.invalidValue(field: "tasks", value: value.description,
                                             reason: "a list of {\"task\", \"region\", \"bucket\"}")
            }
            try settings.require(items.isEmpty ? .read : .plan, source: source)
            // Every reference is resolved before anything is written.
            assignments = try items.map { item in
                let entry = ToolArguments(item.objectValue)
                let slot = try PlanSlot(region: try entry.required("region"), bucket: try entry.required("bucket"),
                                        date: nil, today: today)
                guard let region = slot.region, let bucket = slot.bucket else {
                    throw TodoError.invalidValue(field: "tasks", value: item.description,
                                                 reason: "each needs a region and a bucket")
                }
                return PlanAssignment(id: try vault.resolve(entry.required("task")), region: region, bucket: bucket)
            }
        } else {
            try settings.require(.read, source: source)
        }
        if !assignments.isEmpty { try vault.plan(assignments, on: date) }
        return try vault.board(on: date).json
    }
}
