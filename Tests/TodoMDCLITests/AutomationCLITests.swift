import Foundation
import Testing
import TodoMDKit
import TodoMDTestSupport
@testable import TodoMDCLI

@Suite struct AutomationURLActionCLITests {
    @Test func anAddLinkCreatesAShortcutTask() async throws {
        let v = try TemporaryVault()
        let run = await v.run("open", "todomd://add?title=Buy+milk&due=2025-03-01&tags=errands")
        #expect(run.code == 0)
        #expect(run.stdout == "Added: Buy milk  20261121-0800-buy-milk.md\n")
        #expect(try v.text("20261121-0800-buy-milk.md") == """
            ---
            title: "Buy milk"
            status: "todo"
            due: "2025-03-01"
            flagged: false
            tags:
              - errands
            created: "2026-11-21T08:00:00Z"
            modified: "2026-11-21T08:00:00Z"
            completed: null
            source: "shortcut"
            ---

            """)
    }

    @Test func areaProjectAndQuickEntryText() async throws {
        let v = try TemporaryVault()
        let pr = await v.run("open", "todomd://add?title=Review+PR&area=Work&project=Auth+Service", "--json")
        #expect(pr.code == 0)
        #expect(pr.json["area"] as? String == "Work")
        #expect(pr.json["project"] as? String == "Auth Service")
        #expect(pr.json["source"] as? String == "shortcut")
        let quick = await v.run("open", "todomd://add?text=Call+dentist+tomorrow+%23health+!high")
        #expect(quick.code == 0)
        let task = try v.open().task("dentist")
        #expect(task.title == "Call dentist")
        #expect(task.due?.description == "2026-11-22")
        #expect(task.tags == ["health"] && task.priority == .high && task.source == "shortcut")
    }

    @Test func showLinksPrintWhatTheCommandsPrint() async throws {
        let v = try TemporaryVault()
        try v.task("20261101-1000-buy-milk.md", title: "Buy milk", "due: \"2026-11-21\"")
        try v.task("20261101-1000-later.md", title: "Later", "due: \"2026-12-01\"")
        let today = await v.run("today")
        let shown = await v.run("open", "todomd://show/today")
        #expect(shown.code == 0)
        #expect(shown.stdout == today.stdout)
        #expect(shown.stdout.contains("Buy milk") && !shown.stdout.contains("Later"))
        let upcomingJSON = await v.run("open", "todomd://show/upcoming", "--json")
        #expect(upcomingJSON.json["view"] as? String == "upcoming")
        let task = await v.run("open", "todomd://show/task/20261101-1000-later")
        #expect(task.code == 0)
        #expect(task.stdout == (await v.run("show", "20261101-1000-later")).stdout)
    }

    @Test(arguments: ["https://example.com", "todomd://frobnicate", "todomd://add?colour=red&title=x",
                      "todomd://show/nowhere", "todomd://add"])
    func badLinksExitTwo(_ link: String) async throws {
        let v = try TemporaryVault()
        let run = await v.run("open", link)
        #expect(run.code == 2)
        #expect(run.stderr.hasPrefix("error: `url: "))
        #expect(run.stdout.isEmpty)
    }

    @Test func anUnknownTaskInAShowLinkExitsTwo() async throws {
        let v = try TemporaryVault()
        let run = await v.run("open", "todomd://show/task/nothing-here")
        #expect(run.code == 2)
        #expect(run.stderr.contains("No task matches `nothing-here`"))
    }
}

@Suite struct AutomationURLHandlerInstallTests {
    func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.path + "/todomd-xdg-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func dryRunPrintsTheDesktopFile() async throws {
        let v = try TemporaryVault()
        let data = try folder()
        defer { try? FileManager.default.removeItem(atPath: data) }
        let run = await v.run("install-url-handler", "--dry-run", env: ["XDG_DATA_HOME": data, "PATH": ""])
        #expect(run.code == 0)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "[Desktop Entry]")
        let exec = lines.first { $0.hasPrefix("Exec=") } ?? ""
        #expect(exec.hasPrefix("Exec=/") || exec.hasPrefix("Exec=\"/"))
        #expect(exec.hasSuffix(" open %u"))
        #expect(lines.contains("MimeType=x-scheme-handler/todomd;"))
        #expect(lines.contains("NoDisplay=true"))
        #expect(!FileManager.default.fileExists(atPath: data + "/applications"))
    }

    @Test func installWritesTheFileAndSaysHowWithoutXdgMime() async throws {
        let v = try TemporaryVault()
        let data = try folder()
        defer { try? FileManager.default.removeItem(atPath: data) }
        let run = await v.run("install-url-handler", env: ["XDG_DATA_HOME": data, "PATH": ""])
        #expect(run.code == 0)
        let path = data + "/applications/todomd-url-handler.desktop"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text == (await v.run("install-url-handler", "--dry-run")).stdout)
        #expect(run.stdout == """
            Wrote \(path)
            xdg-mime was not found; to finish, run: xdg-mime default todomd-url-handler.desktop x-scheme-handler/todomd

            """)
    }

    @Test func installRunsXdgMimeWhenPresent() async throws {
        let v = try TemporaryVault()
        let data = try folder()
        defer { try? FileManager.default.removeItem(atPath: data) }
        let bin = data + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        let log = data + "/xdg-mime.log"
        try "#!/bin/sh\necho \"$@\" > '\(log)'\n".write(toFile: bin + "/xdg-mime", atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin + "/xdg-mime")
        let run = await v.run("install-url-handler", env: ["XDG_DATA_HOME": data + "/share", "PATH": bin])
        #expect(run.code == 0)
        #expect(FileManager.default.fileExists(atPath: data + "/share/applications/todomd-url-handler.desktop"))
        #expect(try String(contentsOfFile: log, encoding: .utf8) == "default todomd-url-handler.desktop x-scheme-handler/todomd\n")
        #expect(run.stdout.contains("todomd:// links now open with todomd"))
    }

    @Test func execPathsWithSpacesAreQuoted() {
        #expect(InstallURLHandler.quoteExec("/usr/bin/todomd") == "/usr/bin/todomd")
        #expect(InstallURLHandler.quoteExec("/opt/my apps/todo$md") == "\"/opt/my apps/todo\\$md\"")
    }
}

@Suite struct AutomationConflictCLITests {
    func vault() throws -> TemporaryVault {
        let v = try TemporaryVault()
        try v.task("milk.md", title: "Buy milk", "due: \"2025-03-01\"", body: "Semi-skimmed.\n")
        try v.task("milk 2.md", title: "Buy milk", "due: \"2025-03-02\"", body: "Oat.\n")
        try v.task("plan (conflict 2026-11-20 1015).md", title: "Plan", "priority: \"low\"")
        try v.task("plan.md", title: "Plan", "priority: \"high\"")
        try v.task("call.sync-conflict-20250101-120000-ABCDEFG.md", title: "Call Bob", "flagged: true")
        try v.task("call.md", title: "Call Bob")
        return v
    }

    @Test func conflictsListsEachCopyWithItsDifferences() async throws {
        let v = try vault()
        let run = await v.run("conflicts")
        #expect(run.code == 0)
        #expect(run.stdout == """
            3 conflict copies:

            Call Bob
              original (mine):  call.md
              copy (theirs):    call.sync-conflict-20250101-120000-ABCDEFG.md  (syncthing)
              flagged           false  →  true

            Buy milk
              original (mine):  milk.md
              copy (theirs):    milk 2.md  (numbered)
              due               2025-03-01  →  2025-03-02
              body              differs (2 lines → 2)
                - Semi-skimmed.
                + Oat.

            Plan
              original (mine):  plan.md
              copy (theirs):    plan (conflict 2026-11-20 1015).md  (conflict)
              priority          high  →  low

            Settle one with: todomd resolve REF --keep mine|theirs|both

            """)
        let json = await v.run("conflicts", "--json")
        let conflicts = json.json["conflicts"] as? [[String: Any]] ?? []
        #expect(conflicts.map { $0["copy"] as? String } == [
            "call.sync-conflict-20250101-120000-ABCDEFG.md", "milk 2.md", "plan (conflict 2026-11-20 1015).md"])
        let diffs = conflicts.last?["differences"] as? [[String: Any]] ?? []
        #expect(diffs.first?["field"] as? String == "priority")
        #expect(diffs.first?["mine"] as? String == "high" && diffs.first?["theirs"] as? String == "low")
    }

    @Test func resolveMineTheirsAndBoth() async throws {
        let v = try vault()
        let mine = await v.run("resolve", "milk 2", "--keep", "mine")
        #expect(mine.code == 0)
        #expect(mine.stdout == "Kept mine: milk.md; the copy moved to .trash/milk 2.md\n")
        #expect(v.exists(".trash/milk 2.md") && !v.exists("milk 2.md"))

        let copyText = try v.text("plan (conflict 2026-11-20 1015).md")
        let theirs = await v.run("resolve", "plan.md", "--keep", "theirs")
        #expect(theirs.code == 0)
        #expect(try v.text("plan.md") == copyText)
        #expect(v.exists(".trash/plan (conflict 2026-11-20 1015).md"))

        let both = await v.run("resolve", "call", "--keep", "both", "--json")
        #expect(both.code == 0)
        #expect(both.json["kept"] as? [String] == ["call.md", "20261101-1000-call-bob.md"])
        #expect(v.exists("20261101-1000-call-bob.md"))
        #expect((await v.run("conflicts")).stdout == "No conflict copies.\n")
        #expect((await v.run("list", "all", "--json")).stdout.contains("20261101-1000-call-bob.md"))
    }

    @Test func resolveRefusesABadKeepOrAnUnknownCopy() async throws {
        let v = try vault()
        #expect((await v.run("resolve", "milk", "--keep", "newest")).code == 2)
        let unknown = await v.run("resolve", "zebra", "--keep", "mine")
        // An unresolved reference (§19): 2.
        #expect(unknown.code == 2)
        #expect(unknown.stderr.contains("No conflict copy matches `zebra`"))
    }
}

@Suite struct AutomationRemindCLITests {
    func vault() throws -> TemporaryVault {
        let v = try TemporaryVault()
        try v.task("milk.md", title: "Buy milk", "due: \"2026-11-21\"")
        try v.task("bob.md", title: "Call Bob", "defer: \"2026-11-21\"")
        try v.write("done.md", "---\ntitle: \"Finished\"\nstatus: \"done\"\ndue: \"2026-11-21\"\ncreated: \"2026-11-01T10:00:00Z\"\nsource: \"test\"\n---\n")
        try v.task("later.md", title: "Later", "due: \"2026-11-22\"")
        return v
    }

    @Test func onceDeliversEachReminderOnceAfterNotifyTime() async throws {
        let v = try vault()
        let early = await v.run("remind", "--once", env: ["TODOMD_NOW": "2026-11-21T08:59:00", "PATH": ""])
        #expect(early.code == 0)
        #expect(early.stdout.isEmpty)
        let first = await v.run("remind", "--once", env: ["TODOMD_NOW": "2026-11-21T09:00:00", "PATH": ""])
        #expect(first.code == 0)
        #expect(first.stdout == "Due today: Buy milk  (milk.md)\nAvailable today: Call Bob  (bob.md)\n")
        let again = await v.run("remind", "--once", env: ["TODOMD_NOW": "2026-11-21T15:00:00", "PATH": ""])
        #expect(again.stdout.isEmpty)
        let tomorrow = await v.run("remind", "--once", env: ["TODOMD_NOW": "2026-11-22T09:30:00", "PATH": ""])
        #expect(tomorrow.stdout == "Due today: Later  (later.md)\n")
        #expect(!(try v.text(".todomd/reminders.json")).contains("done.md"))
    }

    @Test func notifyTimeComesFromTheSettings() async throws {
        let v = try vault()
        try v.write(".todomd/config.json", "{\"notify_time\": \"18:00\"}")
        #expect((await v.run("remind", "--once", env: ["TODOMD_NOW": "2026-11-21T17:59:00", "PATH": ""])).stdout.isEmpty)
        #expect((await v.run("remind", "--once", env: ["TODOMD_NOW": "2026-11-21T18:00:00", "PATH": ""])).stdout
                .contains("Due today: Buy milk"))
    }
}

@Suite struct AutomationExportICSCLITests {
    @Test func writesTheCalendarToStdoutOrAFile() async throws {
        let v = try TemporaryVault()
        try v.task("milk.md", title: "Buy milk, oat", "due: \"2026-11-24\"")
        try v.task("plan.md", title: "Plan", "scheduled: \"2026-11-23\"\ndue: \"2026-11-30\"")
        try v.task("undated.md", title: "Undated")
        let run = await v.run("export", "ics")
        #expect(run.code == 0)
        #expect(run.stderr == "Exported 2 events.\n")
        #expect(run.stdout.hasPrefix("BEGIN:VCALENDAR\r\n"))
        #expect(run.stdout.contains("SUMMARY:Buy milk\\, oat\r\n"))
        let file = v.cache + "/tasks.ics"
        let toFile = await v.run("export", "ics", "--vtodo", "--output", file)
        #expect(toFile.code == 0)
        #expect(toFile.stdout.isEmpty)
        #expect(toFile.stderr == "Exported 2 to-dos to \(file).\n")
        #expect(try String(contentsOfFile: file, encoding: .utf8).contains("BEGIN:VTODO\r\n"))
    }

    @Test func exportAloneShowsItsFormats() async throws {
        let v = try TemporaryVault()
        let run = await v.run("export")
        #expect(run.code == 0)
        #expect(run.stdout.contains("ics"))
    }
}
