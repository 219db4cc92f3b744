import Testing
@testable import TodoMDKit

/// The fixed "todays" every phrase table is read against.
enum PhraseDays {
    /// A date from a literal in a test table; a typo shows up as 1970-01-01 in the failure.
    static func date(_ iso: String) -> LocalDate { LocalDate(iso: iso) ?? LocalDate(dayNumber: 0) }

    static let saturday = date("2026-11-21")
    static let sunday = date("2026-11-22")
    static let newYearsEve = date("2026-12-31")
    static let endOfJanuary = date("2027-01-31")
    static let leapDay = date("2028-02-29")
    static let all = [saturday, sunday, newYearsEve, endOfJanuary, leapDay]
}

/// Natural-language dates (§12, §21 "Recurrence and quick entry").
@Suite struct DatePhraseTests {
    static let saturday = PhraseDays.saturday
    static let sunday = PhraseDays.sunday
    static let newYearsEve = PhraseDays.newYearsEve
    static let endOfJanuary = PhraseDays.endOfJanuary
    static let leapDay = PhraseDays.leapDay

    // MARK: - Every phrase at five "todays"

    /// Today is Saturday 2026-11-21.
    @Test(arguments: [
        ("today", "2026-11-21"),
        ("tonight", "2026-11-21"),
        ("tomorrow", "2026-11-22"),
        ("tmr", "2026-11-22"),
        ("tmrw", "2026-11-22"),
        ("yesterday", "2026-11-20"),
        ("in 3 days", "2026-11-24"),
        ("in 1 day", "2026-11-22"),
        ("in 2 weeks", "2026-12-05"),
        ("in 1 week", "2026-11-28"),
        ("in a week", "2026-11-28"),
        ("in 1 month", "2026-12-21"),
        ("in 3 months", "2027-02-21"),
        ("in 1 year", "2027-11-21"),
        ("in 2 years", "2028-11-21"),
        ("3 days from now", "2026-11-24"),
        ("1 week from now", "2026-11-28"),
        ("2 months from now", "2027-01-21"),
        ("1 year from now", "2027-11-21"),
        ("next week", "2026-11-23"),
        ("this weekend", "2026-11-21"),
        ("weekend", "2026-11-21"),
        ("next weekend", "2026-11-28"),
        ("next month", "2026-12-01"),
        ("end of week", "2026-11-27"),
        ("eow", "2026-11-27"),
        ("end of the week", "2026-11-27"),
        ("end of month", "2026-11-30"),
        ("eom", "2026-11-30"),
        ("end of the month", "2026-11-30"),
        ("march 1", "2027-03-01"),
        ("mar 1", "2027-03-01"),
        ("1 march", "2027-03-01"),
        ("march 1st", "2027-03-01"),
        ("march 2nd", "2027-03-02"),
        ("march 3rd", "2027-03-03"),
        ("march 21st", "2027-03-21"),
        ("1st of march", "2027-03-01"),
        ("jan 31", "2027-01-31"),
        ("dec 31", "2026-12-31"),
        ("nov 21", "2026-11-21"),
        ("feb 28", "2027-02-28"),
        ("feb 29", "2028-02-29"),
        ("sept 30", "2027-09-30"),
        ("march 1 2027", "2027-03-01"),
        ("march 1st, 2027", "2027-03-01"),
        ("1 march 2027", "2027-03-01"),
        ("2027-03-01", "2027-03-01"),
        ("monday", "2026-11-23"),
        ("mon", "2026-11-23"),
        ("this monday", "2026-11-23"),
        ("next monday", "2026-11-23"),
        ("tuesday", "2026-11-24"),
        ("tue", "2026-11-24"),
        ("this tuesday", "2026-11-24"),
        ("next tuesday", "2026-11-24"),
        ("wednesday", "2026-11-25"),
        ("wed", "2026-11-25"),
        ("this wednesday", "2026-11-25"),
        ("next wednesday", "2026-11-25"),
        ("thursday", "2026-11-26"),
        ("thu", "2026-11-26"),
        ("this thursday", "2026-11-26"),
        ("next thursday", "2026-11-26"),
        ("friday", "2026-11-27"),
        ("fri", "2026-11-27"),
        ("this friday", "2026-11-27"),
        ("next friday", "2026-11-27"),
        ("saturday", "2026-11-28"),
        ("sat", "2026-11-28"),
        ("this saturday", "2026-11-21"),
        ("next saturday", "2026-11-28"),
        ("sunday", "2026-11-22"),
        ("sun", "2026-11-22"),
        ("this sunday", "2026-11-22"),
        ("next sunday", "2026-11-29"),
        ("next fri", "2026-11-27"),
        ("this sat", "2026-11-21"),
    ])
    func onSaturday(phrase: String, expected: String) {
        #expect(DatePhrase.parse(phrase, today: Self.saturday)?.description == expected)
    }

