import Foundation
import Testing
import TodoMDKit
import TodoMDTestSupport

/// `todomd export` and `todomd import` as a user runs them (docs/interop.md).
@Suite struct InteropCLITests {
    static func vault() throws -> TemporaryVault {
        let v = try TemporaryVault()
        try v.task("20261101-1000-milk.md", title: "Buy milk, oat", "due: \"2026-11-24\"\narea: \"Home\"\nproject: \"Errands\"",
                   body: "Two litres.\n")
        try v.task("20261101-1001-plan.md", title: "Plan", "scheduled: \"2026-11-23\"\ndue: \"2026-11-30\"\narea: \"Work\"")
        try v.write("20261101-1002-old.md", "---\ntitle: Old\nstatus: done\ncreated: 2026-10-01T10:00:00Z\n"
                    + "completed: 2026-10-02T10:00:00Z\nsource: test\n---\n")
        return v
    }

    // docs/interop.md: data on stdout, the message on stderr; --output writes the file.
    @Test func exportWritesDataToStdoutAndMessagesToStderr() async throws {
        let v = try Self.vault()
        let run = await v.run("export", "json")
        #expect(run.code == 0)
        #expect(run.stderr == "Exported 3 tasks.\n")
        #expect(run.stdout.hasPrefix("{\"format\":\"todomd\",\"version\":1,\"tasks\":[\n{\"id\":\"20261101-1002-old.md\""))
        let file = v.cache + "/out.csv"
        let toFile = await v.run("export", "csv", "--scope", "active", "--output", file)
        #expect(toFile.code == 0 && toFile.stdout.isEmpty)
        #expect(toFile.stderr == "Exported 2 tasks to \(file).\n")
        let csv = try String(contentsOfFile: file, encoding: .utf8)
        #expect(csv.components(separatedBy: "\r\n").count == 4)
        #expect(csv.contains("\"Buy milk, oat\",todo,2026-11-24"))
    }

    // docs/interop.md row "ics": unchanged output, now with --scope.
    @Test func icsExportHonoursScope() async throws {
        let v = try Self.vault()
        let all = await v.run("export", "ics")
        #expect(all.stderr == "Exported 2 events.\n")
        let work = await v.run("export", "ics", "--vtodo", "--scope", "area:Work")
        #expect(work.code == 0 && work.stderr == "Exported 1 to-do.\n")
        #expect(work.stdout.contains("SUMMARY:Plan\r\n") && !work.stdout.contains("Buy milk"))
        let bad = await v.run("export", "ics", "--scope", "someday-maybe")
        #expect(bad.code == 2 && bad.stderr.contains("scope"))
    }

    @Test(arguments: ["json", "csv", "taskpaper", "todoist-csv", "opml", "ics", "taskwarrior", "todotxt"])
    func everyFormatExports(format: String) async throws {
        let v = try Self.vault()
        let run = await v.run("export", format, "--scope", "project:Errands")
        #expect(run.code == 0)
        #expect(run.stderr.hasPrefix("Exported 1 "))
        #expect(format == "opml" || format == "ics" || run.stdout.contains("Buy milk"))
    }

    // docs/interop.md row "json": CLI round trip into an empty vault.
    @Test func jsonExportImportsIntoAnEmptyVault() async throws {
        let v = try Self.vault()
        let file = v.cache + "/all.json"
        _ = await v.run("export", "json", "--output", file)
        let target = try TemporaryVault()
        let run = await target.run("import", "json", file)
        #expect(run.code == 0)
        #expect(run.stdout == "Created 3 tasks across 1 project.\n")
        #expect(try target.open().task("20261101-1000-milk.md").source == "test")
        let again = await target.run("export", "json")
        let original = await v.run("export", "json")
        #expect(again.stdout == original.stdout)
    }

    // docs/interop.md: --dry-run shows the tasks and writes nothing; the summary names problems.
    @Test func importDryRunAndSummary() async throws {
        let v = try TemporaryVault()
        let file = v.cache + "/tasks.txt"
        try "(A) Call Mom +Family due:2026-11-24\nBad due:never\n".write(toFile: file, atomically: true, encoding: .utf8)
        let dry = await v.run("import", "todotxt", file, "--dry-run")
        #expect(dry.code == 0)
        #expect(dry.stdout == """
            20261121-0800-call-mom.md  Call Mom  (project: Family, due 2026-11-24)
            20261121-0800-bad.md  Bad
            Would create 2 tasks across 1 project. 1 had a problem:
              line 2: due: `never` is not a date; left out

            """)
        #expect(VaultTestFilesCLI.tasks(in: v.root).isEmpty)
        let real = await v.run("import", "todotxt", file, "--json")
        #expect(real.code == 0)
        let created = real.json["created"] as? [[String: Any]]
        #expect(created?.map { $0["source"] as? String } == ["import-todotxt", "import-todotxt"])
        #expect(VaultTestFilesCLI.tasks(in: v.root) == ["20261121-0800-bad.md", "20261121-0800-call-mom.md"])
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "(A) Call Mom +Family due:2026-11-24\nBad due:never\n")
    }

    @Test func importErrorsNameWhatAndWhere() async throws {
        let v = try TemporaryVault()
        let missing = await v.run("import", "csv", v.cache + "/nope.csv")
        #expect(missing.code == 1 && missing.stderr.contains("nope.csv"))
        let format = await v.run("import", "xlsx", "x")
        #expect(format.code == 2 && format.stderr.contains("unknown format `xlsx`"))
        let file = v.cache + "/bad.json"
        try "{\"tasks\": [{\"title\": \"\"}]}".write(toFile: file, atomically: true, encoding: .utf8)
        let empty = await v.run("import", "json", file)
        #expect(empty.code == 1)
        #expect(empty.stdout == "Created 0 tasks. 1 had a problem:\n  record 1: no title\n")
        #expect(empty.stderr == "error: nothing was imported from \(file)\n")
        try "not json".write(toFile: file, atomically: true, encoding: .utf8)
        let broken = await v.run("import", "json", file)
        #expect(broken.code == 1 && broken.stderr.hasPrefix("error: \(file): not valid JSON"))
        let map = await v.run("import", "todotxt", file, "--map", "a=b")
        #expect(map.code == 2 && map.stderr.contains("--map applies to csv and markdown"))
    }

    // docs/interop.md row "csv": --map on the command line.
    @Test func csvImportWithAMap() async throws {
        let v = try TemporaryVault()
        let file = v.cache + "/sheet.csv"
        try "Thing,When,Memo\r\nWater plants,2026-11-25,Balcony too\r\n".write(toFile: file, atomically: true, encoding: .utf8)
        let unmapped = await v.run("import", "csv", file, "--dry-run")
        #expect(unmapped.code == 1 && unmapped.stderr.contains("no column holds the titles"))
        let run = await v.run("import", "csv", file, "--map", "thing=title,when=scheduled,memo=body")
        #expect(run.code == 0)
        let task = try v.open().task("Water plants")
        #expect(task.scheduled == LocalDate(year: 2026, month: 11, day: 25) && task.body == "Balcony too")
        #expect(task.source == "import-csv")
    }
}

enum VaultTestFilesCLI {
    /// Task files below `root` (hidden folders skipped), sorted.
    static func tasks(in root: String) -> [String] {
        (FileManager.default.subpaths(atPath: root) ?? []).filter { $0.hasSuffix(".md") && !$0.hasPrefix(".") }.sorted()
    }
}
