import Foundation
import Testing
import TodoMDTestSupport
@testable import TodoMDKit

/// The §14 day planner: the 1–3–5 limits, their message, and the day board.
@Suite struct PlannerTests {
    static let today = LocalDate(year: 2026, month: 11, day: 21)

    /// A vault with `count` open tasks `t1.md`, `t2.md`, … (created in that order).
    func vault(tasks count: Int) throws -> (TemporaryVault, Vault) {
        let v = try TemporaryVault()
        for n in 1...count {
            try v.task("t\(n).md", title: "Task \(n)", created: String(format: "2026-11-01T10:%02d:00Z", n))
        }
        return (v, try v.open())
    }

    func day() throws -> LocalDate { try #require(Self.today) }

    @Test(arguments: [
        (PlanRegion.morning, "Morning region full (1 Must-Do, 3 Complementary, 5 Misc)"),
        (.afternoon, "Afternoon region full (1 Must-Do, 3 Complementary, 5 Misc)"),
        (.evening, "Evening region full (1 Must-Do, 3 Complementary, 5 Misc)"),
    ])
    func theFullMessageNamesTheRegionAndItsLimits(region: PlanRegion, message: String) {
        #expect(PlanLimits.fullMessage(region) == message)
    }

    @Test(arguments: [(PlanBucket.must, 1), (.complementary, 3), (.misc, 5)])
    func eachBucketTakesItsLimitAndRefusesOneMore(bucket: PlanBucket, limit: Int) throws {
        let (v, vault) = try vault(tasks: limit + 1)
        let date = try day()
        for n in 1...limit { try vault.plan("t\(n).md", on: date, region: .afternoon, bucket: bucket) }
        let before = try v.text("t\(limit + 1).md")
        #expect(throws: TodoError.regionFull(.afternoon)) {
            try vault.plan("t\(limit + 1).md", on: date, region: .afternoon, bucket: bucket)
        }
        #expect(try v.text("t\(limit + 1).md") == before)
        // Another region, or another day, still has room.
        try vault.plan("t\(limit + 1).md", on: date, region: .evening, bucket: bucket)
        try vault.plan("t1.md", on: date.adding(days: 1), region: .afternoon, bucket: bucket)
    }

    @Test func planningWritesTheDayRegionAndBucketAndLeavesTheBacklog() throws {
        let (v, vault) = try vault(tasks: 1)
        try v.task("t1.md", title: "Task 1", "region: \"backlog\"\nbucket: \"none\"\nbacklog_since: \"2026-11-19\"")
        try vault.refreshIndex()
        let task = try vault.plan("t1.md", on: try day(), region: .morning, bucket: .must)
        #expect(task.planDate == Self.today)
        #expect(task.region == .morning)
        #expect(task.bucket == .must)
        #expect(task.backlogSince == nil)
        let text = try v.text("t1.md")
        #expect(text.contains("region: \"morning\"\n"))
        #expect(text.contains("bucket: \"must\"\n"))
        #expect(text.contains("plan_date: \"2026-11-21\"\n"))
        #expect(!text.contains("backlog_since"))
    }

