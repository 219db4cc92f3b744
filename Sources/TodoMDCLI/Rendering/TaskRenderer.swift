import Foundation
import TodoMDKit

/// Human output for tasks: aligned rows, relative dates, colour on a terminal.
struct TaskRenderer {
    let style: TerminalStyle
    /// The local date and time now: a timed `due` that has passed is overdue (§24).
    let now: TaskDate
    /// The vault's time zone, for instants shown as local times (a running timer's start);
    /// nil shows them in UTC.
    var timeZone: TimeZone?
    var today: LocalDate { now.date }

    static let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `Fri 27 Nov` (with the year when it is not this year).
    func day(_ d: LocalDate) -> String {
        let base = "\(TaskRenderer.weekdays[d.weekday - 1]) \(d.day) \(TaskRenderer.months[d.month - 1])"
        return d.year == today.year ? base : base + " \(d.year)"
    }

    /// `today`, `tomorrow`, `yesterday`, `in 3 days`, `2 days ago`, or the day.
    func relative(_ d: LocalDate) -> String {
        let n = today.days(until: d)
        switch n {
        case 0: return "today"
        case 1: return "tomorrow"
        case -1: return "yesterday"
        case 2...6: return "in \(n) days"
        case -6 ... -2: return "\(-n) days ago"
        default: return day(d)
        }
    }

    /// `today 15:00`, `tomorrow`, `Fri 27 Nov 09:30`: ``relative(_:)`` of the date, then its time.
    func relative(_ d: TaskDate) -> String {
        relative(d.date) + (d.time.map { " \($0)" } ?? "")
    }

    func marker(_ status: TaskStatus) -> String {
        switch status {
        case .todo: return "○"
        case .inProgress: return style.blue("◐")
        case .done: return style.green("●")
        case .cancelled: return style.dim("✕")
        case .someday: return style.dim("◌")
        }
    }

    /// Display width, counting characters (good enough for the Latin scripts of task titles).
    static func width(_ s: String) -> Int { s.count }

    static func truncate(_ s: String, _ max: Int) -> String {
        s.count <= max ? s : String(s.prefix(max - 1)) + "…"
    }

    /// The rows of a listing, with group headers and counts; `detail` gives a line to show
    /// under a row (a search's snippet).
    func render(_ listing: Listing, detail: (TaskRow) -> String? = { _ in nil }) -> String {
        let total = Set(listing.tasks.map(\.id)).count
        var out = style.bold(listing.name) + style.dim("  \(total) task\(total == 1 ? "" : "s")") + "\n"
        let titleWidth = min(48, listing.tasks.map { TaskRenderer.width($0.title) }.max() ?? 0)
        if total == 0 {
            out += style.dim("  Nothing here.") + "\n"
            return out
        }
        for group in listing.groups {
            if !group.name.isEmpty {
                out += "\n" + style.bold(group.name) + style.dim(" (\(group.tasks.count))") + "\n"
            }
            // Children follow their parent (the core's order), indented; a child whose parent
            // is not listed names it (§23).
            for (task, depth) in zip(group.tasks, Nesting.depths(group.tasks)) {
                let crumb = depth == 0 ? task.links.parentID.flatMap { listing.parents[$0] } : nil
                out += row(task, titleWidth: titleWidth, depth: depth, breadcrumb: crumb) + "\n"
                if let line = detail(task) { out += "      " + String(repeating: "  ", count: depth) + line + "\n" }
            }
        }
        if let more = listing.total.map({ $0 - listing.rowCount }), more > 0 {
            out += "\n" + style.dim("  … and \(more) more") + "\n"
        }
        return out
    }

