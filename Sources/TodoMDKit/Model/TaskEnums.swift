/// A task's state. "Active" means ``todo`` or ``inProgress``.
public enum TaskStatus: String, CaseIterable, Sendable, Codable {
    case todo
    case inProgress = "in-progress"
    case done
    case cancelled
    case someday

    /// Whether the task is still to be done (todo or in-progress).
    public var isActive: Bool { self == .todo || self == .inProgress }
    /// Whether the task is finished (done or cancelled).
    public var isClosed: Bool { self == .done || self == .cancelled }
    /// Position in the §21 status order: todo, in-progress, done, cancelled, someday.
    public var rank: Int { TaskStatus.allCases.firstIndex(of: self) ?? 0 }
}

/// How important a task is; `none` when unset.
public enum Priority: String, CaseIterable, Sendable, Codable {
    case none, low, medium, high

    /// none = 0 < low < medium < high = 3.
    public var rank: Int { Priority.allCases.firstIndex(of: self) ?? 0 }
}

/// How the next occurrence of a repeating task is found (§11, §24; OmniFocus's repeat modes).
public enum RecurrenceMode: String, CaseIterable, Sendable, Codable {
    /// Repeat every: the next occurrence after the anchor (and, catching up, after today).
    case fixed
    /// Due again: the anchor moves to the next occurrence after the completion date.
    case afterCompletion = "after_completion"
    /// Defer another: `defer` becomes the next occurrence after the completion date, the other
    /// dates move by as many days.
    case deferAnother = "defer_another"
}

/// A day-planner region (§14).
public enum PlanRegion: String, CaseIterable, Sendable, Codable {
    case morning, afternoon, evening, backlog
}

/// A day-planner bucket (§14).
public enum PlanBucket: String, CaseIterable, Sendable, Codable {
    case must, complementary, misc, none
}
