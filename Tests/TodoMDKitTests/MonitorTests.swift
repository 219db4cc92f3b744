import Foundation
import Testing
import TodoMDTestSupport
@testable import TodoMDKit

/// What a watching process makes of changes: who made them, the audit log, the ingest alert.
@Suite struct MonitorTests {
    /// A second todo.md process on the same folder and index (a `todomd add` in another terminal).
    func otherProcess(_ t: TemporaryVault, actor: String = "cli") throws -> Vault {
        try Vault(path: t.root, clock: t.clock, environment: t.environment, actor: actor)
    }

    func auditLines(_ t: TemporaryVault) -> [JSONValue] {
        guard let text = try? t.text(AuditLog.relativePath) else { return [] }
        return text.split(separator: "\n").compactMap { try? JSONValue.parse(String($0)) }
    }

    @Test func aFileFromAnotherProgramIsExternalAndAudited() throws {
        let t = try TemporaryVault()
        let monitor = VaultMonitor(vault: try t.open())
        try t.write("agent.md", "---\ntitle: From an agent\nsource: claude-agent\n---\n")
        let report = try monitor.process()
        #expect(report.changes == [.init(kind: .created, id: "agent.md", who: "external", source: "claude-agent")])
        let lines = auditLines(t)
        #expect(lines.count == 1)
        #expect(lines.first?["who"]?.stringValue == "external")
        #expect(lines.first?["action"]?.stringValue == "created")
        #expect(lines.first?["file"]?.stringValue == "agent.md")
        #expect(lines.first?["source"]?.stringValue == "claude-agent")
        #expect(try monitor.process().changes.isEmpty)

        try FileManager.default.removeItem(atPath: t.root + "/agent.md")
        #expect(try monitor.process().changes == [.init(kind: .deleted, id: "agent.md", who: "external", source: nil)])
    }

    @Test func changesByAnotherTodoMDProcessSharingTheIndexAreSeenAsTheProgramsOwn() throws {
        let t = try TemporaryVault()
        let monitor = VaultMonitor(vault: try t.open())
        let cli = try otherProcess(t)
        let task = try cli.add(TodoTask(title: "Added in a terminal", created: t.clock.now, source: "user"))
        // The other process already updated the shared index: the monitor still reports it.
        let created = try monitor.process()
        #expect(created.changes == [.init(kind: .created, id: task.id, who: "cli", source: "user")])
        var changes = TaskChanges()
        changes.set(.priority, .string("high"))
        try cli.update(task.id, changes)
        #expect(try monitor.process().changes.map(\.who) == ["cli"])
        try cli.delete(task.id)
        #expect(try monitor.process().changes == [.init(kind: .deleted, id: task.id, who: "cli", source: nil)])
        // The program's own entries are in the log once each; nothing was logged as external.
        let lines = auditLines(t)
        #expect(lines.compactMap { $0["who"]?.stringValue } == ["cli", "cli", "cli"])
        #expect(lines.compactMap { $0["action"]?.stringValue } == ["created", "updated", "deleted"])
    }

    @Test func acknowledgedChangesAreNotReportedAgain() throws {
        let t = try TemporaryVault()
        let vault = try t.open()
        let monitor = VaultMonitor(vault: vault)
        let (_, change) = vault.recordingChanges {
            _ = try vault.add(TodoTask(title: "Mine", created: t.clock.now, source: "user"))
            _ = try vault.addNote(title: "Mine too")
            try vault.setProjectOrder(["A"])
        }
        monitor.acknowledge(change)
        let report = try monitor.process()
        #expect(report.changes.isEmpty)
        #expect(report.notes.isEmpty)
        #expect(report.sideFiles.isEmpty)
    }

    @Test func notesAndSideFilesChangedByOthersAreReportedOnce() throws {
        let t = try TemporaryVault()
        try t.write("Notes/kept.md", "# Kept\n")
        let vault = try t.open()
        let monitor = VaultMonitor(vault: vault)
        try t.write("Notes/new.md", "# New\n")
        try t.write("Notes/kept.md", "# Kept, and longer\n")
        try t.write(".theme.json", ##"{"accent": "#336699"}"##)
        try t.write(".todomd/reminders.json", "{}")  // private state: not a watched side file
        var report = try monitor.process()
        #expect(report.notes == ["Notes/kept.md", "Notes/new.md"])
        #expect(report.sideFiles == [".theme.json"])
        try FileManager.default.removeItem(atPath: t.root + "/Notes/new.md")
        report = try monitor.process()
        #expect(report.notes == ["Notes/new.md"])
        #expect(report.sideFiles.isEmpty)
        #expect(try monitor.process().notes.isEmpty)
    }

    @Test func moreThanFiftyNewTasksInAMinuteRaiseOneAlertNamingTheirSources() throws {
        let t = try TemporaryVault()
        let monitor = VaultMonitor(vault: try t.open())
        for i in 0..<50 { try t.write("a\(i).md", "---\ntitle: Task \(i)\nsource: claude-agent\n---\n") }
        #expect(try monitor.process().alert == nil)
        try t.write("z.md", "---\ntitle: One more\nsource: zapier\n---\n")
        let alert = try #require(try monitor.process().alert)
        #expect(alert.count == 51)
        #expect(alert.message == "51 new tasks were added by claude-agent (50) and zapier (1) — review?")
        try t.write("y.md", "---\ntitle: And another\nsource: zapier\n---\n")
        #expect(try monitor.process().alert == nil)
    }

    @Test func oneSourceIsNamedAlone() {
        var window = IngestWindow(threshold: 50, window: 60)
        let start = Date(timeIntervalSince1970: 1_795_248_000)
        #expect(window.record(Array(repeating: "claude-agent", count: 30), at: start) == nil)
        // Thirty more, but two minutes later: the first thirty have left the window.
        #expect(window.record(Array(repeating: "claude-agent", count: 30), at: start.addingTimeInterval(120)) == nil)
        let alert = window.record(Array(repeating: "claude-agent", count: 217), at: start.addingTimeInterval(130))
        #expect(alert?.message == "247 new tasks were added by claude-agent — review?")
    }
}
