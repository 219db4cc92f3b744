import Foundation
import Testing
import TodoMDTestSupport
@testable import TodoMDKit

/// Completing repeating tasks (§11, §21): history, the successor's dates, COUNT and UNTIL.
@Suite struct RepeatingTaskTests {
    /// Completes `lines`' task in a fresh vault (today is Saturday 2026-11-21) and returns
    /// (the completed file's text, the successor or nil, the vault).
    func complete(_ lines: String, now: String = TemporaryVault.defaultNow) throws -> (String, TodoTask?, TemporaryVault) {
        let v = try TemporaryVault(now: now)
        try v.task("r.md", title: "Water plants", lines)
        let completion = try v.open().complete("r.md")
        return (try v.text(completion.completed.id), completion.next, v)
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let lines: String
        let due: String?
        let scheduled: String?
        let deferDate: String?
        let rule: String?
        var testDescription: String { lines.replacingOccurrences(of: "\n", with: " · ") }
    }

    @Test(arguments: [
        // fixed mode: next occurrence strictly after the anchor (due), the rule started there.
        Case(lines: "due: \"2026-11-21\"\nrecurrence: \"FREQ=DAILY\"", due: "2026-11-22", scheduled: nil, deferDate: nil,
             rule: "FREQ=DAILY"),
        // Completed late (due Wednesday, done on Saturday): catching up, the next Saturday after
        // today, not today's (§24).
        Case(lines: "due: \"2026-11-18\"\nrecurrence: \"FREQ=WEEKLY;BYDAY=SA\"", due: "2026-11-28", scheduled: nil,
             deferDate: nil, rule: "FREQ=WEEKLY;BYDAY=SA"),
        // Every date moves by the anchor's shift.
        Case(lines: "due: \"2026-11-20\"\ndefer: \"2026-11-18\"\nscheduled: \"2026-11-19\"\nrecurrence: \"FREQ=WEEKLY\"",
             due: "2026-11-27", scheduled: "2026-11-26", deferDate: "2026-11-25", rule: "FREQ=WEEKLY"),
        // Scheduled is the anchor when there is no due date.
        Case(lines: "scheduled: \"2026-11-21\"\nrecurrence: \"FREQ=MONTHLY\"", due: nil, scheduled: "2026-12-21",
             deferDate: nil, rule: "FREQ=MONTHLY"),
        // Defer is the anchor when there is neither.
        Case(lines: "defer: \"2026-11-30\"\nrecurrence: \"FREQ=MONTHLY;BYMONTHDAY=-1\"", due: nil, scheduled: nil,
             deferDate: "2026-12-31", rule: "FREQ=MONTHLY;BYMONTHDAY=-1"),
        // No date at all: anchor today, the successor gets a due date.
        Case(lines: "recurrence: \"FREQ=DAILY;INTERVAL=3\"", due: "2026-11-24", scheduled: nil, deferDate: nil,
             rule: "FREQ=DAILY;INTERVAL=3"),
        // Jan 31 + monthly skips February (RFC 5545).
        Case(lines: "due: \"2027-01-31\"\nrecurrence: \"FREQ=MONTHLY\"", due: "2027-03-31", scheduled: nil, deferDate: nil,
             rule: "FREQ=MONTHLY"),
        // COUNT counts down.
        Case(lines: "due: \"2026-11-21\"\nrecurrence: \"FREQ=DAILY;COUNT=3\"", due: "2026-11-22", scheduled: nil,
             deferDate: nil, rule: "FREQ=DAILY;COUNT=2"),
        // The new rule differs only in COUNT (§21): list order, WKST, part order and case stay.
        Case(lines: "due: \"2026-11-01\"\nrecurrence: \"FREQ=MONTHLY;BYMONTHDAY=31,1;WKST=MO;COUNT=4\"",
             due: "2026-12-01", scheduled: nil, deferDate: nil, rule: "FREQ=MONTHLY;BYMONTHDAY=31,1;WKST=MO;COUNT=3"),
        Case(lines: "due: \"2026-11-21\"\nrecurrence: \"count=2;freq=weekly;byday=SA,FR\"", due: "2026-11-27",
             scheduled: nil, deferDate: nil, rule: "count=1;freq=weekly;byday=SA,FR"),
        Case(lines: "due: \"2026-11-21\"\nrecurrence: \"RRULE:COUNT=5;FREQ=DAILY\"", due: "2026-11-22", scheduled: nil,
             deferDate: nil, rule: "RRULE:COUNT=4;FREQ=DAILY"),
        // Without COUNT the text is kept as written.
        Case(lines: "due: \"2026-11-21\"\nrecurrence: \"FREQ=WEEKLY;WKST=MO;BYDAY=SU,SA\"", due: "2026-11-22",
             scheduled: nil, deferDate: nil, rule: "FREQ=WEEKLY;WKST=MO;BYDAY=SU,SA"),
    ])
    func successorDates(_ c: Case) throws {
        let (_, next, _) = try complete(c.lines)
        let successor = try #require(next)
        #expect(successor.due?.description == c.due)
        #expect(successor.scheduled?.description == c.scheduled)
        #expect(successor.deferDate?.description == c.deferDate)
        #expect(successor.recurrence == c.rule)
        #expect(successor.status == .todo)
        #expect(successor.completed == nil)
    }

