import Foundation
import Testing
@testable import TodoMDKit

/// §24 `reminders` items: ISO 8601 offsets as TaskNotes writes them, short forms written in ISO
/// form, local date-times, TaskNotes' objects.
@Suite struct TaskReminderTests {
    @Test(arguments: [
        ("-PT15M", "-PT15M"), ("-15m", "-PT15M"), ("-1h", "-PT1H"), ("-1d", "-P1D"), ("-1w", "-P7D"),
        ("-1h30m", "-PT1H30M"), ("-PT90M", "-PT1H30M"), ("-P1DT2H", "-P1DT2H"), ("-PT36H", "-P1DT12H"),
        ("PT0M", "PT0M"), ("-PT0S", "PT0M"), ("+PT10M", "PT10M"), ("-pt15m", "-PT15M"), (" -1D ", "-P1D"),
        ("-PT1H30M45S", "-PT1H30M"),
        ("2026-11-24T15:00", "2026-11-24T15:00"), ("2026-11-24 15:00", "2026-11-24T15:00"),
        ("2026-11-24T15:00:59", "2026-11-24T15:00"),
    ])
    func canonicalForm(_ written: String, _ held: String) {
        #expect(TaskReminder.canonical(written) == held)
    }

    @Test(arguments: [
        "", "soon", "15m", "P", "-P", "-PT", "-P1H", "-PT1D", "-PT15", "-P1DT", "-PTM", "-PT1M1H", "-1x",
        "-PT9999999M", "2026-11-24", "2026-11-24T25:00", "2026-11-24T15:00Z", "2026-11-24T15", "- 15m",
    ])
    func notAReminder(_ written: String) {
        #expect(TaskReminder.canonical(written) == nil)
    }

    static let berlin = TimeZone(identifier: "Europe/Berlin") ?? .current

    static func task(due: String?, scheduled: String? = nil) -> TodoTask {
        var task = TodoTask(id: "t.md", title: "T", created: Date(timeIntervalSince1970: 0))
        task.dueAt = due.flatMap { TaskDate(iso: $0) }
        task.scheduledAt = scheduled.flatMap { TaskDate(iso: $0) }
        return task
    }

    /// When each item fires: offsets from the anchor's time, or from `notify_time` on a
    /// date-only anchor; absolute times as written; objects by their `relatedTo`.
    @Test(arguments: [
        ("-PT15M", "2026-11-24T15:00", nil, "2026-11-24T14:45"),
        ("-P1D", "2026-11-24T15:00", nil, "2026-11-23T15:00"),
        ("-PT1H", "2026-11-24", nil, "2026-11-24T08:00"),
        ("PT0M", "2026-11-24", nil, "2026-11-24T09:00"),
        ("2026-11-20T07:30", nil, nil, "2026-11-20T07:30"),
        ("{id: \"r\", type: \"relative\", relatedTo: \"scheduled\", offset: \"-PT30M\"}", "2026-11-24T15:00",
         "2026-11-22T10:00", "2026-11-22T09:30"),
        ("{id: \"r\", type: \"relative\", offset: \"-PT30M\"}", "2026-11-24T15:00", nil, "2026-11-24T14:30"),
        ("{id: \"r\", type: \"absolute\", absoluteTime: \"2026-11-24T14:45:00\"}", nil, nil, "2026-11-24T14:45"),
        ("{id: \"r\", type: \"absolute\", absoluteTime: \"2026-11-24T13:45:00Z\"}", nil, nil, "2026-11-24T14:45"),
    ] as [(String, String?, String?, String)])
    func firesAt(_ item: String, _ due: String?, _ scheduled: String?, _ expected: String) throws {
        let reminder = try #require(TaskReminder(item))
        let instant = try #require(reminder.instant(for: Self.task(due: due, scheduled: scheduled), notifyTime: .nine,
                                                    timeZone: Self.berlin))
        #expect(TaskDate(instant: instant, in: Self.berlin).description == expected)
        #expect(reminder.written == (TaskReminder.canonical(item) ?? item))
    }

    /// A relative reminder without its anchor date never fires.
    @Test func noAnchorNoInstant() throws {
        let reminder = try #require(TaskReminder("-PT15M"))
        #expect(reminder.instant(for: Self.task(due: nil), notifyTime: .nine, timeZone: Self.berlin) == nil)
        let onScheduled = try #require(TaskReminder("{type: \"relative\", relatedTo: \"scheduled\", offset: \"-PT5M\"}"))
        #expect(onScheduled.instant(for: Self.task(due: "2026-11-24"), notifyTime: .nine, timeZone: Self.berlin) == nil)
    }
}
