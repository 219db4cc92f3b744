import Testing
import TodoMDKit
@testable import TodoMDSync

@Suite struct FieldMergeTests {
    func record(_ pairs: [(String, JSONValue)], modified: String) -> SyncRecord {
        SyncRecord(fields: [("path", .string("a.md"))] + pairs + [("modified", .string(modified)), ("extra", .object([]))])
    }

    @Test func oneSideChangesTakeThatSide() {
        let base = record([("title", "A"), ("due", .null)], modified: "2026-11-21T09:00:00Z")
        let local = record([("title", "B"), ("due", .null)], modified: "2026-11-21T10:00:00Z")
        let remote = record([("title", "A"), ("due", "2026-12-01")], modified: "2026-11-21T09:30:00Z")
        let merge = FieldMerge(base: base, local: local, remote: remote)
        #expect(merge.conflicts.isEmpty)
        #expect(!merge.localLost && !merge.remoteLost)
        #expect(merge.merged["title"] == "B")
        #expect(merge.merged["due"] == "2026-12-01")
        #expect(merge.merged["modified"] == "2026-11-21T10:00:00Z")
    }

    @Test(arguments: [
        ("2026-11-21T10:00:00Z", "2026-11-21T09:00:00Z", "local", false),
        ("2026-11-21T09:00:00Z", "2026-11-21T10:00:00Z", "remote", true),
        ("2026-11-21T10:00:00Z", "2026-11-21T10:00:00Z", "remote", true),  // a tie goes to the server
    ])
    func sameFieldNewerWins(localTime: String, remoteTime: String, winner: String, localLost: Bool) {
        let base = record([("title", "base")], modified: "2026-11-20T00:00:00Z")
        let merge = FieldMerge(base: base, local: record([("title", "local")], modified: localTime),
                               remote: record([("title", "remote")], modified: remoteTime))
        #expect(merge.conflicts == ["title"])
        #expect(merge.merged["title"] == .string(winner))
        #expect(merge.localLost == localLost)
        #expect(merge.remoteLost == !localLost)
    }

    @Test func theSameChangeOnBothSidesIsNoConflict() {
        let base = record([("status", "todo")], modified: "2026-11-20T00:00:00Z")
        let done = record([("status", "done")], modified: "2026-11-21T10:00:00Z")
        let merge = FieldMerge(base: base, local: done, remote: done)
        #expect(merge.conflicts.isEmpty)
        #expect(merge.merged == done)
    }

    @Test func unknownKeysMergeOneByOne() {
        func withExtra(_ extra: [(String, JSONValue)], _ time: String) -> SyncRecord {
            SyncRecord(fields: [("path", "a.md"), ("modified", .string(time)), ("extra", .object(extra))])
        }
        let base = withExtra([("energy", "low")], "2026-11-20T00:00:00Z")
        let local = withExtra([("energy", "low"), ("context", "phone")], "2026-11-21T10:00:00Z")
        let remote = withExtra([("energy", "high")], "2026-11-21T09:00:00Z")
        let merge = FieldMerge(base: base, local: local, remote: remote)
        #expect(merge.conflicts.isEmpty)
        #expect(merge.merged["extra"] == .object([("energy", "high"), ("context", "phone")]))
    }

    @Test func withoutABaseEveryDifferenceIsAConflict() {
        let merge = FieldMerge(base: nil, local: record([("title", "x")], modified: "2026-11-21T10:00:00Z"),
                               remote: record([("title", "y")], modified: "2026-11-21T11:00:00Z"))
        #expect(merge.conflicts == ["title"])
        #expect(merge.localLost)
    }
}

extension JSONValue: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
}