    @Test func aRefusedBatchChangesNothing() throws {
        let (v, vault) = try vault(tasks: 4)
        let assignments = (1...4).map { PlanAssignment(id: "t\($0).md", region: .morning, bucket: .complementary) }
        let before = try (1...4).map { try v.text("t\($0).md") }
        #expect(throws: TodoError.regionFull(.morning)) {
            try vault.plan(assignments, on: try day())
        }
        #expect(try (1...4).map { try v.text("t\($0).md") } == before)
    }

    @Test func movingATaskWithinTheDayFreesItsOldBucketAndReplanningIsANoOp() throws {
        let (v, vault) = try vault(tasks: 2)
        let date = try day()
        try vault.plan("t1.md", on: date, region: .morning, bucket: .must)
        let written = try v.text("t1.md")
        let again = try vault.plan("t1.md", on: date, region: .morning, bucket: .must)
        #expect(again.region == .morning)
        #expect(try v.text("t1.md") == written)
        try vault.plan("t1.md", on: date, region: .evening, bucket: .misc)
        try vault.plan("t2.md", on: date, region: .morning, bucket: .must)
        let board = try vault.board(on: date)
        #expect(board.regions[0].tasks(in: .must).map(\.id) == ["t2.md"])
        #expect(board.regions[2].tasks(in: .misc).map(\.id) == ["t1.md"])
    }

    @Test func cancelledTasksDoNotTakeRoom() throws {
        let (v, vault) = try vault(tasks: 2)
        try v.task("t1.md", title: "Task 1", "plan_date: \"2026-11-21\"\nregion: \"morning\"\nbucket: \"must\"")
        var text = try v.text("t1.md")
        text = text.replacingOccurrences(of: "status: \"todo\"", with: "status: \"cancelled\"")
        try v.write("t1.md", text)
        try vault.refreshIndex()
        try vault.plan("t2.md", on: try day(), region: .morning, bucket: .must)
        #expect(try vault.board(on: try day()).tasks.map(\.id) == ["t2.md"])
    }

    @Test func theBacklogAndTheNoneBucketAreNotPartOfADay() throws {
        let (v, vault) = try vault(tasks: 1)
        #expect(throws: TodoError.invalidValue(field: "region", value: "backlog", reason: "one of morning, afternoon, evening")) {
            try vault.plan("t1.md", on: try day(), region: .backlog, bucket: .misc)
        }
        #expect(throws: TodoError.invalidValue(field: "bucket", value: "none", reason: "one of must, complementary, misc")) {
            try vault.plan("t1.md", on: try day(), region: .morning, bucket: .none)
        }
        #expect(!(try v.text("t1.md")).contains("region"))
    }

    @Test func theBoardListsTheDayPerRegionAndBucketWithProgress() throws {
        let (v, vault) = try vault(tasks: 5)
        try v.task("old.md", title: "Waiting", "region: \"backlog\"\nbucket: \"none\"")
        try vault.refreshIndex()
        let date = try day()
        try vault.plan([
            PlanAssignment(id: "t1.md", region: .morning, bucket: .must),
            PlanAssignment(id: "t2.md", region: .morning, bucket: .complementary),
            PlanAssignment(id: "t3.md", region: .morning, bucket: .complementary),
            PlanAssignment(id: "t4.md", region: .evening, bucket: .misc),
        ], on: date)
        try vault.plan("t5.md", on: date.adding(days: 1), region: .morning, bucket: .must)
        try vault.complete("t1.md")

        let board = try vault.board(on: date)
        #expect(board.regions.map(\.region) == [.morning, .afternoon, .evening])
        #expect(board.regions[0].tasks(in: .must).map(\.id) == ["t1.md"])
        #expect(board.regions[0].tasks(in: .complementary).map(\.id) == ["t2.md", "t3.md"])
        #expect(board.regions[1].tasks.isEmpty)
        #expect(board.regions[2].tasks(in: .misc).map(\.id) == ["t4.md"])
        #expect(board.backlog == 1)
        #expect(board.done == 1)
        #expect(board.tasks.count == 4)

        let json = try JSONValue.parse(board.json)
        #expect(json["date"] == .string("2026-11-21"))
        #expect(json["done"] == .number(1))
        #expect(json["total"] == .number(4))
        #expect(json["backlog"] == .number(1))
        let morning = try #require(json["regions"]?.arrayValue?.first)
        #expect(morning["region"] == .string("morning"))
        #expect(morning["must"]?.arrayValue?.first?["title"] == .string("Task 1"))
        #expect(morning["counts"]?["complementary"] == .number(2))
        #expect(morning["limits"]?["misc"] == .number(5))
        #expect(morning["done"] == .number(1))
        #expect(morning["total"] == .number(3))
    }
}

/// Opens the vault of `v` again with the clock at `now` (Europe/Berlin), as a later command would.
func reopen(_ v: TemporaryVault, at now: String) throws -> Vault {
    let clock = try TodoClock.system(environment: ["TODOMD_NOW": now, "TZ": TemporaryVault.defaultZone])
    return try Vault(path: v.root, clock: clock, environment: v.environment)
}

