import Testing
@testable import TodoMDKit

/// `every …` phrases (§11, §12) and the rules they stand for.
@Suite struct RecurrencePhraseTests {
    // MARK: - The §11 list

    @Test(arguments: [
        ("every day", "FREQ=DAILY"),
        ("every weekday", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"),
        ("every week", "FREQ=WEEKLY"),
        ("every 2 weeks", "FREQ=WEEKLY;INTERVAL=2"),
        ("every monday", "FREQ=WEEKLY;BYDAY=MO"),
        ("every mon, wed", "FREQ=WEEKLY;BYDAY=MO,WE"),
        ("every monday and wednesday", "FREQ=WEEKLY;BYDAY=MO,WE"),
        ("every month", "FREQ=MONTHLY"),
        ("every month on the 15th", "FREQ=MONTHLY;BYMONTHDAY=15"),
        ("every last friday", "FREQ=MONTHLY;BYDAY=-1FR"),
        ("every year", "FREQ=YEARLY"),
        ("every 3 months", "FREQ=MONTHLY;INTERVAL=3"),
    ])
    func specPhrases(phrase: String, rule: String) {
        #expect(RecurrencePhrase.parse(phrase) == rule)
    }

    // MARK: - More natural phrases

    @Test(arguments: [
        // Intervals.
        ("every 1 day", "FREQ=DAILY"),
        ("every 2 days", "FREQ=DAILY;INTERVAL=2"),
        ("every other day", "FREQ=DAILY;INTERVAL=2"),
        ("every 1 week", "FREQ=WEEKLY"),
        ("every other week", "FREQ=WEEKLY;INTERVAL=2"),
        ("every fortnight", "FREQ=WEEKLY;INTERVAL=2"),
        ("every 2 fortnights", "FREQ=WEEKLY;INTERVAL=4"),
        ("every 6 weeks", "FREQ=WEEKLY;INTERVAL=6"),
        ("every other month", "FREQ=MONTHLY;INTERVAL=2"),
        ("every quarter", "FREQ=MONTHLY;INTERVAL=3"),
        ("every 2 quarters", "FREQ=MONTHLY;INTERVAL=6"),
        ("every 12 months", "FREQ=MONTHLY;INTERVAL=12"),
        ("every 2 years", "FREQ=YEARLY;INTERVAL=2"),
        ("every other year", "FREQ=YEARLY;INTERVAL=2"),
        // Weekdays.
        ("every weekdays", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"),
        ("every weekend", "FREQ=WEEKLY;BYDAY=SA,SU"),
        ("every mon", "FREQ=WEEKLY;BYDAY=MO"),
        ("every sun", "FREQ=WEEKLY;BYDAY=SU"),
        ("every tuesdays", "FREQ=WEEKLY;BYDAY=TU"),
        ("every tues and thurs", "FREQ=WEEKLY;BYDAY=TU,TH"),
        ("every mon,wed,fri", "FREQ=WEEKLY;BYDAY=MO,WE,FR"),
        ("every mon, wed and fri", "FREQ=WEEKLY;BYDAY=MO,WE,FR"),
        ("every mon wed fri", "FREQ=WEEKLY;BYDAY=MO,WE,FR"),
        ("every friday & monday", "FREQ=WEEKLY;BYDAY=MO,FR"),
        ("every sunday, saturday", "FREQ=WEEKLY;BYDAY=SA,SU"),
        ("every monday and monday", "FREQ=WEEKLY;BYDAY=MO"),
        ("every other friday", "FREQ=WEEKLY;INTERVAL=2;BYDAY=FR"),
        ("every other mon, thu", "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH"),
        ("every other weekday", "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TU,WE,TH,FR"),
        ("every week on monday", "FREQ=WEEKLY;BYDAY=MO"),
        ("every 2 weeks on mon, thu", "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH"),
        ("every 3 weeks on fridays", "FREQ=WEEKLY;INTERVAL=3;BYDAY=FR"),
        // Days of the month.
        ("every month on the 1st", "FREQ=MONTHLY;BYMONTHDAY=1"),
        ("every month on the 15", "FREQ=MONTHLY;BYMONTHDAY=15"),
        ("every month on 15th", "FREQ=MONTHLY;BYMONTHDAY=15"),
        ("every month on the 1st and 15th", "FREQ=MONTHLY;BYMONTHDAY=1,15"),
        ("every month on the 15th and 1st", "FREQ=MONTHLY;BYMONTHDAY=1,15"),
        ("every month on the last day", "FREQ=MONTHLY;BYMONTHDAY=-1"),
        ("every month on the 31st", "FREQ=MONTHLY;BYMONTHDAY=31"),
        ("every 2 months on the 10th", "FREQ=MONTHLY;INTERVAL=2;BYMONTHDAY=10"),
        ("every quarter on the 1st", "FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=1"),
        ("every 15th", "FREQ=MONTHLY;BYMONTHDAY=15"),
        ("every 15th of the month", "FREQ=MONTHLY;BYMONTHDAY=15"),
        ("every 1st and 15th", "FREQ=MONTHLY;BYMONTHDAY=1,15"),
        ("every last day of the month", "FREQ=MONTHLY;BYMONTHDAY=-1"),
        ("every last day", "FREQ=MONTHLY;BYMONTHDAY=-1"),
        // Weekdays of the month.
        ("every first monday", "FREQ=MONTHLY;BYDAY=1MO"),
        ("every 1st monday", "FREQ=MONTHLY;BYDAY=1MO"),
        ("every second tuesday", "FREQ=MONTHLY;BYDAY=2TU"),
        ("every 3rd wed", "FREQ=MONTHLY;BYDAY=3WE"),
        ("every fourth thursday of the month", "FREQ=MONTHLY;BYDAY=4TH"),
        ("every fifth friday of every month", "FREQ=MONTHLY;BYDAY=5FR"),
        ("every last sunday of each month", "FREQ=MONTHLY;BYDAY=-1SU"),
        ("every month on the last friday", "FREQ=MONTHLY;BYDAY=-1FR"),
        ("every month on the first mon", "FREQ=MONTHLY;BYDAY=1MO"),
        ("every 2 months on the first monday of the month", "FREQ=MONTHLY;INTERVAL=2;BYDAY=1MO"),
        // Dates of the year.
        ("every year on march 1", "FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=1"),
        ("every year on 1 march", "FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=1"),
        ("every year on the 1st of march", "FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=1"),
        ("every 2 years on dec 25", "FREQ=YEARLY;INTERVAL=2;BYMONTH=12;BYMONTHDAY=25"),
        ("every march 1", "FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=1"),
        ("every march 1st", "FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=1"),
        ("every 1 march", "FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=1"),
        ("every 1st of march", "FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=1"),
        ("every feb 29", "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29"),
        ("every sept 30", "FREQ=YEARLY;BYMONTH=9;BYMONTHDAY=30"),
        // Case and punctuation.
        ("Every Monday", "FREQ=WEEKLY;BYDAY=MO"),
        ("EVERY 2 WEEKS", "FREQ=WEEKLY;INTERVAL=2"),
        ("every Mon, Wed.", "FREQ=WEEKLY;BYDAY=MO,WE"),
        ("every   day", "FREQ=DAILY"),
    ])
    func morePhrases(phrase: String, rule: String) {
        #expect(RecurrencePhrase.parse(phrase) == rule)
    }

    @Test(arguments: [
        "", "every", "daily", "weekly", "monday", "every single day", "every now and then",
        "every 0 days", "every -1 days", "every 10000 days", "every 2", "every other", "every 15",
        "every month on", "every month on the", "every month on the 32nd", "every month on the 0th",
        "every week on the 15th", "every day on monday", "every year on march", "every year on march 32",
        "every feb 30", "every april 31", "every march", "every 2 weekdays", "every 2 mondays",
        "every sixth monday", "every last", "every last month", "every monday and", "every and monday",
        "every mon,, wed and", "every day please", "every week every month", "each monday",
        "every first", "every 2 weeks on", "every other 15th",
    ])
    func rejectsEverythingElse(text: String) {
        #expect(RecurrencePhrase.parse(text) == nil)
    }

    // MARK: - Matching inside a line

    @Test(arguments: [
        ("Water plants every mon, wed #home", 2, "FREQ=WEEKLY;BYDAY=MO,WE", 3),
        ("Water plants every mon,wed now", 2, "FREQ=WEEKLY;BYDAY=MO,WE", 2),
        ("every month on the 15th pay rent", 0, "FREQ=MONTHLY;BYMONTHDAY=15", 5),
        ("every month on time", 0, "FREQ=MONTHLY", 2),
        ("every week on the weekend", 0, "FREQ=WEEKLY", 2),
        ("every 2 weeks standup", 0, "FREQ=WEEKLY;INTERVAL=2", 3),
        ("every monday and then some", 0, "FREQ=WEEKLY;BYDAY=MO", 2),
        ("every last friday of the month review", 0, "FREQ=MONTHLY;BYDAY=-1FR", 6),
        ("every day.", 0, "FREQ=DAILY", 2),
    ])
    func matchTakesTheLongestPhrase(line: String, start: Int, rule: String, length: Int) throws {
        let words = line.split(separator: " ").map(String.init)
        let match = try #require(RecurrencePhrase.match(in: words, at: start))
        #expect(match == RecurrencePhrase.Match(rule: rule, length: length))
    }

    @Test(arguments: [
        ("Every little thing", 0), ("every", 0), ("every day", 1), ("every day", 2), ("every day", -1),
        ("monday", 0),
    ])
    func matchFindsNothingWithoutAPhrase(line: String, start: Int) {
        let words = line.split(separator: " ").map(String.init)
        #expect(RecurrencePhrase.match(in: words, at: start) == nil)
    }

    // MARK: - Descriptions

    @Test(arguments: [
        ("FREQ=DAILY", "every day"),
        ("FREQ=DAILY;INTERVAL=2", "every 2 days"),
        ("FREQ=WEEKLY", "every week"),
        ("FREQ=WEEKLY;INTERVAL=2", "every 2 weeks"),
        ("FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", "every weekday"),
        ("FREQ=WEEKLY;BYDAY=SA,SU", "every weekend"),
        ("FREQ=WEEKLY;BYDAY=MO", "every Mon"),
        ("FREQ=WEEKLY;BYDAY=MO,WE", "every Mon, Wed"),
        ("FREQ=WEEKLY;INTERVAL=2;BYDAY=FR", "every 2 weeks on Fri"),
        ("FREQ=MONTHLY", "every month"),
        ("FREQ=MONTHLY;INTERVAL=3", "every 3 months"),
        ("FREQ=MONTHLY;BYMONTHDAY=15", "every month on the 15th"),
        ("FREQ=MONTHLY;BYMONTHDAY=1,15", "every month on the 1st and 15th"),
        ("FREQ=MONTHLY;BYMONTHDAY=-1", "every month on the last day"),
        ("FREQ=MONTHLY;BYDAY=-1FR", "every last Fri"),
        ("FREQ=MONTHLY;BYDAY=1MO", "every first Mon"),
        ("FREQ=MONTHLY;INTERVAL=2;BYDAY=2TU", "every 2 months on the second Tue"),
        ("FREQ=YEARLY", "every year"),
        ("FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=1", "every year on 1 Mar"),
        ("FREQ=YEARLY;INTERVAL=2;BYMONTH=12;BYMONTHDAY=25", "every 2 years on 25 Dec"),
        ("RRULE:FREQ=DAILY", "every day"),
        ("freq=weekly;byday=mo", "every Mon"),
    ])
    func describesRules(rule: String, text: String) {
        #expect(RecurrencePhrase.describe(rule) == text)
        // Every description reads back as the rule it describes.
        let canonical = rule.uppercased().replacingOccurrences(of: "RRULE:", with: "")
        #expect(RecurrencePhrase.parse(text) == canonical)
    }

    @Test(arguments: [
        "", "FREQ=HOURLY", "FREQ=DAILY;COUNT=3", "FREQ=WEEKLY;UNTIL=20270101", "INTERVAL=2",
        "FREQ=MONTHLY;BYMONTHDAY=-2", "FREQ=MONTHLY;BYDAY=-2FR", "FREQ=MONTHLY;BYDAY=1MO,3MO",
        "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30", "FREQ=WEEKLY;BYDAY=XX", "FREQ=DAILY;BYDAY=MO",
        "FREQ=MONTHLY;BYSETPOS=-1;BYDAY=MO,TU,WE,TH,FR", "garbage",
    ])
    func describesNothingItCannotSay(rule: String) {
        #expect(RecurrencePhrase.describe(rule) == nil)
    }
}
