import MCP

extension ToolCatalog {
    /// Tasks: add, read, change, complete, delete and put back, their structure, and the lists of areas, projects and tags.
    static let taskTools: [Tool] = [
        Tool(name: "add_task", title: "Add a task",
             description: """
                 Create a task. Give `text`, a quick-entry line ("Call dentist friday #health +Admin @Personal !high ~15m"), \
                 and/or `title` plus any field; fields win over what the line says. Dates take YYYY-MM-DD or \
                 a phrase ("next friday"). The task's `source` is this agent's name. Returns the created TASK.
                 """,
             inputSchema: schema(["text": string("A quick-entry line: the title with a date phrase, #tag, +Project, @Area, !high/!1, !flag, ~15m, every ….")]
                                     .merging(fieldProperties(nullable: false)) { a, _ in a }),
             annotations: .init(readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false)),
        Tool(name: "complete_task", title: "Complete a task",
             description: """
                 Mark a task done. `task` is its id (path) or part of its title; when several open tasks match, \
                 nothing is changed and the error lists every candidate's id and title — ask again with the id. \
                 A task with open subtasks is refused (the error lists them) unless `with_subtasks` is true: \
                 ask the user first. Returns the completed TASK.
                 """,
             inputSchema: schema(["task": string("The task's id (e.g. \"20261121-0900-buy-milk.md\") or part of its title."),
                                 "with_subtasks": ["type": "boolean",
                                                   "description": "Complete its open subtasks too (default false)."]],
                                 required: ["task"]),
             annotations: .init(readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false)),
        Tool(name: "get_tasks", title: "List tasks",
             description: """
                 List tasks as {"view", "groups": [{"name", "tasks": [TASK…]}]}. Give a built-in `view` \
                 (inbox, today, upcoming, anytime, someday, flagged, logbook, all) or a `perspective` id; \
                 `area`, `project` and `tag` narrow it. Without a view or perspective: the area/project/tag \
                 view when one is given, else today. With `limit`, only the first tasks come, and \
                 "total" says how many the listing has.
                 """,
             inputSchema: schema([
                 "view": string("inbox, today, upcoming, anytime, someday, flagged, logbook, all, area:NAME, project:NAME or tag:NAME."),
                 "perspective": string("A perspective id (see list_perspectives)."),
                 "area": string("Only tasks in this area (exact name)."),
                 "project": string("Only tasks in this project (exact name)."),
                 "tag": string("Only tasks with this tag."),
                 "limit": ["type": "integer", "minimum": 1, "description": "Only the first N tasks, in the listing's order."],
             ]),
             annotations: .init(readOnlyHint: true, openWorldHint: false)),
        Tool(name: "get_overdue_tasks", title: "Overdue tasks",
             description: "List open tasks whose due date is before today, earliest first, as a listing with view \"overdue\".",
             inputSchema: schema([:]),
             annotations: .init(readOnlyHint: true, openWorldHint: false)),
        Tool(name: "update_task", title: "Change a task",
             description: """
                 Change fields of a task. `task` is its id or part of its title; every other argument is a \
                 task field by its file key (due, priority, tags, …) and `null` clears it. Setting `status` \
                 to done completes it. Returns the changed TASK.
                 """,
             inputSchema: schema(["task": string("The task's id or part of its title.")]
                                     .merging(fieldProperties(nullable: true)) { a, _ in a },
                                 required: ["task"]),
             annotations: .init(readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false)),
        Tool(name: "search_tasks", title: "Search tasks",
             description: "Full-text search of titles, descriptions and notes (case and accents ignored); open tasks first. Returns a listing with view \"search\".",
             inputSchema: schema(["query": string("The words to look for.")], required: ["query"]),
             annotations: .init(readOnlyHint: true, openWorldHint: false)),
        Tool(name: "duplicate_task", title: "Duplicate a task",
             description: """
                 Copy task `task` with its subtasks: the same title, fields and notes, beside the original (under the \
                 same parent), each subtask under the copy of its parent, a dependency inside the tree on the copy. A \
                 done task's copy is to do; tracked time, a snooze and the planner's keys are not copied. Returns \
                 {"tasks": [TASK]}, the copy first.
                 """,
             inputSchema: schema(["task": string("The task: id, filename or title words.")], required: ["task"]),
             annotations: .init(readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false)),
        Tool(name: "move_task", title: "Reorder a task",
             description: """
                 Change a task's place in a view's manual order: before another task, or at the end. `view` is a \
                 built-in view, `perspective:ID`, or `children:PARENT_ID` to order a task's subtasks.
                 """,
             inputSchema: schema(["task": string("The task to move."), "view": string("The view whose order changes."),
                                  "before": string("Put it before this task (default: at the end).")],
                                 required: ["task", "view"]),
             annotations: .init(readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false)),
        Tool(name: "undo_complete", title: "Undo a completion",
             description: """
                 Undo a completion: give the `undo` object complete_task answered. The task gets back its status \
                 and repeat rule; the next occurrence it created is removed unless it changed since. \
                 Returns {"task", "next_removed", "next_kept"}.
                 """,
             inputSchema: schema(["task": string("The completed task's id."),
                                  "undo": ["type": "object", "description": "The `undo` object of complete_task."]],
                                 required: ["task", "undo"]),
             annotations: .init(readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false)),
        Tool(name: "reschedule_overdue", title: "Reschedule overdue tasks",
             description: "Set the due date of every overdue task to `date` (default today). Returns {\"tasks\": [TASK…]}.",
             inputSchema: schema(["date": string("YYYY-MM-DD or a phrase (\"tomorrow\"); default today.")]),
             annotations: .init(readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false)),
        Tool(name: "get_task", title: "Read one task",
             description: """
                 One TASK by reference: its id (path), file name, a unique file name prefix or part of its title \
                 (done and cancelled tasks too). Carries its body, its subtasks (`children`, `progress`), \
                 `checklist` and whether it is `blocked`.
                 """,
             inputSchema: schema(["task": string("The task's id or part of its title.")], required: ["task"]),
             annotations: .init(readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false)),
        Tool(name: "delete_task", title: "Delete a task",
             description: """
                 Move a task's file to the vault's .trash folder (restorable by the user). Needs the `delete` \
                 permission. A task with open subtasks is refused (the error lists them) unless `with_subtasks` \
                 (delete them too) or `keep_subtasks` (they become tasks of their own) is true: ask the user first. \
                 Returns {"id", "trashed_to", "deleted": [{"id", "trashed_to"}…]} (every file moved, subtasks \
                 first): give `deleted` to restore_tasks to undo it.
                 """,
             inputSchema: schema(["task": string("The task's id or part of its title."),
                                  "with_subtasks": ["type": "boolean", "description": "Delete its subtasks too."],
                                  "keep_subtasks": ["type": "boolean", "description": "Keep its subtasks as tasks."]],
                                 required: ["task"]),
             annotations: .init(readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false)),
        Tool(name: "get_trash", title: "Deleted tasks",
             description: """
                 The deleted tasks and notes waiting in the vault's .trash folder, most recent first: \
                 {"trash": [{"trashed_to", "kind" ("task" or "note"), "id" (a task's path before, null when not \
                 known; a note's id), "title", "status", "readable", "deleted"}…]}. Give a task's item to \
                 restore_tasks, a note's to restore_notes, to put it back.
                 """,
             inputSchema: schema([:], required: []),
             annotations: .init(readOnlyHint: true, openWorldHint: false)),
        Tool(name: "restore_tasks", title: "Undo a delete",
             description: """
                 Undo a delete: give the `deleted` list delete_task answered, or items of get_trash. Each file \
                 goes back from .trash to where it was (beside it, as name-2.md, if that path was taken since). \
                 Needs the `delete` permission. Returns {"tasks": [TASK…]}.
                 """,
             inputSchema: schema(["deleted": ["type": "array", "description": "The `deleted` list of delete_task, or items of get_trash.",
                                              "items": ["type": "object"]]],
                                 required: ["deleted"]),
             annotations: .init(readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false)),
        Tool(name: "skip_task", title: "Skip a repeating task",
             description: """
                 Skip this occurrence of a repeating task: the next occurrence is created and this one is \
                 cancelled. Returns {"task": TASK, "next": TASK}.
                 """,
             inputSchema: schema(["task": string("The task's id or part of its title.")], required: ["task"]),
             annotations: .init(readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false)),
        Tool(name: "check_item", title: "Check a checklist item",
             description: """
                 Check or uncheck item `item` (1-based) of a task's checklist (its `- [ ]` lines). Returns the TASK.
                 """,
             inputSchema: schema(["task": string("The task's id or part of its title."),
                                  "item": ["type": "integer", "minimum": 1, "description": "The item's number, from 1."],
                                  "checked": ["type": "boolean", "description": "true to check (default), false to uncheck."]],
                                 required: ["task", "item"]),
             annotations: .init(readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false)),
        Tool(name: "list_areas", title: "List areas",
             description: "Areas with their number of open tasks, in the user's order: {\"areas\": [{\"name\", \"count\"}]}.",
             inputSchema: schema([:]),
             annotations: .init(readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false)),
        Tool(name: "list_projects", title: "List projects",
             description: """
                 Projects with their area, number of open tasks and whether they are sequential: \
                 {"projects": [{"name", "area", "count", "sequential"}]}.
                 """,
             inputSchema: schema([:]),
             annotations: .init(readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false)),
        Tool(name: "list_tags", title: "List tags",
             description: "Tags with their number of open tasks: {\"tags\": [{\"name\", \"count\"}]}.",
             inputSchema: schema([:]),
             annotations: .init(readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false)),
    ]
}