/// The vault as a command at `now` sees it: opened, then the day's rollover, as every entry point
/// (CLI, server, MCP) runs it before anything else.
func startCommand(_ v: TemporaryVault, at now: String) throws -> Vault {
    let vault = try reopen(v, at: now)
    try vault.rolloverIfDayChanged()
    return vault
}

/// The §14/§22 rules around a day: removing, rollover across midnight, skipped days and month
/// ends, the backlog's age groups, reordering, the lock and the default region.
@Suite struct PlannerDayTests {
    func date(_ y: Int, _ m: Int, _ d: Int) throws -> LocalDate { try #require(LocalDate(year: y, month: m, day: d)) }

    /// A vault at `now` with open tasks `t1.md` … `tN.md`.
    func vault(tasks count: Int, now: String = TemporaryVault.defaultNow) throws -> (TemporaryVault, Vault) {
        let v = try TemporaryVault(now: now)
        for n in 1...count {
            try v.task("t\(n).md", title: "Task \(n)", created: String(format: "2026-11-01T10:%02d:00Z", n))
        }
        return (v, try v.open())
    }

    @Test func removingATaskPutsItInTheBacklogSinceTodayAndKeepsItsCarries() throws {
        let v = try TemporaryVault()
        try v.task("t1.md", title: "Task 1", "plan_date: \"2026-11-21\"\nregion: \"morning\"\nbucket: \"must\"\ncarry_count: 2")
        let vault = try v.open()
        let task = try vault.removeFromPlan("t1.md")
        #expect(task.region == .backlog)
        #expect(task.bucket == PlanBucket.none)
        #expect(task.planDate == nil)
        #expect(task.carryCount == 2)
        #expect(task.backlogSince == (try date(2026, 11, 21)))
        let text = try v.text("t1.md")
        #expect(!text.contains("plan_date"))
        #expect(text.contains("backlog_since: \"2026-11-21\"\n"))
        #expect(text.contains("carry_count: 2\n"))
        #expect(try vault.board(on: try date(2026, 11, 21)).tasks.isEmpty)
        #expect(try vault.backlog().groups.map(\.name) == ["Today"])
    }

    @Test func theFirstCommandAfterMidnightRollsOpenTasksIntoTheBacklogAndDoneOnesStay() throws {
        let (v, vault) = try vault(tasks: 3, now: "2026-11-21T23:59:59")
        let day = try date(2026, 11, 21)
        try vault.plan("t1.md", on: day, region: .morning, bucket: .must)
        try vault.plan("t2.md", on: day, region: .evening, bucket: .misc)
        try vault.plan("t3.md", on: day, region: .evening, bucket: .complementary)
        try vault.complete("t1.md")
        try vault.cancel("t3.md")
        // One second before midnight nothing moves.
        #expect(try vault.rollover().moved.isEmpty)

        let later = try reopen(v, at: "2026-11-22T00:00:00")
        let moved = try later.rollover()
        #expect(moved.moved == ["t2.md"])
        let t2 = try later.read("t2.md").0
        #expect(t2.region == .backlog)
        #expect(t2.bucket == PlanBucket.none)
        #expect(t2.planDate == nil)
        #expect(t2.carryCount == 1)
        #expect(t2.backlogSince == day)
        // Done tasks keep their plan as history; cancelled ones are left alone.
        let t1 = try v.text("t1.md")
        #expect(t1.contains("plan_date: \"2026-11-21\"\n") && t1.contains("region: \"morning\"\n"))
        #expect(try v.text("t3.md").contains("plan_date: \"2026-11-21\"\n"))
        #expect(try later.board(on: day).tasks.map(\.id) == ["t1.md"])
        #expect(try later.board(on: day).done == 1)
    }

    @Test func rolloverIsIdempotent() throws {
        let (v, vault) = try vault(tasks: 2)
        try vault.plan("t1.md", on: try date(2026, 11, 21), region: .morning, bucket: .misc)
        let later = try reopen(v, at: "2026-11-22T09:00:00")
        #expect(try later.rollover().moved == ["t1.md"])
        let once = try (1...2).map { try v.text("t\($0).md") }
        let again = try later.rollover()
        #expect(again.moved.isEmpty && again.skipped.isEmpty)
        #expect(try (1...2).map { try v.text("t\($0).md") } == once)
        // A third command on another day still changes nothing: the task is no longer planned.
        _ = try reopen(v, at: "2026-11-25T09:00:00").board(on: try date(2026, 11, 25))
        #expect(try (1...2).map { try v.text("t\($0).md") } == once)
    }

    @Test func aSkippedDayIsCaughtUpWithOneCarryAndTheAgeCountsTheDays() throws {
        let (v, vault) = try vault(tasks: 1)
        try vault.plan("t1.md", on: try date(2026, 11, 21), region: .afternoon, bucket: .must)
        // No command ran on the 22nd.
        let later = try startCommand(v, at: "2026-11-23T08:00:00")
        let backlog = try later.backlog()
        #expect(backlog.groups.map(\.name) == ["This Week"])
        let task = try later.read("t1.md").0
        #expect(task.carryCount == 1)
        #expect(task.backlogSince == (try date(2026, 11, 21)))
    }

    @Test func rolloverCrossesAMonthEnd() throws {
        let (v, vault) = try vault(tasks: 1, now: "2026-11-30T21:00:00")
        try vault.plan("t1.md", on: try date(2026, 11, 30), region: .evening, bucket: .must)
        let later = try startCommand(v, at: "2026-12-01T00:30:00")
        #expect(try later.board(on: try date(2026, 12, 1)).backlog == 1)
        let task = try later.read("t1.md").0
        #expect(task.backlogSince == (try date(2026, 11, 30)))
        #expect(task.carryCount == 1)
        #expect(try later.backlog().groups.map(\.name) == ["Yesterday"])
    }

    @Test func eachRolloverOfATaskCountsOneCarry() throws {
        let (v, vault) = try vault(tasks: 1)
        try vault.plan("t1.md", on: try date(2026, 11, 21), region: .morning, bucket: .misc)
        let second = try startCommand(v, at: "2026-11-22T09:00:00")
        try second.plan("t1.md", on: try date(2026, 11, 22), region: .morning, bucket: .misc)
        let third = try reopen(v, at: "2026-11-23T09:00:00")
        #expect(try third.rollover().moved == ["t1.md"])
        #expect(try third.read("t1.md").0.carryCount == 2)
        #expect(try third.read("t1.md").0.backlogSince == (try date(2026, 11, 22)))
    }

    /// The story: plan a morning, complete the Must-Do, let the day end, find the rest
    /// under Yesterday, pull one back into a full afternoon and be refused.
    @Test func aMorningPlannedAndTheNextDayInTheBacklog() throws {
        let (v, vault) = try vault(tasks: 7)
        let day = try date(2026, 11, 21)
        try vault.plan([
            PlanAssignment(id: "t1.md", region: .morning, bucket: .must),
            PlanAssignment(id: "t2.md", region: .morning, bucket: .complementary),
            PlanAssignment(id: "t3.md", region: .morning, bucket: .misc),
        ], on: day)
        try vault.complete("t1.md")
        #expect(try vault.board(on: day).regions[0].done == 1)

        let next = try startCommand(v, at: "2026-11-22T13:00:00")
        let backlog = try next.backlog()
        #expect(backlog.groups.map(\.name) == ["Yesterday"])
        #expect(backlog.tasks.map(\.id) == ["t2.md", "t3.md"])
        #expect(try next.read("t2.md").0.carryCount == 1)

        let today = try date(2026, 11, 22)
        for n in 4...6 { try next.plan("t\(n).md", on: today, region: .afternoon, bucket: .complementary) }
        #expect(throws: TodoError.regionFull(.afternoon)) {
            try next.replan("t2.md", region: .afternoon, bucket: .complementary)
        }
        #expect(try next.read("t2.md").0.region == .backlog)
        let pulled = try next.replan("t2.md", region: .afternoon, bucket: .misc)
        #expect(pulled.planDate == today)
        #expect(pulled.backlogSince == nil)
        #expect(pulled.carryCount == 1)
        #expect(try next.backlog().tasks.map(\.id) == ["t3.md"])
    }

