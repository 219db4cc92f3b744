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
        #expect(throws: TodoError.ruleViolation("Afternoon region full (1 Must-Do, 3 Complementary, 5 Misc)")) {
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
        try vault.sync()
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
        #expect(throws: TodoError.ruleViolation(PlanLimits.fullMessage(.morning))) {
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
        try vault.sync()
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
        try vault.sync()
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
        #expect(throws: TodoError.message(
            "`claude-agent` may not complete tasks in this vault (.todomd/config.json \"sources\" allows it: read, create). Nothing was changed.")) {
            try settings.require(.complete, source: "claude-agent")
        }
        #expect(VaultSettings().allows(.delete, source: "anyone"))
    }
}
