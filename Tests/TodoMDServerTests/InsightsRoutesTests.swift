import Foundation
import HTTPTypes
import Hummingbird
import Testing
import TodoMDKit
import TodoMDTestSupport
@testable import TodoMDServer

/// Insights over HTTP (§27): `GET /api/v1/stats?weeks=N`.
@Suite("Insights API")
struct InsightsRoutesTests {
    func fixture() throws -> ServerFixture {
        try ServerFixture { v in
            try v.task("a.md", title: "Ship", "area: \"Work\"\ncompleted: \"2026-11-20T10:00:00Z\"", status: "done")
            try v.task("b.md", title: "Old", "project: \"Garden\"\ncompleted: \"2026-11-02T10:00:00Z\"", status: "done")
        }
    }

    @Test(arguments: [("", 28, 2), ("?weeks=1", 7, 1), ("?weeks=3", 21, 2)])
    func theStatsOfTheLastWeeks(query: String, days: Int, total: Int) async throws {
        let f = try fixture()
        try await f.test { client in
            let r = try await client.get("/api/v1/stats" + query)
            #expect(r.status == .ok)
            #expect(r.json["completed_per_day"]?.objectValue?.count == days)
            #expect(r.json["completed_per_day"]?["2026-11-20"] == .number(1))
            #expect(r.json["completed_total"] == .number(Double(total)))
            #expect(r.json["completed_by_area"]?["Work"] == .number(1))
            #expect(r.json["must_do_streak"] == .number(0))
            #expect(r.json["average_carry_count"] == .number(0))
        }
    }

    @Test(arguments: ["0", "53", "two", "-1"])
    func aBadNumberOfWeeksIs400(weeks: String) async throws {
        let f = try fixture()
        try await f.test { client in
            let r = try await client.get("/api/v1/stats?weeks=" + weeks)
            #expect(r.status == .badRequest)
            #expect(r.json["error"]?["message"]?.stringValue?.contains("weeks") == true)
        }
    }
}