    func row(_ t: TaskRow, titleWidth: Int, depth: Int = 0, breadcrumb: String? = nil) -> String {
        let indent = String(repeating: "  ", count: min(depth, 8))
        let title = TaskRenderer.truncate(t.title, max(12, 48 - indent.count))
        let padded = title + String(repeating: " ", count: max(0, titleWidth - indent.count - TaskRenderer.width(title)))
        var meta: [String] = []
        if let progress = t.links.progress { meta.append(style.cyan("\(progress.done)/\(progress.total)")) }
        if let list = t.links.checklist { meta.append(style.dim("☑ \(list.done)/\(list.total)")) }
        if t.links.blocked, !t.status.isClosed { meta.append(style.yellow("⧗ blocked")) }
        if let breadcrumb { meta.append(style.dim("↳ \(TaskRenderer.truncate(breadcrumb, 30))")) }
        if t.flagged { meta.append(style.yellow("⚑")) }
        switch t.priority {
        case .high: meta.append(style.red("!high"))
        case .medium: meta.append(style.yellow("!medium"))
        case .low: meta.append(style.dim("!low"))
        case .none: break
        }
        if let due = t.dueAt {
            let text = "due \(relative(due))"
            // Overdue is informational, not alarming: yellow, not red.
            meta.append(t.task.isOverdue(at: now) ? style.yellow(text) : text)
        }
        if let s = t.scheduledAt, s != t.dueAt { meta.append(style.cyan("scheduled \(relative(s))")) }
        if let d = t.deferAt, d.date > today || (d.date == today && d.time != nil) {
            meta.append(style.dim("deferred to \(relative(d))"))
        }
        if let p = t.project { meta.append(style.magenta("+\(p)")) } else if let a = t.area { meta.append(style.magenta("@\(a)")) }
        if !t.tags.isEmpty { meta.append(style.blue(t.tags.map { "#\($0)" }.joined(separator: " "))) }
        if let m = t.estimatedMinutes { meta.append(style.dim("~\(TaskRenderer.duration(m))")) }
        if t.recurrence != nil { meta.append(style.dim("↻")) }
        if t.source != "user" { meta.append(style.dim("[\(t.source)]")) }
        if t.warningCount > 0 { meta.append(style.yellow("⚠")) }
        let stem = t.filename.hasSuffix(".md") ? String(t.filename.dropLast(3)) : t.filename
        let titleText = t.status.isClosed ? style.dim(padded) : padded
        return "  \(indent)\(marker(t.status)) \(titleText)  \(meta.joined(separator: "  "))"
            .trimmingTrailingSpaces() + "  " + style.dim(stem)
    }

    /// "every 2 weeks on Monday and Wednesday · next Mon 23 Nov, Wed 25 Nov, Mon 7 Dec".
    func repeats(_ text: String, _ t: TodoTask) -> String {
        guard let rule = try? RecurrenceRule(parsing: text) else { return "\(text) (not a valid rule: it will not repeat)" }
        var out = rule.describe()
        if t.recurrenceMode == .afterCompletion { out += ", counted from completion" }
        // The next dates: after the anchor (or today, for after-completion rules and undated tasks).
        let anchor = t.recurrenceMode == .afterCompletion ? today : (t.due ?? t.scheduled ?? t.deferDate ?? today)
        var dates: [LocalDate] = []
        var cursor = anchor
        let limit = min(3, rule.count.map { $0 - 1 } ?? 3)
        while dates.count < limit, let next = rule.nextOccurrence(after: cursor, start: anchor) {
            dates.append(next)
            cursor = next
        }
        if !dates.isEmpty { out += " · next " + dates.map(day).joined(separator: ", ") }
        return out
    }

    static func duration(_ minutes: Int) -> String {
        if minutes < 60 { return "\(minutes)m" }
        let h = minutes / 60, m = minutes % 60
        return m == 0 ? "\(h)h" : "\(h)h\(m)m"
    }