    @Test(arguments: [
        // (lines, the successor's due, scheduled, defer as its file writes them)
        // A daily stand-up at 9:30 is at 9:30 again, and a weekly review at 15:00.
        ("due: \"2026-11-21T09:30\"\nrecurrence: \"FREQ=DAILY\"", "2026-11-22T09:30", nil, nil),
        ("due: \"2026-11-20T15:00\"\nrecurrence: \"FREQ=WEEKLY;BYDAY=FR\"", "2026-11-27T15:00", nil, nil),
        // Caught up (done days late), every field keeps its own time, or none.
        ("due: \"2026-11-16T07:00\"\nscheduled: \"2026-11-16T06:30\"\ndefer: \"2026-11-15\"\nrecurrence: \"FREQ=WEEKLY;BYDAY=MO,WE,FR\"",
         "2026-11-23T07:00", "2026-11-23T06:30", "2026-11-22"),
        // Defer another: the defer moves to the next occurrence with its time; due moves as far.
        ("due: \"2026-11-12T18:00\"\ndefer: \"2026-11-10T08:00\"\nrecurrence: \"FREQ=WEEKLY\"\nrecurrence_mode: \"defer_another\"",
         "2026-11-30T18:00", nil, "2026-11-28T08:00"),
    ] as [(String, String?, String?, String?)])
    func aTimeOfDayStaysWithItsField(lines: String, due: String?, scheduled: String?, deferDate: String?) throws {
        let (_, next, v) = try complete(lines)
        let successor = try #require(next)
        let text = try v.text(successor.id)
        for (key, value) in [("due", due), ("scheduled", scheduled), ("defer", deferDate)] {
            if let value {
                #expect(text.contains("\n\(key): \"\(value)\"\n"), "\(key) in\n\(text)")
            } else {
                #expect(!text.contains("\n\(key): "), "no \(key) in\n\(text)")
            }
        }
    }

    @Test func theCompletedFileIsHistoryAndTheSuccessorCopiesTheTask() throws {
        let (text, next, v) = try complete("""
            due: "2026-11-21"
            priority: "high"
            flagged: true
            area: "Home"
            project: "Garden"
            tags:
              - plants
            recurrence: "FREQ=WEEKLY"
            recurrence_mode: "fixed"
            estimated_minutes: 10
            description: "Both balconies"
            """)
        #expect(text.contains("status: \"done\"\n"))
        #expect(text.contains("completed: \"2026-11-21T08:00:00Z\"\n"))
        #expect(!text.contains("recurrence:"))
        #expect(text.contains("recurrence_mode: \"fixed\"\n"))
        let s = try #require(next)
        #expect(s.title == "Water plants")
        #expect((s.priority, s.flagged, s.area, s.project, s.tags) == (.high, true, "Home", "Garden", ["plants"]))
        #expect((s.estimatedMinutes, s.description, s.source) == (10, "Both balconies", "test"))
        #expect(s.created == v.clock.now.addingTimeInterval(0) || abs(s.created.timeIntervalSince(v.clock.now)) < 1)
        #expect(s.due == LocalDate(year: 2026, month: 11, day: 28))
        #expect(v.exists(s.id))
    }

    @Test func afterCompletionCountsFromTheCompletionDate() throws {
        // Due long ago, completed today (Saturday 21 Nov): next is 2 weeks after today.
        let (_, next, _) = try complete("due: \"2026-10-01\"\nrecurrence: \"FREQ=WEEKLY;INTERVAL=2\"\nrecurrence_mode: after_completion")
        #expect(try #require(next).due == LocalDate(year: 2026, month: 12, day: 5))
        #expect(next?.recurrenceMode == .afterCompletion)
    }

    @Test(arguments: [
        "due: \"2026-11-21\"\nrecurrence: \"FREQ=DAILY;COUNT=1\"",
        "due: \"2026-11-21\"\nrecurrence: \"FREQ=DAILY;UNTIL=20261121\"",
        "due: \"2026-11-21\"\nrecurrence: \"FREQ=NEVERLY\"",
    ])
    func theSeriesEnds(_ lines: String) throws {
        let (text, next, v) = try complete(lines)
        #expect(next == nil)
        #expect(text.contains("status: \"done\""))
        #expect(try v.open().list("all").tasks.count == 1)
    }

