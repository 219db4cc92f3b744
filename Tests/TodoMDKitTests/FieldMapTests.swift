import Foundation
import Testing
import TodoMDTestSupport
@testable import TodoMDKit

/// Reading and editing another tool's vault in place (docs/interop.md "field map").
@Suite struct FieldMapTests {
    /// A TaskNotes file as the plugin writes it.
    static let taskNotesFile = """
        ---
        title: Review quarterly budget
        status: open
        priority: normal
        due: 2026-11-24
        scheduled: 2026-11-23
        contexts:
          - office
        projects:
          - "[[Finance Q4|Q4]]"
        tags:
          - task
          - finance
        timeEstimate: 60
        dateCreated: 2026-11-01T10:00:00.000+01:00
        dateModified: 2026-11-02T10:00:00.000+01:00
        timeEntries: []
        ---

        Check the travel line.
        """

    static func vault(map: String = "{\"field_map\": {\"preset\": \"tasknotes\"}}") throws -> TemporaryVault {
        let v = try TemporaryVault()
        try v.write(".todomd/config.json", map)
        try v.write("TaskNotes/Tasks/review-budget.md", taskNotesFile)
        return v
    }

    @Test func tasknotesPresetReadsTheFileWithoutWarnings() throws {
        let v = try Self.vault()
        let vault = try v.open()
        let task = try vault.task("review-budget")
        #expect(task.warnings == ["source: missing; using unknown"])
        #expect(task.status == .todo && task.priority == .medium)
        #expect(task.area == "office" && task.project == "Finance Q4" && task.tags == ["finance"])
        #expect(task.estimatedMinutes == 60)
        #expect(task.created == DateTimeFormat.parse("2026-11-01T09:00:00Z", timeZone: vault.clock.timeZone))
        #expect(task.modified == DateTimeFormat.parse("2026-11-02T09:00:00Z", timeZone: vault.clock.timeZone))
        #expect(task.extra.isEmpty && task.timeEntries.isEmpty)
        #expect(try vault.list("project:Finance Q4").tasks.count == 1)
    }

    @Test func tasknotesEditsKeepTheirNamesAndChangeOnlyTheirLines() throws {
        let v = try Self.vault()
        let vault = try v.open()
        var changes = TaskChanges()
        changes.set(.priority, .string("high"))
        changes.set(.project, .string("Finance Q1"))
        changes.set(.estimatedMinutes, .int(45))
        try vault.update("TaskNotes/Tasks/review-budget.md", changes)
        let text = try v.text("TaskNotes/Tasks/review-budget.md")
        let expected = Self.taskNotesFile
            .replacingOccurrences(of: "priority: normal", with: "priority: \"high\"")
            .replacingOccurrences(of: "projects:\n  - \"[[Finance Q4|Q4]]\"", with: "projects:\n  - \"[[Finance Q1]]\"")
            .replacingOccurrences(of: "timeEstimate: 60", with: "timeEstimate: 45")
            .replacingOccurrences(of: "dateModified: 2026-11-02T10:00:00.000+01:00", with: "dateModified: \"2026-11-21T08:00:00Z\"")
        #expect(text == expected)

        let done = try vault.complete("TaskNotes/Tasks/review-budget.md").completed
        let after = try v.text("TaskNotes/Tasks/review-budget.md")
        #expect(after.contains("status: \"done\"\n") && after.contains("completedDate: \"2026-11-21\"\n"))
        #expect(!after.contains("completed:") && !after.contains("\nstatus: open"))
        #expect(done.completed == LocalDate(year: 2026, month: 11, day: 21)?.startOfDay(in: vault.clock.timeZone))
        try vault.reopen("TaskNotes/Tasks/review-budget.md")
        #expect(try v.text("TaskNotes/Tasks/review-budget.md").contains("status: \"open\"\n"))
    }

