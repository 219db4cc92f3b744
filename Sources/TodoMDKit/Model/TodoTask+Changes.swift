import Foundation

extension TodoTask {
    /// Applies field changes to the model, as ``TaskFileCodec/apply(_:body:to:id:fileModified:timeZone:)``
    /// applies them to the file. A removed key takes its default.
    public mutating func apply(_ changes: TaskChanges) {
        for (field, change) in changes.values {
            set(field, change)
        }
    }

    /// Sets one field from a ``FieldValue`` (nil or `.null` = absent / default).
    public mutating func set(_ field: TaskField, _ value: FieldValue?) {
        let v = value == .null ? nil : value
        func string() -> String? { if case let .string(s)? = v { return s } else { return nil } }
        func date() -> LocalDate? { if case let .date(d)? = v { return d } else { return nil } }
        func instant() -> Date? { if case let .dateTime(d)? = v { return d } else { return nil } }
        func int() -> Int? { if case let .int(n)? = v { return n } else { return nil } }
        switch field {
        case .title: title = string() ?? title
        case .status: status = string().flatMap { TaskStatus(rawValue: $0) } ?? .todo
        case .due: due = date()
        case .deferDate: deferDate = date()
        case .scheduled: scheduled = date()
        case .priority: priority = string().flatMap { Priority(rawValue: $0) } ?? .none
        case .flagged: if case let .bool(b)? = v { flagged = b } else { flagged = false }
        case .area: area = string()
        case .project: project = string()
        case .tags: if case let .list(l)? = v { tags = l } else { tags = [] }
        case .recurrence: recurrence = string()
        case .recurrenceMode: recurrenceMode = string().flatMap { RecurrenceMode(rawValue: $0) } ?? .fixed
        case .estimatedMinutes: estimatedMinutes = int()
        case .description: description = string()
        case .created: created = instant() ?? created
        case .modified: modified = instant()
        case .completed: completed = instant()
        case .source: source = string() ?? "unknown"
        case .region: region = string().flatMap { PlanRegion(rawValue: $0) }
        case .bucket: bucket = string().flatMap { PlanBucket(rawValue: $0) }
        case .planDate: planDate = date()
        case .carryCount: carryCount = int()
        case .backlogSince: backlogSince = date()
        case .note: note = string()
        case .noteLine: noteLine = int()
        }
    }
}