    /// Today is Sunday 2026-11-22.
    @Test(arguments: [
        ("today", "2026-11-22"),
        ("tonight", "2026-11-22"),
        ("tomorrow", "2026-11-23"),
        ("tmr", "2026-11-23"),
        ("tmrw", "2026-11-23"),
        ("yesterday", "2026-11-21"),
        ("in 3 days", "2026-11-25"),
        ("in 1 day", "2026-11-23"),
        ("in 2 weeks", "2026-12-06"),
        ("in 1 week", "2026-11-29"),
        ("in a week", "2026-11-29"),
        ("in 1 month", "2026-12-22"),
        ("in 3 months", "2027-02-22"),
        ("in 1 year", "2027-11-22"),
        ("in 2 years", "2028-11-22"),
        ("3 days from now", "2026-11-25"),
        ("1 week from now", "2026-11-29"),
        ("2 months from now", "2027-01-22"),
        ("1 year from now", "2027-11-22"),
        ("next week", "2026-11-23"),
        ("this weekend", "2026-11-22"),
        ("weekend", "2026-11-22"),
        ("next weekend", "2026-11-28"),
        ("next month", "2026-12-01"),
        ("end of week", "2026-11-27"),
        ("eow", "2026-11-27"),
        ("end of the week", "2026-11-27"),
        ("end of month", "2026-11-30"),
        ("eom", "2026-11-30"),
        ("end of the month", "2026-11-30"),
        ("march 1", "2027-03-01"),
        ("mar 1", "2027-03-01"),
        ("1 march", "2027-03-01"),
        ("march 1st", "2027-03-01"),
        ("march 2nd", "2027-03-02"),
        ("march 3rd", "2027-03-03"),
        ("march 21st", "2027-03-21"),
        ("1st of march", "2027-03-01"),
        ("jan 31", "2027-01-31"),
        ("dec 31", "2026-12-31"),
        ("nov 21", "2027-11-21"),
        ("feb 28", "2027-02-28"),
        ("feb 29", "2028-02-29"),
        ("sept 30", "2027-09-30"),
        ("march 1 2027", "2027-03-01"),
        ("march 1st, 2027", "2027-03-01"),
        ("1 march 2027", "2027-03-01"),
        ("2027-03-01", "2027-03-01"),
        ("monday", "2026-11-23"),
        ("mon", "2026-11-23"),
        ("this monday", "2026-11-23"),
        ("next monday", "2026-11-23"),
        ("tuesday", "2026-11-24"),
        ("tue", "2026-11-24"),
        ("this tuesday", "2026-11-24"),
        ("next tuesday", "2026-11-24"),
        ("wednesday", "2026-11-25"),
        ("wed", "2026-11-25"),
        ("this wednesday", "2026-11-25"),
        ("next wednesday", "2026-11-25"),
        ("thursday", "2026-11-26"),
        ("thu", "2026-11-26"),
        ("this thursday", "2026-11-26"),
        ("next thursday", "2026-11-26"),
        ("friday", "2026-11-27"),
        ("fri", "2026-11-27"),
        ("this friday", "2026-11-27"),
        ("next friday", "2026-11-27"),
        ("saturday", "2026-11-28"),
        ("sat", "2026-11-28"),
        ("this saturday", "2026-11-28"),
        ("next saturday", "2026-11-28"),
        ("sunday", "2026-11-29"),
        ("sun", "2026-11-29"),
        ("this sunday", "2026-11-22"),
        ("next sunday", "2026-11-29"),
        ("next fri", "2026-11-27"),
        ("this sat", "2026-11-28"),
    ])
    func onSunday(phrase: String, expected: String) {
        #expect(DatePhrase.parse(phrase, today: Self.sunday)?.description == expected)
    }

