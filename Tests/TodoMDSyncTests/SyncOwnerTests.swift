import Foundation
import Testing
import TodoMDKit
import TodoMDTestSupport
@testable import TodoMDSync

/// Two people's vaults through one database (issue 21): every row carries its owner's `user_id`,
/// each vault reads only its owner's rows, and with row-level security on a database role can
/// neither see nor change another's rows.
@Suite(.enabled(if: TestDatabase.url != nil, TestDatabase.skipReason))
struct SyncOwnerTests {
    /// A login role with the grants the sync tables need, and the URL it connects with.
    static func role(_ name: String, on url: DatabaseURL) async throws -> DatabaseURL {
        let s = "\"\(url.schema)\""
        for sql in [
            "DROP ROLE IF EXISTS \(name)",
            "CREATE ROLE \(name) LOGIN PASSWORD 'pw-\(name)'",
            "GRANT USAGE ON SCHEMA \(s) TO \(name)",
            "GRANT SELECT, INSERT, UPDATE ON \(s).tasks, \(s).notes TO \(name)",
            "GRANT SELECT ON \(s).todomd_schema TO \(name)",
            "GRANT USAGE, SELECT, UPDATE ON SEQUENCE \(s).todomd_revision TO \(name)",
        ] {
            _ = try await TestDatabase.query(url, sql)
        }
        let base = try #require(TestDatabase.url)
        let text = base.replacingOccurrences(of: "todomd:todomd@", with: "\(name):pw-\(name)@")
        return try DatabaseURL(parsing: text + (text.contains("?") ? "&" : "?") + "schema=\(url.schema)")
    }

    func engine(_ m: Machine, _ url: DatabaseURL, owner: String?) throws -> SyncEngine {
        try SyncEngine(vaultPath: m.root, url: url, clock: try m.clock("2026-11-21T12:00:00"), owner: owner)
    }

    @Test func twoPeopleShareADatabaseWithoutSeeingEachOthersRows() async throws {
        let url = try TestDatabase.isolated()
        let suffix = String(url.schema.suffix(8))
        let alice = "alice_\(suffix)", bob = "bob_\(suffix)"
        // The tables' owner turns row-level security on.
        let admin = try Machine(url)
        try await engine(admin, url, owner: nil).installPolicies()
        let aliceURL = try await Self.role(alice, on: url)
        let bobURL = try await Self.role(bob, on: url)

        let a = try Machine(aliceURL), b = try Machine(bobURL)
        try a.vault.task("same.md", title: "Alice's plan")
        try a.vault.task("only-alice.md", title: "Alice alone")
        try b.vault.task("same.md", title: "Bob's plan")
        let pushedA = try await engine(a, aliceURL, owner: alice).sync()
        let pushedB = try await engine(b, bobURL, owner: bob).sync()
        #expect(pushedA.pushed == 2)
        #expect(pushedB.pushed == 1 && pushedB.pulled == 0, "bob pulls none of alice's rows")
        try await engine(a, aliceURL, owner: alice).sync()
        #expect(try a.task("same.md").title == "Alice's plan", "the same path, two rows")
        #expect(try b.task("same.md").title == "Bob's plan")
        #expect(!b.vault.exists("only-alice.md"))

        // Directly, as bob: none of alice's rows, and an update of them changes nothing.
        let s = "\"\(url.schema)\""
        #expect(try await TestDatabase.query(bobURL, "SELECT count(*)::text FROM \(s).tasks") == ["1"])
        _ = try await TestDatabase.query(bobURL, "UPDATE \(s).tasks SET title = 'hacked' WHERE user_id = '\(alice)' RETURNING id")
        #expect(try await TestDatabase.query(url, "SELECT title FROM \(s).tasks WHERE user_id = '\(alice)' AND id = 'same.md'")
            == ["Alice's plan"])
        // Nor can bob write a row as alice.
        await #expect(throws: (any Error).self) {
            try await TestDatabase.query(bobURL, "INSERT INTO \(s).tasks (user_id, id) VALUES ('\(alice)', 'x.md') RETURNING id")
        }

        // The vault remembers its owner: syncing it as someone else is refused.
        #expect(throws: SyncError.ownerMismatch(synced: alice, asked: bob)) { try engine(a, aliceURL, owner: bob) }
        #expect(try engine(a, aliceURL, owner: nil).owner == alice)
        for role in [alice, bob] {
            _ = try? await TestDatabase.query(url, "DROP OWNED BY \(role)")
            _ = try? await TestDatabase.query(url, "DROP ROLE IF EXISTS \(role)")
        }
    }

    @Test func aDatabaseSyncedBeforeOwnersIsMigrated() async throws {
        let url = try TestDatabase.isolated()
        let s = "\"\(url.schema)\""
        for sql in [
            "CREATE SCHEMA \(s)",
            "CREATE TABLE \(s).tasks (id text PRIMARY KEY, title text NOT NULL DEFAULT '', completed_at timestamptz, "
                + "order_index double precision, created_at timestamptz NOT NULL DEFAULT now(), "
                + "updated_at timestamptz NOT NULL DEFAULT now(), data jsonb NOT NULL DEFAULT '{}'::jsonb)",
            "INSERT INTO \(s).tasks (id, title) VALUES ('old.md', 'From before')",
        ] {
            _ = try await TestDatabase.query(url, sql)
        }
        let m = try Machine(url)
        let summary = try await engine(m, url, owner: nil).sync()
        #expect(summary.pulled == 1)
        #expect(try m.task("old.md").title == "From before")
        #expect(try await TestDatabase.query(url, """
            SELECT string_agg(a.attname, ',' ORDER BY array_position(c.conkey, a.attnum))
            FROM pg_constraint c JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY(c.conkey)
            WHERE c.conrelid = '\(s).tasks'::regclass AND c.contype = 'p'
            """) == ["user_id,id"])
    }

    @Test func aVaultThatStartsSyncingAsAnOwnerPushesEverythingAsTheOwner() async throws {
        let url = try TestDatabase.isolated()
        let m = try Machine(url)
        try m.vault.task("a.md", title: "Before owners")
        try await engine(m, url, owner: nil).sync()
        let summary = try await engine(m, url, owner: "carol").sync()
        #expect(summary.pushed == 1, "the state starts over: the task is pushed again, as carol's")
        let s = "\"\(url.schema)\""
        #expect(try await TestDatabase.query(url, "SELECT user_id FROM \(s).tasks ORDER BY user_id") == ["", "carol"])
    }
}
