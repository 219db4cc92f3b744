/// The planner's Must-Do streak (§27): how many days in a row every planned Must-Do was done.
///
/// A day **counts** when at least one Must-Do (a task with that `plan_date`, a day region and
/// bucket `must`, cancelled ones left out) was planned on it and every one of them is done.
///
/// A day with no Must-Do **ends** the streak. Todoist's streaks work this way (a day below the
/// goal ends the streak unless it is a declared day off, and todo.md has no days off), and the
/// planner leaves no other choice: the rollover (§14) takes a missed Must-Do off its day — to the
/// backlog, bucket `none` — so an empty day may be a day whose Must-Do was missed.
///
/// The streak runs back from **today** when today counts already; while today is not complete
/// (its Must-Do still open, or none planned yet) it runs back from **yesterday**, so an
/// unfinished morning does not read as a broken streak (as in Todoist, which keeps yesterday's
/// streak until the day is over).
public struct MustDoStreak: Sendable, Equatable {
    /// One day's Must-Dos: how many were planned, how many are done.
    public struct Day: Sendable, Equatable {
        /// Must-Dos planned on the day (cancelled ones left out).
        public var planned: Int
        /// How many of them are done.
        public var done: Int

        /// A day with `planned` Must-Dos of which `done` are done.
        public init(planned: Int = 0, done: Int = 0) {
            self.planned = planned
            self.done = done
        }

        /// Every planned Must-Do done, and at least one planned.
        public var counts: Bool { planned > 0 && done == planned }
    }

    /// Days in a row that count, ending today or yesterday (see the type's description).
    public let length: Int
    /// The last day of the streak (today or yesterday); nil when the streak is 0.
    public let lastDay: LocalDate?
    /// Today's Must-Dos.
    public let today: Day

    /// The streak in `days` (each day's Must-Dos; a missing day had none) as of `today`.
    ///
    /// - Complexity: O(length of the streak) lookups.
    public init(days: [LocalDate: Day], today: LocalDate) {
        let todays = days[today] ?? Day()
        var day = todays.counts ? today : today.adding(days: -1)
        var length = 0
        while days[day]?.counts == true {
            length += 1
            day = day.adding(days: -1)
        }
        self.length = length
        self.lastDay = length > 0 ? (todays.counts ? today : today.adding(days: -1)) : nil
        self.today = todays
    }

    /// Each day's Must-Dos among `tasks`: those with a `plan_date`, a day region and bucket
    /// `must`; cancelled ones are left out, done ones are done whenever they were completed.
    public static func days(of tasks: some Sequence<TodoTask>) -> [LocalDate: Day] {
        var days: [LocalDate: Day] = [:]
        for task in tasks where task.bucket == .must && task.status != .cancelled {
            guard let date = task.planDate, let region = task.region, PlanLimits.dayRegions.contains(region) else {
                continue
            }
            days[date, default: Day()].planned += 1
            if task.status == .done { days[date, default: Day()].done += 1 }
        }
        return days
    }
}
