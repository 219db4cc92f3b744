import Foundation
import HTTPTypes
import Hummingbird
import Testing
import TodoMDKit
import TodoMDTestSupport
@testable import TodoMDServer

/// The planner's API (§14, §22): board, quick add per bucket, plan/move/remove, reorder, the
/// backlog, the review, 422 on a full bucket, and the rollover at the first request of a day.
@Suite("Planner API")
struct PlanRoutesTests {
    @Test func planAMorningThroughTheAPIAndCompleteItsMustDo() async throws {
        let f = try ServerFixture()
        try await f.test { client in
            let must = try await client.send(.post, "/api/v1/plan/tasks",
                                             #"{"text": "Write the report", "region": "morning", "bucket": "must"}"#)
            #expect(must.status == .created)
            #expect(must.json["plan_date"]?.stringValue == "2026-11-21")
            #expect(must.json["region"]?.stringValue == "morning")
            #expect(must.json["source"]?.stringValue == "user")
            for title in ["Reply to Ana", "Book flights"] {
                let r = try await client.send(.post, "/api/v1/plan/tasks",
                                              #"{"text": "\#(title)", "region": "morning", "bucket": "complementary"}"#)
                #expect(r.status == .created)
            }
            let misc = try await client.send(.post, "/api/v1/plan/tasks", #"{"text": "Water plants", "region": "morning"}"#)
            #expect(misc.json["bucket"]?.stringValue == "misc")

            let id = must.json["id"]?.stringValue ?? ""
            _ = try await client.send(.post, "/api/v1/tasks/\(id)/complete")
            let board = try await client.get("/api/v1/plan")
            #expect(board.status == .ok)
            let morning = board.json["regions"]?.arrayValue?.first
            #expect(morning?["name"]?.stringValue == "Morning")
            #expect(morning?["must"]?.arrayValue?.first?["title"]?.stringValue == "Write the report")
            #expect(morning?["counts"]?["complementary"] == .number(2))
            #expect(morning?["counts"]?["misc"] == .number(1))
            #expect(morning?["done"] == .number(1))
            #expect(board.json["total"] == .number(4))
            #expect(board.json["done"] == .number(1))

            let sidebar = try await client.get("/api/v1/sidebar")
            #expect(sidebar.json["plan"]?["open"] == .number(3))
            let review = try await client.get("/api/v1/plan/review")
            #expect(review.json["open"] == .number(3))
            #expect(review.json["review_time"]?.stringValue == "18:00")
        }
    }

    @Test func aFullBucketAnswers422WithTheMessageAndChangesNothing() async throws {
        let f = try ServerFixture { v in
            for n in 1...4 { try v.task("t\(n).md", title: "Task \(n)", created: "2026-11-01T10:0\(n):00Z") }
            try v.task("waiting.md", title: "Waiting", "region: \"backlog\"\nbucket: \"none\"\nbacklog_since: \"2026-11-20\"\ncarry_count: 1")
        }
        try await f.test { client in
            for n in 1...3 {
                let r = try await client.send(.post, "/api/v1/tasks/t\(n)/plan", #"{"region": "afternoon", "bucket": "complementary"}"#)
                #expect(r.status == .ok)
            }
            let before = try f.temp.text("waiting.md")
            let refused = try await client.send(.post, "/api/v1/tasks/waiting/plan", #"{"region": "afternoon", "bucket": "complementary"}"#)
            #expect(refused.status == .unprocessableContent)
            #expect(refused.json["error"]?["code"]?.stringValue == "rule_violation")
            #expect(refused.json["error"]?["message"]?.stringValue
                    == "Afternoon region full (1 Must-Do, 3 Complementary, 5 Misc)")
            #expect(try f.temp.text("waiting.md") == before)
            // Quick add into the full bucket: refused, and no task is created.
            let add = try await client.send(.post, "/api/v1/plan/tasks",
                                            #"{"text": "One more", "region": "afternoon", "bucket": "complementary"}"#)
            #expect(add.status == .unprocessableContent)
            #expect(try await client.get("/api/v1/search?q=One+more").json["groups"]?.arrayValue?.isEmpty ?? true)
            // Misc still has room; a bad region is a 400.
            let ok = try await client.send(.post, "/api/v1/tasks/waiting/plan", #"{"region": "afternoon", "bucket": "misc"}"#)
            #expect(ok.status == .ok)
            #expect(ok.json["backlog_since"] == .null)
            #expect(ok.json["carry_count"] == .number(1))
            let bad = try await client.send(.post, "/api/v1/tasks/t4/plan", #"{"region": "night"}"#)
            #expect(bad.status == .badRequest)
        }
    }

    @Test func moveReorderAndRemoveToTheBacklog() async throws {
        let f = try ServerFixture { v in
            for n in 1...3 { try v.task("t\(n).md", title: "Task \(n)", created: "2026-11-01T10:0\(n):00Z") }
        }
        try await f.test { client in
            for n in 1...3 {
                _ = try await client.send(.post, "/api/v1/tasks/t\(n)/plan", #"{"region": "evening", "bucket": "misc"}"#)
            }
            let moved = try await client.send(.post, "/api/v1/tasks/t3/plan/move", #"{"before": "t1"}"#)
            #expect(moved.status == .noContent)
            let misc = try await client.get("/api/v1/plan").json["regions"]?.arrayValue?[2]["misc"]?.arrayValue
            #expect(misc?.map { $0["id"]?.stringValue } == ["t3.md", "t1.md", "t2.md"])
            // Only the bucket changes when only the bucket is given.
            let up = try await client.send(.post, "/api/v1/tasks/t2/plan", #"{"bucket": "must"}"#)
            #expect(up.json["region"]?.stringValue == "evening")
            #expect(up.json["bucket"]?.stringValue == "must")

            let removed = try await client.send(.delete, "/api/v1/tasks/t1/plan")
            #expect(removed.json["region"]?.stringValue == "backlog")
            #expect(removed.json["plan_date"] == .null)
            let backlog = try await client.get("/api/v1/plan/backlog")
            #expect(backlog.json["view"]?.stringValue == "backlog")
            #expect(backlog.json["groups"]?.arrayValue?.map { $0["name"]?.stringValue } == ["Today"])
        }
    }

    @Test func theFirstRequestOfANewDayRollsYesterdaysOpenPlanIntoTheBacklog() async throws {
        // Planned yesterday (the vault's clock is 2026-11-21); the server's first request rolls it over.
        let f = try ServerFixture { v in
            try v.task("open.md", title: "Open", "plan_date: \"2026-11-20\"\nregion: \"morning\"\nbucket: \"must\"")
            try v.task("done.md", title: "Done", "status: \"done\"\ncompleted: \"2026-11-20T18:00:00Z\"\nplan_date: \"2026-11-20\"\nregion: \"evening\"\nbucket: \"misc\"")
        }
        let events = EventRecorder(f.service.hub)
        try await f.test { client in
            let backlog = try await client.get("/api/v1/plan/backlog")
            let group = backlog.json["groups"]?.arrayValue?.first
            #expect(group?["name"]?.stringValue == "Yesterday")
            #expect(group?["tasks"]?.arrayValue?.first?["carry_count"] == .number(1))
            // Any request does it, not only the planner's: the file is already changed.
            #expect(try f.temp.text("open.md").contains("region: \"backlog\"\n"))
            #expect(try f.temp.text("done.md").contains("plan_date: \"2026-11-20\"\n"))
        }
        let seen = await events.wait(for: 1)
        #expect(seen.contains(.task(kind: .updated, id: "open.md")))
    }

    @Test func anyRequestRunsTheRollover() async throws {
        let f = try ServerFixture { v in
            try v.task("open.md", title: "Open", "plan_date: \"2026-11-19\"\nregion: \"afternoon\"\nbucket: \"misc\"")
        }
        try await f.test { client in
            _ = try await client.get("/api/v1/tasks?view=inbox")
            #expect(try f.temp.text("open.md").contains("backlog_since: \"2026-11-19\"\n"))
        }
    }
}
