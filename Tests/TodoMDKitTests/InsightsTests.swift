import Foundation
import Testing
import TodoMDTestSupport
@testable import TodoMDKit

/// Insights (§27): completions per day (every day, in the vault's time zone), per area and
/// project, the Must-Do streak, the carry average, this week against last.
@Suite struct InsightsTests {
    static let berlin = TimeZone(identifier: "Europe/Berlin") ?? .gmt
    /// Saturday; its week began Monday 2026-11-16.
    static let today = LocalDate(year: 2026, month: 11, day: 21) ?? LocalDate(dayNumber: 0)

    static func date(_ text: String) -> LocalDate { LocalDate(iso: text) ?? LocalDate(dayNumber: 0) }
    static func instant(_ text: String) -> Date { DateTimeFormat.parse(text, timeZone: berlin) ?? .distantPast }

    /// A done task completed at `completed` (UTC or local date-time text).
    static func done(_ completed: String, area: String? = nil, project: String? = nil,
                     status: TaskStatus = .done) -> TodoTask {
        var task = TodoTask(id: "\(completed).md", title: completed, status: status, created: instant("2026-01-01T00:00:00Z"))
        task.completed = instant(completed)
        task.area = area
        task.project = project
        return task
    }

    static func insights(_ tasks: [TodoTask], weeks: Int = 1) throws -> Insights {
        try Insights(tasks: tasks, today: today, now: instant("2026-11-21T08:00:00Z"), weeks: weeks, timeZone: berlin)
    }

    // MARK: - Completed per day

    @Test func everyDayOfTheRangeIsThereZerosIncluded() throws {
        let insights = try Self.insights([Self.done("2026-11-17T10:00:00Z"), Self.done("2026-11-17T11:00:00Z")], weeks: 2)
        #expect(insights.from == Self.date("2026-11-08"))
        #expect(insights.to == Self.today)
        #expect(insights.completedPerDay.count == 14)
        #expect(insights.completedPerDay.first?.date == Self.date("2026-11-08"))
        #expect(insights.completedPerDay.last?.date == Self.today)
        #expect(insights.completedPerDay.filter { $0.count == 0 }.count == 13)
        #expect(insights.completedPerDay.first { $0.date == Self.date("2026-11-17") }?.count == 2)
        #expect(insights.completedTotal == 2)
    }

    /// The range is 7 days ending today, Sunday 15 to Saturday 21 November, in Berlin (UTC+1).
    @Test(arguments: [
        ("2026-11-14T22:59:59Z", TaskStatus.done, nil as String?),  // 23:59:59 on the 14th: before the range
        ("2026-11-14T23:00:00Z", .done, "2026-11-15"),  // midnight in Berlin: the first day
        ("2026-11-21T08:00:00Z", .done, "2026-11-21"),
        ("2026-11-21T22:59:59Z", .done, "2026-11-21"),  // still today in Berlin
        ("2026-11-21T23:00:00Z", .done, nil),  // tomorrow in Berlin: not yet
        ("2026-11-18T12:00:00Z", .cancelled, nil),  // cancelled is not completed
        ("2026-11-18T12:00:00Z", .todo, nil),  // reopened with a stale `completed`
    ])
    func aCompletionCountsOnItsLocalDateInTheRange(completed: String, status: TaskStatus, day: String?) throws {
        let insights = try Self.insights([Self.done(completed, status: status)])
        let counted = insights.completedPerDay.filter { $0.count > 0 }.map(\.date.description)
        #expect(counted == (day.map { [$0] } ?? []))
        #expect(insights.completedTotal == (day == nil ? 0 : 1))
    }

    @Test func aDoneTaskWithoutACompletionTimeIsNotCounted() throws {
        var task = Self.done("2026-11-18T12:00:00Z")
        task.completed = nil
        #expect(try Self.insights([task]).completedTotal == 0)
    }

    // MARK: - By area and project

    @Test func byAreaAndProjectLargestFirstWithTheNoValueKeyLast() throws {
        let insights = try Self.insights([
            Self.done("2026-11-16T10:00:00Z", area: "Work", project: "Launch"),
            Self.done("2026-11-17T10:00:00Z", area: "Work", project: "Launch"),
            Self.done("2026-11-18T10:00:00Z", area: "Home", project: nil),
            Self.done("2026-11-19T10:00:00Z", area: nil, project: "Garden"),
            Self.done("2026-11-20T10:00:00Z", area: "Alpha", project: nil),
            Self.done("2026-11-01T10:00:00Z", area: "Old", project: "Old"),  // before the range
        ])
        #expect(insights.completedByArea.map { "\($0.key)=\($0.count)" } == ["Work=2", "Alpha=1", "Home=1", "=1"])
        #expect(insights.completedByProject.map { "\($0.key)=\($0.count)" } == ["Launch=2", "=2", "Garden=1"])
    }

