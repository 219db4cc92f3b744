import Foundation
import Testing
import TodoMDKit
import TodoMDTestSupport
@testable import TodoMDSync

/// Tracked time (§27) syncs like any other value: a timer started on one machine runs on the
/// other, and stopping it there comes back; items that are not entries travel as written.
@Suite(.enabled(if: TestDatabase.url != nil, TestDatabase.skipReason))
struct SyncTrackingTests {
    @Test func aTimerStartedHereIsStoppedThere() async throws {
        let url = try TestDatabase.isolated()
        let a = try Machine(url), b = try Machine(url)
        let id = try a.edit(at: "2026-11-21T09:00:00") { vault in
            var t = TodoTask(title: "Write report", created: .distantPast)
            t.timeEntries = ["\"two hours on monday\""]
            let id = try vault.add(t).id
            try vault.startTimer(id, note: "draft")
            return id
        }
        try await a.sync()
        try await b.sync()
        let record = try #require(try b.records().values.first { $0["title"]?.stringValue == "Write report" })
        #expect(record["time_entries"]?.compact() == #"["two hours on monday",{"start":"2026-11-21T08:00:00Z","end":null,"note":"draft"}]"#)
        #expect(record["time_spent_minutes"] == nil)
        let running = try b.edit(at: "2026-11-21T09:30:00") { try $0.runningTimer() }
        #expect(running?.task.id == id)
        try b.edit(at: "2026-11-21T09:45:00") { _ = try $0.stopTimer() }
        try await b.sync()
        try await a.sync()
        let back = try a.edit(at: "2026-11-21T10:00:00") { try $0.task(id) }
        #expect(back.timeEntries == ["\"two hours on monday\"",
                                     "{start: \"2026-11-21T08:00:00Z\", end: \"2026-11-21T08:45:00Z\", note: \"draft\"}"])
        #expect(back.timeSpentMinutes(at: .distantFuture) == 45)
    }
}
