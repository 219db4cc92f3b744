import Foundation

/// The TASK object of §19/§21, written by hand for speed and a fixed key order.
public enum TaskJSON {
    /// TASK as compact JSON text: `id`, every frontmatter field (absent `null`, `tags` `[]`,
    /// defaults reported), `body`, `warnings`, and unknown keys under `extra`.
    public static func encode(_ t: TodoTask) -> String {
        var o = "{"
        o.reserveCapacity(768 + t.body.utf8.count + (t.description?.utf8.count ?? 0))
        var first = true
        // Keys are plain ASCII: no escaping needed.
        func key(_ k: String) {
            if first { first = false } else { o += "," }
            o += "\"" + k + "\":"
        }
        func str(_ k: String, _ v: String?) { key(k); if let v { JSONValue.quote(v, into: &o) } else { o += "null" } }
        func date(_ k: String, _ v: LocalDate?) { str(k, v?.description) }
        func time(_ k: String, _ v: Date?) { str(k, v.map(DateTimeFormat.string)) }
        func int(_ k: String, _ v: Int?) { key(k); o += v.map(String.init) ?? "null" }
        str("id", t.id)
        str("title", t.title)
        str("status", t.status.rawValue)
        date("due", t.due)
        date("defer", t.deferDate)
        date("scheduled", t.scheduled)
        str("priority", t.priority.rawValue)
        key("flagged"); o += t.flagged ? "true" : "false"
        str("area", t.area)
        str("project", t.project)
        key("tags"); o += "["
        for (i, tag) in t.tags.enumerated() { if i > 0 { o += "," }; JSONValue.quote(tag, into: &o) }
        o += "]"
        str("recurrence", t.recurrence)
        str("recurrence_mode", t.recurrenceMode.rawValue)
        int("estimated_minutes", t.estimatedMinutes)
        str("description", t.description)
        time("created", t.created)
        time("modified", t.modified)
        time("completed", t.completed)
        str("source", t.source)
        str("region", t.region?.rawValue)
        str("bucket", t.bucket?.rawValue)
        date("plan_date", t.planDate)
        int("carry_count", t.carryCount)
        date("backlog_since", t.backlogSince)
        str("note", t.note)
        int("note_line", t.noteLine)
        str("body", t.body)
        key("warnings"); o += "["
        for (i, w) in t.warnings.enumerated() { if i > 0 { o += "," }; JSONValue.quote(w, into: &o) }
        o += "]"
        key("extra"); o += JSONValue.object(t.extra.map { ($0.key, $0.value) }).compact()
        o += "}"
        return o
    }
}
