extension Insights {
    /// The insights as the JSON of `todomd stats --json`, `GET /api/v1/stats` and MCP `get_stats`:
    ///
    /// `{"from", "to", "weeks", "completed_per_day": {DATE: n} (every day, oldest first),
    /// "completed_by_area": {AREA: n}, "completed_by_project": {PROJECT: n}` (largest first, `""`
    /// for none), `"must_do_streak": n, "must_do_today": {"planned", "done"},
    /// "average_carry_count": x, "carried_tasks": n, "completed_total": n,
    /// "this_week": {"from", "to", "completed"}, "last_week": {…}, "estimate_vs_tracked":
    /// [{"id", "title", "estimated_minutes", "tracked_minutes"}]}`.
    public var json: JSONValue {
        func counts(_ rows: [KeyCount]) -> JSONValue {
            .object(rows.map { ($0.key, .number(Double($0.count))) })
        }
        func week(_ w: Week) -> JSONValue {
            .object([("from", .string(w.from.description)), ("to", .string(w.to.description)),
                     ("completed", .number(Double(w.completed)))])
        }
        return .object([
            ("from", .string(from.description)),
            ("to", .string(to.description)),
            ("weeks", .number(Double(weeks))),
            ("completed_per_day", .object(completedPerDay.map { ($0.date.description, .number(Double($0.count))) })),
            ("completed_by_area", counts(completedByArea)),
            ("completed_by_project", counts(completedByProject)),
            ("must_do_streak", .number(Double(streak.length))),
            ("must_do_today", .object([("planned", .number(Double(streak.today.planned))),
                                       ("done", .number(Double(streak.today.done)))])),
            ("average_carry_count", .number(averageCarryCount)),
            ("carried_tasks", .number(Double(carriedTasks))),
            ("completed_total", .number(Double(completedTotal))),
            ("this_week", week(thisWeek)),
            ("last_week", week(lastWeek)),
            ("estimate_vs_tracked", .array(estimates.map { e in
                .object([("id", .string(e.id)), ("title", .string(e.title)),
                         ("estimated_minutes", .number(Double(e.estimatedMinutes))),
                         ("tracked_minutes", .number(Double(e.trackedMinutes)))])
            })),
        ])
    }
}