    /// Today is Thursday 2026-12-31.
    @Test(arguments: [
        ("today", "2026-12-31"),
        ("tonight", "2026-12-31"),
        ("tomorrow", "2027-01-01"),
        ("tmr", "2027-01-01"),
        ("tmrw", "2027-01-01"),
        ("yesterday", "2026-12-30"),
        ("in 3 days", "2027-01-03"),
        ("in 1 day", "2027-01-01"),
        ("in 2 weeks", "2027-01-14"),
        ("in 1 week", "2027-01-07"),
        ("in a week", "2027-01-07"),
        ("in 1 month", "2027-01-31"),
        ("in 3 months", "2027-03-31"),
        ("in 1 year", "2027-12-31"),
        ("in 2 years", "2028-12-31"),
        ("3 days from now", "2027-01-03"),
        ("1 week from now", "2027-01-07"),
        ("2 months from now", "2027-02-28"),
        ("1 year from now", "2027-12-31"),
        ("next week", "2027-01-04"),
        ("this weekend", "2027-01-02"),
        ("weekend", "2027-01-02"),
        ("next weekend", "2027-01-09"),
        ("next month", "2027-01-01"),
        ("end of week", "2027-01-01"),
        ("eow", "2027-01-01"),
        ("end of the week", "2027-01-01"),
        ("end of month", "2026-12-31"),
        ("eom", "2026-12-31"),
        ("end of the month", "2026-12-31"),
        ("march 1", "2027-03-01"),
        ("mar 1", "2027-03-01"),
        ("1 march", "2027-03-01"),
        ("march 1st", "2027-03-01"),
        ("march 2nd", "2027-03-02"),
        ("march 3rd", "2027-03-03"),
        ("march 21st", "2027-03-21"),
        ("1st of march", "2027-03-01"),
        ("jan 31", "2027-01-31"),
        ("dec 31", "2026-12-31"),
        ("nov 21", "2027-11-21"),
        ("feb 28", "2027-02-28"),
        ("feb 29", "2028-02-29"),
        ("sept 30", "2027-09-30"),
        ("march 1 2027", "2027-03-01"),
        ("march 1st, 2027", "2027-03-01"),
        ("1 march 2027", "2027-03-01"),
        ("2027-03-01", "2027-03-01"),
        ("monday", "2027-01-04"),
        ("mon", "2027-01-04"),
        ("this monday", "2027-01-04"),
        ("next monday", "2027-01-04"),
        ("tuesday", "2027-01-05"),
        ("tue", "2027-01-05"),
        ("this tuesday", "2027-01-05"),
        ("next tuesday", "2027-01-05"),
        ("wednesday", "2027-01-06"),
        ("wed", "2027-01-06"),
        ("this wednesday", "2027-01-06"),
        ("next wednesday", "2027-01-06"),
        ("thursday", "2027-01-07"),
        ("thu", "2027-01-07"),
        ("this thursday", "2026-12-31"),
        ("next thursday", "2027-01-07"),
        ("friday", "2027-01-01"),
        ("fri", "2027-01-01"),
        ("this friday", "2027-01-01"),
        ("next friday", "2027-01-08"),
        ("saturday", "2027-01-02"),
        ("sat", "2027-01-02"),
        ("this saturday", "2027-01-02"),
        ("next saturday", "2027-01-09"),
        ("sunday", "2027-01-03"),
        ("sun", "2027-01-03"),
        ("this sunday", "2027-01-03"),
        ("next sunday", "2027-01-10"),
        ("next fri", "2027-01-08"),
        ("this sat", "2027-01-02"),
    ])
    func onNewYearsEve(phrase: String, expected: String) {
        #expect(DatePhrase.parse(phrase, today: Self.newYearsEve)?.description == expected)
    }

