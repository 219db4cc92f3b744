import Foundation
import Testing
@testable import TodoMDKit

/// RRULE parsing, serialization, occurrences, the next date and descriptions (§11, §21).
@Suite struct RecurrenceTests {
    // MARK: - Parsing and canonical form

    @Test(arguments: [
        ("FREQ=DAILY", "FREQ=DAILY"),
        ("RRULE:FREQ=DAILY", "FREQ=DAILY"),
        ("  rrule:freq=weekly;byday=we,mo  ", "FREQ=WEEKLY;BYDAY=MO,WE"),
        ("FREQ=DAILY;INTERVAL=1", "FREQ=DAILY"),
        ("INTERVAL=2;FREQ=WEEKLY", "FREQ=WEEKLY;INTERVAL=2"),
        ("FREQ=DAILY;COUNT=5", "FREQ=DAILY;COUNT=5"),
        ("FREQ=DAILY;UNTIL=20270301", "FREQ=DAILY;UNTIL=20270301"),
        ("FREQ=DAILY;UNTIL=20270301T120000", "FREQ=DAILY;UNTIL=20270301"),
        ("FREQ=DAILY;UNTIL=20270301T235959Z", "FREQ=DAILY;UNTIL=20270301"),
        ("FREQ=DAILY;UNTIL=2027-03-01", "FREQ=DAILY;UNTIL=20270301"),
        ("FREQ=MONTHLY;BYDAY=-1FR", "FREQ=MONTHLY;BYDAY=-1FR"),
        ("FREQ=MONTHLY;BYDAY=+2MO,FR,-1FR,1FR", "FREQ=MONTHLY;BYDAY=2MO,FR,1FR,-1FR"),
        ("FREQ=YEARLY;BYDAY=20MO", "FREQ=YEARLY;BYDAY=20MO"),
        ("FREQ=YEARLY;BYDAY=-53SU", "FREQ=YEARLY;BYDAY=-53SU"),
        ("FREQ=MONTHLY;BYMONTHDAY=-1,15,1,-2,+3", "FREQ=MONTHLY;BYMONTHDAY=1,3,15,-1,-2"),
        ("FREQ=YEARLY;BYMONTH=12,2,2", "FREQ=YEARLY;BYMONTH=2,12"),
        ("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1"),
        ("FREQ=YEARLY;BYMONTH=1;BYSETPOS=-366,366", "FREQ=YEARLY;BYMONTH=1;BYSETPOS=366,-366"),
        ("FREQ=WEEKLY;WKST=SU;INTERVAL=2;BYDAY=TU,SU", "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,SU;WKST=SU"),
        ("FREQ=WEEKLY;WKST=MO", "FREQ=WEEKLY"),
        ("FREQ=DAILY;", "FREQ=DAILY"),
        ("FREQ=DAILY; COUNT=2", "FREQ=DAILY;COUNT=2"),
        ("COUNT=3;BYSETPOS=1;WKST=TH;BYDAY=FR;BYMONTHDAY=1;BYMONTH=3;INTERVAL=4;FREQ=YEARLY",
         "FREQ=YEARLY;INTERVAL=4;BYMONTH=3;BYMONTHDAY=1;BYDAY=FR;BYSETPOS=1;WKST=TH;COUNT=3"),
    ])
    func parsesToCanonicalForm(text: String, canonical: String) throws {
        let rule = try RecurrenceRule(parsing: text)
        #expect(rule.serialized == canonical)
        #expect(rule.description == canonical)
        #expect(try RecurrenceRule(parsing: rule.serialized) == rule)
    }

    @Test func readsEveryPart() throws {
        let rule = try RecurrenceRule(
            parsing: "FREQ=YEARLY;INTERVAL=2;UNTIL=20300101;BYMONTH=11;BYMONTHDAY=-1,2;BYDAY=4TH,SA;BYSETPOS=1;WKST=SU")
        #expect(rule.frequency == .yearly)
        #expect(rule.interval == 2)
        #expect(rule.count == nil)
        #expect(rule.until == LocalDate(year: 2030, month: 1, day: 1))
        #expect(rule.byMonth == [11])
        #expect(rule.byMonthDay == [2, -1])
        #expect(rule.byDay == [.init(.thursday, ordinal: 4), .init(.saturday)])
        #expect(rule.bySetPosition == [1])
        #expect(rule.weekStart == .sunday)
    }