    @Test func theBacklogIsGroupedByAgeFromBacklogSinceElseCreated() throws {
        let v = try TemporaryVault()
        try v.task("a.md", title: "Since today", "region: \"backlog\"\nbucket: \"none\"\nbacklog_since: \"2026-11-21\"")
        try v.task("b.md", title: "Since yesterday", "region: \"backlog\"\nbucket: \"none\"\nbacklog_since: \"2026-11-20\"")
        try v.task("c.md", title: "Two days", "region: \"backlog\"\nbucket: \"none\"\nbacklog_since: \"2026-11-19\"")
        try v.task("d.md", title: "Six days", "region: \"backlog\"\nbucket: \"none\"\nbacklog_since: \"2026-11-15\"")
        try v.task("e.md", title: "A week", "region: \"backlog\"\nbucket: \"none\"\nbacklog_since: \"2026-11-14\"")
        // No backlog_since: the local date of `created` (23:30 UTC is already the 21st in Berlin).
        try v.task("f.md", title: "Created late", "region: \"backlog\"\nbucket: \"none\"", created: "2026-11-20T23:30:00Z")
        try v.task("g.md", title: "Done", "region: \"backlog\"\nbucket: \"none\"")
        try v.write("g.md", try v.text("g.md").replacingOccurrences(of: "status: \"todo\"", with: "status: \"done\""))
        try v.task("h.md", title: "Not in backlog")
        let listing = try v.open().backlog()
        #expect(listing.view == "backlog")
        #expect(listing.groups.map(\.name) == ["Today", "Yesterday", "This Week", "Older"])
        #expect(listing.groups.map { $0.tasks.map(\.id) } == [["a.md", "f.md"], ["b.md"], ["d.md", "c.md"], ["e.md"]])
    }

