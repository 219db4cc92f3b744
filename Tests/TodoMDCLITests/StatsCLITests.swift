import Foundation
import Testing
import TodoMDKit
import TodoMDTestSupport

/// `todomd stats [--weeks N] [--json]` (§27), run in-process at Saturday 2026-11-21 09:00 (Berlin).
@Suite struct StatsCLITests {
    /// Completions in two areas and projects this week and last, a planned Must-Do done
    /// yesterday and one today, a task carried twice.
    func vault() throws -> TemporaryVault {
        let v = try TemporaryVault()
        try v.task("a.md", title: "Ship", "area: \"Work\"\nproject: \"Launch\"\ncompleted: \"2026-11-20T10:00:00Z\"", status: "done")
        try v.task("b.md", title: "Draft", "area: \"Work\"\nproject: \"Launch\"\ncompleted: \"2026-11-20T11:00:00Z\"", status: "done")
        try v.task("c.md", title: "Mow", "area: \"Home\"\ncompleted: \"2026-11-12T10:00:00Z\"", status: "done")
        try v.task("m1.md", title: "Must 1", "region: \"morning\"\nbucket: \"must\"\nplan_date: \"2026-11-20\"\ncompleted: \"2026-11-20T07:00:00Z\"", status: "done")
        try v.task("m2.md", title: "Must 2", "region: \"morning\"\nbucket: \"must\"\nplan_date: \"2026-11-21\"\ncompleted: \"2026-11-21T07:00:00Z\"", status: "done")
        try v.task("bl.md", title: "Waiting", "region: \"backlog\"\nbucket: \"none\"\ncarry_count: 2")
        try v.task("t.md", title: "Write the report", "estimated_minutes: 60\ntime_entries:\n  - {start: \"2026-11-20T09:00:00Z\", end: \"2026-11-20T10:30:00Z\"}")
        try v.task("u.md", title: "Reply", "estimated_minutes: 30\ntime_entries:\n  - {start: \"2026-11-20T11:00:00Z\", end: \"2026-11-20T11:20:00Z\"}")
        return v
    }

    @Test func theJSONHasTheSpecKeysAndEveryDay() async throws {
        let v = try vault()
        let r = await v.run("stats", "--json")
        #expect(r.code == 0)
        #expect(r.stderr.isEmpty)
        let json = r.json
        for key in ["completed_per_day", "completed_by_area", "completed_by_project", "must_do_streak", "average_carry_count"] {
            #expect(json[key] != nil, "missing \(key)")
        }
        let perDay = json["completed_per_day"] as? [String: Int] ?? [:]
        #expect(perDay.count == 28)
        #expect(perDay["2026-10-25"] == 0)
        #expect(perDay["2026-11-20"] == 3)
        #expect(perDay["2026-11-21"] == 1)
        #expect(json["completed_by_area"] as? [String: Int] == ["Work": 2, "Home": 1, "": 2])
        #expect(json["completed_by_project"] as? [String: Int] == ["Launch": 2, "": 3])
        #expect(json["must_do_streak"] as? Int == 2)
        #expect(json["average_carry_count"] as? Double == 0.67)
        let estimates = json["estimate_vs_tracked"] as? [[String: Any]] ?? []
        #expect(estimates.map { $0["title"] as? String } == ["Write the report", "Reply"])
        #expect(estimates.map { $0["tracked_minutes"] as? Int } == [90, 20])
        // Every day in order, oldest first, in the text as printed.
        #expect(r.stdout.hasPrefix(#"{"from":"2026-10-25","to":"2026-11-21","weeks":4,"completed_per_day":{"2026-10-25":0,"2026-10-26":0,"#))
    }

    @Test func insightsIsAnotherNameForIt() async throws {
        let v = try vault()
        let stats = await v.run("stats", "--json")
        let insights = await v.run("insights", "--json")
        #expect(insights.code == 0)
        #expect(insights.stderr.isEmpty)
        #expect(insights.stdout == stats.stdout)
    }

    @Test func theHumanOutput() async throws {
        let v = try vault()
        let r = await v.run("stats", "--weeks", "2")
        #expect(r.code == 0)
        #expect(r.stdout == """
            Insights, Sun 8 Nov – Sat 21 Nov (2 weeks)

            Completed per day (5 in all)
              from Sun 8 Nov   ····▃··  1
              from Sun 15 Nov  ·····█▃  4

            By area
              Work     ████████████████████ 2
              No area  ████████████████████ 2
              Home     ██████████ 1

            By project
              No project  ████████████████████ 3
              Launch      █████████████ 2

            Must-Do streak  2 days  (today 1/1 done)
            Average carry   0.67  (rollovers per planned task, 3 tasks)
            This week       4 done  (Mon 16 Nov – Sat 21 Nov)
            Last week       1 done

            Estimate vs tracked
              Write the report  1h      → 1h 30m  +30m
              Reply             30m     → 20m     −10m

            """)
    }

    @Test(arguments: ["0", "53", "many"])
    func aBadNumberOfWeeksIsAnError(weeks: String) async throws {
        let r = try await vault().run("stats", "--weeks", weeks)
        #expect(r.code != 0)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.contains("weeks"))
    }
}
