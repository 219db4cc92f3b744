import MCP

extension ToolCatalog {
    /// The day planner and perspectives: plan, review, reorder; build, change and delete perspectives.
    static let planTools: [Tool] = [
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
        Tool(name: "unplan_task", title: "Take a task off the day plan",
             description: """
                 Take a task off its day on the 1–3–5 board and put it in the planner's backlog (to move a task \
                 to another region or bucket, plan it again with plan_day). Returns the TASK.
                 """,
             inputSchema: schema(["task": string("The task's id or part of its title.")], required: ["task"]),
             annotations: .init(readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false)),
    ]
}