    @Test(arguments: [(0, BacklogAge.today), (-3, .today), (1, .yesterday), (2, .thisWeek), (6, .thisWeek),
                      (7, .older), (400, .older)])
    func backlogAges(days: Int, age: BacklogAge) {
        #expect(BacklogAge(days: days) == age)
    }

    @Test func reorderingWithinABucketIsSavedUnderItsPlanKey() throws {
        let (v, vault) = try vault(tasks: 3)
        let day = try date(2026, 11, 21)
        for n in 1...3 { try vault.plan("t\(n).md", on: day, region: .morning, bucket: .misc) }
        try vault.reorderPlanned("t3.md", before: "t1.md")
        #expect(try vault.board(on: day).regions[0].tasks(in: .misc).map(\.id) == ["t3.md", "t1.md", "t2.md"])
        try vault.reorderPlanned("t1.md", before: nil)
        #expect(try vault.board(on: day).regions[0].tasks(in: .misc).map(\.id) == ["t3.md", "t2.md", "t1.md"])
        let order = try JSONValue.parse(try v.text(".order.json"))
        #expect(order["views"]?["plan:2026-11-21:morning:misc"]?.arrayValue?.compactMap(\.stringValue)
                == ["t3.md", "t2.md", "t1.md"])
        try vault.plan("t2.md", on: day, region: .evening, bucket: .must)
        #expect(throws: TodoError.notInBucket("t2.md", region: .morning, bucket: .misc, date: day)) {
            try vault.reorderPlanned("t1.md", before: "t2.md")
        }
    }

    @Test func theLockRefusesComplementaryBeforeTheMustDo() throws {
        let (v, vault) = try vault(tasks: 3)
        let day = try date(2026, 11, 21)
        try vault.plan([
            PlanAssignment(id: "t1.md", region: .morning, bucket: .must),
            PlanAssignment(id: "t2.md", region: .morning, bucket: .complementary),
            PlanAssignment(id: "t3.md", region: .evening, bucket: .complementary),
        ], on: day)
        // Lock off: anything may be completed.
        try vault.checkPlannerLock(completing: "t2.md")
        try v.write(".todomd/config.json", "{\"planner_lock\": true}")
        #expect(throws: TodoError.mustDoFirst(region: .morning, mustDo: "Task 1")) {
            try vault.complete("t2.md")
        }
        #expect(try vault.read("t2.md").0.status == .todo)
        // The evening has no Must-Do, so nothing blocks it.
        try vault.complete("t3.md")
        try vault.complete("t1.md")
        #expect(try vault.complete("t2.md").completed.status == .done)
    }

    @Test(arguments: [("2026-11-21T06:00:00", PlanRegion.morning), ("2026-11-21T11:59:59", .morning),
                      ("2026-11-21T12:00:00", .afternoon), ("2026-11-21T16:59:00", .afternoon),
                      ("2026-11-21T17:00:00", .evening), ("2026-11-21T23:30:00", .evening)])
    func theDefaultRegionFollowsTheTimeOfDay(now: String, region: PlanRegion) throws {
        let clock = try TodoClock.system(environment: ["TODOMD_NOW": now, "TZ": "Europe/Berlin"])
        #expect(PlanRegion.current(at: clock) == region)
    }

    @Test func movingKeepsWhatIsNotGivenAndTheBoardCountsProgress() throws {
        let (v, vault) = try vault(tasks: 2)
        let day = try date(2026, 11, 21)
        try vault.plan("t1.md", on: day, region: .evening, bucket: .complementary)
        let moved = try vault.replan("t1.md", bucket: .must)
        #expect(moved.region == .evening && moved.bucket == .must && moved.planDate == day)
        // A task that was never planned gets today, the region of the time of day (09:00) and misc.
        let fresh = try vault.replan("t2.md")
        #expect(fresh.region == .morning && fresh.bucket == .misc && fresh.planDate == day)
        try vault.complete("t2.md")
        let board = try vault.board(on: day)
        #expect((board.done, board.total, board.open.map(\.id)) == (1, 2, ["t1.md"]))
        #expect(board.regions[2].mustDo?.id == "t1.md")
        #expect(try v.text("t1.md").contains("bucket: \"must\"\n"))
    }

    @Test func theReviewTimeDefaultsTo1800() throws {
        #expect(VaultSettings().plannerReviewTime.description == "18:00")
        #expect(try VaultSettings(text: "{\"planner_review_time\": \"20:30\"}").plannerReviewTime.description == "20:30")
        #expect(try VaultSettings(text: "{\"planner_review_time\": \"25:00\"}").plannerReviewTime.description == "18:00")
    }
}

/// Per-source permissions in `.todomd/config.json` (§22).
@Suite struct SourcePermissionTests {
    static let config = """
        {"sources": {"claude-agent": {"allow": ["create"]}, "reader": {"allow": ["read"]}, "odd": {"allow": 3}}}
        """

    @Test(arguments: [
        ("claude-agent", SourceAction.create, true), ("claude-agent", .read, true),
        ("claude-agent", .complete, false), ("claude-agent", .update, false), ("claude-agent", .plan, false),
        ("reader", .read, true), ("reader", .create, false),
        ("odd", .read, false), ("someone-else", .delete, true),
    ])
    func sourcesMayDoWhatTheirAllowListSays(source: String, action: SourceAction, allowed: Bool) throws {
        let settings = try VaultSettings(text: Self.config)
        #expect(settings.allows(action, source: source) == allowed)
    }

    @Test func aRefusalNamesTheSourceTheActionAndWhatIsAllowed() throws {
        let settings = try VaultSettings(text: Self.config)
        #expect(throws: TodoError.notAllowed(source: "claude-agent", action: .complete, allowed: [.read, .create])) {
            try settings.require(.complete, source: "claude-agent")
        }
        #expect(VaultSettings().allows(.delete, source: "anyone"))
    }
}
