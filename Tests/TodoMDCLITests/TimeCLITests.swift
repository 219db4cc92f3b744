import Foundation
import Testing
import TodoMDTestSupport
@testable import TodoMDCLI
@testable import TodoMDKit

/// Times of day on the command line (§24): quick entry, date options, listings, overdue by the
/// minute. The clock is Saturday 2026-11-21 09:00 in Europe/Berlin unless a test says otherwise.
@Suite struct TimeCLITests {
    @Test func callMomTomorrow3pmIsDueTomorrowAtThreeAndSaysSo() async throws {
        let v = try TemporaryVault()
        let dry = await v.run("add", "Call mom tomorrow 3pm", "--dry-run")
        #expect(dry.stdout.contains("2026-11-22T15:00 (tomorrow 15:00)"), "\(dry.stdout)")
        let run = await v.run("add", "Call mom tomorrow 3pm", "--json")
        #expect(run.code == 0, "\(run.stderr)")
        #expect(run.json["title"] as? String == "Call mom")
        #expect(run.json["due"] as? String == "2026-11-22T15:00")
        let id = try #require(run.json["id"] as? String)
        let text = try v.text(id)
        #expect(text.contains("\ndue: \"2026-11-22T15:00\"\n"))
    }

    @Test(arguments: [
        ("2026-11-24 15:00", "2026-11-24T15:00"), ("2026-11-24T08:05", "2026-11-24T08:05"),
        ("tomorrow 3pm", "2026-11-22T15:00"), ("fri at 9:30", "2026-11-27T09:30"), ("noon", "2026-11-21T12:00"),
        ("8am", "2026-11-22T08:00"), ("3pm monday", "2026-11-23T15:00"), ("2026-11-24", "2026-11-24"),
    ])
    func dateOptionsTakeTimes(text: String, expected: String) async throws {
        let v = try TemporaryVault()
        try v.task("a.md", title: "A", "due: \"2026-11-30\"")
        let run = await v.run("edit", "a.md", "--due", text, "--json")
        #expect(run.code == 0, "\(run.stderr)")
        #expect(run.json["due"] as? String == expected)
        let text = try v.text("a.md")
        #expect(text.contains("due: \"\(expected)\""))
    }

    @Test func aBadTimeIsAUsageErrorThatChangesNothing() async throws {
        let v = try TemporaryVault()
        try v.task("a.md", title: "A", "due: \"2026-11-30\"")
        let before = try v.text("a.md")
        let run = await v.run("edit", "a.md", "--due", "2026-11-24 25:00")
        #expect(run.code == 2)
        #expect(run.stderr.contains("due"))
        let after = try v.text("a.md")
        #expect(after == before)
    }

    /// Timed tasks of a day come first, by time; a timed due is overdue once its minute has passed.
    @Test func todayOrdersTimedFirstAndIsOverdueByTheMinute() async throws {
        let v = try TemporaryVault(now: "2026-11-21T14:30:00")
        try v.task("late.md", title: "Late", "due: \"2026-11-21T14:29\"")
        try v.task("soon.md", title: "Soon", "due: \"2026-11-21T14:31\"")
        try v.task("early.md", title: "Early", "due: \"2026-11-21T08:00\"")
        try v.task("allday.md", title: "All day", "due: \"2026-11-21\"")
        let json = await v.run("list", "all", "--sort", "due", "--json").json
        let titles = ((json["groups"] as? [[String: Any]])?.first?["tasks"] as? [[String: Any]])?.compactMap { $0["title"] as? String }
        #expect(titles == ["Early", "Late", "Soon", "All day"])
        let overdue = try v.open().overdue().tasks.map(\.title)
        #expect(overdue == ["Early", "Late"])
        let today = await v.run("today")
        #expect(today.stdout.contains("Overdue (2)"), "\(today.stdout)")
        #expect(today.stdout.contains("Soon     due today 14:31"), "\(today.stdout)")
    }

    /// A file another program wrote with seconds or an offset is read as local time (§24).
    @Test(arguments: [
        ("2026-11-24T15:00:00", "2026-11-24T15:00"), ("2026-11-24T14:00:00Z", "2026-11-24T15:00"),
        ("2026-11-24T09:00:00-05:00", "2026-11-24T15:00"), ("2026-11-24 15:00", "2026-11-24T15:00"),
        ("2026-11-24", "2026-11-24"),
    ])
    func lenientTimesAreReadAsLocalTime(written: String, read: String) async throws {
        let v = try TemporaryVault()
        try v.task("a.md", title: "A", "scheduled: \"\(written)\"")
        let json = await v.run("show", "a.md", "--json").json
        #expect(json["scheduled"] as? String == read)
        #expect(json["warnings"] as? [String] == [])
    }
}