    @Test func rulesThatMeanTheSameAreEqual() throws {
        #expect(try RecurrenceRule(parsing: "FREQ=WEEKLY;BYDAY=WE,MO,MO;WKST=MO")
            == RecurrenceRule(parsing: "freq=weekly;byday=mo,we"))
        #expect(try RecurrenceRule(parsing: "FREQ=WEEKLY;BYDAY=MO")
            != RecurrenceRule(parsing: "FREQ=WEEKLY;BYDAY=MO;WKST=SU"))
        #expect(try RecurrenceRule(frequency: .monthly, byDay: [.init(.friday, ordinal: -1)])
            == RecurrenceRule(parsing: "FREQ=MONTHLY;BYDAY=-1FR"))
    }

    @Test(arguments: [
        ("", "The recurrence rule is empty; it needs at least FREQ (for example FREQ=WEEKLY)"),
        ("RRULE:", "The recurrence rule is empty; it needs at least FREQ (for example FREQ=WEEKLY)"),
        ("INTERVAL=2", "FREQ is missing; use FREQ=DAILY, WEEKLY, MONTHLY or YEARLY"),
        ("FREQ=HOURLY", "FREQ=HOURLY is not supported; use DAILY, WEEKLY, MONTHLY or YEARLY"),
        ("FREQ=FORTNIGHTLY", "FREQ=FORTNIGHTLY is not a frequency (DAILY, WEEKLY, MONTHLY or YEARLY)"),
        ("FREQ=DAILY;FREQ=WEEKLY", "FREQ appears more than once"),
        ("FREQ=DAILY;COLOR=RED", "COLOR is not an RRULE part"),
        ("FREQ=DAILY;X-NAME=1", "X-NAME is not an RRULE part"),
        ("FREQ=DAILY;BYHOUR=9", "BYHOUR is not supported: tasks repeat on dates, using FREQ, INTERVAL, COUNT, "
            + "UNTIL, BYDAY, BYMONTHDAY, BYMONTH, BYSETPOS and WKST"),
        ("FREQ=YEARLY;BYWEEKNO=20", "BYWEEKNO is not supported: tasks repeat on dates, using FREQ, INTERVAL, "
            + "COUNT, UNTIL, BYDAY, BYMONTHDAY, BYMONTH, BYSETPOS and WKST"),
        ("FREQ=DAILY;COUNT", "`COUNT` is not a NAME=VALUE part of a recurrence rule"),
        ("FREQ=DAILY;=3", "`=3` is not a NAME=VALUE part of a recurrence rule"),
        ("FREQ=DAILY;COUNT=", "COUNT has no value"),
        ("FREQ=DAILY;INTERVAL=0", "INTERVAL=0 is out of range (1…9999)"),
        ("FREQ=DAILY;INTERVAL=10000", "INTERVAL=10000 is out of range (1…9999)"),
        ("FREQ=DAILY;INTERVAL=-1", "INTERVAL=-1 is not a positive whole number"),
        ("FREQ=DAILY;INTERVAL=1.5", "INTERVAL=1.5 is not a positive whole number"),
        ("FREQ=DAILY;COUNT=0", "COUNT=0 is out of range (1 or more)"),
        ("FREQ=DAILY;COUNT=99999999999999999999999", "COUNT=99999999999999999999999 is out of range (1 or more)"),
        ("FREQ=DAILY;COUNT=3;UNTIL=20270101", "COUNT and UNTIL cannot be used together"),
        ("FREQ=DAILY;UNTIL=20270230", "UNTIL=20270230 is not a date (YYYYMMDD, YYYYMMDDTHHMMSS[Z] or YYYY-MM-DD)"),
        ("FREQ=DAILY;UNTIL=20270301T250000",
         "UNTIL=20270301T250000 is not a date (YYYYMMDD, YYYYMMDDTHHMMSS[Z] or YYYY-MM-DD)"),
        ("FREQ=DAILY;UNTIL=2027-3-1", "UNTIL=2027-3-1 is not a date (YYYYMMDD, YYYYMMDDTHHMMSS[Z] or YYYY-MM-DD)"),
        ("FREQ=DAILY;UNTIL=TOMORROW", "UNTIL=TOMORROW is not a date (YYYYMMDD, YYYYMMDDTHHMMSS[Z] or YYYY-MM-DD)"),
        ("FREQ=MONTHLY;BYMONTHDAY=32", "BYMONTHDAY=32 is out of range (1…31 or -31…-1)"),
        ("FREQ=MONTHLY;BYMONTHDAY=1,-32", "BYMONTHDAY=-32 is out of range (1…31 or -31…-1)"),
        ("FREQ=MONTHLY;BYMONTHDAY=0", "BYMONTHDAY=0 is out of range (1…31 or -31…-1)"),
        ("FREQ=MONTHLY;BYMONTHDAY=1,,2", "BYMONTHDAY=1,,2 has an empty item"),
        ("FREQ=MONTHLY;BYMONTHDAY=LAST", "BYMONTHDAY=LAST is not a whole number"),
        ("FREQ=YEARLY;BYMONTH=13", "BYMONTH=13 is out of range (1…12)"),
        ("FREQ=YEARLY;BYMONTH=-1", "BYMONTH=-1 is not a positive whole number"),
        ("FREQ=WEEKLY;BYDAY=MO,XX", "BYDAY=XX is not a weekday (MO, TU, WE, TH, FR, SA or SU, "
            + "optionally after an ordinal such as 2MO or -1FR)"),
        ("FREQ=WEEKLY;BYDAY=MONDAY", "BYDAY=MONDAY is not a weekday (MO, TU, WE, TH, FR, SA or SU, "
            + "optionally after an ordinal such as 2MO or -1FR)"),
        ("FREQ=MONTHLY;BYDAY=XMO", "BYDAY=XMO has an ordinal that is not a whole number (such as 2MO or -1FR)"),
        ("FREQ=WEEKLY;BYDAY=2MO", "BYDAY=2MO has an ordinal, which only FREQ=MONTHLY or FREQ=YEARLY allow"),
        ("FREQ=DAILY;BYDAY=-1FR", "BYDAY=-1FR has an ordinal, which only FREQ=MONTHLY or FREQ=YEARLY allow"),
        ("FREQ=MONTHLY;BYDAY=6MO", "BYDAY=6MO is out of range (a month has 1…5 or -5…-1 of each weekday)"),
        ("FREQ=MONTHLY;BYDAY=0MO", "BYDAY=0MO is out of range (a month has 1…5 or -5…-1 of each weekday)"),
        ("FREQ=YEARLY;BYMONTH=3;BYDAY=-6FR",
         "BYDAY=-6FR is out of range (a month has 1…5 or -5…-1 of each weekday)"),
        ("FREQ=YEARLY;BYDAY=54MO", "BYDAY=54MO is out of range (a year has 1…53 or -53…-1 of each weekday)"),
        ("FREQ=MONTHLY;BYSETPOS=1", "BYSETPOS needs BYDAY, BYMONTHDAY or BYMONTH to choose from"),
        ("FREQ=MONTHLY;BYDAY=MO;BYSETPOS=0", "BYSETPOS=0 is out of range (1…366 or -366…-1)"),
        ("FREQ=MONTHLY;BYDAY=MO;BYSETPOS=367", "BYSETPOS=367 is out of range (1…366 or -366…-1)"),
        ("FREQ=WEEKLY;BYMONTHDAY=1", "BYMONTHDAY cannot be used with FREQ=WEEKLY (RFC 5545)"),
        ("FREQ=WEEKLY;WKST=XY", "WKST=XY is not a weekday (MO, TU, WE, TH, FR, SA or SU)"),
    ])
    func rejectsWithAMessageNamingThePart(text: String, message: String) {
        let error = #expect(throws: RecurrenceRuleError.self) { try RecurrenceRule(parsing: text) }
        #expect(error?.errorDescription == message)
    }

    @Test func theInitializerChecksLikeTheParser() {
        #expect(throws: RecurrenceRuleError.invalidValue(part: "INTERVAL", value: "0", reason: "is out of range (1…9999)")) {
            try RecurrenceRule(frequency: .daily, interval: 0)
        }
        #expect(throws: RecurrenceRuleError.conflict("COUNT and UNTIL cannot be used together")) {
            try RecurrenceRule(frequency: .daily, count: 2, until: LocalDate(year: 2027, month: 1, day: 1))
        }
    }

    @Test func replacingCountCountsDownAndKeepsTheRest() throws {
        let rule = try RecurrenceRule(parsing: "FREQ=MONTHLY;INTERVAL=2;BYDAY=-1FR;WKST=SU;COUNT=5")
        #expect(try rule.replacingCount(4).serialized == "FREQ=MONTHLY;INTERVAL=2;BYDAY=-1FR;WKST=SU;COUNT=4")
        #expect(try rule.replacingCount(nil).serialized == "FREQ=MONTHLY;INTERVAL=2;BYDAY=-1FR;WKST=SU")
        #expect(throws: RecurrenceRuleError.self) { try rule.replacingCount(0) }
    }

    // MARK: - Occurrences

    /// Rule, start, the first occurrences (fewer when the series ends).
    static let occurrenceCases: [(String, String, [String])] = [
        // DAILY, INTERVAL, COUNT, UNTIL (inclusive).
        ("FREQ=DAILY", "2026-02-27", ["2026-02-27", "2026-02-28", "2026-03-01", "2026-03-02"]),
        ("FREQ=DAILY;INTERVAL=3;COUNT=3", "2026-12-30", ["2026-12-30", "2027-01-02", "2027-01-05"]),
        ("FREQ=DAILY;UNTIL=20260103", "2026-01-01", ["2026-01-01", "2026-01-02", "2026-01-03"]),
        ("FREQ=DAILY;UNTIL=20260103T000000Z", "2026-01-02", ["2026-01-02", "2026-01-03"]),
        ("FREQ=DAILY;UNTIL=20251231", "2026-01-01", []),
        ("FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR", "2026-01-09", ["2026-01-09", "2026-01-12", "2026-01-13"]),
        ("FREQ=DAILY;BYMONTH=2;BYMONTHDAY=29", "2025-01-01", ["2028-02-29", "2032-02-29"]),
        // WEEKLY: the start's weekday by default; a start that does not match is no occurrence.
        ("FREQ=WEEKLY", "2026-01-07", ["2026-01-07", "2026-01-14", "2026-01-21"]),
        ("FREQ=WEEKLY;BYDAY=MO", "2026-01-07", ["2026-01-12", "2026-01-19", "2026-01-26"]),
        ("FREQ=WEEKLY;BYDAY=MO,WE,FR;COUNT=4", "2026-01-07", ["2026-01-07", "2026-01-09", "2026-01-12", "2026-01-14"]),
        ("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE", "2026-01-07", ["2026-01-07", "2026-01-19", "2026-01-21", "2026-02-02"]),
        ("FREQ=WEEKLY;BYMONTH=1", "2026-01-28", ["2026-01-28", "2027-01-06", "2027-01-13"]),
        // WKST matters with an interval (RFC 5545's own example).
        ("FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=MO", "1997-08-05",
         ["1997-08-05", "1997-08-10", "1997-08-19", "1997-08-24"]),
        ("FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=SU", "1997-08-05",
         ["1997-08-05", "1997-08-17", "1997-08-19", "1997-08-31"]),
        // MONTHLY: impossible dates are skipped, never moved.
        ("FREQ=MONTHLY", "2026-01-31", ["2026-01-31", "2026-03-31", "2026-05-31", "2026-07-31", "2026-08-31"]),
        ("FREQ=MONTHLY;BYMONTHDAY=31", "2026-04-01", ["2026-05-31", "2026-07-31", "2026-08-31", "2026-10-31"]),
        ("FREQ=MONTHLY;BYMONTHDAY=30", "2027-01-30", ["2027-01-30", "2027-03-30", "2027-04-30"]),
        ("FREQ=MONTHLY;BYMONTHDAY=-1", "2028-01-15", ["2028-01-31", "2028-02-29", "2028-03-31", "2028-04-30"]),
        ("FREQ=MONTHLY;BYMONTHDAY=-3", "2027-01-01", ["2027-01-29", "2027-02-26", "2027-03-29"]),
        ("FREQ=MONTHLY;BYMONTHDAY=-31", "2026-01-01", ["2026-01-01", "2026-03-01", "2026-05-01", "2026-07-01"]),
        ("FREQ=MONTHLY;BYMONTHDAY=1,-1;COUNT=5", "1997-09-30",
         ["1997-09-30", "1997-10-01", "1997-10-31", "1997-11-01", "1997-11-30"]),
        ("FREQ=MONTHLY;BYMONTHDAY=15", "2026-01-20", ["2026-02-15", "2026-03-15"]),
        ("FREQ=MONTHLY;INTERVAL=3", "2026-11-30", ["2026-11-30", "2027-05-30", "2027-08-30", "2027-11-30"]),
        ("FREQ=MONTHLY;BYDAY=-1FR", "2026-01-01", ["2026-01-30", "2026-02-27", "2026-03-27", "2026-04-24"]),
        ("FREQ=MONTHLY;BYDAY=2MO", "2026-01-01", ["2026-01-12", "2026-02-09", "2026-03-09"]),
        ("FREQ=MONTHLY;BYDAY=5FR", "2026-01-01", ["2026-01-30", "2026-05-29", "2026-07-31"]),
        ("FREQ=MONTHLY;COUNT=6;BYDAY=-2MO", "1997-09-22",
         ["1997-09-22", "1997-10-20", "1997-11-17", "1997-12-22", "1998-01-19", "1998-02-16"]),
        // The last weekday of the month, and the second to last.
        ("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", "2026-01-01",
         ["2026-01-30", "2026-02-27", "2026-03-31", "2026-04-30", "2026-05-29", "2026-06-30", "2026-07-31",
          "2026-08-31"]),
        ("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-2", "1997-09-29",
         ["1997-09-29", "1997-10-30", "1997-11-27", "1997-12-30", "1998-01-29", "1998-02-26"]),
        ("FREQ=MONTHLY;COUNT=3;BYDAY=TU,WE,TH;BYSETPOS=3", "1997-09-04", ["1997-09-04", "1997-10-07", "1997-11-06"]),
        // Friday the 13th; the first Saturday after the first Sunday.
        ("FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13", "1997-09-02",
         ["1998-02-13", "1998-03-13", "1998-11-13", "1999-08-13", "2000-10-13"]),
        ("FREQ=MONTHLY;BYDAY=SA;BYMONTHDAY=7,8,9,10,11,12,13", "1997-09-13",
         ["1997-09-13", "1997-10-11", "1997-11-08", "1997-12-13", "1998-01-10"]),
        // BYDAY mixing every Monday with the last Friday means either (RFC 5545; dateutil finds none).
        ("FREQ=MONTHLY;BYDAY=MO,-1FR", "2026-01-01",
         ["2026-01-05", "2026-01-12", "2026-01-19", "2026-01-26", "2026-01-30", "2026-02-02"]),
        // YEARLY: 29 February only in leap years, and 2100 is not one.
        ("FREQ=YEARLY", "2024-02-29", ["2024-02-29", "2028-02-29", "2032-02-29"]),
        ("FREQ=YEARLY", "2096-02-29", ["2096-02-29", "2104-02-29"]),
        ("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29", "2026-03-01", ["2028-02-29", "2032-02-29"]),
        ("FREQ=YEARLY;INTERVAL=2", "2026-03-15", ["2026-03-15", "2028-03-15", "2030-03-15"]),
        ("FREQ=YEARLY;BYMONTH=3,6", "2026-01-10", ["2026-03-10", "2026-06-10", "2027-03-10"]),
        ("FREQ=YEARLY;BYMONTHDAY=1", "2026-10-15", ["2026-11-01", "2026-12-01", "2027-01-01"]),
        ("FREQ=YEARLY;BYMONTH=11;BYDAY=4TH", "2026-01-01", ["2026-11-26", "2027-11-25", "2028-11-23"]),
        ("FREQ=YEARLY;BYDAY=20MO", "1997-05-19", ["1997-05-19", "1998-05-18", "1999-05-17"]),
        ("FREQ=YEARLY;BYDAY=-1SU", "2026-01-01", ["2026-12-27", "2027-12-26"]),
        ("FREQ=YEARLY;BYMONTH=3;BYDAY=TH", "1997-03-13",
         ["1997-03-13", "1997-03-20", "1997-03-27", "1998-03-05", "1998-03-12"]),
        ("FREQ=YEARLY;INTERVAL=4;BYMONTH=11;BYDAY=TU;BYMONTHDAY=2,3,4,5,6,7,8", "1996-11-05",
         ["1996-11-05", "2000-11-07", "2004-11-02"]),
        ("FREQ=YEARLY;BYMONTH=1;BYDAY=SU,MO,TU,WE,TH,FR,SA;UNTIL=20000131T140000Z;BYSETPOS=1,-1", "1998-01-01",
         ["1998-01-01", "1998-01-31", "1999-01-01", "1999-01-31", "2000-01-01", "2000-01-31"]),
        // WEEKLY with BYSETPOS counts the whole first week from WKST (RFC 5545; dateutil counts from the
        // start): the Monday before a Wednesday start is position 1, so that week gives nothing.
        ("FREQ=WEEKLY;BYDAY=MO,FR;BYSETPOS=1", "2026-01-07", ["2026-01-12", "2026-01-19"]),
        ("FREQ=WEEKLY;BYDAY=MO,FR;BYSETPOS=-1", "2026-01-07", ["2026-01-09", "2026-01-16"]),
        // The last dates a LocalDate holds.
        ("FREQ=YEARLY", "9998-06-01", ["9998-06-01", "9999-06-01"]),
        ("FREQ=WEEKLY", "9999-12-20", ["9999-12-20", "9999-12-27"]),
    ]

    @Test(arguments: occurrenceCases)
    func occurrences(rule text: String, start: String, expected: [String]) throws {
        let rule = try RecurrenceRule(parsing: text)
        let first = try #require(LocalDate(iso: start))
        let found = rule.occurrences(start: first).prefix(expected.count + 1).map(\.description)
        // A series with COUNT or UNTIL, or at the end of the calendar, ends exactly after the listed
        // dates; any other goes on past them.
        let ends = rule.count != nil || rule.until != nil || first.year >= 9998
        #expect((ends ? found : Array(found.prefix(expected.count))) == expected)
    }

    @Test(arguments: [
        "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30",
        "FREQ=MONTHLY;BYMONTH=4;BYMONTHDAY=31",
        "FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30",
        "FREQ=WEEKLY;BYMONTH=2;BYDAY=MO;BYSETPOS=2",
        "FREQ=MONTHLY;BYMONTHDAY=1;BYDAY=2MO",
        "FREQ=YEARLY;INTERVAL=4;BYMONTH=2;BYMONTHDAY=29",
    ])
    func aRuleThatNeverOccursEndsInsteadOfLoopingForever(text: String) throws {
        let rule = try RecurrenceRule(parsing: text)
        let start = try #require(LocalDate(iso: "2025-01-01"))
        #expect(Array(rule.occurrences(start: start)).isEmpty)
        #expect(rule.nextOccurrence(after: start, start: start) == nil)
    }

    @Test func sparseRulesAreFoundAcrossTheirGaps() throws {
        // 29 February on a Monday: 28 years apart, and 2100 is no leap year.
        let rule = try RecurrenceRule(parsing: "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29;BYDAY=MO")
        let start = try #require(LocalDate(iso: "2025-01-01"))
        #expect(rule.occurrences(start: start).prefix(3).map(\.description) == ["2044-02-29", "2072-02-29", "2112-02-29"])
    }

    // MARK: - The next date (§11, §21)

    /// Rule, start, after, the next occurrence (nil for none).
    static let nextCases: [(String, String, String, String?)] = [
        // COUNT is ignored: the task layer counts down itself.
        ("FREQ=DAILY;COUNT=1", "2026-01-01", "2026-01-01", "2026-01-02"),
        ("FREQ=WEEKLY;COUNT=2", "2026-01-01", "2026-03-01", "2026-03-05"),
        // Fixed mode: start and after are both the anchor.
        ("FREQ=MONTHLY", "2026-01-31", "2026-01-31", "2026-03-31"),
        ("FREQ=MONTHLY;BYMONTHDAY=31", "2026-03-31", "2026-03-31", "2026-05-31"),
        ("FREQ=YEARLY", "2024-02-29", "2024-02-29", "2028-02-29"),
        ("FREQ=MONTHLY;BYDAY=-1FR", "2026-01-30", "2026-01-30", "2026-02-27"),
        ("FREQ=WEEKLY;BYDAY=MO,WE,FR", "2026-01-09", "2026-01-09", "2026-01-12"),
        ("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", "2026-01-30", "2026-01-30", "2026-02-27"),
        // A start that is not an occurrence: the first occurrence after it.
        ("FREQ=MONTHLY;BYMONTHDAY=15", "2026-01-20", "2026-01-20", "2026-02-15"),
        ("FREQ=WEEKLY;BYDAY=MO", "2026-01-07", "2026-01-07", "2026-01-12"),
        // A date before the start: the first occurrence on or after the start.
        ("FREQ=WEEKLY", "2026-01-07", "2025-06-01", "2026-01-07"),
        // A series started long ago keeps its phase.
        ("FREQ=DAILY;INTERVAL=3", "2000-01-01", "2026-06-15", "2026-06-16"),
        ("FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,SU;WKST=SU", "1997-08-05", "2026-01-01", "2026-01-11"),
        ("FREQ=MONTHLY;INTERVAL=5", "2001-03-31", "2026-06-01", "2026-08-31"),
        ("FREQ=YEARLY;INTERVAL=3", "1990-07-04", "2026-07-04", "2029-07-04"),
        // UNTIL is honoured and inclusive.
        ("FREQ=WEEKLY;UNTIL=20260112", "2026-01-05", "2026-01-05", "2026-01-12"),
        ("FREQ=WEEKLY;UNTIL=20260111", "2026-01-05", "2026-01-05", nil),
        ("FREQ=DAILY;UNTIL=20260110", "2026-01-01", "2026-02-01", nil),
        // Never again, or no room left in the calendar.
        ("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30", "2026-01-01", "2026-01-01", nil),
        ("FREQ=DAILY", "9999-12-30", "9999-12-30", "9999-12-31"),
        ("FREQ=DAILY", "9999-12-31", "9999-12-31", nil),
    ]

    @Test(arguments: nextCases)
    func nextOccurrence(rule text: String, start: String, after: String, expected: String?) throws {
        let rule = try RecurrenceRule(parsing: text)
        let first = try #require(LocalDate(iso: start))
        let date = try #require(LocalDate(iso: after))
        #expect(rule.nextOccurrence(after: date, start: first)?.description == expected)
    }

    @Test func nextOccurrenceAgreesWithWalkingTheSeries() throws {
        let rules = ["FREQ=DAILY;INTERVAL=5;BYDAY=MO,SA", "FREQ=WEEKLY;INTERVAL=3;BYDAY=TU,FR;WKST=TH",
                     "FREQ=MONTHLY;INTERVAL=2;BYMONTHDAY=31,-10", "FREQ=YEARLY;INTERVAL=2;BYMONTH=2,8;BYDAY=-1MO",
                     "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=2,-1;COUNT=3"]
        let start = try #require(LocalDate(iso: "2025-12-29"))
        for text in rules {
            let rule = try RecurrenceRule(parsing: text)
            let series = Array(try rule.replacingCount(nil).occurrences(start: start).prefix(40))
            let last = try #require(series.last)
            for offset in stride(from: -3, to: start.days(until: last), by: 7) {
                let date = start.adding(days: offset)
                #expect(rule.nextOccurrence(after: date, start: start) == series.first { $0 > date },
                        "\(text) after \(date)")
            }
        }
    }

    // MARK: - Descriptions

    @Test(arguments: [
        ("FREQ=DAILY", "every day"),
        ("FREQ=DAILY;INTERVAL=2", "every 2 days"),
        ("FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR", "every weekday"),
        ("FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", "every weekday"),
        ("FREQ=WEEKLY;BYDAY=SA,SU", "every weekend day"),
        ("FREQ=WEEKLY", "every week"),
        ("FREQ=WEEKLY;INTERVAL=2", "every 2 weeks"),
        ("FREQ=WEEKLY;BYDAY=MO", "every Monday"),
        ("FREQ=WEEKLY;BYDAY=MO,WE", "every Monday and Wednesday"),
        ("FREQ=WEEKLY;BYDAY=MO,WE,FR", "every Monday, Wednesday and Friday"),
        ("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE", "every 2 weeks on Monday and Wednesday"),
        ("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TU,WE,TH,FR", "every 2 weeks on weekdays"),
        ("FREQ=MONTHLY", "every month"),
        ("FREQ=MONTHLY;INTERVAL=3", "every 3 months"),
        ("FREQ=MONTHLY;BYMONTHDAY=15", "every month on the 15th"),
        ("FREQ=MONTHLY;BYMONTHDAY=1,15", "every month on the 1st and 15th"),
        ("FREQ=MONTHLY;BYMONTHDAY=-1", "every month on the last day"),
        ("FREQ=MONTHLY;BYMONTHDAY=1,-1", "every month on the 1st and the last day"),
        ("FREQ=MONTHLY;BYMONTHDAY=-2", "every month on the second to last day"),
        ("FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=22", "every 3 months on the 22nd"),
        ("FREQ=MONTHLY;BYDAY=-1FR", "every month on the last Friday"),
        ("FREQ=MONTHLY;BYDAY=1MO,3MO", "every month on the first Monday and the third Monday"),
        ("FREQ=MONTHLY;BYDAY=TU", "every month on Tuesdays"),
        ("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", "every month on the last weekday"),
        ("FREQ=MONTHLY;BYDAY=TU,WE,TH;BYSETPOS=3", "every month on the third Tuesday, Wednesday or Thursday"),
        ("FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13", "every month on the 13th if it is a Friday"),
        ("FREQ=MONTHLY;BYMONTHDAY=1,15;BYSETPOS=-1", "every month on the 1st and 15th, keeping the last of each month"),
        ("FREQ=YEARLY", "every year"),
        ("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29", "every year on 29 February"),
        ("FREQ=YEARLY;INTERVAL=2;BYMONTH=12;BYMONTHDAY=25", "every 2 years on 25 December"),
        ("FREQ=YEARLY;BYMONTH=3,9", "every year in March and September"),
        ("FREQ=YEARLY;BYMONTH=11;BYDAY=4TH", "every year on the fourth Thursday of November"),
        ("FREQ=YEARLY;BYDAY=20MO", "every year on the 20th Monday of the year"),
        ("FREQ=YEARLY;BYMONTH=1,7;BYMONTHDAY=1", "every year on the 1st of January and July"),
        ("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1", "every year on the last day of February"),
        ("FREQ=YEARLY;BYMONTHDAY=15", "every year on the 15th of every month"),
        ("FREQ=YEARLY;BYMONTH=1;BYDAY=MO", "every year on Mondays in January"),
        ("FREQ=WEEKLY;BYDAY=MO,WE;BYMONTH=12", "every Monday and Wednesday in December"),
        ("FREQ=MONTHLY;BYMONTH=3;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", "every month on the last weekday of March"),
        ("FREQ=DAILY;BYMONTH=1", "every day in January"),
        ("FREQ=DAILY;COUNT=5", "every day, 5 times"),
        ("FREQ=WEEKLY;COUNT=1", "every week, once"),
        ("FREQ=MONTHLY;BYMONTHDAY=15;UNTIL=20270301", "every month on the 15th until 2027-03-01"),
        ("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO;WKST=SU;UNTIL=20270301", "every 2 weeks on Monday until 2027-03-01"),
    ])
    func describes(rule text: String, english: String) throws {
        #expect(try RecurrenceRule(parsing: text).describe() == english)
    }
}