    /// Today is Sunday 2027-01-31.
    @Test(arguments: [
        ("today", "2027-01-31"),
        ("tonight", "2027-01-31"),
        ("tomorrow", "2027-02-01"),
        ("tmr", "2027-02-01"),
        ("tmrw", "2027-02-01"),
        ("yesterday", "2027-01-30"),
        ("in 3 days", "2027-02-03"),
        ("in 1 day", "2027-02-01"),
        ("in 2 weeks", "2027-02-14"),
        ("in 1 week", "2027-02-07"),
        ("in a week", "2027-02-07"),
        ("in 1 month", "2027-02-28"),
        ("in 3 months", "2027-04-30"),
        ("in 1 year", "2028-01-31"),
        ("in 2 years", "2029-01-31"),
        ("3 days from now", "2027-02-03"),
        ("1 week from now", "2027-02-07"),
        ("2 months from now", "2027-03-31"),
        ("1 year from now", "2028-01-31"),
        ("next week", "2027-02-01"),
        ("this weekend", "2027-01-31"),
        ("weekend", "2027-01-31"),
        ("next weekend", "2027-02-06"),
        ("next month", "2027-02-01"),
        ("end of week", "2027-02-05"),
        ("eow", "2027-02-05"),
        ("end of the week", "2027-02-05"),
        ("end of month", "2027-01-31"),
        ("eom", "2027-01-31"),
        ("end of the month", "2027-01-31"),
        ("march 1", "2027-03-01"),
        ("mar 1", "2027-03-01"),
        ("1 march", "2027-03-01"),
        ("march 1st", "2027-03-01"),
        ("march 2nd", "2027-03-02"),
        ("march 3rd", "2027-03-03"),
        ("march 21st", "2027-03-21"),
        ("1st of march", "2027-03-01"),
        ("jan 31", "2027-01-31"),
        ("dec 31", "2027-12-31"),
        ("nov 21", "2027-11-21"),
        ("feb 28", "2027-02-28"),
        ("feb 29", "2028-02-29"),
        ("sept 30", "2027-09-30"),
        ("march 1 2027", "2027-03-01"),
        ("march 1st, 2027", "2027-03-01"),
        ("1 march 2027", "2027-03-01"),
        ("2027-03-01", "2027-03-01"),
        ("monday", "2027-02-01"),
        ("mon", "2027-02-01"),
        ("this monday", "2027-02-01"),
        ("next monday", "2027-02-01"),
        ("tuesday", "2027-02-02"),
        ("tue", "2027-02-02"),
        ("this tuesday", "2027-02-02"),
        ("next tuesday", "2027-02-02"),
        ("wednesday", "2027-02-03"),
        ("wed", "2027-02-03"),
        ("this wednesday", "2027-02-03"),
        ("next wednesday", "2027-02-03"),
        ("thursday", "2027-02-04"),
        ("thu", "2027-02-04"),
        ("this thursday", "2027-02-04"),
        ("next thursday", "2027-02-04"),
        ("friday", "2027-02-05"),
        ("fri", "2027-02-05"),
        ("this friday", "2027-02-05"),
        ("next friday", "2027-02-05"),
        ("saturday", "2027-02-06"),
        ("sat", "2027-02-06"),
        ("this saturday", "2027-02-06"),
        ("next saturday", "2027-02-06"),
        ("sunday", "2027-02-07"),
        ("sun", "2027-02-07"),
        ("this sunday", "2027-01-31"),
        ("next sunday", "2027-02-07"),
        ("next fri", "2027-02-05"),
        ("this sat", "2027-02-06"),
    ])
    func onEndOfJanuary(phrase: String, expected: String) {
        #expect(DatePhrase.parse(phrase, today: Self.endOfJanuary)?.description == expected)
    }

