import Foundation
import Testing
import TodoMDKit
import TodoMDTestSupport
@testable import TodoMDSync

/// §23's fields sync like any other; what the vault computes from them does not travel.
@Suite(.enabled(if: TestDatabase.url != nil, TestDatabase.skipReason))
struct SyncStructureTests {
    @Test func subtasksAndDependenciesArriveOnTheOtherMachine() async throws {
        let url = try TestDatabase.isolated()
        let a = try Machine(url), b = try Machine(url)
        let trip = try a.edit(at: "2026-11-21T09:00:00") { try $0.add(TodoTask(title: "Plan the trip", created: .distantPast)).id }
        let flights = try a.edit(at: "2026-11-21T09:01:00") { vault in
            var t = TodoTask(title: "Book flights", created: .distantPast)
            t.parent = trip
            return try vault.add(t).id
        }
        try a.edit(at: "2026-11-21T09:02:00") { vault in
            var t = TodoTask(title: "Pack bags", created: .distantPast)
            t.parent = trip
            t.blockedBy = [flights]
            t.sequential = true
            _ = try vault.add(t)
        }
        try await a.sync()
        try await b.sync()
        #expect(try a.records() == b.records())
        let record = try #require(try b.records().values.first { $0["title"]?.stringValue == "Pack bags" })
        #expect(record["parent"]?.stringValue == trip)
        #expect(record["blocked_by"] == .array([.string(flights)]))
        #expect(record["sequential"] == .bool(true))
        #expect(record["children"] == nil && record["blocked"] == nil, "computed keys are not synced")
        // On B the structure is computed again from the pulled files.
        let pulled = try b.edit(at: "2026-11-21T12:05:00") { try $0.task(trip) }
        #expect(pulled.links.children.count == 2)
        #expect(pulled.links.progress == Tally(done: 0, total: 2))
    }
}
