/// The frontmatter keys todo.md knows, in the canonical order new files are written in (§3).
///
/// Each case has its row in ``TaskFieldSpec/table``: its kind, who sets it, how it is written.
public enum TaskField: String, CaseIterable, Sendable, Hashable {
    case title, status, due
    case deferDate = "defer"
    case scheduled, priority, flagged, area, project, tags, recurrence
    case recurrenceMode = "recurrence_mode"
    case estimatedMinutes = "estimated_minutes"
    case parent
    case blockedBy = "blocked_by"
    case sequential
    case reminders, nag
    case nagInterval = "nag_interval"
    case snoozedUntil = "snoozed_until"
    case timeEntries = "time_entries"
    case description, created, modified, completed, source, region, bucket
    case planDate = "plan_date"
    case carryCount = "carry_count"
    case backlogSince = "backlog_since"
    case note
    case noteLine = "note_line"

    /// The key as written in a file.
    public var key: String { rawValue }

    /// Position in the canonical order.
    public var canonicalIndex: Int { TaskField.positions[self] ?? 0 }

    private static let positions: [TaskField: Int] = Dictionary(
        uniqueKeysWithValues: TaskField.allCases.enumerated().map { ($1, $0) })

    /// The field whose file key is exactly `key` (``init(rawValue:)``), found among the few
    /// keys of its length: the raw-value initializer hashes the key into a table of every case
    /// (4 % of a cold build's parsing, which looks up every key of every file).
    static func exactly(_ key: String) -> TaskField? {
        let length = key.utf8.count
        guard length < byLength.count else { return nil }
        for (candidate, field) in byLength[length] where candidate == key { return field }
        return nil
    }

    /// Every case's key and the case, by the key's length in UTF-8.
    private static let byLength: [[(String, TaskField)]] = {
        var table = [[(String, TaskField)]](repeating: [], count: (allCases.map(\.rawValue.utf8.count).max() ?? 0) + 1)
        for field in allCases { table[field.rawValue.utf8.count].append((field.rawValue, field)) }
        return table
    }()

    /// Looks a field up by its file key, also accepting kebab-case (`recurrence-mode`).
    public init?(key: String) {
        if let field = TaskField(rawValue: key) {
            self = field
        } else if let field = TaskField(rawValue: key.replacingOccurrences(of: "-", with: "_")) {
            self = field
        } else {
            return nil
        }
    }

    /// Whether the field holds a calendar date (possibly with a time of day).
    public var isDate: Bool { spec.kind == .date || spec.kind == .timedDate }

    /// Whether the field holds a date-time.
    public var isDateTime: Bool { spec.kind == .dateTime }
}

/// The §18 limits on what a task may hold.
public enum TaskLimits {
    /// Characters in a title.
    public static let titleCharacters = 500
    /// Characters in a description.
    public static let descriptionCharacters = 2_000
    /// Bytes in a body.
    public static let bodyBytes = 102_400
}