    // MARK: - The Must-Do streak

    /// One character per day, the last one today: `D` every Must-Do done, `p` one done and one
    /// still open, `o` only an open one, `.` no Must-Do (a done Complementary task only), `c` a
    /// cancelled Must-Do only, `b` a done task in the backlog region with bucket must.
    static func plannerDays(_ pattern: String) -> [TodoTask] {
        var tasks: [TodoTask] = []
        for (i, code) in pattern.enumerated() {
            let day = today.adding(days: i - (pattern.count - 1))
            func task(_ status: TaskStatus, _ region: PlanRegion, _ bucket: PlanBucket) {
                var t = TodoTask(id: "\(day)-\(tasks.count).md", title: "t", status: status, created: instant("2026-01-01T00:00:00Z"))
                t.planDate = day
                t.region = region
                t.bucket = bucket
                if status == .done { t.completed = day.startOfDay(in: berlin).addingTimeInterval(3600 * 12) }
                tasks.append(t)
            }
            switch code {
            case "D": task(.done, .morning, .must); task(.done, .evening, .must); task(.todo, .morning, .misc)
            case "p": task(.done, .morning, .must); task(.todo, .afternoon, .must)
            case "o": task(.inProgress, .morning, .must)
            case ".": task(.done, .morning, .complementary)
            case "c": task(.cancelled, .morning, .must)
            case "b": task(.done, .backlog, .must)
            default: break
            }
        }
        return tasks
    }

    @Test(arguments: [
        ("", 0),
        ("DDD", 3),  // today's Must-Dos are done: today counts
        ("DDo", 2),  // today's is open: up to yesterday
        ("DDp", 2),  // one of today's two is open
        ("DD.", 2),  // nothing planned today (yet)
        ("D.D", 1),  // a day without a Must-Do ends the streak
        ("D.o", 0),
        ("DpDD", 2),  // one missed Must-Do ends it
        ("DcDD", 2),  // a cancelled Must-Do is no Must-Do
        ("DbD", 1),  // the backlog is not a day region
        ("DDDDDDDDDDDD.", 12),  // longer than the 7-day range: the streak is not cut at the range
        ("DDDDDDDDDDDDD", 13),
        ("oD", 1),  // today alone
        ("Do", 1),  // yesterday alone, today still open
    ])
    func theMustDoStreak(pattern: String, streak: Int) throws {
        let insights = try Self.insights(Self.plannerDays(pattern))
        #expect(insights.streak.length == streak)
    }

    @Test func todaysMustDosAreReported() throws {
        let insights = try Self.insights(Self.plannerDays("Dp"))
        #expect(insights.streak.today == MustDoStreak.Day(planned: 2, done: 1))
        #expect(insights.streak.lastDay == Self.today.adding(days: -1))
    }

    // MARK: - Average carry

    struct Carried: Sendable, CustomStringConvertible {
        let region: PlanRegion?
        let status: TaskStatus
        let carry: Int?
        let completed: String?
        var description: String { "\(region?.rawValue ?? "-") \(status) \(carry.map(String.init) ?? "-")" }
    }

    @Test(arguments: [
        ([], 0.0, 0),
        ([Carried(region: .backlog, status: .todo, carry: 2, completed: nil),
          Carried(region: .morning, status: .todo, carry: nil, completed: nil)], 1.0, 2),
        ([Carried(region: .evening, status: .done, carry: 3, completed: "2026-11-20T10:00:00Z"),
          Carried(region: .evening, status: .done, carry: 9, completed: "2026-10-01T10:00:00Z"),  // done before the range
          Carried(region: .backlog, status: .cancelled, carry: 5, completed: nil),  // cancelled
          Carried(region: nil, status: .todo, carry: 4, completed: nil)], 3.0, 1),  // never planned
        ([Carried(region: .backlog, status: .someday, carry: 1, completed: nil),
          Carried(region: .morning, status: .inProgress, carry: 0, completed: nil),
          Carried(region: .afternoon, status: .todo, carry: 0, completed: nil)], 0.33, 3),
    ])
    func averageCarryCount(tasks: [Carried], average: Double, count: Int) throws {
        let built = tasks.enumerated().map { i, c in
            var t = TodoTask(id: "c\(i).md", title: "c", status: c.status, created: Self.instant("2026-01-01T00:00:00Z"))
            t.region = c.region
            t.carryCount = c.carry
            t.completed = c.completed.map(Self.instant)
            return t
        }
        let insights = try Self.insights(built)
        #expect(insights.averageCarryCount == average)
        #expect(insights.carriedTasks == count)
    }

