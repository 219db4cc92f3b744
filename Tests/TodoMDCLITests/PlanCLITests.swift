import Foundation
import Testing
import TodoMDKit
import TodoMDTestSupport

/// `todomd plan …` and `todomd backlog` (§14, §19, §22), run in-process with a fixed clock.
@Suite struct PlanCLITests {
    /// A vault at Saturday 2026-11-21 09:00 (Berlin) with open tasks `t1.md` … `tN.md`.
    func vault(tasks count: Int, now: String = TemporaryVault.defaultNow) throws -> TemporaryVault {
        let v = try TemporaryVault(now: now)
        for n in 1...count {
            try v.task("t\(n).md", title: "Task \(n)", created: String(format: "2026-11-01T10:%02d:00Z", n))
        }
        return v
    }

    func regions(_ run: CLIRun) -> [[String: Any]] { run.json["regions"] as? [[String: Any]] ?? [] }

    func groups(_ run: CLIRun) -> [(String, [[String: Any]])] {
        (run.json["groups"] as? [[String: Any]] ?? []).map {
            ($0["name"] as? String ?? "", $0["tasks"] as? [[String: Any]] ?? [])
        }
    }

    @Test func planAMorningCompleteTheMustDoAndFindTheRestInTheBacklogNextDay() async throws {
        let v = try vault(tasks: 7)
        #expect(await v.run("plan", "add", "t1", "--region", "morning", "--bucket", "must").code == 0)
        // 09:00: the default region is the morning, the default bucket misc.
        #expect(await v.run("plan", "add", "t2", "--bucket", "complementary").code == 0)
        let added = await v.run("plan", "add", "t3")
        #expect(added.stdout == "Planned: Task 3 → Morning Misc, 2026-11-21  t3.md\n")

        let board = await v.run("plan")
        #expect(board.code == 0)
        #expect(board.stdout == """
            Plan for 2026-11-21  0/3 done

            Morning  0/3 done (0%)
              Must-Do
                ○ Task 1  [test]  t1
              Complementary 1/3
                ○ Task 2  [test]  t2
              Misc 1/5
                ○ Task 3  [test]  t3

            Afternoon  0/0 done
              Must-Do  (none)
              Complementary 0/3
              Misc 0/5

            Evening  0/0 done
              Must-Do  (none)
              Complementary 0/3
              Misc 0/5

            Backlog: 0 tasks

            """)

        #expect(await v.run("done", "t1").code == 0)
        let json = await v.run("plan", "--json")
        let morning = regions(json).first ?? [:]
        #expect(morning["done"] as? Int == 1)
        #expect(morning["total"] as? Int == 3)
        #expect(json.json["done"] as? Int == 1)
        #expect(json.json["total"] as? Int == 3)

        // The next day: the first command rolls the open tasks over.
        let next = ["TODOMD_NOW": "2026-11-22T13:00:00"]
        let backlog = await v.run(["backlog", "--json"], env: next)
        #expect(backlog.code == 0)
        #expect(backlog.json["view"] as? String == "backlog")
        let yesterday = groups(backlog)
        #expect(yesterday.map(\.0) == ["Yesterday"])
        #expect(yesterday.first?.1.map { $0["id"] as? String } == ["t2.md", "t3.md"])
        #expect(yesterday.first?.1.map { $0["carry_count"] as? Int } == [1, 1])
        #expect(yesterday.first?.1.map { $0["backlog_since"] as? String } == ["2026-11-21", "2026-11-21"])
        let text = await v.run(["backlog"], env: next)
        #expect(text.stdout.contains("Yesterday (2)"))

        // Pull one back into the afternoon; refused once the afternoon's bucket is full.
        for n in 4...6 {
            #expect(await v.run(["plan", "add", "t\(n)", "--region", "afternoon", "--bucket", "complementary"], env: next).code == 0)
        }
        let refused = await v.run(["plan", "add", "t2", "--region", "afternoon", "--bucket", "complementary"], env: next)
        #expect(refused.code == 1)
        #expect(refused.stdout == "")
        #expect(refused.stderr == "error: Afternoon region full (1 Must-Do, 3 Complementary, 5 Misc)\n")
        #expect(try v.text("t2.md").contains("region: \"backlog\"\n"))
        let pulled = await v.run(["plan", "move", "t2", "--region", "afternoon", "--bucket", "misc", "--json"], env: next)
        #expect(pulled.code == 0)
        #expect(pulled.json["plan_date"] as? String == "2026-11-22")
        #expect(pulled.json["carry_count"] as? Int == 1)
        #expect(pulled.json["backlog_since"] is NSNull)

        // Yesterday's board is history: the done Must-Do stays there.
        let history = await v.run(["plan", "history", "--json"], env: next)
        #expect(regions(history).first?["must"].flatMap { $0 as? [[String: Any]] }?.first?["id"] as? String == "t1.md")
        #expect(history.json["total"] as? Int == 1)
    }

    @Test func rolloverAcrossAMonthEndIsExplicitIdempotentAndJSON() async throws {
        let v = try vault(tasks: 2, now: "2026-11-30T20:00:00")
        #expect(await v.run("plan", "add", "t1", "--bucket", "must").code == 0)  // 20:00: evening
        #expect(try v.text("t1.md").contains("region: \"evening\"\n"))
        let december = ["TODOMD_NOW": "2026-12-01T00:05:00"]
        let first = await v.run(["plan", "rollover", "--json"], env: december)
        #expect(first.stdout == "{\"moved\":[\"t1.md\"],\"skipped\":[]}\n")
        let after = try v.text("t1.md")
        let second = await v.run(["plan", "rollover"], env: december)
        #expect(second.stdout == "Nothing to roll over.\n")
        #expect(try v.text("t1.md") == after)
        #expect(after.contains("carry_count: 1\n") && after.contains("backlog_since: \"2026-11-30\"\n"))
    }

    @Test func anyCommandAfterMidnightRollsOverOnceAndTheReviewComesFromRemind() async throws {
        let v = try vault(tasks: 2, now: "2026-11-21T17:00:00")
        #expect(await v.run("plan", "add", "t1", "--region", "evening", "--bucket", "must").code == 0)
        #expect(await v.run("plan", "add", "t2", "--region", "evening").code == 0)
        #expect(await v.run("done", "t2").code == 0)
        // 18:00: `remind --once` delivers the end-of-day review (no notify-send here: a line).
        let evening = ["TODOMD_NOW": "2026-11-21T18:00:00", "PATH": "/nonexistent"]
        let remind = await v.run(["remind", "--once"], env: evening)
        #expect(remind.stdout == "Day review: 1 of 2 planned tasks still open — finish, replan, or let them roll into the backlog.\n")
        #expect(await v.run(["remind", "--once"], env: evening).stdout == "")

        // The next morning, a command that is not the planner's rolls the open task over.
        let before = try v.text("t1.md")
        #expect(before.contains("region: \"evening\"\n"))
        let next = ["TODOMD_NOW": "2026-11-22T08:00:00"]
        #expect(await v.run(["list", "inbox"], env: next).code == 0)
        let after = try v.text("t1.md")
        #expect(after.contains("region: \"backlog\"\n") && after.contains("carry_count: 1\n"))
        #expect(try v.text("t2.md").contains("plan_date: \"2026-11-21\"\n"))
        // Again the same day: nothing is written.
        #expect(await v.run(["today"], env: next).code == 0)
        #expect(try v.text("t1.md") == after)
    }

    @Test func aSkippedDayLandsInThisWeekWithOneCarry() async throws {
        let v = try vault(tasks: 1)
        #expect(await v.run("plan", "add", "t1", "--region", "evening").code == 0)
        let backlog = await v.run(["backlog", "--json"], env: ["TODOMD_NOW": "2026-11-23T09:00:00"])
        #expect(groups(backlog).map(\.0) == ["This Week"])
        #expect(groups(backlog).first?.1.first?["carry_count"] as? Int == 1)
    }

    @Test func removeReorderAndReview() async throws {
        let v = try vault(tasks: 3)
        for n in 1...3 { #expect(await v.run("plan", "add", "t\(n)", "--region", "afternoon").code == 0) }
        #expect(await v.run("plan", "reorder", "t3", "--before", "t1").code == 0)
        let board = await v.run("plan", "show", "--json")
        let misc = regions(board).dropFirst().first?["misc"] as? [[String: Any]] ?? []
        #expect(misc.map { $0["id"] as? String } == ["t3.md", "t1.md", "t2.md"])

        let removed = await v.run("plan", "remove", "t2")
        #expect(removed.stdout == "To backlog: Task 2 → Backlog  t2.md\n")
        #expect(try v.text("t2.md").contains("backlog_since: \"2026-11-21\"\n"))
        #expect(!(try v.text("t2.md")).contains("plan_date"))
        #expect(groups(await v.run("backlog", "--json")).map(\.0) == ["Today"])

        #expect(await v.run("done", "t1").code == 0)
        let review = await v.run("plan", "review")
        #expect(review.stdout.hasPrefix("1 of 2 planned tasks are still open today"))
        let json = await v.run("plan", "review", "--json")
        #expect(json.json["open"] as? Int == 1)
        #expect(json.json["review_time"] as? String == "18:00")
    }

    @Test(arguments: [["plan", "add", "t1", "--region", "noon"], ["plan", "add", "t1", "--bucket", "none"],
                      ["plan", "add", "t1", "--date", "someday-ish"], ["plan", "add", "nothing-like-this"]])
    func badInputIsAUsageError(args: [String]) async throws {
        let v = try vault(tasks: 1)
        let run = await v.run(args)
        #expect(run.code == 2)
        #expect(!(try v.text("t1.md")).contains("region"))
    }
}
