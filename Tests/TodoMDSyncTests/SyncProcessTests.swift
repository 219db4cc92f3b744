import Foundation
import Logging
import PostgresNIO
import Testing
import TodoMDCLI
import TodoMDKit
import TodoMDSyncCommand
import TodoMDTestSupport
@testable import TodoMDSync
#if canImport(Glibc)
import Glibc
#endif

/// `todomd sync` as a user runs it: the real binary, killed at the worst moment.
@Suite(.enabled(if: TestDatabase.url != nil, TestDatabase.skipReason))
struct SyncProcessTests {
    /// Writes `count` task files the way another program would (fast, no index).
    func fill(_ m: Machine, count: Int) throws {
        for i in 0..<count {
            let name = String(format: "20261121-0900-task-%05d.md", i)
            try m.vault.task(name, title: "Task \(i)", i % 3 == 0 ? "priority: \"high\"" : "",
                             body: i % 7 == 0 ? "Notes for task \(i).\n" : "")
        }
    }

    @Test(.enabled(if: TodomdBinary.path != nil, "the todomd binary is not built"))
    func aSyncKilledMidwayResumesWithNothingLostOrDuplicated() async throws {
        let url = try TestDatabase.isolated()
        let a = try Machine(url), b = try Machine(url)
        let count = 2500  // three batches of 1,000
        try fill(a, count: count)

        // The process kills itself (SIGKILL) right after the server committed its second batch
        // and before its outbox recorded that: the worst moment, deterministically.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(TodomdBinary.path))
        process.arguments = ["--vault", a.root, "sync", "--database", try #require(TestDatabase.url) + "&schema=\(url.schema)"]
        process.environment = a.vault.environment.merging(["TODOMD_SYNC_CRASH_AFTER_BATCHES": "2"]) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal, "the sync was not killed")
        let rows = try await TestDatabase.query(url, "SELECT count(*)::text FROM \(url.schema).tasks")
        let seen = Int((rows.first ?? "0") ?? "0") ?? 0
        #expect(seen == 2000, "killed with \(seen) of \(count) rows pushed")
        // The first batch was recorded as sent; the second reached the server but not the outbox.
        #expect(try a.pending() == count - 1000)

        // The next run finishes the job.
        let resumed = try await a.sync()
        #expect(resumed.pushed >= count - seen)
        #expect(try a.pending() == 0)
        #expect(a.conflictCopies().isEmpty)
        #expect(try await TestDatabase.query(url, "SELECT count(*)::text FROM \(url.schema).tasks") == ["\(count)"])
        #expect(try await TestDatabase.query(url, "SELECT count(DISTINCT change_id)::text FROM \(url.schema).tasks")
                == ["\(count)"])

        try await b.sync()
        let records = try a.records()
        #expect(records.count == count)
        #expect(try b.records() == records)
        // A second pass on both moves nothing.
        #expect(try await a.sync().line == "↑ 0 ↓ 0")
        #expect(try await b.sync().line == "↑ 0 ↓ 0")
    }

    @Test func anUnreachableDatabaseExitsOneWithOneLineAndKeepsTheOutbox() async throws {
        let url = try TestDatabase.isolated()
        let a = try Machine(url)
        try a.vault.task("20261121-0900-call-mum.md", title: "Call mum")
        let output = BufferedOutput()
        let code = await CLI.run(["--vault", a.root, "sync", "--database", "postgres://todomd:secret@127.0.0.1:1/todomd?sslmode=disable"],
                                 environment: a.vault.environment, output: output, helpers: .syncing)
        #expect(code == 1)
        let lines = output.standardError.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("error: Cannot reach postgres://todomd:***@127.0.0.1:1/todomd?sslmode=disable: ") == true)
        #expect(!output.standardError.contains("secret"))
        #expect(try a.pending() == 1)

        let ok = BufferedOutput()
        let good = try #require(TestDatabase.url) + "&schema=\(url.schema)"
        #expect(await CLI.run(["--vault", a.root, "sync", "--database", good], environment: a.vault.environment,
                              output: ok, helpers: .syncing) == 0)
        #expect(ok.standardOutput == "↑ 1 ↓ 0\n")
        let json = BufferedOutput()
        #expect(await CLI.run(["--vault", a.root, "sync", "--json", "--database", good], environment: a.vault.environment,
                              output: json, helpers: .syncing) == 0)
        #expect(json.standardOutput == #"{"pushed":0,"pulled":0,"conflicts":0,"conflict_copies":[],"skipped":[],"pending":0}"# + "\n")
    }

    @Test func syncURLComesFromTheVaultSettings() async throws {
        let url = try TestDatabase.isolated()
        let a = try Machine(url)
        try a.vault.task("20261121-0900-plan-trip.md", title: "Plan trip")
        let good = try #require(TestDatabase.url) + "&schema=\(url.schema)"
        try a.vault.write(".todomd/config.json", #"{"sync_url": "\#(good)"}"#)
        let output = BufferedOutput()
        #expect(await CLI.run(["--vault", a.root, "sync"], environment: a.vault.environment, output: output, helpers: .syncing) == 0)
        #expect(output.standardOutput == "↑ 1 ↓ 0\n")

        let none = try Machine(url)
        let missing = BufferedOutput()
        #expect(await CLI.run(["--vault", none.root, "sync"], environment: none.vault.environment, output: missing, helpers: .syncing) == 1)
        #expect(missing.standardError.contains("No database to sync with"))
    }
}
