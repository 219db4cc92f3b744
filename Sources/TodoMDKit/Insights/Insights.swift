import Foundation

/// What the vault says about the last weeks (§27 `todomd stats`, web `/#/insights`): tasks
/// completed per day, per area and per project, the planner's Must-Do streak, how often planned
/// tasks roll over, and this week against last week.
///
/// A pure value: built from tasks, today and the time zone, so every rule here is tested without
/// a vault; ``Vault/insights(weeks:)`` feeds it the tasks that matter from the index.
public struct Insights: Sendable, Equatable {
    /// How many tasks were completed on one day.
    public struct DayCount: Sendable, Equatable {
        /// The local date.
        public let date: LocalDate
        /// Tasks completed on it.
        public let count: Int
    }

    /// How many tasks were completed with one value of a field (`""` for none).
    public struct KeyCount: Sendable, Equatable {
        /// The area or project; `""` for tasks without one.
        public let key: String
        /// Tasks completed with it.
        public let count: Int
    }

    /// Tasks completed in one calendar week (Monday to Sunday, §2), up to today.
    public struct Week: Sendable, Equatable {
        /// The week's Monday.
        public let from: LocalDate
        /// The week's Sunday, or today for the current week.
        public let to: LocalDate
        /// Tasks completed from `from` to `to`.
        public let completed: Int
    }

    /// One task's estimate beside the time tracked on it.
    public struct EstimateComparison: Sendable, Equatable {
        /// The task's id.
        public let id: String
        /// The task's title.
        public let title: String
        /// `estimated_minutes`.
        public let estimatedMinutes: Int
        /// Whole minutes of its `time_entries`, a running timer counted up to now.
        public let trackedMinutes: Int
    }

    /// The weeks `todomd stats` covers without `--weeks`.
    public static let defaultWeeks = 4
    /// The weeks a request may ask for (a year at most).
    public static let allowedWeeks = 1...52

    /// The first day of the range: `weeks` × 7 days ending today.
    public let from: LocalDate
    /// The last day of the range: today.
    public let to: LocalDate
    /// How many weeks the range covers (1–52).
    public let weeks: Int
    /// Every day of the range, oldest first, days without a completion included (count 0).
    public let completedPerDay: [DayCount]
    /// Tasks completed in the range per `area`, largest first (`""`: no area).
    public let completedByArea: [KeyCount]
    /// Tasks completed in the range per `project`, largest first (`""`: no project).
    public let completedByProject: [KeyCount]
    /// The planner's Must-Do streak as of today (not limited to the range).
    public let streak: MustDoStreak
    /// The mean `carry_count` (absent = 0) of the planner's tasks that count (see
    /// ``carriedTasks``); 0 when there are none.
    public let averageCarryCount: Double
    /// How many tasks ``averageCarryCount`` is the mean of: tasks that have been through the
    /// planner (they have a `region`) and are either still open or were completed in the range.
    public let carriedTasks: Int
    /// The current week (Monday to today).
    public let thisWeek: Week
    /// The week before it.
    public let lastWeek: Week
    /// Tasks with an estimate and tracked time that are still open or were completed in the
    /// range, the furthest over their estimate first (then by title).
    public let estimates: [EstimateComparison]

    /// Tasks completed in the whole range.
    public var completedTotal: Int { completedPerDay.reduce(0) { $0 + $1.count } }

    /// The earliest completion date any part of the insights looks at: the range's first day or
    /// last week's Monday, whichever is earlier. Tasks completed before it can be left out.
    public static func earliestDay(today: LocalDate, weeks: Int) -> LocalDate {
        min(today.adding(days: -(weeks * 7 - 1)), monday(of: today).adding(days: -7))
    }

    /// Refuses a number of weeks outside ``allowedWeeks``.
    ///
    /// - Throws: ``TodoError/invalidValue(field:value:reason:)`` naming the allowed range.
    public static func check(weeks: Int) throws {
        guard allowedWeeks.contains(weeks) else {
            throw TodoError.invalidValue(field: "weeks", value: String(weeks), reason: "a number of weeks from 1 to 52")
        }
    }