    /// Today is Tuesday 2028-02-29 (leap day).
    @Test(arguments: [
        ("today", "2028-02-29"),
        ("tonight", "2028-02-29"),
        ("tomorrow", "2028-03-01"),
        ("tmr", "2028-03-01"),
        ("tmrw", "2028-03-01"),
        ("yesterday", "2028-02-28"),
        ("in 3 days", "2028-03-03"),
        ("in 1 day", "2028-03-01"),
        ("in 2 weeks", "2028-03-14"),
        ("in 1 week", "2028-03-07"),
        ("in a week", "2028-03-07"),
        ("in 1 month", "2028-03-29"),
        ("in 3 months", "2028-05-29"),
        ("in 1 year", "2029-02-28"),
        ("in 2 years", "2030-02-28"),
        ("3 days from now", "2028-03-03"),
        ("1 week from now", "2028-03-07"),
        ("2 months from now", "2028-04-29"),
        ("1 year from now", "2029-02-28"),
        ("next week", "2028-03-06"),
        ("this weekend", "2028-03-04"),
        ("weekend", "2028-03-04"),
        ("next weekend", "2028-03-11"),
        ("next month", "2028-03-01"),
        ("end of week", "2028-03-03"),
        ("eow", "2028-03-03"),
        ("end of the week", "2028-03-03"),
        ("end of month", "2028-02-29"),
        ("eom", "2028-02-29"),
        ("end of the month", "2028-02-29"),
        ("march 1", "2028-03-01"),
        ("mar 1", "2028-03-01"),
        ("1 march", "2028-03-01"),
        ("march 1st", "2028-03-01"),
        ("march 2nd", "2028-03-02"),
        ("march 3rd", "2028-03-03"),
        ("march 21st", "2028-03-21"),
        ("1st of march", "2028-03-01"),
        ("jan 31", "2029-01-31"),
        ("dec 31", "2028-12-31"),
        ("nov 21", "2028-11-21"),
        ("feb 28", "2029-02-28"),
        ("feb 29", "2028-02-29"),
        ("sept 30", "2028-09-30"),
        ("march 1 2027", "2027-03-01"),
        ("march 1st, 2027", "2027-03-01"),
        ("1 march 2027", "2027-03-01"),
        ("2027-03-01", "2027-03-01"),
        ("monday", "2028-03-06"),
        ("mon", "2028-03-06"),
        ("this monday", "2028-03-06"),
        ("next monday", "2028-03-06"),
        ("tuesday", "2028-03-07"),
        ("tue", "2028-03-07"),
        ("this tuesday", "2028-02-29"),
        ("next tuesday", "2028-03-07"),
        ("wednesday", "2028-03-01"),
        ("wed", "2028-03-01"),
        ("this wednesday", "2028-03-01"),
        ("next wednesday", "2028-03-08"),
        ("thursday", "2028-03-02"),
        ("thu", "2028-03-02"),
        ("this thursday", "2028-03-02"),
        ("next thursday", "2028-03-09"),
        ("friday", "2028-03-03"),
        ("fri", "2028-03-03"),
        ("this friday", "2028-03-03"),
        ("next friday", "2028-03-10"),
        ("saturday", "2028-03-04"),
        ("sat", "2028-03-04"),
        ("this saturday", "2028-03-04"),
        ("next saturday", "2028-03-11"),
        ("sunday", "2028-03-05"),
        ("sun", "2028-03-05"),
        ("this sunday", "2028-03-05"),
        ("next sunday", "2028-03-12"),
        ("next fri", "2028-03-10"),
        ("this sat", "2028-03-04"),
    ])
    func onLeapDay(phrase: String, expected: String) {
        #expect(DatePhrase.parse(phrase, today: Self.leapDay)?.description == expected)
    }
    // MARK: - Case, spelling and punctuation

    @Test(arguments: [
        ("TOMORROW", "2026-11-22"),
        ("Tonight", "2026-11-21"),
        ("Next Friday", "2026-11-27"),
        ("THIS weekend", "2026-11-21"),
        ("In 2 Weeks", "2026-12-05"),
        ("EOW", "2026-11-27"),
        ("End Of Month", "2026-11-30"),
        ("MARCH 1ST", "2027-03-01"),
        ("March 1st, 2027", "2027-03-01"),
        ("Mar. 1", "2027-03-01"),
        ("FRI", "2026-11-27"),
        ("Friday.", "2026-11-27"),
        ("  next   week  ", "2026-11-23"),
        ("in 2 day", "2026-11-23"),
        ("in 3 week", "2026-12-12"),
        ("in an year", "2027-11-21"),
        ("a week from now", "2026-11-28"),
        ("in 0 days", "2026-11-21"),
        ("tues", "2026-11-24"),
        ("thurs", "2026-11-26"),
        ("thur", "2026-11-26"),
        ("weds", "2026-11-25"),
        ("21 nov", "2026-11-21"),
        ("22nd november", "2026-11-22"),
        ("20 nov", "2027-11-20"),
        ("1 march 2020", "2020-03-01"),
        ("1st of march 2029", "2029-03-01"),
        ("9 sep", "2027-09-09"),
        ("01 may", "2027-05-01"),
        ("may 1", "2027-05-01"),
        ("december 25th", "2026-12-25"),
    ])
    func ignoresCaseAndAcceptsVariants(phrase: String, expected: String) {
        #expect(DatePhrase.parse(phrase, today: Self.saturday)?.description == expected)
    }