    /// Every field of one task, then its body; its subtasks and the tasks it waits for by title
    /// where `subtasks` and `blockers` hold them.
    func render(_ t: TodoTask, subtasks: [TodoTask] = [], blockers: [TodoTask] = []) -> String {
        var rows: [(String, String)] = []
        rows.append(("status", t.status.rawValue))
        if let d = t.dueAt { rows.append(("due", "\(d) (\(relative(d)))")) }
        if let d = t.deferAt { rows.append(("defer", "\(d) (\(relative(d)))")) }
        if let d = t.scheduledAt { rows.append(("scheduled", "\(d) (\(relative(d)))")) }
        if t.priority != .none { rows.append(("priority", t.priority.rawValue)) }
        if t.flagged { rows.append(("flagged", "yes")) }
        if let a = t.area { rows.append(("area", a)) }
        if let p = t.project { rows.append(("project", p)) }
        if !t.tags.isEmpty { rows.append(("tags", t.tags.joined(separator: ", "))) }
        if let r = t.recurrence { rows.append(("repeats", repeats(r, t))) }
        if let m = t.estimatedMinutes { rows.append(("estimate", TaskRenderer.duration(m))) }
        if let p = t.parent { rows.append(("parent", p + (t.links.parentID == nil ? " (not found)" : ""))) }
        if let p = t.links.progress { rows.append(("subtasks", "\(p.done)/\(p.total) done")) }
        if !t.blockedBy.isEmpty { rows.append(("blocked by", t.blockedBy.joined(separator: ", "))) }
        if t.links.blocked, !t.status.isClosed {
            let named = Dictionary(blockers.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            rows.append(("waiting for", t.links.blockers.map { id in
                let file = String(id.split(separator: "/").last ?? "")
                return named[id].map { "\($0.title) (\(file))" } ?? file
            }.joined(separator: ", ")))
        }
        if t.sequential { rows.append(("sequential", "yes")) }
        if !t.reminders.isEmpty {
            rows.append(("reminders", t.reminders.map { TaskReminder($0)?.summary ?? $0 }.joined(separator: ", ")))
        }
        if t.nag { rows.append(("nags", "every \(t.nagInterval ?? Reminders.defaultNagInterval) min")) }
        if let s = t.snoozedUntil { rows.append(("snoozed until", s.description)) }
        if let c = t.links.checklist { rows.append(("checklist", "\(c.done)/\(c.total) checked")) }
        if !t.timeEntries.isEmpty {
            // A running timer counts up to when the vault read the task (§27).
            let asOf = t.links.asOf ?? .distantPast
            let count = t.timeEntryItems.count
            rows.append(("tracked", TaskRenderer.duration(t.timeSpentMinutes(at: asOf)) + " in \(count) entr" + (count == 1 ? "y" : "ies")))
            if let running = t.runningTimeEntry {
                let elapsed = TaskRenderer.duration(Int(running.seconds(now: asOf) / 60))
                let since = timeZone.map { zone -> String in
                    let local = TaskDate(instant: running.start, in: zone)
                    return local.date == today ? local.time?.description ?? local.description : local.description
                } ?? DateTimeFormat.string(running.start)
                rows.append(("timer", style.green("running") + " for \(elapsed), since \(since)" + (running.note.map { " (\($0))" } ?? "")))
            }
        }
        if let d = t.description { rows.append(("description", d)) }
        rows.append(("created", DateTimeFormat.string(t.created)))
        if let m = t.modified { rows.append(("modified", DateTimeFormat.string(m))) }
        if let c = t.completed { rows.append(("completed", DateTimeFormat.string(c))) }
        rows.append(("source", t.source))
        if let r = t.region { rows.append(("region", r.rawValue + (t.bucket.map { " / \($0.rawValue)" } ?? ""))) }
        if let p = t.planDate { rows.append(("plan date", p.description)) }
        for extra in t.extra { rows.append((extra.key, extra.value.compact())) }
        rows.append(("id", t.id))
        let width = rows.map { $0.0.count }.max() ?? 0
        var out = "\(marker(t.status)) " + style.bold(t.title) + "\n"
        for (k, v) in rows {
            out += "  " + style.dim(k + String(repeating: " ", count: width - k.count)) + "  " + v + "\n"
        }
        for w in t.warnings + t.links.warnings { out += "  " + style.yellow("⚠ " + w) + "\n" }
        if !t.links.children.isEmpty {
            out += "  " + style.dim("subtasks") + "\n"
            let known = Dictionary(subtasks.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            for child in t.links.children {
                guard let c = known[child] else {
                    out += "    " + style.dim("· ") + child + "\n"
                    continue
                }
                var line = "    \(marker(c.status)) \(c.title)"
                if c.links.blocked, !c.status.isClosed { line += "  " + style.dim("waiting") }
                if let d = c.dueAt, !c.status.isClosed { line += "  due " + relative(d) }
                out += line + "  " + style.dim(c.filename) + "\n"
            }
        }
        let items = Checklist.items(in: t.body)
        if !items.isEmpty {
            out += "  " + style.dim("checklist") + "\n"
            for (n, item) in items.enumerated() {
                out += "    \(n + 1). " + (item.checked ? style.green("[x]") : "[ ]") + " " + item.text + "\n"
            }
        }
        if !t.body.isEmpty {
            out += "\n" + t.body
            if !t.body.hasSuffix("\n") { out += "\n" }
        }
        return out
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var s = self
        while s.hasSuffix(" ") { s.removeLast() }
        return s
    }
}
