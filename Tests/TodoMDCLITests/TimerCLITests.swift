import Foundation
import Testing
import TodoMDTestSupport
@testable import TodoMDCLI
@testable import TodoMDKit

/// `todomd start`, `stop`, `time` (§27): the timer in the file, the one-timer rule, the report.
@Suite struct TimerCLITests {
    static func vault() throws -> TemporaryVault {
        let v = try TemporaryVault(now: "2026-11-21T09:00:00")
        try v.task("report.md", title: "Write report", "project: \"Q4\"\ntags: [deep]")
        try v.task("mail.md", title: "Answer mail", "area: \"Work\"")
        return v
    }

    @Test func startStopAndShow() async throws {
        let v = try Self.vault()
        let start = await v.run("start", "report", "--note", "-first draft")
        #expect(start.code == 0, "\(start.stderr)")
        #expect(start.stdout == "Started: Write report  report.md\n")
        #expect(try v.text("report.md").contains("time_entries:\n  - {start: \"2026-11-21T08:00:00Z\", end: null, note: \"-first draft\"}\n"))

        let show = await v.run("show", "report", env: ["TODOMD_NOW": "2026-11-21T09:25:00"])
        let rows = show.stdout.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
        #expect(rows.contains("tracked 25m in 1 entry"), "\(show.stdout)")
        #expect(rows.contains("timer running for 25m, since 09:00 (-first draft)"), "\(show.stdout)")
        let tomorrow = await v.run("show", "report", env: ["TODOMD_NOW": "2026-11-22T09:00:00"])
        #expect(tomorrow.stdout.contains("running for 24h, since 2026-11-21T09:00 (-first draft)\n"), "\(tomorrow.stdout)")
        let json = await v.run("show", "report", "--json", env: ["TODOMD_NOW": "2026-11-21T09:25:00"])
        #expect(json.json["time_spent_minutes"] as? Int == 25)
        #expect((json.json["time_entries"] as? [[String: Any]])?.first?["end"] is NSNull)

        // Starting another task stops this one first.
        let other = await v.run("start", "mail", env: ["TODOMD_NOW": "2026-11-21T09:30:00"])
        #expect(other.stdout == "Stopped after 30m: Write report  report.md\nStarted: Answer mail  mail.md\n")
        #expect(try v.text("report.md").contains("  - {start: \"2026-11-21T08:00:00Z\", end: \"2026-11-21T08:30:00Z\", note: \"-first draft\"}\n"))

        let stop = await v.run("stop", env: ["TODOMD_NOW": "2026-11-21T10:15:00"])
        #expect(stop.stdout == "Stopped after 45m: Answer mail  mail.md\n")
        #expect(try v.text("mail.md").contains("  - {start: \"2026-11-21T08:30:00Z\", end: \"2026-11-21T09:15:00Z\"}\n"))
        let again = await v.run("stop")
        #expect(again.code == 0 && again.stdout == "No timer is running.\n")
        #expect(await v.run("stop", "--json").stdout == "null\n")
        #expect(await v.run("start", "nothing-like-this").code == 2)
    }

    /// `time --json` has exactly the §27 shape; the human table has a total.
    @Test func timeReport() async throws {
        let v = try Self.vault()
        _ = await v.run("start", "report")
        _ = await v.run("start", "mail", env: ["TODOMD_NOW": "2026-11-21T10:00:00"])
        _ = await v.run("stop", env: ["TODOMD_NOW": "2026-11-21T10:30:00"])
        let json = await v.run("time", "--json")
        #expect(json.stdout == #"{"from":"2026-11-15","to":"2026-11-21","by":"project","rows":[{"key":"Q4","minutes":60},{"key":"","minutes":30}],"total_minutes":90}"# + "\n")
        let byArea = await v.run("time", "--by", "area", "--from", "2026-11-21", "--to", "2026-11-21", "--json")
        #expect(byArea.stdout == #"{"from":"2026-11-21","to":"2026-11-21","by":"area","rows":[{"key":"","minutes":60},{"key":"Work","minutes":30}],"total_minutes":90}"# + "\n")
        let human = await v.run("time", "--by", "tag")
        #expect(human.stdout == """
            Time by tag, 2026-11-15 – 2026-11-21
              deep          1h
              No Tags      30m
              Total      1h30m

            """)
        let empty = await v.run("time", "--from", "2026-11-01", "--to", "2026-11-02")
        #expect(empty.stdout == "Time by project, 2026-11-01 – 2026-11-02\n  Nothing tracked.\n")
        // A Pomodoro's work period, recorded as the web app records it, counts in its project (issue 19).
        let vault = try v.open()
        let start = try #require(DateTimeFormat.parse("2026-11-20T07:00:00Z", timeZone: TimeEntry.utc))
        try vault.addTimeEntry("report.md", TimeEntry(start: start, end: start.addingTimeInterval(25 * 60), note: "Pomodoro"))
        #expect(await v.run("time", "--by", "project", "--json").stdout
            == #"{"from":"2026-11-15","to":"2026-11-21","by":"project","rows":[{"key":"Q4","minutes":85},{"key":"","minutes":30}],"total_minutes":115}"# + "\n")
        #expect(throws: TodoError.self) { try vault.addTimeEntry("report.md", TimeEntry(start: start)) }
        #expect(await v.run("time", "--by", "week").code == 2)
        #expect(await v.run("time", "--from", "2026-11-22", "--to", "2026-11-21").code == 2)
    }
}
