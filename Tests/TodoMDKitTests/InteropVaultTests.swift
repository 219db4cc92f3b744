import Foundation
import Testing
import TodoMDTestSupport
@testable import TodoMDKit

/// Import and export through a vault (docs/interop.md): each test names the table row it proves.
@Suite struct InteropVaultTests {
    /// A vault with tasks that use every field, odd bytes in the body, unknown keys and a repair.
    static func richVault() throws -> TemporaryVault {
        let v = try TemporaryVault()
        try v.write("Work/20261101-1000-report.md", """
            ---
            title: "Write the report"
            status: "in-progress"
            due: 2026-11-24
            defer: "2026-11-20"
            scheduled: "2026-11-23"
            priority: "high"
            flagged: true
            area: "Work"
            project: "Quarterly Report"
            tags: [writing, "q4"]
            recurrence: "FREQ=WEEKLY;INTERVAL=2"
            recurrence_mode: "after_completion"
            estimated_minutes: 90
            description: "Numbers, then prose"
            created: "2026-11-01T10:00:00Z"
            modified: "2026-11-02T09:00:00Z"
            completed: null
            source: "claude-agent"
            region: "morning"
            bucket: "must"
            plan_date: "2026-11-21"
            carry_count: 1
            backlog_since: "2026-11-19"
            note: "Notes/report.md"
            note_line: 4
            energy: low
            links: {url: "https://example.com", n: 3}
            ---

            Outline first.\r\n\ttabbed — ünïcode 📊\r\n\r\nno final newline
            """)
        try v.write("20261105-0800-done.md", "---\ntitle: Filed taxes\nstatus: done\ncreated: 2026-11-05T08:00:00Z\n"
                    + "completed: 2026-11-06T08:00:00Z\nsource: user\n---\n")
        try v.write("no-created.md", "---\ntitle: \"Unstamped\"\n---\n\n\n\nthree blank lines above\n")
        return v
    }

    // docs/interop.md row "json": export → import into an empty vault gives identical tasks.
    @Test func jsonRoundTripKeepsEveryFieldAndBodyByte() throws {
        let source = try Self.richVault()
        let exported = try source.open().export(.json)
        #expect(exported.count == 3)
        let target = try TemporaryVault(now: "2026-12-01T12:00:00")
        let vault = try target.open()
        let report = try vault.importTasks(try JSONInterop.parse(exported.text, timeZone: vault.clock.timeZone))
        #expect(report.problems.isEmpty)
        #expect(report.created.count == 3)
        let before = try source.open().exportedTasks()
        let after = try vault.exportedTasks()
        #expect(after.map(\.id) == before.map(\.id))
        for (a, b) in zip(after, before) {
            var x = a, y = b
            x.warnings = []
            y.warnings = []
            #expect(x == y)
        }
        #expect(try vault.export(.json).text == exported.text)
    }