    /// The Monday of the week of `date` (weeks run Monday to Sunday, §2).
    static func monday(of date: LocalDate) -> LocalDate { date.adding(days: 1 - date.weekday) }

    /// Computes the insights of `tasks` for `weeks` weeks ending `today`.
    ///
    /// A task counts as completed on the local date (in `timeZone`) of its `completed` instant
    /// when its status is `done`; done tasks without `completed` cannot be placed and are left
    /// out, as are completions after today. `now` is where a running timer stops counting.
    ///
    /// - Throws: ``TodoError/invalidValue(field:value:reason:)`` when `weeks` is not 1–52.
    public init(tasks: some Sequence<TodoTask>, today: LocalDate, now: Date, weeks: Int, timeZone: TimeZone) throws {
        try Self.check(weeks: weeks)
        let from = today.adding(days: -(weeks * 7 - 1))
        let thisMonday = Self.monday(of: today)
        let lastMonday = thisMonday.adding(days: -7)
        var perDay: [LocalDate: Int] = [:]
        var byArea: [String: Int] = [:]
        var byProject: [String: Int] = [:]
        var thisWeek = 0
        var lastWeek = 0
        var carrySum = 0
        var carried = 0
        var all: [TodoTask] = []
        var estimates: [EstimateComparison] = []
        for task in tasks {
            all.append(task)
            let day = task.status == .done ? task.completed.map { LocalDate($0, in: timeZone) } : nil
            if let day, day <= today {
                if day >= from {
                    perDay[day, default: 0] += 1
                    byArea[task.area ?? "", default: 0] += 1
                    byProject[task.project ?? "", default: 0] += 1
                }
                if day >= thisMonday {
                    thisWeek += 1
                } else if day >= lastMonday {
                    lastWeek += 1
                }
            }
            // Planner tasks: still open (they may roll over again), or done in the range.
            let inRange = day.map { $0 >= from && $0 <= today } ?? false
            if task.region != nil, !task.status.isClosed || inRange {
                carried += 1
                carrySum += max(0, task.carryCount ?? 0)
            }
            if let estimate = task.estimatedMinutes, !task.timeEntries.isEmpty, !task.status.isClosed || inRange {
                let tracked = task.timeSpentMinutes(at: now)
                if tracked > 0 {
                    estimates.append(EstimateComparison(id: task.id, title: task.title, estimatedMinutes: estimate,
                                                        trackedMinutes: tracked))
                }
            }
        }
        self.from = from
        self.to = today
        self.weeks = weeks
        completedPerDay = (0..<(weeks * 7)).map { offset in
            let date = from.adding(days: offset)
            return DayCount(date: date, count: perDay[date] ?? 0)
        }
        completedByArea = Self.ranked(byArea)
        completedByProject = Self.ranked(byProject)
        streak = MustDoStreak(days: MustDoStreak.days(of: all), today: today)
        carriedTasks = carried
        averageCarryCount = carried == 0 ? 0 : (Double(carrySum) / Double(carried) * 100).rounded() / 100
        self.thisWeek = Week(from: thisMonday, to: today, completed: thisWeek)
        self.lastWeek = Week(from: lastMonday, to: thisMonday.adding(days: -1), completed: lastWeek)
        self.estimates = estimates.sorted { a, b in
            let (overA, overB) = (a.trackedMinutes - a.estimatedMinutes, b.trackedMinutes - b.estimatedMinutes)
            if overA != overB { return overA > overB }
            return (a.title, a.id) < (b.title, b.id)
        }
    }

    /// Largest count first; ties by name, the no-value key `""` last.
    static func ranked(_ counts: [String: Int]) -> [KeyCount] {
        counts.map { KeyCount(key: $0.key, count: $0.value) }.sorted { a, b in
            if a.count != b.count { return a.count > b.count }
            if a.key.isEmpty != b.key.isEmpty { return !a.key.isEmpty }
            return a.key < b.key
        }
    }
}