    @Test func completingTwiceCreatesOneSuccessor() throws {
        let v = try TemporaryVault()
        try v.task("r.md", title: "Water plants", "due: \"2026-11-21\"\nrecurrence: \"FREQ=DAILY\"")
        let vault = try v.open()
        #expect(try vault.complete("r.md").next != nil)
        let again = try vault.complete("r.md")
        #expect(again.next == nil)
        #expect(try vault.list("all").tasks.count == 2)
    }

    @Test func aFileChangedUnderneathCreatesNothing() throws {
        let v = try TemporaryVault()
        try v.task("r.md", title: "Water plants", "due: \"2026-11-21\"\nrecurrence: \"FREQ=DAILY\"")
        let vault = try v.open()
        let (_, snapshot) = try vault.read("r.md")
        try v.task("r.md", title: "Water plants (edited elsewhere)", "due: \"2026-11-21\"\nrecurrence: \"FREQ=DAILY\"")
        #expect(throws: TodoError.conflict(path: "r.md")) {
            try vault.update("r.md", TaskChanges([.status: .string("done")]), expectedHash: snapshot.stamp.hash)
        }
        // complete() reads the file fresh, then writes conflict-checked: one completion, one successor.
        let completion = try vault.complete("r.md")
        #expect(completion.completed.title == "Water plants (edited elsewhere)")
        #expect(try vault.list("all").tasks.count == 2)
    }

    @Test func anInvalidRuleIsAWarningAndTheTaskLoads() throws {
        let v = try TemporaryVault()
        try v.task("r.md", title: "Odd", "recurrence: \"FREQ=HOURLY;BYHOUR=3\"")
        let task = try v.open().read("r.md").0
        #expect(task.recurrence == "FREQ=HOURLY;BYHOUR=3")
        #expect(task.warnings.contains { $0.hasPrefix("recurrence: ") })
    }

    // MARK: - §24: catch-up, defer another, skip

    @Test(arguments: [
        // (lines, catch-up setting, the successor's due, defer)
        // A daily habit done four days late: tomorrow, not three days ago.
        ("due: \"2026-11-17\"\nrecurrence: \"FREQ=DAILY\"", true, "2026-11-22", nil),
        ("due: \"2026-11-17\"\nrecurrence: \"FREQ=DAILY\"", false, "2026-11-18", nil),
        // The rule's pattern from the anchor is kept: every 3 days from the 10th → 13, 16, 19, 22.
        ("due: \"2026-11-10\"\nrecurrence: \"FREQ=DAILY;INTERVAL=3\"", true, "2026-11-22", nil),
        // On time is unchanged.
        ("due: \"2026-11-21\"\nrecurrence: \"FREQ=WEEKLY\"", true, "2026-11-28", nil),
        // A future anchor is not pulled back.
        ("due: \"2026-12-01\"\nrecurrence: \"FREQ=MONTHLY\"", true, "2027-01-01", nil),
        // Defer another: defer is the next occurrence after the completion date; due moves as much.
        ("due: \"2026-11-12\"\ndefer: \"2026-11-10\"\nrecurrence: \"FREQ=WEEKLY\"\nrecurrence_mode: \"defer_another\"",
         true, "2026-11-30", "2026-11-28"),
        // … and a task without defer gets one; its anchor (due) moves as far.
        ("due: \"2026-11-20\"\nrecurrence: \"FREQ=DAILY;INTERVAL=2\"\nrecurrence_mode: \"defer_another\"",
         true, "2026-11-23", "2026-11-23"),
    ] as [(String, Bool, String?, String?)])
    func catchUpAndDeferAnother(lines: String, catchUp: Bool, due: String?, deferDate: String?) throws {
        let v = try TemporaryVault()
        if !catchUp { try v.write(".todomd/config.json", #"{"recurrence_catch_up": false}"#) }
        try v.task("r.md", title: "Stretch", lines)
        let next = try #require(try v.open().complete("r.md").next)
        #expect(next.due?.description == due)
        #expect(next.deferDate?.description == deferDate)
    }

    @Test func skippingCancelsThisOccurrenceAndCreatesTheNext() throws {
        let v = try TemporaryVault()
        try v.task("r.md", title: "Water plants", "due: \"2026-11-21\"\nrecurrence: \"FREQ=WEEKLY\"")
        try v.task("once.md", title: "Once")
        let vault = try v.open()
        let skipped = try vault.skip("r.md")
        #expect(skipped.completed.status == .cancelled)
        #expect(skipped.completed.completed == nil)
        #expect(!(try v.text("r.md")).contains("recurrence:"))
        #expect(skipped.next?.due == LocalDate(year: 2026, month: 11, day: 28))
        #expect(skipped.next?.recurrence == "FREQ=WEEKLY")
        #expect(throws: TodoError.invalidValue(field: "recurrence", value: "", reason: "only a repeating task can be skipped")) {
            try vault.skip("once.md")
        }
    }
}
