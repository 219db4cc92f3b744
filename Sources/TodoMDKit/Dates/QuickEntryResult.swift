import Foundation

/// What one quick-entry line (§12) says about a new task.
///
/// Produced by ``QuickEntry/parse(_:today:knownProjects:knownAreas:firstOccurrence:)``; fields the
/// line did not set keep the task defaults (`priority` none, `flagged` false, no tags).
public struct QuickEntryResult: Sendable, Equatable {
    /// The words left once every token and phrase is taken out, single-spaced; may be empty.
    public var title: String
    /// The due date.
    public var due: LocalDate?
    /// The defer (start) date.
    public var deferDate: LocalDate?
    /// The scheduled date.
    public var scheduled: LocalDate?
    /// The priority; ``Priority/none`` when the line has none.
    public var priority: Priority
    /// Whether `!flag` was given.
    public var flagged: Bool
    /// The area, spelled as the existing area when one matched.
    public var area: String?
    /// The project, spelled as the existing project when one matched.
    public var project: String?
    /// Tags in the order they were typed, without `#`, each once.
    public var tags: [String]
    /// The estimate in minutes.
    public var estimatedMinutes: Int?
    /// The RRULE of an `every …` phrase, without `RRULE:`.
    public var recurrence: String?

    /// Creates a result; every field but the title defaults to unset.
    public init(title: String, due: LocalDate? = nil, deferDate: LocalDate? = nil,
                scheduled: LocalDate? = nil, priority: Priority = .none, flagged: Bool = false,
                area: String? = nil, project: String? = nil, tags: [String] = [],
                estimatedMinutes: Int? = nil, recurrence: String? = nil) {
        self.title = title
        self.due = due
        self.deferDate = deferDate
        self.scheduled = scheduled
        self.priority = priority
        self.flagged = flagged
        self.area = area
        self.project = project
        self.tags = tags
        self.estimatedMinutes = estimatedMinutes
        self.recurrence = recurrence
    }

    // MARK: - Preview

    /// A one-line summary of everything but the title, shown before saving, such as
    /// `due Fri 27 Nov · #errands · +Meal Prep · !high · ~15m · every week`.
    ///
    /// Order: due, scheduled, defer, tags, area, project, priority, flag, estimate, recurrence.
    /// Dates carry their year only when it is not the year of `today`. Empty when nothing was set.
    public func preview(today: LocalDate) -> String {
        var parts: [String] = []
        if let due { parts.append("due \(due.shortDescription(today: today))") }
        if let scheduled { parts.append("scheduled \(scheduled.shortDescription(today: today))") }
        if let deferDate { parts.append("defer \(deferDate.shortDescription(today: today))") }
        if !tags.isEmpty { parts.append(tags.map { "#\($0)" }.joined(separator: " ")) }
        if let area { parts.append("@\(area)") }
        if let project { parts.append("+\(project)") }
        if priority != .none { parts.append("!\(priority.rawValue)") }
        if flagged { parts.append("flagged") }
        if let estimatedMinutes { parts.append("~" + QuickEntry.estimateText(estimatedMinutes)) }
        if let recurrence { parts.append(RecurrencePhrase.describe(recurrence) ?? "repeats \(recurrence)") }
        return parts.joined(separator: " · ")
    }
}

extension QuickEntryResult {
    /// A new task with what the line said (the CLI, the web app and MCP all start from this).
    public func task(created: Date, source: String) -> TodoTask {
        var t = TodoTask(title: title, created: created, source: source)
        t.due = due
        t.deferDate = deferDate
        t.scheduled = scheduled
        t.priority = priority
        t.flagged = flagged
        t.area = area
        t.project = project
        t.tags = tags
        t.estimatedMinutes = estimatedMinutes
        t.recurrence = recurrence
        return t
    }
}
