import Foundation
import Testing
import TodoMDKit
import TodoMDTestSupport
@testable import TodoMDSync

/// Times of day (§24) sync like any other value: a timed `due` arrives with its time.
@Suite(.enabled(if: TestDatabase.url != nil, TestDatabase.skipReason))
struct SyncTimeTests {
    @Test func aTimedDueArrivesWithItsTime() async throws {
        let url = try TestDatabase.isolated()
        let a = try Machine(url), b = try Machine(url)
        let id = try a.edit(at: "2026-11-21T09:00:00") { vault in
            var t = TodoTask(title: "Call mom", created: .distantPast)
            t.dueAt = TaskDate(LocalDate(year: 2026, month: 11, day: 22) ?? LocalDate(dayNumber: 0), time: TimeOfDay("15:00"))
            t.scheduled = LocalDate(year: 2026, month: 11, day: 22)
            return try vault.add(t).id
        }
        try await a.sync()
        try await b.sync()
        let record = try #require(try b.records().values.first { $0["title"]?.stringValue == "Call mom" })
        #expect(record["due"]?.stringValue == "2026-11-22T15:00")
        #expect(record["scheduled"]?.stringValue == "2026-11-22")
        let pulled = try b.edit(at: "2026-11-21T12:05:00") { try $0.task(id) }
        #expect(pulled.dueAt?.description == "2026-11-22T15:00")
        // An edit of the time on B comes back to A.
        try b.edit(at: "2026-11-21T12:06:00") { vault in
            var changes = TaskChanges()
            changes.set(.due, .timed(LocalDate(year: 2026, month: 11, day: 22) ?? LocalDate(dayNumber: 0), TimeOfDay("16:30") ?? .nine))
            _ = try vault.update(id, changes)
        }
        try await b.sync()
        try await a.sync()
        let back = try a.edit(at: "2026-11-21T12:10:00") { try $0.task(id) }
        #expect(back.dueAt?.description == "2026-11-22T16:30")
    }
}
