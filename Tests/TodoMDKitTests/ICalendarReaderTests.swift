import Foundation
import Testing
import TodoMDTestSupport
@testable import TodoMDKit

/// Reading external calendars (§25): expansion of series, exceptions, overrides, zones and
/// all-day events, each an occurrence on the vault's clock (Europe/Berlin here).
@Suite struct ICalendarReaderTests {
    static let berlin = TimeZone(identifier: "Europe/Berlin") ?? .current

    static func calendar(_ events: String...) -> String {
        (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN"] + events + ["END:VCALENDAR"]).joined(separator: "\r\n") + "\r\n"
    }

    static func entries(_ text: String, from: String, to: String) -> [String] {
        let reader = ICalendarReader(text: text, timeZone: berlin)
        return reader.entries(from: PhraseDays.date(from), to: PhraseDays.date(to), timeZone: berlin, calendar: "C", color: nil)
            .map { "\($0.title) \($0.start)–\($0.end)\($0.allDay ? " all-day" : "")\($0.busy ? "" : " free")" }
    }

    @Test(arguments: [
        // A weekly series at 09:30 Berlin keeps its wall-clock time across the end of summer time.
        ("BEGIN:VEVENT\r\nUID:a\r\nDTSTART;TZID=Europe/Berlin:20261019T093000\r\nDTEND;TZID=Europe/Berlin:20261019T100000\r\nRRULE:FREQ=WEEKLY;COUNT=3\r\nSUMMARY:Standup\r\nEND:VEVENT",
         "2026-10-01", "2026-11-30",
         ["Standup 2026-10-19T09:30–2026-10-19T10:00", "Standup 2026-10-26T09:30–2026-10-26T10:00",
          "Standup 2026-11-02T09:30–2026-11-02T10:00"]),
        // A New York meeting shown at Berlin time; UTC with Z; floating time in the vault's zone.
        ("BEGIN:VEVENT\r\nUID:b\r\nDTSTART;TZID=America/New_York:20261124T090000\r\nDURATION:PT1H30M\r\nSUMMARY:NY\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nUID:c\r\nDTSTART:20261124T120000Z\r\nDTEND:20261124T123000Z\r\nSUMMARY:UTC\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nUID:d\r\nDTSTART:20261124T070000\r\nSUMMARY:Floating\r\nEND:VEVENT",
         "2026-11-24", "2026-11-24",
         ["Floating 2026-11-24T07:00–2026-11-24T07:00", "UTC 2026-11-24T13:00–2026-11-24T13:30",
          "NY 2026-11-24T15:00–2026-11-24T16:30"]),
        // EXDATE leaves one out; an override moves another; a cancelled override removes a third.
        ("BEGIN:VEVENT\r\nUID:s\r\nDTSTART;TZID=Europe/Berlin:20261123T090000\r\nDTEND;TZID=Europe/Berlin:20261123T091500\r\nRRULE:FREQ=DAILY;COUNT=5\r\nEXDATE;TZID=Europe/Berlin:20261124T090000\r\nSUMMARY:Daily\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nUID:s\r\nRECURRENCE-ID;TZID=Europe/Berlin:20261125T090000\r\nDTSTART;TZID=Europe/Berlin:20261125T140000\r\nDTEND;TZID=Europe/Berlin:20261125T141500\r\nSUMMARY:Daily (moved)\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nUID:s\r\nRECURRENCE-ID;TZID=Europe/Berlin:20261126T090000\r\nDTSTART;TZID=Europe/Berlin:20261126T090000\r\nSTATUS:CANCELLED\r\nSUMMARY:Daily\r\nEND:VEVENT",
         "2026-11-23", "2026-11-30",
         ["Daily 2026-11-23T09:00–2026-11-23T09:15", "Daily (moved) 2026-11-25T14:00–2026-11-25T14:15",
          "Daily 2026-11-27T09:00–2026-11-27T09:15"]),
        // All-day: one day without DTEND, several with it; transparent events are not busy.
        ("BEGIN:VEVENT\r\nUID:h\r\nDTSTART;VALUE=DATE:20261125\r\nSUMMARY:Holiday\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nUID:t\r\nDTSTART;VALUE=DATE:20261126\r\nDTEND;VALUE=DATE:20261129\r\nSUMMARY:Trip\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nUID:f\r\nDTSTART:20261125T100000Z\r\nDTEND:20261125T110000Z\r\nTRANSP:TRANSPARENT\r\nSUMMARY:Optional\r\nEND:VEVENT",
         "2026-11-25", "2026-11-27",
         ["Holiday 2026-11-25–2026-11-26 all-day free", "Optional 2026-11-25T11:00–2026-11-25T12:00 free",
          "Trip 2026-11-26–2026-11-29 all-day free"]),
        // A monthly all-day series on the last Friday, and a yearly one.
        ("BEGIN:VEVENT\r\nUID:m\r\nDTSTART;VALUE=DATE:20261030\r\nRRULE:FREQ=MONTHLY;BYDAY=-1FR\r\nSUMMARY:Payday\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nUID:y\r\nDTSTART;VALUE=DATE:19800301\r\nRRULE:FREQ=YEARLY\r\nSUMMARY:Birthday\r\nEND:VEVENT",
         "2026-11-01", "2027-03-01",
         ["Payday 2026-11-27–2026-11-28 all-day free", "Payday 2026-12-25–2026-12-26 all-day free",
          "Payday 2027-01-29–2027-01-30 all-day free", "Payday 2027-02-26–2027-02-27 all-day free",
          "Birthday 2027-03-01–2027-03-02 all-day free"]),
    ] as [(String, String, String, [String])])
    func occurrences(events: String, from: String, to: String, expected: [String]) {
        #expect(Self.entries(Self.calendar(events), from: from, to: to) == expected)
    }

    /// Folded lines, quoted parameters and escaped text.
    @Test func linesAreUnfoldedAndTextUnescaped() {
        let text = Self.calendar("BEGIN:VEVENT", "UID:x", "DTSTART;TZID=\"Europe/Berlin\":20261124T100000",
                                 "SUMMARY:Lunch with Sam\\, Ann \\; Bo", " b at the café", "END:VEVENT")
        let reader = ICalendarReader(text: text, timeZone: Self.berlin)
        #expect(reader.events.map(\.title) == ["Lunch with Sam, Ann ; Bob at the café"])
        #expect(reader.warnings.isEmpty)
    }

    /// What cannot be read is a warning; the rest of the calendar is still read. No input crashes.
    @Test(arguments: [
        ("BEGIN:VEVENT\r\nUID:a\r\nSUMMARY:No start\r\nEND:VEVENT", "without DTSTART"),
        ("BEGIN:VEVENT\r\nUID:a\r\nDTSTART:2026112\r\nSUMMARY:Bad\r\nEND:VEVENT", "not a date"),
        ("BEGIN:VEVENT\r\nUID:a\r\nDTSTART:20261124T250000\r\nSUMMARY:Bad\r\nEND:VEVENT", "not a date-time"),
        ("BEGIN:VEVENT\r\nUID:a\r\nDTSTART:20261124T100000\r\nRRULE:FREQ=HOURLY\r\nSUMMARY:Hourly\r\nEND:VEVENT", "not supported"),
        ("BEGIN:VEVENT\r\nUID:a\r\nDTSTART;TZID=Mars/Olympus:20261124T100000\r\nSUMMARY:Mars\r\nEND:VEVENT", "unknown"),
        ("BEGIN:VEVENT\r\nUID:a\r\nDTSTART:20261124T100000\r\nDURATION:PXYZ\r\nSUMMARY:D\r\nEND:VEVENT", "not a duration"),
        ("BEGIN:VEVENT\r\nUID:a\r\nDTSTART:20261124T100000\r\nSUMMARY:Cut", "ends inside a VEVENT"),
    ])
    func badInputIsAWarning(events: String, warning: String) {
        // The good event first: a VEVENT cut short swallows what follows it.
        let text = Self.calendar("BEGIN:VEVENT", "UID:ok", "DTSTART:20261124T090000Z", "SUMMARY:Good", "END:VEVENT", events)
        let reader = ICalendarReader(text: text, timeZone: Self.berlin)
        #expect(reader.warnings.contains { $0.contains(warning) }, "\(reader.warnings)")
        let entries = reader.entries(from: PhraseDays.date("2026-11-24"), to: PhraseDays.date("2026-11-24"), timeZone: Self.berlin,
                                     calendar: "C", color: nil)
        #expect(entries.contains { $0.title == "Good" })
    }

    @Test(arguments: [("PT15M", 900), ("-PT1H", -3600), ("P1D", 86_400), ("P2W", 1_209_600), ("P1DT2H", 93_600),
                      ("PT", nil), ("15M", nil), ("P1H", nil)] as [(String, Int?)])
    func durations(text: String, seconds: Int?) {
        #expect(ICalendarReader.seconds(text) == seconds)
    }
}