    // MARK: - Not date phrases

    @Test(arguments: [
        "", "   ", "someday", "asap", "never", "soon", "later",
        "march", "mar", "may", "1st", "15", "the 1st",
        "feb 30", "february 31", "apr 31", "jun 31", "march 32", "0 march", "march 0",
        "feb 29 2027", "feb 30 2028", "2027-02-29", "2027-02-30", "2027-13-01", "2027-3-1", "27-03-01",
        "next", "this", "next year", "this week", "this month", "last friday", "next day",
        "in", "in days", "in 3", "in -1 days", "in 3 fortnights", "in 1.5 weeks", "in three days",
        "3 days", "3 days from", "from now", "days from now", "in 3 days from now",
        "end", "end of", "end of year", "end of the year", "end of next week",
        "friday monday", "tomorrow tomorrow", "today please", "march 1 2027 extra",
        "mond", "fridays", "frid", "wk", "eod", "tom",
        "march 1 27", "march 1 20270", "in 100000 days", "in 99999 years",
    ])
    func rejectsEverythingElse(text: String) {
        #expect(DatePhrase.parse(text, today: Self.saturday) == nil)
    }

    // MARK: - Rules at the edges

    @Test(arguments: [
        ("2028-03-01", "2032-02-29"),
        ("2096-03-01", "2104-02-29"),
        ("2028-02-28", "2028-02-29"),
        ("2024-02-29", "2024-02-29"),
        ("2099-12-31", "2104-02-29"),
    ])
    func february29IsTheNextOneThatExists(today: String, expected: String) {
        #expect(DatePhrase.parse("feb 29", today: PhraseDays.date(today))?.description == expected)
        #expect(DatePhrase.parse("29 february", today: PhraseDays.date(today))?.description == expected)
    }

    @Test(arguments: [
        ("2027-01-31", "in 1 month", "2027-02-28"),
        ("2027-03-31", "in 1 month", "2027-04-30"),
        ("2027-08-31", "in 6 months", "2028-02-29"),
        ("2027-10-31", "4 months from now", "2028-02-29"),
        ("2028-02-29", "in 4 years", "2032-02-29"),
        ("2028-02-29", "1 year from now", "2029-02-28"),
        ("2026-12-31", "in 2 months", "2027-02-28"),
    ])
    func monthsAndYearsClampToTheMonthEnd(today: String, phrase: String, expected: String) {
        #expect(DatePhrase.parse(phrase, today: PhraseDays.date(today))?.description == expected)
    }

    /// Over a whole week (Monday 23 to Sunday 29 November 2026): a bare weekday is 1–7 days ahead,
    /// `this DAY` 0–6 days ahead (today on that day), `next DAY` is in the week of Monday 30 November.
    @Test(arguments: 0..<7)
    func weekdaysOnEveryDayOfAWeek(offset: Int) {
        let today = PhraseDays.date("2026-11-23").adding(days: offset)
        let nextMonday = PhraseDays.date("2026-11-30")
        for (index, name) in DatePhrase.WeekdayName.names.enumerated() {
            let target = index + 1
            let ahead = (target - today.weekday + 7) % 7
            #expect(DatePhrase.parse(name, today: today) == today.adding(days: ahead == 0 ? 7 : ahead))
            #expect(DatePhrase.parse(String(name.prefix(3)), today: today) == today.adding(days: ahead == 0 ? 7 : ahead))
            #expect(DatePhrase.parse("this \(name)", today: today) == today.adding(days: ahead))
            #expect(DatePhrase.parse("next \(name)", today: today) == nextMonday.adding(days: index))
        }
    }

    @Test func endOfWeekOnEveryDayOfAWeek() {
        let expected = ["2026-11-27", "2026-11-27", "2026-11-27", "2026-11-27", "2026-11-27", "2026-12-04", "2026-12-04"]
        let monday = PhraseDays.date("2026-11-23")
        let got = (0..<7).map { DatePhrase.parse("eow", today: monday.adding(days: $0))?.description ?? "nil" }
        #expect(got == expected)
    }

    @Test func weekendOnEveryDayOfAWeek() {
        let expected = ["2026-11-28", "2026-11-28", "2026-11-28", "2026-11-28", "2026-11-28", "2026-11-28", "2026-11-29"]
        let monday = PhraseDays.date("2026-11-23")
        let got = (0..<7).map { DatePhrase.parse("weekend", today: monday.adding(days: $0))?.description ?? "nil" }
        #expect(got == expected)
    }

