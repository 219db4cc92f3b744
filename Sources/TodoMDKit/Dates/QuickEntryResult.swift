import Foundation

/// What one quick-entry line (§12) says about a new task: a draft task holding the fields the
/// line set, read and written as on ``TodoTask`` (`result.due`, `result.tags`).
///
/// Produced by ``QuickEntry/parse(_:today:now:knownProjects:knownAreas:firstOccurrence:)``; fields the
/// line did not set keep the task defaults (`priority` none, `flagged` false, no tags).
@dynamicMemberLookup
public struct QuickEntryResult: Sendable, Equatable {
    /// The fields the line set. Its title is the words left once every token and phrase is
    /// taken out, single-spaced (possibly empty); `created` and `source` are placeholders.
    public var draft: TodoTask

    /// A result with only a title.
    public init(title: String) {
        draft = TodoTask(title: title, created: Date(timeIntervalSince1970: 0), source: "")
    }

    /// A result with the fields a line can set; every field but the title defaults to unset.
    public init(title: String, due: LocalDate? = nil, deferDate: LocalDate? = nil,
                scheduled: LocalDate? = nil, priority: Priority = .none, flagged: Bool = false,
                area: String? = nil, project: String? = nil, tags: [String] = [],
                estimatedMinutes: Int? = nil, recurrence: String? = nil) {
        self.init(title: title)
        draft.due = due
        draft.deferDate = deferDate
        draft.scheduled = scheduled
        draft.priority = priority
        draft.flagged = flagged
        draft.area = area
        draft.project = project
        draft.tags = tags
        draft.estimatedMinutes = estimatedMinutes
        draft.recurrence = recurrence
    }

    public subscript<T>(dynamicMember path: WritableKeyPath<TodoTask, T>) -> T {
        get { draft[keyPath: path] }
        set { draft[keyPath: path] = newValue }
    }

    // MARK: - Preview

    /// A one-line summary of everything but the title, shown before saving, such as
    /// `due Fri 27 Nov 15:00 · #errands · +Meal Prep · !high · ~15m · every week`.
    ///
    /// Order: due, scheduled, defer, tags, area, project, priority, flag, estimate, recurrence,
    /// reminders, then what the line's reading warns about.
    /// Dates carry their year only when it is not the year of `today`. Empty when nothing was set.
    public func preview(today: LocalDate) -> String {
        let t = draft
        var parts: [String] = []
        if let due = t.dueAt { parts.append("due \(due.shortDescription(today: today))") }
        if let scheduled = t.scheduledAt { parts.append("scheduled \(scheduled.shortDescription(today: today))") }
        if let deferDate = t.deferAt { parts.append("defer \(deferDate.shortDescription(today: today))") }
        if !t.tags.isEmpty { parts.append(t.tags.map { "#\($0)" }.joined(separator: " ")) }
        if let area = t.area { parts.append("@\(area)") }
        if let project = t.project { parts.append("+\(project)") }
        if t.priority != .none { parts.append("!\(t.priority.rawValue)") }
        if t.flagged { parts.append("flagged") }
        if let minutes = t.estimatedMinutes { parts.append("~" + QuickEntry.estimateText(minutes)) }
        if let rule = t.recurrence { parts.append(RecurrencePhrase.describe(rule) ?? "repeats \(rule)") }
        parts += t.reminders.compactMap { TaskReminder($0).map { "remind \($0.summary)" } }
        parts += t.warnings
        return parts.joined(separator: " · ")
    }
}

extension QuickEntryResult {
    /// A new task with what the line said (the CLI, the web app and MCP all start from this).
    public func task(created: Date, source: String) -> TodoTask {
        var t = draft
        t.created = created
        t.source = source
        return t
    }
}
