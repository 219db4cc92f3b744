import Foundation
import Testing
import TodoMDTestSupport
@testable import TodoMDKit

private let berlin = TimeZone(identifier: "Europe/Berlin") ?? .current

/// An instant given as local time in Berlin.
private func at(_ text: String) -> Date {
    DateTimeFormat.parse(text, timeZone: berlin) ?? Date(timeIntervalSince1970: 0)
}

/// A task from frontmatter-like settings: `due`, `scheduled`, `reminders`, `nag`, `snoozed`, `source`.
private func task(_ id: String = "t.md", due: String? = nil, scheduled: String? = nil, reminders: [String] = [],
                  nag: Bool = false, interval: Int? = nil, snoozed: String? = nil, source: String = "user",
                  status: TaskStatus = .todo) -> TodoTask {
    var t = TodoTask(id: id, title: "Call mom", status: status, created: Date(timeIntervalSince1970: 0), source: source)
    t.dueAt = due.flatMap { TaskDate(iso: $0) }
    t.scheduledAt = scheduled.flatMap { TaskDate(iso: $0) }
    t.reminders = reminders.compactMap { TaskReminder($0)?.written }
    t.nag = nag
    t.nagInterval = interval
    t.snoozedUntil = snoozed.flatMap { TaskDate(iso: $0) }
    return t
}

/// One row: a task, the time, and the minutes (local `HH:MM`) and kinds that remind.
struct ReminderCase: Sendable, CustomTestStringConvertible {
    let name: String
    let task: TodoTask
    let now: String
    let expected: [String]
    var testDescription: String { name }
}

/// §24 reminders, delivered by one pure function with a fixed clock.
@Suite struct ReminderDeliveryTests {
    static let nagOn = Reminders.NagPolicy(enabled: true, sources: ["helper-bot"])

    /// What `Reminders.due` says at `now`: `kind@fire-minute` for each reminder.
    static func fired(_ tasks: [TodoTask], now: String, state: Reminders.State = .init(),
                      nagging: Reminders.NagPolicy = nagOn) -> [String] {
        Reminders.due(tasks, now: at(now), timeZone: berlin, notifyTime: .nine, state: state, nagging: nagging).map {
            "\($0.kind.rawValue)@" + ($0.at?.description ?? TaskDate($0.date, time: $0.time).description)
        }
    }

