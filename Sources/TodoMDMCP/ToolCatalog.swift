import MCP
import TodoMDKit

/// The tools `todomd mcp` offers (§17), with their JSON schemas and descriptions.
enum ToolCatalog {
    /// Every tool, in the order clients list them.
    static let tools: [Tool] = [
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
        Tool(name: "get_agenda", title: "Agenda",
             description: """
                 Day by day: the user's calendar events (from the calendars in the vault's settings) and \
                 tasks. A task is on the day of its scheduled date, else its due date; overdue ones are on \
                 today. Returns {"days": [{"date", "events": [{"title","start","end","all_day","calendar"}], \
                 "tasks": [TASK]}], "calendars": [{"name","error"}]}; times are local YYYY-MM-DDTHH:MM.
                 """,
             inputSchema: schema(["from": string("The first day: YYYY-MM-DD or a phrase; default today."),
                                  "days": ["type": "integer", "description": "How many days (1-366); default 7."]]),
             annotations: .init(readOnlyHint: true, openWorldHint: false)),
        Tool(name: "find_free_time", title: "Find free time",
             description: """
                 The gaps of at least `duration` in a day's working hours (workday_start–workday_end) not \
                 covered by calendar events or time-blocked tasks. Returns {"date", "duration_minutes", \
                 "slots": [{"start","end"}]}. To time-block a task, update_task its scheduled to a slot's start.
                 """,
             inputSchema: schema(["duration": string("How long: 30, 30m, 1h, 1h30m."),
                                  "date": string("The day: YYYY-MM-DD or a phrase; default today.")],
                                 required: ["duration"]),
             annotations: .init(readOnlyHint: true, openWorldHint: false)),
        Tool(name: "get_stats", title: "Insights",
             description: """
                 Completion statistics for the last `weeks` weeks ending today: {"from", "to", "weeks", \
                 "completed_per_day": {DATE: n} (every day), "completed_by_area": {AREA: n}, \
                 "completed_by_project": {PROJECT: n} ("" = none), "must_do_streak": days in a row with \
                 every planned Must-Do done, "must_do_today": {"planned", "done"}, "average_carry_count": \
                 mean rollovers of planned tasks, "completed_total", "this_week"/"last_week": \
                 {"from", "to", "completed"}}. Use it for a weekly review.
                 """,
             inputSchema: schema(["weeks": ["type": "integer", "description": "How many weeks, ending today (1-52); default 4."]]),
             annotations: .init(readOnlyHint: true, openWorldHint: false)),
        Tool(name: "ramble", title: "Brain dump",
             description: """
                 Turn free text (a brain dump, dictated or typed) into proposed tasks: split at sentence ends \
                 and connectors, filler dropped, cue phrases read ("before friday" due, "sometime next week" \
                 scheduled, "not urgent" low priority, "that's for work" area). Returns {"tasks": [fields…]} \
                 and writes nothing unless `commit` is true (then {"tasks": [TASK]}, source voice-ramble). \
                 You may also read the text yourself and call add_task for each task.
                 """,
             inputSchema: schema(["text": string("The dump."),
                                  "commit": ["type": "boolean", "description": "Create the proposed tasks (default false)."]],
                                 required: ["text"]),
             annotations: .init(readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false)),
        Tool(name: "list_templates", title: "List templates",
             description: "The vault's task and project templates (.templates/), as {\"templates\": [{\"name\", \"title\", \"tasks\", \"project\", \"needs_title\"}]}. Use one with add_from_template.",
             inputSchema: schema([:]),
             annotations: .init(readOnlyHint: true, openWorldHint: false)),
        Tool(name: "add_from_template", title: "Add from a template",
             description: """
                 Create the task (or, for a project template, the parent with its subtasks) of template `name`. \
                 `text`, a quick-entry line, adds its fields, and its words are {{title}} and the (root) title, \
                 or fill that title where it names {{title}} (such a template needs them: see needs_title in \
                 list_templates). Placeholders ({{today}}, {{date:+7d}}, {{title}}) are filled. Returns {"tasks": [TASK]}.
                 """,
             inputSchema: schema(["name": string("The template's name (see list_templates)."),
                                  "text": string("Optional quick-entry line for the title and fields.")],
                                 required: ["name"]),
             annotations: .init(readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false)),
        Tool(name: "duplicate_task", title: "Duplicate a task",
             description: """
                 Copy task `task` with its subtasks: the same title, fields and notes, beside the original (under the \
                 same parent), each subtask under the copy of its parent, a dependency inside the tree on the copy. A \
                 done task's copy is to do; tracked time, a snooze and the planner's keys are not copied. Returns \
                 {"tasks": [TASK]}, the copy first.
                 """,
             inputSchema: schema(["task": string("The task: id, filename or title words.")], required: ["task"]),
             annotations: .init(readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false)),
        Tool(name: "save_template", title: "Save a task as a template",
             description: """
                 Save task `task` (with its subtasks) as a template: .templates/NAME.md, or .templates/NAME/ for a task \
                 with subtasks. It keeps the title, fields, unknown keys and notes; dates become placeholders relative to \
                 today ({{date:+4d}}); status, tracked time, planner keys, created and source are left out, checklist \
                 items unchecked. An existing template is never overwritten (a taken name is an error). Returns the \
                 template as list_templates shows it.
                 """,
             inputSchema: schema(["task": string("The task: id, filename or title words."),
                                  "name": string("Optional: the template's name (default: from the task's title).")],
                                 required: ["task"]),
             annotations: .init(readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false)),
        Tool(name: "delete_template", title: "Delete a template",
             description: """
                 Move template `name` (its file or folder) to .trash/Templates/, from where it can be moved back by hand. \
                 Needs the delete permission. Returns {"trashed_to": PATH}.
                 """,
             inputSchema: schema(["name": string("The template's name (see list_templates).")], required: ["name"]),
             annotations: .init(readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false)),
        Tool(name: "list_calendars", title: "List calendars",
             description: "The external calendars the agenda reads (.todomd/config.json), with their last error, as {\"calendars\": [{\"name\", \"url\", \"path\", \"color\", \"events\", \"error\"}]}.",
             inputSchema: schema([:]),
             annotations: .init(readOnlyHint: true, openWorldHint: false)),
        Tool(name: "add_calendar", title: "Add a calendar",
             description: "Add an external calendar: a `name` and either an http(s)/webcal `url` or a file `path`, optionally a `color` (#rrggbb). Returns the calendars.",
             inputSchema: schema(["name": string("A name not used yet."), "url": string("An http(s) or webcal address."),
                                  "path": string("A file path (relative to the vault, absolute, or ~/…)."),
                                  "color": string("A colour such as #3478f6.")], required: ["name"]),
             annotations: .init(readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true)),
        Tool(name: "remove_calendar", title: "Remove a calendar",
             description: "Remove the external calendar called `name` from the settings (the calendar itself is untouched).",
             inputSchema: schema(["name": string("The calendar's name.")], required: ["name"]),
             annotations: .init(readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false)),
        Tool(name: "list_perspectives", title: "List perspectives",
             description: "The built-in views and the user's saved perspectives (id, name, rules, sort, grouping), as {\"perspectives\": [...]}. Use an id with get_tasks.",
             inputSchema: schema([:]),
             annotations: .init(readOnlyHint: true, openWorldHint: false)),
        Tool(name: "plan_day", title: "Plan the day",
             description: """
                 Read or fill the 1-3-5 day board. Each region (morning, afternoon, evening) holds at most \
                 1 `must`, 3 `complementary` and 5 `misc` tasks. Give `tasks` to plan them (all or nothing: \
                 a full bucket refuses the whole request), or none to just read the board. Returns the board: \
                 per region its tasks per bucket, counts, limits and done/total; the backlog count.
                 """,
             inputSchema: schema([
                 "date": string("The day to plan: YYYY-MM-DD or a phrase (\"tomorrow\"); default today."),
                 "tasks": [
                     "type": "array",
                     "description": "Tasks to put on the board.",
                     "items": schema([
                         "task": string("The task's id or part of its title."),
                         "region": ["type": "string", "enum": ["morning", "afternoon", "evening"]],
                         "bucket": ["type": "string", "enum": ["must", "complementary", "misc"]],
                     ], required: ["task", "region", "bucket"]),
                 ],
             ]),
             annotations: .init(readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false)),
        Tool(name: "create_perspective", title: "Create a perspective",
             description: """
                 Save a custom perspective (§10): `name`, `rules` ({"operator": "AND"|"OR"|"NOT", "conditions": [...]}, \
                 conditions {"field", "op", "value"} as list_perspectives shows them), optional `sort` \
                 ({"field", "direction"}) and `group_by`. Returns the perspective with its id.
                 """,
             inputSchema: schema(["name": string("The perspective's name."),
                                  "rules": ["type": "object", "description": "The rule tree."],
                                  "sort": ["type": "object", "description": "{\"field\": \"due\", \"direction\": \"asc\"}"],
                                  "group_by": string("A group key (area, project, tag, priority, due, parent, …).")],
                                 required: ["name", "rules"]),
             annotations: .init(readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false)),
        Tool(name: "delete_perspective", title: "Delete a perspective",
             description: "Delete a custom perspective by id (built-in views cannot be deleted). Needs the `delete` permission.",
             inputSchema: schema(["id": string("The perspective's id (list_perspectives).")], required: ["id"]),
             annotations: .init(readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false)),
        Tool(name: "move_task", title: "Reorder a task",
             description: """
                 Change a task's place in a view's manual order: before another task, or at the end. `view` is a \
                 built-in view, `perspective:ID`, or `children:PARENT_ID` to order a task's subtasks.
                 """,
             inputSchema: schema(["task": string("The task to move."), "view": string("The view whose order changes."),
                                  "before": string("Put it before this task (default: at the end).")],
                                 required: ["task", "view"]),
             annotations: .init(readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false)),
        Tool(name: "update_perspective", title: "Change a perspective",
             description: """
                 Replace a custom perspective's definition (same id): `name`, `rules`, optional `sort` and \
                 `group_by`, as for create_perspective. Built-in views cannot be changed.
                 """,
             inputSchema: schema(["id": string("The perspective's id."), "name": string("Its name."),
                                  "rules": ["type": "object", "description": "The rule tree."],
                                  "sort": ["type": "object", "description": "{\"field\", \"direction\"}"],
                                  "group_by": string("A group key.")],
                                 required: ["id", "name", "rules"]),
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
        Tool(name: "edit_note", title: "Change a note",
             description: "Change a note's title and/or replace its Markdown body. Returns the NOTE.",
             inputSchema: schema(["note": string("The note's id or part of its title."), "title": string("A new title."),
                                  "body": string("The new body (replaces the old one).")], required: ["note"]),
             annotations: .init(readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false)),
        Tool(name: "pin_note", title: "Pin or unpin a note",
             description: "Pin a note to the top of the list (`pinned` true) or unpin it. Returns the NOTE.",
             inputSchema: schema(["note": string("The note's id or part of its title."),
                                  "pinned": ["type": "boolean", "description": "true to pin, false to unpin."]],
                                 required: ["note", "pinned"]),
             annotations: .init(readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false)),
        Tool(name: "delete_note", title: "Delete a note",
             description: """
                 Move a note to .trash/Notes/ (restorable). Needs the `delete` permission. Returns {"trashed_to", \
                 "deleted": [{"id", "trashed_to"}]}: give `deleted` to restore_notes to undo it.
                 """,
             inputSchema: schema(["note": string("The note's id or part of its title.")], required: ["note"]),
             annotations: .init(readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false)),
        Tool(name: "restore_notes", title: "Undo a note's delete",
             description: """
                 Undo a delete of notes: give the `deleted` list delete_note answered. Each note goes back to \
                 Notes/ (as ID-2.md if a note took its name since). Needs the `delete` permission. \
                 Returns {"notes": [{"id", "title"}…]}.
                 """,
             inputSchema: schema(["deleted": ["type": "array", "description": "The `deleted` list of delete_note.",
                                              "items": ["type": "object"]]],
                                 required: ["deleted"]),
             annotations: .init(readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false)),
        Tool(name: "list_categories", title: "List tag categories",
             description: """
                 Tag categories (a tag with a display name, icon and colour, in the user's order) and every tag \
                 with its open-task count: {"categories": [...], "tags": [...]}.
                 """,
             inputSchema: schema([:]),
             annotations: .init(readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false)),
        Tool(name: "set_category", title: "Create or change a tag category",
             description: """
                 Give tag `tag` a category's name, icon (an emoji) and/or colour (#RRGGBB); creates the category \
                 when the tag has none. An empty string removes the icon or colour. Returns the category.
                 """,
             inputSchema: schema(["tag": string("The tag (without #)."), "name": string("Display name."),
                                  "icon": string("An emoji, or \"\" to remove it."),
                                  "color": string("#RRGGBB, or \"\" to remove it.")], required: ["tag"]),
             annotations: .init(readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false)),
        Tool(name: "remove_category", title: "Remove a tag category",
             description: "Remove a tag's category (name, icon, colour); the tasks keep the tag.",
             inputSchema: schema(["tag": string("The tag or the category's name.")], required: ["tag"]),
             annotations: .init(readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false)),
        Tool(name: "plan_add", title: "Add a task straight into the day plan",
             description: """
                 Create a task in a bucket of a day's 1–3–5 board (`text` a quick-entry line, and/or `title` and \
                 fields); a full bucket refuses it before anything is written. Returns the TASK.
                 """,
             inputSchema: schema(["text": string("A quick-entry line."),
                                  "region": ["type": "string", "enum": ["morning", "afternoon", "evening"]],
                                  "bucket": ["type": "string", "enum": ["must", "complementary", "misc"]],
                                  "date": string("The day (default today).")]
                                     .merging(fieldProperties(nullable: false)) { a, _ in a }),
             annotations: .init(readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false)),
        Tool(name: "plan_review", title: "The end-of-day review",
             description: "The day's board for the evening review: {\"date\", \"open\", \"done\", \"total\", \"review_time\", \"tasks\"}.",
             inputSchema: schema([:]),
             annotations: .init(readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false)),
        Tool(name: "reorder", title: "Reorder planned tasks, perspectives, categories or projects",
             description: """
                 Change an order the user sees: `kind` "planned" (a task within its bucket; `item` and `before` \
                 are tasks), "perspective" (ids), "category" (tags), or "projects" (give the whole order in \
                 `order`). Without `before` the item goes last.
                 """,
             inputSchema: schema(["kind": ["type": "string", "enum": ["planned", "perspective", "category", "projects"]],
                                  "item": string("What moves."), "before": string("Put it before this one."),
                                  "order": ["type": "array", "items": ["type": "string"], "description": "For projects: every project name in order."]],
                                 required: ["kind"]),
             annotations: .init(readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false)),
        Tool(name: "set_theme", title: "Set the web app's theme",
             description: """
                 Choose the web app's theme: `preset` (classic, focus, minimal, system, ink, dark-pro) and optional \
                 colour `overrides` ({"accent": "#4A90D9", …}). Returns the theme.
                 """,
             inputSchema: schema(["preset": string("A preset name."),
                                  "overrides": ["type": "object", "description": "Colours by key: accent, background, surface, text, muted, border, overdue, success."]]),
             annotations: .init(readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false)),
        Tool(name: "unplan_task", title: "Take a task off the day plan",
             description: """
                 Take a task off its day on the 1–3–5 board and put it in the planner's backlog (to move a task \
                 to another region or bucket, plan it again with plan_day). Returns the TASK.
                 """,
             inputSchema: schema(["task": string("The task's id or part of its title.")], required: ["task"]),
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
        Tool(name: "start_timer", title: "Start a timer",
             description: """
                 Start tracking time on a task (§27): appends {start: now, end: null, note} to its time_entries. \
                 One timer runs per vault: a timer running on another task is stopped first. Returns \
                 {"timer": {"task": TASK, "start", "note", "elapsed_minutes"}, "stopped": [TASK]}.
                 """,
             inputSchema: schema(["task": string("The task's id or part of its title."),
                                  "note": string("What the time is for (optional).")],
                                 required: ["task"]),
             annotations: .init(readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false)),
        Tool(name: "stop_timer", title: "Stop the timer",
             description: """
                 Stop the running timer: its entry gets end = now. Returns {"stopped": [TASK]} (empty when no \
                 timer ran).
                 """,
             inputSchema: schema([:]),
             annotations: .init(readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false)),
        Tool(name: "time_report", title: "Tracked time",
             description: """
                 Time tracked from `from` to `to` (local days, inclusive; default the last 7 days ending today), \
                 grouped by project, area, tag or day: {"from", "to", "by", "rows": [{"key", "minutes"}], \
                 "total_minutes"}, rows largest first, tasks without a value under "".
                 """,
             inputSchema: schema(["from": string("The first day: YYYY-MM-DD or a phrase (\"monday\")."),
                                  "to": string("The last day: YYYY-MM-DD or a phrase (default today)."),
                                  "by": ["type": "string", "enum": ["project", "area", "tag", "day"],
                                         "description": "How to group (default project)."]]),
             annotations: .init(readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false)),
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
        Tool(name: "list_notes", title: "List notes",
             description: "The vault's notes (Notes/): {\"notes\": [NOTE…]}, pinned first, each with an id, title and snippet.",
             inputSchema: schema([:]),
             annotations: .init(readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false)),
        Tool(name: "read_note", title: "Read a note",
             description: "One NOTE with its Markdown body, and the tasks made from its lines: {\"note\", \"tasks\"}.",
             inputSchema: schema(["note": string("The note's id or part of its title.")], required: ["note"]),
             annotations: .init(readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false)),
        Tool(name: "create_note", title: "Create a note",
             description: "Create a note in Notes/ with a title and an optional Markdown body. Returns the NOTE.",
             inputSchema: schema(["title": string("The note's title."), "body": string("Its Markdown body."),
                                  "pinned": ["type": "boolean", "description": "Pin it to the top."]],
                                 required: ["title"]),
             annotations: .init(readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false)),
        Tool(name: "append_to_note", title: "Append a line to a note",
             description: "Add one line at the end of a note's body (nothing else in the file changes). Returns the NOTE.",
             inputSchema: schema(["note": string("The note's id or part of its title."),
                                  "line": string("The line to add (no line breaks), e.g. \"- [ ] Call the venue\".")],
                                 required: ["note", "line"]),
             annotations: .init(readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false)),
        Tool(name: "task_from_note_line", title: "Make a task from a note's line",
             description: """
                 Make a task from line `line` (1-based) of a note: its text without Markdown markers is the title; \
                 the task links back to the note and the line (`note`, `note_line`) and the line gets a \
                 [[wikilink]] to the task. Returns the TASK.
                 """,
             inputSchema: schema(["note": string("The note's id or part of its title."),
                                  "line": ["type": "integer", "minimum": 1, "description": "The line's number, from 1."]],
                                 required: ["note", "line"]),
             annotations: .init(readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false)),
        Tool(name: "list_tags", title: "List tags",
             description: "Tags with their number of open tasks: {\"tags\": [{\"name\", \"count\"}]}.",
             inputSchema: schema([:]),
             annotations: .init(readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false)),
    ]

    // MARK: - Schema pieces

    /// An object schema with `properties` and `required`; no other keys are accepted.
    static func schema(_ properties: [String: Value], required: [String] = []) -> Value {
        var object: [String: Value] = ["type": "object", "properties": .object(properties)]
        if !required.isEmpty { object["required"] = .array(required.map(Value.string)) }
        return .object(object)
    }

    static func string(_ description: String) -> Value {
        ["type": "string", "description": .string(description)]
    }

    /// The §3 fields an agent may set, by their file keys, from the core's field table (the
    /// day plan is set with `plan_day`, note links by the notes); `nullable` for updates, where
    /// null clears.
    static func fieldProperties(nullable: Bool) -> [String: Value] {
        var properties: [String: Value] = [:]
        for spec in TaskFieldSpec.table where spec.role == .user {
            properties[spec.key] = property(spec, nullable: nullable)
        }
        properties["body"] = typed(["string"], "The Markdown notes under the frontmatter.", nullable: nullable)
        return properties
    }

    /// The JSON schema of one field.
    static func property(_ spec: TaskFieldSpec, nullable: Bool) -> Value {
        switch spec.kind {
        case .text, .rule, .date, .timedDate, .dateTime:
            return typed(["string"], spec.summary, nullable: nullable)
        case let .choice(values):
            var object = typed(["string"], spec.summary, nullable: nullable)
            if case var .object(fields) = object {
                fields["enum"] = .array(values.map(Value.string) + (nullable ? [.null] : []))
                object = .object(fields)
            }
            return object
        case .flag:
            return typed(["boolean"], spec.summary, nullable: nullable)
        case .count:
            return typed(["integer"], spec.summary, nullable: nullable)
        case .minutes:
            return typed(["integer", "string"], spec.summary, nullable: nullable)
        case .list:
            var object = typed(["array", "string"], spec.summary, nullable: nullable)
            if case var .object(fields) = object {
                fields["items"] = ["type": "string"]
                object = .object(fields)
            }
            return object
        case .reminders:
            var object = typed(["array", "string"], spec.summary, nullable: nullable)
            if case var .object(fields) = object {
                // A reminder string, or TaskNotes' reminder object (§24).
                fields["items"] = ["type": ["string", "object"]]
                object = .object(fields)
            }
            return object
        case .references:
            var object = typed(["array", "string"], spec.summary, nullable: nullable)
            if case var .object(fields) = object {
                // A task reference, or TaskNotes' dependency object (§23).
                fields["items"] = ["type": ["string", "object"]]
                object = .object(fields)
            }
            return object
        case .timeEntries:
            var object = typed(["array"], spec.summary, nullable: nullable)
            if case var .object(fields) = object {
                // `{start, end, note}` (§27).
                fields["items"] = ["type": "object",
                                   "properties": ["start": ["type": "string"], "end": ["type": ["string", "null"]],
                                                  "note": ["type": ["string", "null"]]],
                                   "required": ["start"]]
                object = .object(fields)
            }
            return object
        }
    }

    /// `{"type": …, "description": …}`; several types (or null) as a list.
    static func typed(_ types: [String], _ description: String, nullable: Bool) -> Value {
        let all = types + (nullable ? ["null"] : [])
        return ["type": all.count == 1 ? .string(all[0]) : .array(all.map(Value.string)),
                "description": .string(description)]
    }
}