    // MARK: - Estimate vs tracked

    struct Tracked: Sendable, CustomStringConvertible {
        let title: String
        let estimate: Int?
        let entries: [String]
        var status: TaskStatus = .todo
        var completed: String?
        var description: String { title }
    }

    static func entry(_ start: String, _ end: String?) -> String {
        "{start: \"\(start)\", end: " + (end.map { "\"\($0)\"" } ?? "null") + "}"
    }

    /// Now is 08:00Z; the range is the 15th to the 21st.
    @Test(arguments: [
        ([Tracked(title: "Report", estimate: 60, entries: [entry("2026-11-20T09:00:00Z", "2026-11-20T10:30:00Z")])],
         ["Report 60/90"]),
        // Two entries add up; a running one counts up to now (07:30 → 08:00).
        ([Tracked(title: "Slides", estimate: 45, entries: [entry("2026-11-20T09:00:00Z", "2026-11-20T09:20:00Z"),
                                                           entry("2026-11-21T07:30:00Z", nil)])],
         ["Slides 45/50"]),
        // No estimate, no entries, a cancelled task, one done before the range: left out.
        ([Tracked(title: "No estimate", estimate: nil, entries: [entry("2026-11-20T09:00:00Z", "2026-11-20T10:00:00Z")]),
          Tracked(title: "Not tracked", estimate: 30, entries: []),
          Tracked(title: "Cancelled", estimate: 30, entries: [entry("2026-11-20T09:00:00Z", "2026-11-20T10:00:00Z")],
                  status: .cancelled),
          Tracked(title: "Long done", estimate: 30, entries: [entry("2026-10-01T09:00:00Z", "2026-10-01T10:00:00Z")],
                  status: .done, completed: "2026-10-01T10:00:00Z"),
          Tracked(title: "Under a minute", estimate: 5, entries: [entry("2026-11-20T09:00:00Z", "2026-11-20T09:00:40Z")])],
         []),
        // Done in the range counts; the furthest over its estimate first.
        ([Tracked(title: "Quick", estimate: 30, entries: [entry("2026-11-19T09:00:00Z", "2026-11-19T09:10:00Z")],
                  status: .done, completed: "2026-11-19T09:10:00Z"),
          Tracked(title: "Slow", estimate: 30, entries: [entry("2026-11-18T09:00:00Z", "2026-11-18T11:00:00Z")]),
          Tracked(title: "Exact", estimate: 60, entries: [entry("2026-11-18T12:00:00Z", "2026-11-18T13:00:00Z")])],
         ["Slow 30/120", "Exact 60/60", "Quick 30/10"]),
    ])
    func estimateAgainstTrackedTime(tasks: [Tracked], expected: [String]) throws {
        let built = tasks.map { t in
            var task = TodoTask(id: t.title + ".md", title: t.title, status: t.status, created: Self.instant("2026-01-01T00:00:00Z"))
            task.estimatedMinutes = t.estimate
            task.timeEntries = t.entries
            task.completed = t.completed.map(Self.instant)
            return task
        }
        let insights = try Self.insights(built)
        #expect(insights.estimates.map { "\($0.title) \($0.estimatedMinutes)/\($0.trackedMinutes)" } == expected)
    }

    // MARK: - Weeks

    @Test func thisWeekAgainstLastWeekRunMondayToSunday() throws {
        let insights = try Self.insights([
            Self.done("2026-11-08T22:59:59Z"),  // Sunday 8th, 23:59 in Berlin: the week before last
            Self.done("2026-11-08T23:00:00Z"),  // Monday 9th 00:00: last week
            Self.done("2026-11-15T22:30:00Z"),  // Sunday 15th 23:30: last week
            Self.done("2026-11-15T23:10:00Z"),  // Monday 16th 00:10: this week
            Self.done("2026-11-21T08:00:00Z"),
        ])
        #expect(insights.thisWeek == Insights.Week(from: Self.date("2026-11-16"), to: Self.today, completed: 2))
        #expect(insights.lastWeek == Insights.Week(from: Self.date("2026-11-09"), to: Self.date("2026-11-15"), completed: 2))
    }

