import Foundation

/// Tracked time over a range of days, grouped (§27): `todomd time`, `GET /api/v1/time`, MCP
/// `time_report`.
public struct TimeReport: Sendable, Equatable {
    /// What the rows are keyed by.
    public enum Grouping: String, Sendable, CaseIterable {
        case project, area, tag, day
    }

    /// One group's tracked time.
    public struct Row: Sendable, Equatable {
        /// The project, area, tag or ISO date; `""` for tasks without one.
        public let key: String
        /// Whole minutes.
        public let minutes: Int

        public init(key: String, minutes: Int) {
            self.key = key
            self.minutes = minutes
        }
    }

    /// The first day of the range.
    public let from: LocalDate
    /// The last day of the range (inclusive).
    public let to: LocalDate
    public let by: Grouping
    /// Largest first; ties by key A–Z. Groups with less than a minute are left out.
    public let rows: [Row]
    /// Whole minutes tracked in the range (a task with two tags counts once here).
    public let totalMinutes: Int

    /// Groups the time of `entries` (each with its task) that falls in the local days
    /// `from...to` of `timeZone`: entries are clipped to the range, a running one counts up to
    /// `now`, and with `.day` an entry crossing midnight is split between its days.
    ///
    /// - Complexity: O(e·d) for e entries spanning d days each.
    public init(tasks: [TodoTask], from: LocalDate, to: LocalDate, by: Grouping, now: Date, timeZone: TimeZone) {
        self.from = from
        self.to = to
        self.by = by
        let lower = from.startOfDay(in: timeZone)
        let upper = to.adding(days: 1).startOfDay(in: timeZone)
        var seconds: [String: TimeInterval] = [:]
        var total: TimeInterval = 0
        for task in tasks {
            for entry in task.timeEntryItems {
                let spent = entry.seconds(from: lower, to: upper, now: now)
                guard spent > 0 else { continue }
                total += spent
                switch by {
                case .project: seconds[task.project ?? "", default: 0] += spent
                case .area: seconds[task.area ?? "", default: 0] += spent
                case .tag:
                    for tag in task.tags.isEmpty ? [""] : Array(Set(task.tags)) { seconds[tag, default: 0] += spent }
                case .day:
                    let stop = entry.end ?? max(now, entry.start)
                    var day = LocalDate(max(entry.start, lower), in: timeZone)
                    while day <= to, day.startOfDay(in: timeZone) < stop {
                        let part = entry.seconds(from: day.startOfDay(in: timeZone),
                                                 to: day.adding(days: 1).startOfDay(in: timeZone), now: now)
                        if part > 0 { seconds[day.description, default: 0] += part }
                        day = day.adding(days: 1)
                    }
                }
            }
        }
        rows = seconds.map { Row(key: $0.key, minutes: Int($0.value / 60)) }
            .filter { $0.minutes > 0 }
            .sorted { $0.minutes != $1.minutes ? $0.minutes > $1.minutes : $0.key < $1.key }
        totalMinutes = Int(total / 60)
    }

    /// `{"from","to","by","rows":[{"key","minutes"}],"total_minutes"}` (§27).
    public var json: JSONValue {
        .object([
            ("from", .string(from.description)),
            ("to", .string(to.description)),
            ("by", .string(by.rawValue)),
            ("rows", .array(rows.map { .object([("key", .string($0.key)), ("minutes", .number(Double($0.minutes)))]) })),
            ("total_minutes", .number(Double(totalMinutes))),
        ])
    }
}

extension Vault {
    /// The days a report covers when the caller names none: the last 7 days, ending today.
    public static let defaultReportDays = 7

    /// Tracked time from `from` to `to` (local days, inclusive), grouped by `by` (§27). `to`
    /// defaults to today, `from` to 6 days before `to`.
    ///
    /// - Throws: ``TodoError/invalidValue(field:value:reason:)`` when `from` is after `to`.
    public func timeReport(from: LocalDate? = nil, to: LocalDate? = nil, by: TimeReport.Grouping = .project) throws
        -> TimeReport {
        let last = to ?? clock.today
        let first = from ?? last.adding(days: -(Vault.defaultReportDays - 1))
        guard first <= last else {
            throw TodoError.invalidValue(field: "from", value: first.description, reason: "a date not after --to (\(last))")
        }
        let rows = try index.rows(matching: SQLFragment("\"time_entries\" IS NOT NULL AND \"time_entries\" != ''"))
        return TimeReport(tasks: rows.map(\.task), from: first, to: last, by: by, now: clock.now,
                          timeZone: clock.timeZone)
    }
}
