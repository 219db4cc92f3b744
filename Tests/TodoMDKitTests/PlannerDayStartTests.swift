import Foundation
import Testing
import TodoMDTestSupport
@testable import TodoMDKit

/// The planner's day boundary as every front end sees it: the rollover run once at the start of
/// the first command or request of a day, quick add into a bucket, and the end-of-day review
/// delivered by the reminder service.
@Suite struct PlannerDayStartTests {
    func date(_ y: Int, _ m: Int, _ d: Int) throws -> LocalDate { try #require(LocalDate(year: y, month: m, day: d)) }

    func at(_ text: String) throws -> Date {
        let clock = try TodoClock.system(environment: ["TODOMD_NOW": text, "TZ": TemporaryVault.defaultZone])
        return clock.now
    }

    @Test func theFirstCallOfADayRollsOverAndLaterCallsThatDayDoNothing() throws {
        let v = try TemporaryVault(now: "2026-11-21T20:00:00")
        try v.task("t1.md", title: "Write report", created: "2026-11-01T10:01:00Z")
        try v.task("t2.md", title: "Call Bob", created: "2026-11-01T10:02:00Z")
        let vault = try v.open()
        try vault.plan("t1.md", on: try date(2026, 11, 21), region: .morning, bucket: .must)
        // The first call of the day records the day; nothing is past yet.
        #expect(try vault.rolloverIfDayChanged()?.moved == [])
        #expect(try vault.rolloverIfDayChanged() == nil)

        // After midnight: the first call moves yesterday's open task, the second is a no-op.
        let later = try reopen(v, at: "2026-11-22T07:30:00")
        #expect(try later.rolloverIfDayChanged()?.moved == ["t1.md"])
        let t1 = try later.read("t1.md").0
        #expect(t1.region == .backlog)
        #expect(t1.carryCount == 1)
        #expect(t1.backlogSince == (try date(2026, 11, 21)))
        // Planned again for today, it stays put for the rest of the day however often we ask.
        try later.plan("t1.md", on: try date(2026, 11, 22), region: .afternoon, bucket: .must)
        #expect(try later.rolloverIfDayChanged() == nil)
        #expect(try later.read("t1.md").0.region == .afternoon)
    }

    @Test func aFileEditedToAPastPlanIsCaughtOnTheNextDayNotMidDay() throws {
        // The day is recorded once: a task planned for yesterday by another program during the
        // day stays put — reads never write, and the rollover runs when a day starts …
        let v = try TemporaryVault(now: "2026-11-22T10:00:00")
        try v.task("t1.md", title: "Task", created: "2026-11-01T10:01:00Z")
        let vault = try v.open()
        #expect(try vault.rolloverIfDayChanged()?.moved == [])
        try v.task("t1.md", title: "Task", "plan_date: \"2026-11-21\"\nregion: \"morning\"\nbucket: \"misc\"",
                   created: "2026-11-01T10:01:00Z")
        try vault.refreshIndex()
        #expect(try vault.rolloverIfDayChanged() == nil)
        _ = try vault.board(on: try date(2026, 11, 22))
        _ = try vault.backlog()
        #expect(try vault.read("t1.md").0.region == .morning)
        // … and the next day's first command moves it.
        let tomorrow = try reopen(v, at: "2026-11-23T08:00:00")
        #expect(try tomorrow.rolloverIfDayChanged()?.moved == ["t1.md"])
        #expect(try tomorrow.read("t1.md").0.region == .backlog)
    }

    @Test func quickAddIntoAFullBucketIsRefusedBeforeAnyFileIsWritten() throws {
        let v = try TemporaryVault()
        let vault = try v.open()
        let day = try date(2026, 11, 21)
        let first = try vault.addPlanned(try vault.draft(text: "Ship the release", fields: [], source: "user"),
                                         on: day, region: .afternoon, bucket: .must)
        #expect(first.planDate == day)
        #expect(first.region == .afternoon)
        #expect(first.bucket == .must)
        #expect(try v.text(first.id).contains("bucket: \"must\"\n"))
        let files = try FileManager.default.contentsOfDirectory(atPath: v.root).filter { $0.hasSuffix(".md") }
        #expect(throws: TodoError.regionFull(.afternoon)) {
            try vault.addPlanned(try vault.draft(text: "Something else", fields: [], source: "user"),
                                 on: day, region: .afternoon, bucket: .must)
        }
        let after = try FileManager.default.contentsOfDirectory(atPath: v.root).filter { $0.hasSuffix(".md") }
        #expect(after.sorted() == files.sorted())
        // A cancelled Must-Do frees the slot, as it does for planning.
        try vault.cancel(first.id)
        try vault.addPlanned(try vault.draft(text: "Something else", fields: [], source: "user"),
                             on: day, region: .afternoon, bucket: .must)
    }

    @Test func theReviewComesAtTheReviewTimeOnceWhenPlannedTasksAreOpen() throws {
        let v = try TemporaryVault(now: "2026-11-21T17:59:00")
        try v.task("t1.md", title: "Write report", created: "2026-11-01T10:01:00Z")
        try v.task("t2.md", title: "Call Bob", created: "2026-11-01T10:02:00Z")
        try v.task("t3.md", title: "Water plants", created: "2026-11-01T10:03:00Z")
        let vault = try v.open()
        let day = try date(2026, 11, 21)
        try vault.plan("t1.md", on: day, region: .morning, bucket: .must)
        try vault.plan("t2.md", on: day, region: .afternoon, bucket: .misc)
        try vault.plan("t3.md", on: day, region: .evening, bucket: .misc)
        try vault.complete("t1.md")

        #expect(try vault.deliverReminders(now: try at("2026-11-21T17:59:00")) { _ in }.isEmpty)
        var messages: [String] = []
        let delivered = try vault.deliverReminders(now: try at("2026-11-21T18:00:00")) { reminder in
            messages.append(reminder.message(today: day))
        }
        #expect(delivered.map(\.kind) == [.review])
        #expect(delivered.first?.taskID == Reminders.reviewID)
        #expect(messages == ["Day review: 2 of 3 planned tasks still open — finish, replan, or let them roll into the backlog."])
        // Once a day.
        #expect(try vault.deliverReminders(now: try at("2026-11-21T21:00:00")) { _ in }.isEmpty)
        #expect(try v.text(".todomd/reminders.json").contains("\"kind\": \"review\""))
    }

    @Test func noReviewWhenEverythingIsDoneOrNothingIsPlannedAndTheTimeIsASetting() throws {
        let v = try TemporaryVault(now: "2026-11-21T09:00:00")
        try v.task("t1.md", title: "Write report", created: "2026-11-01T10:01:00Z")
        try v.write(".todomd/config.json", "{\"planner_review_time\": \"21:30\"}\n")
        let vault = try v.open()
        let day = try date(2026, 11, 21)
        let state = Reminders.State()
        #expect(try vault.reviewReminder(now: try at("2026-11-21T22:00:00"), state: state) == nil)
        try vault.plan("t1.md", on: day, region: .evening, bucket: .must)
        #expect(try vault.reviewReminder(now: try at("2026-11-21T21:29:00"), state: state) == nil)
        let review = try vault.reviewReminder(now: try at("2026-11-21T21:30:00"), state: state)
        #expect(review?.title == "1 of 1 planned task")
        try vault.complete("t1.md")
        #expect(try vault.reviewReminder(now: try at("2026-11-21T21:31:00"), state: state) == nil)
    }
}