    @Test func phrasesNearTheLastYearStopAt9999() {
        let today = PhraseDays.date("9999-12-30")
        #expect(DatePhrase.parse("tomorrow", today: today)?.description == "9999-12-31")
        #expect(DatePhrase.parse("in 2 days", today: today) == nil)
        #expect(DatePhrase.parse("next month", today: today) == nil)
        #expect(DatePhrase.parse("in 1 year", today: today) == nil)
        #expect(DatePhrase.parse("march 1", today: today) == nil)
        #expect(DatePhrase.parse("next week", today: today) == nil)
    }

    // MARK: - Matching inside a line

    @Test(arguments: [
        ("Call mom march 1 2027 now", 2, "2027-03-01", 3),
        ("Call mom march 1st, 2027", 2, "2027-03-01", 3),
        ("Call mom march 1 about it", 2, "2027-03-01", 2),
        ("next friday lunch", 0, "2026-11-27", 2),
        ("in 3 days from now", 0, "2026-11-24", 3),
        ("3 days from now please", 0, "2026-11-24", 4),
        ("end of the month", 0, "2026-11-30", 4),
        ("end of month review", 0, "2026-11-30", 3),
        ("this weekend trip", 0, "2026-11-21", 2),
        ("weekend trip", 0, "2026-11-21", 1),
        ("1st of march 2027 party", 0, "2027-03-01", 4),
        ("Pay rent 2027-03-01", 2, "2027-03-01", 1),
    ])
    func matchTakesTheLongestPhrase(line: String, start: Int, date: String, length: Int) throws {
        let words = line.split(separator: " ").map(String.init)
        let match = try #require(DatePhrase.match(in: words, at: start, today: Self.saturday))
        #expect(match.date.description == date)
        #expect(match.length == length)
    }

    @Test(arguments: [
        ("Call mom", 0), ("Call mom", 1), ("Call mom", 2), ("Call mom", -1), ("", 0), ("march hare", 0),
        ("feb 30 party", 0), ("next steps", 0),
    ])
    func matchFindsNothingWithoutAPhrase(line: String, start: Int) {
        let words = line.split(separator: " ").map(String.init)
        #expect(DatePhrase.match(in: words, at: start, today: Self.saturday) == nil)
    }

    @Test(arguments: [
        ("sat", true), ("next sat", true), ("this wed", true), ("thurs", true),
        ("saturday", false), ("next saturday", false), ("tomorrow", false), ("march 1", false), ("mar 1", false),
    ])
    func matchSaysWhenAShortWeekdayWasUsed(phrase: String, short: Bool) throws {
        let words = phrase.split(separator: " ").map(String.init)
        let match = try #require(DatePhrase.match(in: words, at: 0, today: Self.saturday))
        #expect(match.usesShortWeekday == short)
        let strict = DatePhrase.match(in: words, at: 0, today: Self.saturday, allowShortWeekdays: false)
        #expect((strict == nil) == short)
    }

    // MARK: - DateInput

    @Test(arguments: [
        ("2026-12-24", "2026-12-24"), ("today", "2026-11-21"), ("Tomorrow", "2026-11-22"),
        ("yesterday", "2026-11-20"), ("friday", "2026-11-27"), ("next week", "2026-11-23"),
        ("in 3 days", "2026-11-24"), ("march 1st", "2027-03-01"), ("eom", "2026-11-30"),
    ])
    func dateInputAcceptsEveryPhrase(text: String, expected: String) throws {
        #expect(DateInput.parse(text, today: Self.saturday)?.description == expected)
        #expect(try DateInput.require(text, field: "due", today: Self.saturday).description == expected)
    }

    @Test func dateInputNamesTheFieldWhenItIsNotADate() {
        #expect(throws: TodoError.invalidValue(
            field: "due", value: "someday",
            reason: "not a date (use YYYY-MM-DD, today, tomorrow, friday, next week, in 3 days or march 1)")
        ) {
            try DateInput.require("someday", field: "due", today: Self.saturday)
        }
        #expect(DateInput.parse("feb 30", today: Self.saturday) == nil)
    }
}
