import Foundation

/// What a person can answer a reminder with (§24): on the desktop notification, in the web
/// app's toast, and through the API.
public enum ReminderAction: String, CaseIterable, Sendable {
    /// Complete the task.
    case done
    /// Snooze it for an hour.
    case snooze
    /// Snooze it until `notify_time` tomorrow.
    case tomorrow
    /// Stop nagging (`nag: false`).
    case stop

    /// The button's label.
    public var label: String {
        switch self {
        case .done: return "Done"
        case .snooze: return "Snooze 1 hr"
        case .tomorrow: return "Snooze until tomorrow"
        case .stop: return "Stop nagging"
        }
    }
}

/// What a ``ReminderAction`` did.
public enum ReminderActionOutcome: Sendable {
    /// The task was completed (with its successor, for a repeating task).
    case completed(Vault.Completion)
    /// The task is snoozed until the given local time.
    case snoozed(TodoTask, until: TaskDate)
    /// The task no longer nags.
    case stoppedNagging(TodoTask)

    /// The task as it is now.
    public var task: TodoTask {
        switch self {
        case let .completed(completion): return completion.completed
        case let .snoozed(task, _), let .stoppedNagging(task): return task
        }
    }
}

extension Vault {
    /// Applies what a person answered a reminder of task `id` with (§24): Done completes it,
    /// Snooze 1 hr sets `snoozed_until` an hour from now, Snooze until tomorrow sets it to
    /// `notify_time` tomorrow, Stop nagging sets `nag: false`.
    ///
    /// - Throws: what completing or updating the task throws (a task changed on disk, open subtasks).
    @discardableResult
    public func applyReminderAction(_ action: ReminderAction, to id: String) throws -> ReminderActionOutcome {
        switch action {
        case .done:
            return .completed(try complete(id))
        case .snooze:
            let until = try snoozeTime("1h")
            return .snoozed(try snooze(id, until: until), until: until)
        case .tomorrow:
            let until = try snoozeTime("tomorrow")
            return .snoozed(try snooze(id, until: until), until: until)
        case .stop:
            var changes = TaskChanges()
            changes.set(.nag, .bool(false))
            return .stoppedNagging(try update(id, changes))
        }
    }

    /// Snoozes task `id` until `until` (local time): no reminder before it, one at it (§24).
    @discardableResult
    public func snooze(_ id: String, until: TaskDate) throws -> TodoTask {
        var changes = TaskChanges()
        changes.set(.snoozedUntil, FieldValue(until))
        return try update(id, changes)
    }

    /// The local time a snooze phrase names (`todomd snooze REF WHEN`): a length of time from
    /// now (`1h`, `30m`, `2d`, `1h30m`, `PT45M`), `tomorrow` (at `notify_time`), or a date and
    /// time (`2026-11-24 15:00`, `friday 9am`; a date alone means its `notify_time`).
    ///
    /// - Throws: ``TodoError/invalidValue(field:value:reason:)`` for anything else, or a time
    ///   that is not in the future.
    public func snoozeTime(_ text: String) throws -> TaskDate {
        let phrase = text.trimmingCharacters(in: .whitespaces)
        let now = clock.now
        let notifyTime = try settings().notifyTime
        let until: TaskDate
        if let minutes = TaskReminder.offsetMinutes(phrase.hasPrefix("P") || phrase.hasPrefix("p") ? phrase : "+" + phrase),
           minutes > 0 {
            // Rounded up to the minute, so "1h" at 09:00:30 is 10:01, not a minute early.
            let instant = now.addingTimeInterval(TimeInterval(minutes * 60 + 59))
            until = TaskDate(instant: instant, in: clock.timeZone)
        } else if phrase.lowercased() == "tomorrow" {
            until = TaskDate(clock.today.adding(days: 1), time: notifyTime)
        } else if let value = DateInput.parseTimed(phrase, now: clock.localNow) {
            until = TaskDate(value.date, time: value.time ?? notifyTime)
        } else {
            throw TodoError.invalidValue(field: "snoozed_until", value: text,
                                         reason: "snooze for 1h, 30m or 2d, until tomorrow, or until a date and time (2026-11-24 15:00)")
        }
        guard until.instant(in: clock.timeZone) > now else {
            throw TodoError.invalidValue(field: "snoozed_until", value: text, reason: "a snooze ends in the future")
        }
        return until
    }
}