    // docs/interop.md row "json": a taken path gets a new §4 name, nothing is replaced.
    @Test func jsonImportNeverReplacesAFile() throws {
        let v = try Self.richVault()
        let vault = try v.open()
        let original = try v.text("20261105-0800-done.md")
        let report = try vault.importTasks(try JSONInterop.parse(try vault.export(.json).text, timeZone: vault.clock.timeZone))
        #expect(report.created.count == 3)
        #expect(Set(report.created.map(\.id)).isDisjoint(with: ["Work/20261101-1000-report.md", "20261105-0800-done.md",
                                                                "no-created.md"]))
        #expect(report.created.map(\.id).contains("20261105-0800-filed-taxes.md"))
        #expect(try v.text("20261105-0800-done.md") == original)
        #expect(try vault.exportedTasks().count == 6)
    }

    // docs/interop.md: every import goes through the create path; --dry-run writes nothing.
    @Test func importDryRunWritesNothingAndNamesAreUnique() throws {
        let v = try TemporaryVault()
        let vault = try v.open()
        let batch = TodoTxt.parse("Same title\nSame title\n(A) Other due:friday\n", today: vault.clock.today,
                                  timeZone: vault.clock.timeZone)
        let dry = try vault.importTasks(batch, dryRun: true)
        #expect(dry.created.map(\.id) == ["20261121-0800-same-title.md", "20261121-0800-same-title-2.md",
                                          "20261121-0800-other.md"])
        #expect(dry.summary == "Would create 3 tasks.")
        #expect(VaultTestFiles.files(in: v.root).isEmpty)
        let real = try vault.importTasks(batch)
        #expect(real.created.map(\.id) == dry.created.map(\.id))
        #expect(real.created.allSatisfy { $0.source == "import-todotxt" && $0.warnings.isEmpty })
        #expect(try vault.list("all").tasks.count == 3)
        #expect(try vault.task("Other").due == LocalDate(year: 2026, month: 11, day: 27))
    }

    // docs/interop.md: the §20 summary names each problem's line or record.
    @Test func summaryCountsProjectsAndNamesProblems() throws {
        let v = try TemporaryVault()
        let vault = try v.open()
        let text = "title,project,due\r\nA,P1,2026-11-24\r\nB,P2,never\r\n,P3,\r\nC,P1,\r\n"
        let report = try vault.importTasks(try CSVInterop.parse(text, overrides: [:], today: vault.clock.today,
                                                                timeZone: vault.clock.timeZone))
        #expect(report.summary == """
            Created 3 tasks across 2 projects. 2 had problems:
              line 4: no title; skipped
              line 3: due: `never` is not a date; left out
            """)
    }

    // docs/interop.md row "markdown": known fields mapped, unknown kept, no frontmatter → title from filename.
    @Test func markdownFolderImport() throws {
        let v = try TemporaryVault()
        let folder = v.cache + "/notes-in"
        try FileManager.default.createDirectory(atPath: folder + "/Sub/.hidden", withIntermediateDirectories: true)
        try "---\ntitle: Plan trip\npriority: high\nmood: \"happy\"\nsource: obsidian\n---\nPack light.\n"
            .write(toFile: folder + "/Sub/trip.md", atomically: true, encoding: .utf8)
        try "Just some notes\nabout the garden.\n".write(toFile: folder + "/garden-ideas.md", atomically: true, encoding: .utf8)
        try "---\ntitle: [broken\n---\n".write(toFile: folder + "/broken.md", atomically: true, encoding: .utf8)
        try "---\ntitle: hidden\n---\n".write(toFile: folder + "/Sub/.hidden/x.md", atomically: true, encoding: .utf8)
        try "---\ndueDate: 2026-12-24\ntitle: Gifts\n---\n".write(toFile: folder + "/gifts.md", atomically: true, encoding: .utf8)
        let before = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        let vault = try v.open()
        let batch = try MarkdownImport.parse(folder: folder, fieldMap: try MarkdownImport.fieldMap(option: "dueDate=due"),
                                             timeZone: vault.clock.timeZone)
        let report = try vault.importTasks(batch)
        #expect(report.created.map(\.title) == ["Plan trip", "garden ideas", "Gifts"])
        let trip = report.created[0]
        #expect(trip.priority == .high && trip.body == "Pack light.\n")
        #expect(trip.extra.map(\.key) == ["mood"] && trip.source == "import-markdown")
        #expect(report.created[1].body == "Just some notes\nabout the garden.\n")
        #expect(report.created[2].due == LocalDate(year: 2026, month: 12, day: 24))
        #expect(report.problems.count == 1 && report.problems[0].location == "broken.md")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == before)
        #expect(throws: TodoError.self) { try MarkdownImport.fieldMap(option: "dueDate=deadline") }
    }

    // docs/interop.md: --scope.
    @Test(arguments: [
        ("all", 3), ("active", 2), ("area:Work", 1), ("project:Quarterly Report", 1),
        ("completed-before:2026-11-07", 1), ("completed-before:2026-11-06", 0),
    ])
    func exportScopes(scope: String, count: Int) throws {
        let v = try Self.richVault()
        let vault = try v.open()
        let parsed = try ExportScope(parsing: scope, today: vault.clock.today)
        #expect(try vault.exportedTasks([parsed]).count == count)
    }

    @Test func badScopesAreRefused() {
        let today = LocalDate(dayNumber: 0)
        #expect(throws: TodoError.self) { try ExportScope(parsing: "everything", today: today) }
        #expect(throws: TodoError.self) { try ExportScope(parsing: "completed-before:whenever", today: today) }
        #expect(throws: TodoError.self) { try ExportScope(parsing: "area:", today: today) }
    }
}