    @Test(arguments: [0, -1, 53, 1000])
    func weeksOutsideOneToFiftyTwoAreRefused(weeks: Int) throws {
        #expect(throws: TodoError.self) { try Self.insights([], weeks: weeks) }
    }

    @Test(arguments: [(1, "2026-11-15"), (4, "2026-10-25"), (52, "2025-11-23")])
    func theRangeIsNWeeksOfDaysEndingToday(weeks: Int, from: String) throws {
        let insights = try Self.insights([], weeks: weeks)
        #expect(insights.from == Self.date(from))
        #expect(insights.completedPerDay.count == weeks * 7)
    }

    // MARK: - From a vault

    /// What the index hands the computation: completions since last week's Monday (before the
    /// range when it is one week) and every planned task, however old.
    @Test func theVaultComputesInsightsFromItsFiles() throws {
        let v = try TemporaryVault()
        try v.task("a.md", title: "Ship", "area: \"Work\"\nproject: \"Launch\"\ncompleted: \"2026-11-20T10:00:00Z\"", status: "done")
        try v.task("b.md", title: "Mow", "area: \"Home\"\ncompleted: \"2026-11-14T23:30:00Z\"", status: "done")
        try v.task("c.md", title: "Old", "completed: \"2026-11-10T10:00:00Z\"", status: "done")
        try v.task("d.md", title: "Older", "completed: \"2026-11-01T10:00:00Z\"", status: "done")
        try v.task("m1.md", title: "Must 1", "region: \"morning\"\nbucket: \"must\"\nplan_date: \"2026-11-19\"\ncompleted: \"2026-11-19T10:00:00Z\"\ncarry_count: 1", status: "done")
        try v.task("m2.md", title: "Must 2", "region: \"afternoon\"\nbucket: \"must\"\nplan_date: \"2026-11-20\"\ncompleted: \"2026-11-10T10:00:00Z\"", status: "done")
        try v.task("m3.md", title: "Must 3", "region: \"morning\"\nbucket: \"must\"\nplan_date: \"2026-11-21\"")
        try v.task("bl.md", title: "Waiting", "region: \"backlog\"\nbucket: \"none\"\ncarry_count: 2")
        try v.task("t.md", title: "Tracked", "estimated_minutes: 30\ntime_entries:\n  - {start: \"2026-11-20T09:00:00Z\", end: \"2026-11-20T09:45:00Z\"}")
        let insights = try v.open().insights(weeks: 1)
        #expect(insights.json.compact() == """
            {"from":"2026-11-15","to":"2026-11-21","weeks":1,\
            "completed_per_day":{"2026-11-15":1,"2026-11-16":0,"2026-11-17":0,"2026-11-18":0,"2026-11-19":1,"2026-11-20":1,"2026-11-21":0},\
            "completed_by_area":{"Home":1,"Work":1,"":1},"completed_by_project":{"":2,"Launch":1},\
            "must_do_streak":2,"must_do_today":{"planned":1,"done":0},"average_carry_count":1,"carried_tasks":3,\
            "completed_total":3,"this_week":{"from":"2026-11-16","to":"2026-11-21","completed":2},\
            "last_week":{"from":"2026-11-09","to":"2026-11-15","completed":3},\
            "estimate_vs_tracked":[{"id":"t.md","title":"Tracked","estimated_minutes":30,"tracked_minutes":45}]}
            """)
    }

    /// The four weeks ending Saturday 21 November begin on Sunday 25 October, the day Berlin
    /// leaves summer time: its first instant is 22:00Z on the 24th (UTC+2), not 23:00Z.
    @Test(arguments: [("2026-10-24T21:59:59Z", 0), ("2026-10-24T22:00:00Z", 1), ("2026-10-25T22:59:59Z", 1)])
    func theRangeStartsAtTheFirstDaysMidnightInTheVaultsZone(completed: String, counted: Int) throws {
        let v = try TemporaryVault()
        try v.task("a.md", title: "Edge", "completed: \"\(completed)\"", status: "done")
        let insights = try v.open().insights(weeks: 4)
        #expect(insights.from == Self.date("2026-10-25"))
        #expect(insights.completedPerDay.first?.count == counted)
        #expect(insights.completedTotal == counted)
    }
}
