import Testing
@testable import TodoMDKit

/// Quick entry (§12, §21 "Recurrence and quick entry"). Today is Saturday 2026-11-21 unless a test
/// says otherwise.
@Suite struct QuickEntryTests {
    static let today = PhraseDays.saturday
    static let projects = ["Meal Prep", "Admin", "Home-Renovation"]
    static let areas = ["Deep Work", "Personal"]

    static func date(_ iso: String) -> LocalDate { PhraseDays.date(iso) }

    /// A stand-in for the recurrence engine: for `FREQ=WEEKLY;BYDAY=…` the first day on or after
    /// `today` on one of those weekdays; for any other rule 2099-01-01, so a test can tell it was asked.
    static func firstOccurrence(_ rule: String, _ today: LocalDate) -> LocalDate? {
        let codes = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
        let prefix = "FREQ=WEEKLY;BYDAY="
        guard rule.hasPrefix(prefix) else { return date("2099-01-01") }
        let days = rule.dropFirst(prefix.count).split(separator: ",").compactMap { codes.firstIndex(of: String($0)) }
        return (0..<7).map { today.adding(days: $0) }.first { days.contains($0.weekday - 1) }
    }

    static func parse(_ line: String, today: LocalDate = today) -> QuickEntryResult {
        QuickEntry.parse(line, today: today, knownProjects: projects, knownAreas: areas,
                         firstOccurrence: firstOccurrence)
    }

    // MARK: - The §12 example