    @Test(arguments: [
        ReminderCase(name: "a timed due with no list reminds at its time", task: task(due: "2026-11-24T15:00"),
                     now: "2026-11-24T15:00", expected: ["due@2026-11-24T15:00"]),
        ReminderCase(name: "not a minute before", task: task(due: "2026-11-24T15:00"), now: "2026-11-24T14:59", expected: []),
        ReminderCase(name: "a date-only due at notify_time", task: task(due: "2026-11-24"), now: "2026-11-24T09:00",
                     expected: ["due@2026-11-24"]),
        ReminderCase(name: "an offset before a timed due", task: task(due: "2026-11-24T15:00", reminders: ["-15m"]),
                     now: "2026-11-24T14:45", expected: ["reminder@2026-11-24T14:45"]),
        ReminderCase(name: "the list replaces the reminder at the due time",
                     task: task(due: "2026-11-24T15:00", reminders: ["-15m"]), now: "2026-11-24T15:00",
                     expected: ["reminder@2026-11-24T14:45"]),
        ReminderCase(name: "an offset before a date-only due counts from notify_time",
                     task: task(due: "2026-11-24", reminders: ["-1h"]), now: "2026-11-24T08:00",
                     expected: ["reminder@2026-11-24T08:00"]),
        ReminderCase(name: "a day before", task: task(due: "2026-11-24T15:00", reminders: ["-1d"]), now: "2026-11-23T15:00",
                     expected: ["reminder@2026-11-23T15:00"]),
        ReminderCase(name: "every item that has come, in order",
                     task: task(due: "2026-11-24T15:00", reminders: ["-PT15M", "-P1D", "2026-11-24T10:00"]),
                     now: "2026-11-24T16:00",
                     expected: ["reminder@2026-11-23T15:00", "reminder@2026-11-24T10:00", "reminder@2026-11-24T14:45"]),
        ReminderCase(name: "an absolute time without a due", task: task(reminders: ["2026-11-24T10:00"]),
                     now: "2026-11-24T10:00", expected: ["reminder@2026-11-24T10:00"]),
        ReminderCase(name: "TaskNotes relatedTo scheduled",
                     task: task(due: "2026-11-30", scheduled: "2026-11-24T10:00",
                                reminders: ["{id: \"r\", type: \"relative\", relatedTo: \"scheduled\", offset: \"-PT30M\"}"]),
                     now: "2026-11-24T09:30", expected: ["reminder@2026-11-24T09:30"]),
        ReminderCase(name: "a week late is too late", task: task(due: "2026-11-10T15:00"), now: "2026-11-24T15:00", expected: []),
        ReminderCase(name: "done tasks are quiet", task: task(due: "2026-11-24T15:00", status: .done),
                     now: "2026-11-24T15:00", expected: []),
        ReminderCase(name: "snoozed: quiet until the snooze ends",
                     task: task(due: "2026-11-24T15:00", snoozed: "2026-11-24T16:00"), now: "2026-11-24T15:30", expected: []),
        ReminderCase(name: "at the snooze's end, once; reminders inside it are dropped",
                     task: task(due: "2026-11-24T15:00", reminders: ["-15m", "PT2H"], snoozed: "2026-11-24T16:00"),
                     now: "2026-11-24T17:00", expected: ["snooze@2026-11-24T16:00", "reminder@2026-11-24T17:00"]),
        ReminderCase(name: "a date-only snooze ends at notify_time", task: task(due: "2026-11-24T15:00", snoozed: "2026-11-25"),
                     now: "2026-11-25T09:00", expected: ["snooze@2026-11-25T09:00"]),
    ])
    func fires(_ c: ReminderCase) {
        let found = Self.fired([c.task], now: c.now + ":00")
        #expect(found == c.expected)
    }

    /// Each reminder fires once: recorded, it does not come again; a reminder of a later time does.
    @Test func eachReminderFiresOnce() throws {
        let t = task(due: "2026-11-24T15:00", reminders: ["-15m", "-5m"])
        var state = Reminders.State()
        let first = Reminders.due([t], now: at("2026-11-24T14:46:00"), timeZone: berlin, notifyTime: .nine, state: state)
        #expect(first.map(\.kind) == [.reminder])
        state.record(first, at: at("2026-11-24T14:46:00"))
        #expect(Self.fired([t], now: "2026-11-24T14:50:00", state: state).isEmpty)
        #expect(Self.fired([t], now: "2026-11-24T14:55:00", state: state) == ["reminder@2026-11-24T14:55"])
        // Moving the due moves the reminders: they come again for the new time.
        var moved = t
        moved.dueAt = TaskDate(iso: "2026-11-24T16:00")
        #expect(Self.fired([moved], now: "2026-11-24T15:45:00", state: state) == ["reminder@2026-11-24T15:45"])
        #expect(try Reminders.State(text: state.text) == state)
    }

    /// Nagging (§24): from the first reminder, again every interval, until done, snoozed or off.
    @Test func nagsEveryIntervalUntilDoneSnoozedOrStopped() {
        var t = task(due: "2026-11-24T15:00", nag: true)
        var state = Reminders.State()
        func tick(_ time: String) -> [String] {
            let now = at("2026-11-24T\(time):00")
            let found = Reminders.due([t], now: now, timeZone: berlin, notifyTime: .nine, state: state, nagging: Self.nagOn)
            state.record(found, at: now)
            return found.map { "\($0.kind.rawValue)\($0.nags ? "+nag" : "")" }
        }
        #expect(tick("14:59") == [])
        #expect(tick("15:00") == ["due+nag"])
        #expect(tick("15:04") == [])
        #expect(tick("15:05") == ["nag+nag"])
        #expect(tick("15:06") == [])
        #expect(tick("15:10") == ["nag+nag"])
        // Snoozed: quiet, then the snooze's end, then nagging from there.
        t.snoozedUntil = TaskDate(iso: "2026-11-24T16:00")
        #expect(tick("15:15") == [])
        #expect(tick("16:00") == ["snooze+nag"])
        #expect(tick("16:04") == [])
        #expect(tick("16:05") == ["nag+nag"])
        // Another interval.
        t.nagInterval = 30
        #expect(tick("16:10") == [])
        #expect(tick("16:35") == ["nag+nag"])
        // Stop nagging.
        t.nag = false
        #expect(tick("17:30") == [])
        // Done.
        t.nag = true
        t.status = .done
        #expect(tick("18:00") == [])
    }