    /// §24: in a TaskNotes vault a reminder is written as TaskNotes' reminder object (its id made
    /// from the reminder, so writing it again changes nothing), and objects already there are kept.
    @Test func tasknotesRemindersAreWrittenAsTheirObjects() throws {
        let v = try Self.vault()
        let vault = try v.open()
        var changes = TaskChanges()
        changes.set(.reminders, .list(["-PT15M", "2026-11-24T08:30",
                                       "{id: \"rem_a\", type: \"relative\", relatedTo: \"scheduled\", offset: \"-P1D\"}"]))
        try vault.update("TaskNotes/Tasks/review-budget.md", changes)
        let text = try v.text("TaskNotes/Tasks/review-budget.md")
        let id15 = "rem_" + SHA256.hex(Array("-PT15M".utf8)).prefix(8)
        let idAt = "rem_" + SHA256.hex(Array("2026-11-24T08:30".utf8)).prefix(8)
        #expect(text.contains("""
            reminders:
              - {id: "\(id15)", type: "relative", relatedTo: "due", offset: "-PT15M"}
              - {id: "\(idAt)", type: "absolute", absoluteTime: "2026-11-24T08:30:00"}
              - {id: "rem_a", type: "relative", relatedTo: "scheduled", offset: "-P1D"}

            """), "\(text)")
        let task = try vault.read("TaskNotes/Tasks/review-budget.md").0
        #expect(task.reminderItems.map(\.when) == [.relative(minutes: -15, anchor: .due),
                                                   .absolute(LocalDate(year: 2026, month: 11, day: 24) ?? LocalDate(dayNumber: 0),
                                                             TimeOfDay("08:30") ?? .nine),
                                                   .relative(minutes: -1440, anchor: .scheduled)])
        #expect(!task.warnings.contains { $0.hasPrefix("reminders") })
    }

    /// §27: TaskNotes' `timeEntries` (`{startTime, endTime, description}`) are read as entries; a
    /// timer started and stopped in a TaskNotes vault is written in that form, other keys kept.
    @Test func tasknotesTimeEntriesAreReadAndWrittenInTheirForm() throws {
        let v = try Self.vault()
        let file = "TaskNotes/Tasks/review-budget.md"
        try v.write(file, Self.taskNotesFile.replacingOccurrences(of: "timeEntries: []", with: """
            timeEntries:
              - startTime: 2026-11-20T08:00:00.000Z
                endTime: 2026-11-20T08:25:00.000Z
                description: Pomodoro
                duration: 25
            """))
        let vault = try v.open()
        let task = try vault.task("review-budget")
        #expect(task.timeEntries == ["{start: \"2026-11-20T08:00:00Z\", end: \"2026-11-20T08:25:00Z\", note: \"Pomodoro\", duration: 25}"])
        #expect(task.warnings == ["source: missing; using unknown"])
        try vault.startTimer(file)
        #expect(try v.text(file).contains("""
            timeEntries:
              - {startTime: "2026-11-20T08:00:00Z", endTime: "2026-11-20T08:25:00Z", description: "Pomodoro", duration: 25}
              - {startTime: "2026-11-21T08:00:00Z"}

            """))
        #expect(try vault.runningTimer()?.task.id == file)
        let later = try Vault(path: v.root, clock: TodoClock(now: vault.clock.now.addingTimeInterval(600), timeZone: vault.clock.timeZone),
                              environment: v.environment)
        try later.stopTimer()
        #expect(try v.text(file).contains("  - {startTime: \"2026-11-21T08:00:00Z\", endTime: \"2026-11-21T08:10:00Z\"}\n"))
        #expect(try later.task(file).timeSpentMinutes(at: later.clock.now) == 35)
    }

    @Test func newTasksInAMappedVaultUseTheOtherToolsForm() throws {
        let v = try Self.vault()
        let vault = try v.open()
        var draft = TodoTask(title: "Call the accountant", created: vault.clock.now)
        draft.project = "Finance Q4"
        draft.area = "phone"
        draft.priority = .medium
        let task = try vault.add(draft)
        #expect(try v.text(task.id) == """
            ---
            title: "Call the accountant"
            status: "open"
            priority: "normal"
            flagged: false
            contexts:
              - phone
            projects:
              - "[[Finance Q4]]"
            tags:
              - task
            dateCreated: "2026-11-21T08:00:00Z"
            dateModified: "2026-11-21T08:00:00Z"
            completedDate: null
            source: "user"
            ---

            """)
        #expect(task.tags.isEmpty && task.warnings.isEmpty && task.project == "Finance Q4")
    }

    @Test func explicitKeysOverrideThePresetAndChangeTheIndex() throws {
        let v = try Self.vault(map: "{\"field_map\": {\"preset\": \"tasknotes\", \"due\": \"deadline\"}}")
        try v.write("other.md", "---\ntitle: Other\ndeadline: 2026-11-30\ndue: 2026-01-01\n---\n")
        let vault = try v.open()
        let other = try vault.task("other.md")
        #expect(other.due == LocalDate(year: 2026, month: 11, day: 30))
        #expect(other.extra.map(\.key) == ["due"])
        // The same vault without the map reads §3 keys again (the index is rebuilt).
        try v.write(".todomd/config.json", "{}")
        #expect(try v.open().task("other.md").due == LocalDate(year: 2026, month: 1, day: 1))
    }

    @Test(arguments: [
        "{\"field_map\": {\"preset\": \"nope\"}}",
        "{\"field_map\": {\"deadline\": \"due\"}}",
        "{\"field_map\": {\"due\": \"scheduled\"}}",
        "{\"field_map\": {\"forms\": {\"due\": \"wikilinks\"}}}",
        "{\"field_map\": {\"values\": {\"status\": {\"todo\": 1}}}}",
        "{\"field_map\": 3}",
        "{\"field_map\": {\"due\": ",
    ])
    func badMapsAreRefusedWithTheEntryNamed(config: String) throws {
        let v = try TemporaryVault()
        try v.write(".todomd/config.json", config)
        #expect {
            _ = try v.open()
        } throws: { error in
            (error as? any TodoMDError)?.message.contains(".todomd/config.json") == true
        }
    }

    @Test func noMapReadsExactlyAsBefore() throws {
        let bytes = Array(Self.taskNotesFile.utf8)
        let zone = TimeZone(identifier: "UTC") ?? .current
        let plain = TaskFileCodec.decode(bytes, id: "x.md", fileModified: Date(timeIntervalSince1970: 0), timeZone: zone)
        let identity = TaskFileCodec.decode(bytes, id: "x.md", fileModified: Date(timeIntervalSince1970: 0), timeZone: zone,
                                            fieldMap: try FieldMap())
        #expect(plain.task != nil && plain.task == identity.task)
        #expect(plain.task?.extra.map(\.key) == ["contexts", "projects", "timeEstimate", "dateCreated", "dateModified", "timeEntries"])
    }
}
