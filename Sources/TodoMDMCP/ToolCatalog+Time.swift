import MCP

extension ToolCatalog {
    /// Time (§25, §27): calendars, the agenda and free time, timers, tracked time and insights.
    static let timeTools: [Tool] = [
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
    ]
}
