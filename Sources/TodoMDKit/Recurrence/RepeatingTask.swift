import Foundation

/// What completing a repeating task creates (§11, §21): the next task in the series.
public enum RepeatingTask {
    /// The successor of `task`, completed on `completedOn`, or nil when the series ends
    /// (`COUNT=1`, past `UNTIL`, an invalid rule, or no further occurrence).
    ///
    /// - Anchor: `due`, else `scheduled`, else `defer`; with none, today (and the new task gets `due`).
    /// - `fixed`: the first occurrence strictly after the anchor — and, with `catchUp` (§24), after
    ///   `today` too — the rule started at the anchor; `after_completion`: strictly after the
    ///   completion date, the rule started there; `defer_another`: the same date becomes the new
    ///   `defer` (the old `defer`, else the anchor, is what moves).
    /// - Every date the task had moves by the anchor's shift, keeping its time of day (§24);
    ///   `COUNT=n` becomes `n-1`.
    /// - The successor keeps title, description, area, project, tags, priority, flagged,
    ///   estimate, body, source, recurrence and mode; it is `todo`, created `now`.
    public static func successor(of task: TodoTask, completedOn: LocalDate, today: LocalDate, now: Date,
                                 catchUp: Bool = true) -> TodoTask? {
        guard let text = task.recurrence, let rule = try? RecurrenceRule(parsing: text) else { return nil }
        if rule.count == 1 { return nil }
        let anchor = task.due ?? task.scheduled ?? task.deferDate
        var base = anchor ?? today
        let next: LocalDate?
        switch task.recurrenceMode {
        case .fixed:
            // Catching up (§24): never a successor that is overdue already — the first occurrence
            // after both the anchor and today, on the rule's own pattern from the anchor.
            let after = catchUp && today > base ? today : base
            next = rule.nextOccurrence(after: after, start: base)
        case .afterCompletion:
            next = rule.nextOccurrence(after: completedOn, start: completedOn)
        case .deferAnother:
            next = rule.nextOccurrence(after: completedOn, start: completedOn)
            // `defer` is what moves to the next occurrence; a task without one gets one.
            base = task.deferDate ?? base
        }
        guard let next else { return nil }
        let shift = base.days(until: next)
        var successor = TodoTask(title: task.title, status: .todo, created: now, source: task.source)
        successor.description = task.description
        successor.area = task.area
        successor.project = task.project
        successor.tags = task.tags
        successor.priority = task.priority
        successor.flagged = task.flagged
        successor.estimatedMinutes = task.estimatedMinutes
        // A fresh occurrence: its checklist starts unchecked (§23); its place in the structure stays.
        successor.body = Checklist.unchecking(task.body)
        successor.parent = task.parent
        successor.blockedBy = task.blockedBy
        successor.sequential = task.sequential
        // Reminders relative to the dates move with them; an absolute time was for this
        // occurrence, and a snooze for this one too (§24).
        successor.reminders = task.reminders.filter { item in
            guard let reminder = TaskReminder(item) else { return true }
            if case .relative = reminder.when { return true }
            return false
        }
        successor.nag = task.nag
        successor.nagInterval = task.nagInterval
        successor.recurrenceMode = task.recurrenceMode
        successor.recurrence = rule.count.map { RecurrenceRule.settingCount($0 - 1, in: text) } ?? text
        if task.recurrenceMode == .deferAnother {
            successor.deferDate = next
            successor.due = task.due?.adding(days: shift)
            successor.scheduled = task.scheduled?.adding(days: shift)
        } else if anchor == nil {
            successor.due = next
        } else {
            successor.due = task.due?.adding(days: shift)
            successor.scheduled = task.scheduled?.adding(days: shift)
            successor.deferDate = task.deferDate?.adding(days: shift)
        }
        // A time of day stays with its field (§24): the 9:30 stand-up is at 9:30 again. A field
        // the successor gets anew (a `defer` for `defer_another`, a `due` for a task without
        // dates) has none, as the task had none there.
        if successor.due != nil { successor.dueTime = task.dueTime }
        if successor.scheduled != nil { successor.scheduledTime = task.scheduledTime }
        if successor.deferDate != nil { successor.deferTime = task.deferTime }
        return successor
    }
}

extension TodoTask {
    /// Gives a repeating task without any date its rule's first occurrence on or after `today`
    /// as `due` (§21); changes nothing for a task with a date, without a rule, or with a rule
    /// that has no such occurrence.
    public mutating func dateFirstOccurrence(onOrAfter today: LocalDate) {
        guard let rule = recurrence, due == nil, scheduled == nil, deferDate == nil else { return }
        due = RecurrenceInput.firstOccurrence(rule, onOrAfter: today)
    }
}