    /// Nagging is off for the vault until `nag_enabled`, and a file from another source nags
    /// only when its `allow` names `nag`.
    @Test(arguments: [
        ("user", true, true), ("shortcut", true, true), ("helper-bot", true, true), ("claude-agent", true, false),
        ("user", false, false),
    ])
    func whoMayNag(_ source: String, _ enabled: Bool, _ nags: Bool) {
        let t = task(due: "2026-11-24T15:00", nag: true, source: source)
        var state = Reminders.State()
        state.record(Reminders.due([t], now: at("2026-11-24T15:00:00"), timeZone: berlin, notifyTime: .nine, state: state),
                     at: at("2026-11-24T15:00:00"))
        let policy = enabled ? Self.nagOn : .off
        #expect(Self.fired([t], now: "2026-11-24T15:05:00", state: state, nagging: policy) == (nags ? ["nag@2026-11-24T15:05"] : []))
    }

    @Test func settingsNameWhoMayNag() throws {
        let off = try VaultSettings(text: #"{"sources": {"bot": {"allow": ["create", "nag"]}}}"#)
        #expect(off.nagPolicy == .off)
        let on = try VaultSettings(text: #"{"nag_enabled": true, "sources": {"bot": {"allow": ["create", "NAG"]}, "other": {"allow": "create"}}}"#)
        #expect(on.nagPolicy == Reminders.NagPolicy(enabled: true, sources: ["bot"]))
    }

    @Test func messagesSayWhatIsDue() {
        let today = LocalDate(iso: "2026-11-24") ?? LocalDate(dayNumber: 0)
        let list = Reminders.due([task(due: "2026-11-24T15:00", reminders: ["-15m"])], now: at("2026-11-24T14:45:00"),
                                 timeZone: berlin, notifyTime: .nine, state: .init())
        #expect(list.map { $0.message(today: today) } == ["Due today at 15:00: Call mom"])
        let free = Reminders.due([task(reminders: ["2026-11-24T10:00"])], now: at("2026-11-24T10:00:00"), timeZone: berlin,
                                 notifyTime: .nine, state: .init())
        #expect(free.map { $0.message(today: today) } == ["Reminder: Call mom"])
    }
}

/// The actions a reminder offers (§24), as the CLI, the server and the web app apply them.
@Suite struct ReminderActionTests {
    static func vault(_ lines: String = "due: \"2026-11-21T09:30\"\nnag: true") throws -> (TemporaryVault, Vault) {
        let v = try TemporaryVault(now: "2026-11-21T09:00:00")
        try v.task("call.md", title: "Call mom", lines)
        return (v, try v.open())
    }

    @Test(arguments: [
        (ReminderAction.snooze, "snoozed_until: \"2026-11-21T10:00\""),
        (.tomorrow, "snoozed_until: \"2026-11-22T09:00\""),
        (.stop, "nag: false"),
        (.done, "status: \"done\""),
    ])
    func actionWritesTheTask(_ action: ReminderAction, _ line: String) throws {
        let (v, vault) = try Self.vault()
        try vault.applyReminderAction(action, to: "call.md")
        let text = try v.text("call.md")
        #expect(text.contains(line + "\n"), "\(text)")
    }

    @Test(arguments: [
        ("1h", "2026-11-21T10:00"), ("30m", "2026-11-21T09:30"), ("2d", "2026-11-23T09:00"), ("PT45M", "2026-11-21T09:45"),
        ("tomorrow", "2026-11-22T09:00"), ("2026-11-24 15:00", "2026-11-24T15:00"), ("2026-11-24", "2026-11-24T09:00"),
        ("monday 8am", "2026-11-23T08:00"),
    ])
    func snoozePhrases(_ phrase: String, _ until: String) throws {
        let (_, vault) = try Self.vault()
        #expect(try vault.snoozeTime(phrase).description == until)
    }

    @Test(arguments: ["soon", "-1h", "2026-11-20 10:00", "0m"])
    func badSnoozes(_ phrase: String) throws {
        let (_, vault) = try Self.vault()
        #expect(throws: TodoError.self) { try vault.snoozeTime(phrase) }
    }

    /// Delivery through the vault: nagging needs `nag_enabled`; the state file remembers when
    /// the task last notified, so `todomd remind` and the server agree.
    @Test func theVaultNagsOnlyWhenTheSettingIsOn() throws {
        let (v, vault) = try Self.vault()
        var seen: [String] = []
        for time in ["09:30", "09:35"] {
            try vault.deliverReminders(now: at("2026-11-21T\(time):00")) { seen.append("\($0.kind.rawValue)@\(time)") }
        }
        #expect(seen == ["due@09:30"])
        // On for the vault, but the file's source (`test`) is not allowed to nag.
        try v.write(".todomd/config.json", "{\"nag_enabled\": true}\n")
        try vault.deliverReminders(now: at("2026-11-21T09:36:00")) { seen.append("\($0.kind.rawValue)@09:36") }
        #expect(seen == ["due@09:30"])
        try v.write(".todomd/config.json", "{\"nag_enabled\": true, \"sources\": {\"test\": {\"allow\": [\"create\", \"nag\"]}}}\n")
        for time in ["09:37", "09:40", "09:42"] {
            try vault.deliverReminders(now: at("2026-11-21T\(time):00")) { seen.append("\($0.kind.rawValue)@\(time)") }
        }
        #expect(seen == ["due@09:30", "nag@09:37", "nag@09:42"])
        #expect(try v.text(".todomd/reminders.json").contains("\"notified\""))
    }
}

/// §24 in the calendar feed: one VALARM per reminder, each TRIGGER relative to the start.
@Suite struct ReminderCalendarTests {
    @Test(arguments: [
        // A timed due: offsets from its time; an absolute time as its distance from the start.
        (task(due: "2026-11-25T15:00", reminders: ["-15m", "-1d", "2026-11-25T08:30"]), ICalendar.Component.event,
         ["TRIGGER:-PT15M", "TRIGGER:-P1D", "TRIGGER:-PT6H30M"]),
        // A date-only due: from notify_time that day, as a time of the all-day event's day.
        (task(due: "2026-11-26", reminders: ["-1h"]), .event, ["TRIGGER:PT8H"]),
        // On the scheduled day, a reminder before the due counts from the scheduled start.
        (task(due: "2026-11-27T12:00", scheduled: "2026-11-26T10:00", reminders: ["-PT30M"]), .event, ["TRIGGER:P1DT1H30M"]),
        // A to-do without a start: related to its due.
        (task(due: "2026-11-25T15:00", reminders: ["-15m"]), .todo, ["TRIGGER;RELATED=END:-PT15M"]),
        // No list: the one alarm as before.
        (task(due: "2026-11-25T15:00"), .event, ["TRIGGER:PT0S"]),
    ] as [(TodoTask, ICalendar.Component, [String])])
    func oneAlarmPerReminder(_ t: TodoTask, _ component: ICalendar.Component, _ triggers: [String]) {
        let text = ICalendar.document([t], component: component, notifyTime: .nine, timeZone: berlin,
                                      stamp: at("2026-11-21T09:00:00"))
        let lines = text.components(separatedBy: "\r\n")
        #expect(lines.filter { $0.hasPrefix("TRIGGER") } == triggers)
        #expect(lines.filter { $0 == "BEGIN:VALARM" }.count == triggers.count)
    }
}