    @Test func specExample() {
        let result = Self.parse("Call dentist friday #health +Admin @Personal !high ~15m every month")
        #expect(result == QuickEntryResult(
            title: "Call dentist", due: Self.date("2026-11-27"), priority: .high, area: "Personal",
            project: "Admin", tags: ["health"], estimatedMinutes: 15, recurrence: "FREQ=MONTHLY"))
        #expect(result.preview(today: Self.today)
            == "due Fri 27 Nov · #health · @Personal · +Admin · !high · ~15m · every month")
    }

    // MARK: - Tokens

    @Test(arguments: [
        ("Buy milk #errands", QuickEntryResult(title: "Buy milk", tags: ["errands"])),
        ("#b Buy #a milk #b", QuickEntryResult(title: "Buy milk", tags: ["b", "a"])),
        ("Sort #home/kitchen #to-do #a_b #2026", QuickEntryResult(title: "Sort", tags: ["home/kitchen", "to-do", "a_b", "2026"])),
        ("Café #café #Work", QuickEntryResult(title: "Café", tags: ["café", "Work"])),
        ("Read # now", QuickEntryResult(title: "Read # now")),
        ("Fix #bug! and #a.b", QuickEntryResult(title: "Fix #bug! and #a.b")),
        ("Cook +Dinner", QuickEntryResult(title: "Cook", project: "Dinner")),
        ("Cook +mealprep", QuickEntryResult(title: "Cook", project: "Meal Prep")),
        ("Cook +MEAL-PREP", QuickEntryResult(title: "Cook", project: "Meal Prep")),
        ("Cook +\"meal prep\"", QuickEntryResult(title: "Cook", project: "Meal Prep")),
        ("Cook +\"Sunday   Roast\" now", QuickEntryResult(title: "Cook now", project: "Sunday Roast")),
        ("Cook +\"Roast\"", QuickEntryResult(title: "Cook", project: "Roast")),
        ("Paint +homerenovation", QuickEntryResult(title: "Paint", project: "Home-Renovation")),
        ("Paint +\"home renovation\"", QuickEntryResult(title: "Paint", project: "Home-Renovation")),
        ("Cook +\"Meal Prep", QuickEntryResult(title: "Cook +\"Meal Prep")),
        ("Cook +First +Second", QuickEntryResult(title: "Cook", project: "Second")),
        ("Add +1 to 1 + 1", QuickEntryResult(title: "Add +1 to 1 + 1")),
        ("Focus @deepwork", QuickEntryResult(title: "Focus", area: "Deep Work")),
        ("Focus @\"Deep Work\"", QuickEntryResult(title: "Focus", area: "Deep Work")),
        ("Focus @deep-work", QuickEntryResult(title: "Focus", area: "Deep Work")),
        ("Garden @Outdoors", QuickEntryResult(title: "Garden", area: "Outdoors")),
        ("Email bob@example.com @ noon", QuickEntryResult(title: "Email bob@example.com @", due: date("2026-11-21")).at("12:00")),
        ("Pay !high", QuickEntryResult(title: "Pay", priority: .high)),
        ("Pay !HIGH", QuickEntryResult(title: "Pay", priority: .high)),
        ("Pay !medium", QuickEntryResult(title: "Pay", priority: .medium)),
        ("Pay !low", QuickEntryResult(title: "Pay", priority: .low)),
        ("Pay !1", QuickEntryResult(title: "Pay", priority: .high)),
        ("Pay !2", QuickEntryResult(title: "Pay", priority: .medium)),
        ("Pay !3", QuickEntryResult(title: "Pay", priority: .low)),
        ("Pay !low !high", QuickEntryResult(title: "Pay", priority: .high)),
        ("Pay !flag", QuickEntryResult(title: "Pay", flagged: true)),
        ("Pay !Flag !2", QuickEntryResult(title: "Pay", priority: .medium, flagged: true)),
        ("Pay !urgent now!", QuickEntryResult(title: "Pay !urgent now!")),
        ("Pay ! !4", QuickEntryResult(title: "Pay ! !4")),
        ("Run ~15m", QuickEntryResult(title: "Run", estimatedMinutes: 15)),
        ("Run ~1h", QuickEntryResult(title: "Run", estimatedMinutes: 60)),
        ("Run ~1h30m", QuickEntryResult(title: "Run", estimatedMinutes: 90)),
        ("Run ~90m", QuickEntryResult(title: "Run", estimatedMinutes: 90)),
        ("Run ~2H", QuickEntryResult(title: "Run", estimatedMinutes: 120)),
        ("Invite ~30 people ~ ~m ~h ~1h30 ~30m1h ~1.5h", QuickEntryResult(title: "Invite ~30 people ~ ~m ~h ~1h30 ~30m1h ~1.5h")),
    ])
    func tokens(line: String, expected: QuickEntryResult) {
        #expect(Self.parse(line) == expected)
    }

    // MARK: - Keywords

    @Test(arguments: [
        ("Pay rent due friday", QuickEntryResult(title: "Pay rent", due: date("2026-11-27"))),
        ("Finish report by tomorrow", QuickEntryResult(title: "Finish report", due: date("2026-11-22"))),
        ("Finish report BY Tomorrow", QuickEntryResult(title: "Finish report", due: date("2026-11-22"))),
        ("Review scheduled next week", QuickEntryResult(title: "Review", scheduled: date("2026-11-23"))),
        ("Party plan saturday", QuickEntryResult(title: "Party", scheduled: date("2026-11-28"))),
        ("Taxes defer march 1", QuickEntryResult(title: "Taxes", deferDate: date("2027-03-01"))),
        ("Taxes start in 2 weeks", QuickEntryResult(title: "Taxes", deferDate: date("2026-12-05"))),
        ("Report due friday plan monday start tomorrow",
         QuickEntryResult(title: "Report", due: date("2026-11-27"), deferDate: date("2026-11-22"), scheduled: date("2026-11-23"))),
        ("Call mom tomorrow due friday", QuickEntryResult(title: "Call mom tomorrow", due: date("2026-11-27"))),
        ("Call due friday due monday", QuickEntryResult(title: "Call due monday", due: date("2026-11-27"))),
        ("Ship by end of the month", QuickEntryResult(title: "Ship", due: date("2026-11-30"))),
        ("Ship due 2027-01-15", QuickEntryResult(title: "Ship", due: date("2027-01-15"))),
        ("Ship due march 1st, 2027 please", QuickEntryResult(title: "Ship please", due: date("2027-03-01"))),
    ])
    func keywordsTakeTheDatePhraseAfterThem(line: String, expected: QuickEntryResult) {
        #expect(Self.parse(line) == expected)
    }

    @Test(arguments: [
        "Work on report", "Plan the party", "Start the car", "Due diligence", "Go by car",
        "Deferred payments", "Scheduled maintenance", "Plan", "by", "due someday", "Start over",
        "Plan next steps", "Defer to the boss", "Due by", "March madness", "Plan may party",
        "feb 30 party", "Every little thing", "every", "Read 1984", "Call 911", "Next", "This week",
    ])
    func keywordsWithoutADatePhraseStayInTheTitle(line: String) {
        #expect(Self.parse(line) == QuickEntryResult(title: line))
    }

    @Test(arguments: [
        ("Plan the party friday", QuickEntryResult(title: "Plan the party", due: date("2026-11-27"))),
        ("Start the car tomorrow", QuickEntryResult(title: "Start the car", due: date("2026-11-22"))),
        ("Work on report by monday", QuickEntryResult(title: "Work on report", due: date("2026-11-23"))),
        ("Plan the party plan friday", QuickEntryResult(title: "Plan the party", scheduled: date("2026-11-27"))),
    ])
    func aKeywordWithoutAPhraseStaysWhileALaterPhraseIsTaken(line: String, expected: QuickEntryResult) {
        #expect(Self.parse(line) == expected)
    }

    // MARK: - Bare phrases

    @Test(arguments: [
        ("Call mom tomorrow", QuickEntryResult(title: "Call mom", due: date("2026-11-22"))),
        ("Call Mom TOMORROW", QuickEntryResult(title: "Call Mom", due: date("2026-11-22"))),
        ("Tomorrow call mom", QuickEntryResult(title: "call mom", due: date("2026-11-22"))),
        ("Pay bills in 3 days", QuickEntryResult(title: "Pay bills", due: date("2026-11-24"))),
        ("Renew 2 weeks from now passport", QuickEntryResult(title: "Renew passport", due: date("2026-12-05"))),
        ("Dinner next friday with Sam", QuickEntryResult(title: "Dinner with Sam", due: date("2026-11-27"))),
        ("Hike this weekend", QuickEntryResult(title: "Hike", due: date("2026-11-21"))),
        ("Budget next month", QuickEntryResult(title: "Budget", due: date("2026-12-01"))),
        ("Timesheet eow", QuickEntryResult(title: "Timesheet", due: date("2026-11-27"))),
        ("Invoices end of month", QuickEntryResult(title: "Invoices", due: date("2026-11-30"))),
        ("May 5 dinner", QuickEntryResult(title: "dinner", due: date("2027-05-05"))),
        ("Birthday 1st of march", QuickEntryResult(title: "Birthday", due: date("2027-03-01"))),
        ("Trip march 1 2027", QuickEntryResult(title: "Trip", due: date("2027-03-01"))),
        ("Prepare friday slides for monday", QuickEntryResult(title: "Prepare slides for monday", due: date("2026-11-27"))),
        ("Watch Friday Night Lights", QuickEntryResult(title: "Watch Night Lights", due: date("2026-11-27"))),
        ("tomorrow", QuickEntryResult(title: "", due: date("2026-11-22"))),
    ])
    func aBarePhraseIsTheDueDate(line: String, expected: QuickEntryResult) {
        #expect(Self.parse(line) == expected)
    }

    // MARK: - Short weekdays

    @Test(arguments: [
        ("Sun cream", QuickEntryResult(title: "Sun cream")),
        ("Buy sun cream", QuickEntryResult(title: "Buy sun cream")),
        ("Wed plans", QuickEntryResult(title: "Wed plans")),
        ("Sat nav update", QuickEntryResult(title: "Sat nav update")),
        ("Meet next wed at the cafe", QuickEntryResult(title: "Meet next wed at the cafe")),
        ("Enjoy this sun today", QuickEntryResult(title: "Enjoy this sun", due: date("2026-11-21"))),
        ("Meet Bob sat", QuickEntryResult(title: "Meet Bob", due: date("2026-11-28"))),
        ("Meet Bob SAT #social !flag", QuickEntryResult(title: "Meet Bob", flagged: true, tags: ["social"])
            .with(due: date("2026-11-28"))),
        ("Meet Bob sat every week", QuickEntryResult(title: "Meet Bob", due: date("2026-11-28"), recurrence: "FREQ=WEEKLY")),
        ("Meet at the cafe next wed", QuickEntryResult(title: "Meet at the cafe", due: date("2026-11-25"))),
        ("Sat exam sat", QuickEntryResult(title: "Sat exam", due: date("2026-11-28"))),
        ("Dinner due wed with Sam", QuickEntryResult(title: "Dinner with Sam", due: date("2026-11-25"))),
        ("Clean plan sun then rest", QuickEntryResult(title: "Clean then rest", scheduled: date("2026-11-22"))),
        ("Mon", QuickEntryResult(title: "", due: date("2026-11-23"))),
        ("Call thurs", QuickEntryResult(title: "Call", due: date("2026-11-26"))),
        ("Meet Bob wednesday noon", QuickEntryResult(title: "Meet Bob", due: date("2026-11-25")).at("12:00")),
    ])
    func shortWeekdaysCountOnlyAfterAKeywordOrAtTheEnd(line: String, expected: QuickEntryResult) {
        #expect(Self.parse(line) == expected)
    }

    // MARK: - `on` before a date, a time of day after it

    /// A date phrase takes an `on` before it and a time of day after (or right before) it: neither
    /// stays in the title, and the time is the field's (§24); everything else stays.
    @Test(arguments: [
        ("Dinner on march 1 at 7pm", QuickEntryResult(title: "Dinner", due: date("2027-03-01")).at("19:00")),
        ("Dinner on march 1", QuickEntryResult(title: "Dinner", due: date("2027-03-01"))),
        ("Dinner march 1 at 7pm", QuickEntryResult(title: "Dinner", due: date("2027-03-01")).at("19:00")),
        ("Dinner ON March 1st, at 7 PM with Ann", QuickEntryResult(title: "Dinner with Ann", due: date("2027-03-01"))
            .at("19:00")),
        ("Call mom tomorrow 3pm", QuickEntryResult(title: "Call mom", due: date("2026-11-22")).at("15:00")),
        ("Call mom tomorrow at 3:30pm #family", QuickEntryResult(title: "Call mom", due: date("2026-11-22"), tags: ["family"])
            .at("15:30")),
        ("Standup on monday at 9", QuickEntryResult(title: "Standup", due: date("2026-11-23")).at("09:00")),
        ("Lunch on fri at noon", QuickEntryResult(title: "Lunch", due: date("2026-11-27")).at("12:00")),
        ("Launch on 2027-03-01 at 19:00", QuickEntryResult(title: "Launch", due: date("2027-03-01")).at("19:00")),
        ("Party tonight at midnight", QuickEntryResult(title: "Party", due: date("2026-11-21")).at("00:00")),
        ("Review due on friday at 5p.m.", QuickEntryResult(title: "Review", due: date("2026-11-27")).at("17:00")),
        ("Report scheduled on mon 9am", QuickEntryResult(title: "Report", scheduled: date("2026-11-23")).withScheduledTime("09:00")),
        // `on` lets a short weekday count, as a keyword does.
        ("Meet on sat with Bob", QuickEntryResult(title: "Meet with Bob", due: date("2026-11-28"))),
        // Not a date, or not a time: the words stay.
        ("Work on the car", QuickEntryResult(title: "Work on the car")),
        ("Carry on", QuickEntryResult(title: "Carry on")),
        // A time alone is due today (with no clock: see the next test for tomorrow).
        ("Call mom at 7pm", QuickEntryResult(title: "Call mom", due: date("2026-11-21")).at("19:00")),
        ("Dinner tomorrow at home", QuickEntryResult(title: "Dinner at home", due: date("2026-11-22"))),
        ("Read chapter tomorrow 3", QuickEntryResult(title: "Read chapter 3", due: date("2026-11-22"))),
        ("Dinner tomorrow at 13pm", QuickEntryResult(title: "Dinner at 13pm", due: date("2026-11-22"))),
        ("Bake at 7pm on march 1", QuickEntryResult(title: "Bake", due: date("2027-03-01")).at("19:00")),
        ("Lunch with Sam noon wed", QuickEntryResult(title: "Lunch with Sam", due: date("2026-11-25")).at("12:00")),
        ("Pay due fri on monday", QuickEntryResult(title: "Pay on monday", due: date("2026-11-27"))),
    ])
    func onBeforeADateAndATimeAfterItLeaveTheTitle(line: String, expected: QuickEntryResult) {
        #expect(Self.parse(line) == expected)
    }

    /// `remind [me] DURATION before` adds a reminder before `due` (§24); anything else is title.
    @Test(arguments: [
        ("Pack bags tomorrow 7pm remind me 30m before", "Pack bags", "2026-11-22T19:00", ["-PT30M"]),
        ("Dentist fri 9am remind 1 day before remind me an hour before", "Dentist", "2026-11-27T09:00", ["-P1D", "-PT1H"]),
        ("Pay rent monday remind 1h30m before due", "Pay rent", "2026-11-23", ["-PT1H30M"]),
        ("Water plants sunday remind me 1 week before it", "Water plants", "2026-11-22", ["-P7D"]),
        ("Call mom remind 2 hours before remind me 120 minutes before", "Call mom", nil, ["-PT2H"]),
        ("Remind me to call mom", "Remind me to call mom", nil, []),
        ("Remind me 5 before lunch", "Remind me 5 before lunch", nil, []),
        ("Remind me 30m after", "Remind me 30m after", nil, []),
        ("Remind Sam 1h before", "Remind Sam 1h before", nil, []),
    ] as [(String, String, String?, [String])])
    func aReminderBeforeDueLeavesTheTitle(line: String, title: String, due: String?, reminders: [String]) {
        let result = QuickEntry.parse(line, today: Self.today, now: TimeOfDay("09:00"), firstOccurrence: Self.firstOccurrence)
        #expect(result.title == title)
        #expect(result.dueAt?.description == due)
        #expect(result.reminders == reminders)
    }

    @Test func aShortWeekdayWithATimeEndsTheLine() {
        #expect(Self.parse("Dentist fri 9am").dueAt?.description == "2026-11-27T09:00")
        #expect(Self.parse("Dentist fri 9am").title == "Dentist")
        #expect(Self.parse("Dentist fri at 9:30").dueAt?.description == "2026-11-27T09:30")
        #expect(Self.parse("Sun cream 3pm").title == "Sun cream", "a weekday with words after it stays a title word")
        #expect(Self.parse("Pack bags tomorrow 7pm remind me 30m before").preview(today: Self.today)
            == "due Sun 22 Nov 19:00 · remind 30 min before due")
    }

    @Test func theTimeIsInThePreview() {
        #expect(Self.parse("Dinner on march 1 at 7pm").preview(today: Self.today) == "due Mon 1 Mar 2027 19:00")
        #expect(Self.parse("Report scheduled fri 9am #work").preview(today: Self.today)
            == "scheduled Fri 27 Nov 09:00 · #work")
    }

    /// A time alone (or after a keyword alone) is today while it is still ahead, else tomorrow (§24).
    @Test(arguments: [
        ("Call mom 3pm", "14:59", "2026-11-21T15:00", nil),
        ("Call mom 3pm", "15:00", "2026-11-22T15:00", nil),
        ("Call mom 3pm", "22:10", "2026-11-22T15:00", nil),
        ("Standup at 9", "08:00", "2026-11-21T09:00", nil),
        ("Report scheduled 9am", "10:00", nil, "2026-11-22T09:00"),
        ("Report scheduled 9am", "07:30", nil, "2026-11-21T09:00"),
        // A time after a date keeps that date whatever the hour.
        ("Call mom tomorrow 3pm", "23:00", "2026-11-22T15:00", nil),
        // With a repeat and no date: the rule's first day whose time is still ahead.
        ("Standup every weekday at 9am", "08:00", "2026-11-23T09:00", nil),
        ("Yoga every saturday at 9am", "08:00", "2026-11-21T09:00", nil),
        ("Yoga every saturday at 9am", "10:00", "2026-11-28T09:00", nil),
    ] as [(String, String, String?, String?)])
    func aTimeAloneIsTheNextSuchTime(line: String, now: String, due: String?, scheduled: String?) {
        let result = QuickEntry.parse(line, today: Self.today, now: TimeOfDay(now), firstOccurrence: Self.firstOccurrence)
        #expect(result.dueAt?.description == due)
        #expect(result.scheduledAt?.description == scheduled)
        #expect(result.title.allSatisfy { !$0.isNumber })
    }

    @Test(arguments: [
        ("7pm", "19:00", 1), ("7 pm", "19:00", 2), ("7:05am", "07:05", 1), ("12am", "00:00", 1), ("12pm", "12:00", 1),
        ("at 9", "09:00", 2), ("at 21", "21:00", 2), ("at 9 am", "09:00", 3), ("19:00", "19:00", 1), ("0:30", "00:30", 1),
        ("at noon", "12:00", 2), ("Midnight,", "00:00", 1), ("11P.M.", "23:00", 1),
    ])
    func timesOfDay(text: String, time: String, length: Int) throws {
        let words = text.split(separator: " ").map(String.init) + ["then"]
        let match = try #require(TimePhrase.match(in: words, at: 0))
        #expect(match.time.description == time)
        #expect(match.length == length)
    }

    @Test(arguments: ["9", "at", "at home", "13pm", "0am", "24:00", "7:5pm", "7:60", "pm", "3 apples", "at nine", "1234"])
    func notTimesOfDay(text: String) {
        #expect(TimePhrase.match(in: text.split(separator: " ").map(String.init), at: 0) == nil)
    }

    // MARK: - Recurrence

    @Test(arguments: [
        ("Water plants every mon, wed", QuickEntryResult(title: "Water plants", due: date("2026-11-23"), recurrence: "FREQ=WEEKLY;BYDAY=MO,WE")),
        ("Gym every saturday", QuickEntryResult(title: "Gym", due: date("2026-11-21"), recurrence: "FREQ=WEEKLY;BYDAY=SA")),
        ("Pay rent every month on the 1st #bills",
         QuickEntryResult(title: "Pay rent", due: date("2099-01-01"), tags: ["bills"], recurrence: "FREQ=MONTHLY;BYMONTHDAY=1")),
        ("Standup every weekday at nine", QuickEntryResult(title: "Standup at nine", due: date("2026-11-23"), recurrence: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR")),
        ("Every day stretch", QuickEntryResult(title: "stretch", due: date("2099-01-01"), recurrence: "FREQ=DAILY")),
        ("Review every week due friday", QuickEntryResult(title: "Review", due: date("2026-11-27"), recurrence: "FREQ=WEEKLY")),
        ("Review every week friday", QuickEntryResult(title: "Review", due: date("2026-11-27"), recurrence: "FREQ=WEEKLY")),
        ("Review every week defer monday", QuickEntryResult(title: "Review", deferDate: date("2026-11-23"), recurrence: "FREQ=WEEKLY")),
        ("Review every week plan monday", QuickEntryResult(title: "Review", scheduled: date("2026-11-23"), recurrence: "FREQ=WEEKLY")),
        ("Plan every week", QuickEntryResult(title: "Plan", due: date("2099-01-01"), recurrence: "FREQ=WEEKLY")),
        ("every 2 weeks every month", QuickEntryResult(title: "every month", due: date("2099-01-01"), recurrence: "FREQ=WEEKLY;INTERVAL=2")),
        ("Call grandma every last sun", QuickEntryResult(title: "Call grandma", due: date("2099-01-01"), recurrence: "FREQ=MONTHLY;BYDAY=-1SU")),
    ])
    func everyPhrasesSetTheRecurrence(line: String, expected: QuickEntryResult) {
        #expect(Self.parse(line) == expected)
    }

    @Test func firstOccurrenceIsAskedWithTheRuleAndToday() {
        var asked: [String] = []
        let result = QuickEntry.parse("Stretch every other day", today: PhraseDays.leapDay) { rule, today in
            asked.append("\(rule) \(today)")
            return today.adding(days: 1)
        }
        #expect(asked == ["FREQ=DAILY;INTERVAL=2 2028-02-29"])
        #expect(result.due == PhraseDays.date("2028-03-01"))

        let none = QuickEntry.parse("Stretch every day", today: PhraseDays.leapDay) { _, _ in nil }
        #expect(none == QuickEntryResult(title: "Stretch", recurrence: "FREQ=DAILY"))

        var called = false
        _ = QuickEntry.parse("Stretch every day tomorrow", today: PhraseDays.leapDay) { _, _ in
            called = true
            return nil
        }
        #expect(!called)
    }

    // MARK: - Title and other todays

    @Test(arguments: [
        ("  Call   mom  ", "Call mom"),
        ("Call\tmom\u{00A0}now", "Call mom now"),
        ("", ""),
        ("#only !high", ""),
    ])
    func theTitleIsWhatRemainsSingleSpaced(line: String, title: String) {
        #expect(Self.parse(line).title == title)
    }

    @Test(arguments: [
        (PhraseDays.sunday, "Call mom sun", "2026-11-29"),
        (PhraseDays.sunday, "Call mom this sunday", "2026-11-22"),
        (PhraseDays.newYearsEve, "Party tomorrow", "2027-01-01"),
        (PhraseDays.newYearsEve, "Taxes by jan 31", "2027-01-31"),
        (PhraseDays.endOfJanuary, "Rent in 1 month", "2027-02-28"),
        (PhraseDays.endOfJanuary, "Report eow", "2027-02-05"),
        (PhraseDays.leapDay, "Anniversary feb 29", "2028-02-29"),
        (PhraseDays.leapDay, "Anniversary feb 28", "2029-02-28"),
    ])
    func otherTodays(today: LocalDate, line: String, due: String) {
        #expect(Self.parse(line, today: today).due?.description == due)
    }

    @Test(arguments: [
        "+\"", "@\"\"", "+\"\" x\"", "\"quoted\" words", "🚀 launch 🚀", "日本語 #日本 @東京",
        "every every every", "due due due", "in in 3", "!!! ~~~ ### +++ @@@", "\u{0}",
    ])
    func oddLinesKeepTheirWords(line: String) {
        let result = Self.parse(line)
        let kept = result.title.split(separator: " ")
        #expect(kept.allSatisfy { line.contains($0) })
    }

    /// A hostile line (§18) of many words, quotes that never close and repeated `every` is read in
    /// one pass, not word-against-word.
    @Test func longLinesStayLinear() {
        let words = (0..<20_000).map { i -> String in
            switch i % 5 {
            case 0: return "+\"open"
            case 1: return "every"
            case 2: return "due"
            case 3: return "sat?"
            default: return "word\(i)"
            }
        }
        let result = Self.parse(words.joined(separator: " ") + " friday")
        #expect(result.due == Self.date("2026-11-27"))
        #expect(result.title.split(separator: " ").count == 20_000)
    }

    // MARK: - Preview

    @Test(arguments: [
        ("Buy flowers friday #errands +mealprep !high ~15m every week",
         "due Fri 27 Nov · #errands · +Meal Prep · !high · ~15m · every week"),
        ("Taxes due march 1 plan feb 20 defer feb 1 #money #admin @personal !flag !3 ~1h30m",
         "due Mon 1 Mar 2027 · scheduled Sat 20 Feb 2027 · defer Mon 1 Feb 2027 · #money #admin · @Personal · !low · flagged · ~1h30m"),
        ("Run every mon, wed ~1h", "due Mon 23 Nov · ~1h · every Mon, Wed"),
        ("Pay every month on the 15th", "due Thu 1 Jan 2099 · every month on the 15th"),
        ("Just a title", ""),
    ])
    func previewSummarisesEverythingButTheTitle(line: String, preview: String) {
        #expect(Self.parse(line).preview(today: Self.today) == preview)
    }

    @Test func previewShowsAnUnknownRuleAsIs() {
        let result = QuickEntryResult(title: "x", recurrence: "FREQ=DAILY;COUNT=3")
        #expect(result.preview(today: Self.today) == "repeats FREQ=DAILY;COUNT=3")
    }
}

extension QuickEntryResult {
    /// A copy that says the time `text` was left out, as the parser does.
    /// A copy with the time of `due` set (§24).
    func at(_ time: String) -> QuickEntryResult {
        var copy = self
        copy.dueTime = TimeOfDay(time)
        return copy
    }

    /// A copy with the time of `scheduled` set.
    func withScheduledTime(_ time: String) -> QuickEntryResult {
        var copy = self
        copy.scheduledTime = TimeOfDay(time)
        return copy
    }

    /// A copy with `due` set, for tables that also set fields after it.
    func with(due: LocalDate?) -> QuickEntryResult {
        var copy = self
        copy.due = due
        return copy
    }
}
