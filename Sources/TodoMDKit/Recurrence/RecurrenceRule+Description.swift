extension RecurrenceRule {
    /// The rule in plain English, for lists and the web app.
    ///
    /// For example: "every day", "every weekday", "every 2 weeks on Monday and Wednesday",
    /// "every month on the 15th", "every month on the last Friday", "every year on 29 February",
    /// "every 3 months", "every day, 5 times", "every week until 2027-03-01". Parts that come from
    /// the start date when absent (the weekday of `FREQ=WEEKLY`, the day of `FREQ=MONTHLY`) are not
    /// mentioned, since the rule alone does not know them. `WKST` is not mentioned.
    public func describe() -> String {
        var text = base() + days() + monthsPhrase()
        if !bySetPosition.isEmpty, !describesPositionsInline {
            let which = RecurrenceRule.joinedList(bySetPosition.map(RecurrenceRule.ordinalWord))
            text += ", keeping the \(which) of each \(unit)"
        }
        if let count { text += count == 1 ? ", once" : ", \(count) times" }
        if let until { text += " until \(until)" }
        return text
    }

    // MARK: - Pieces

    private var unit: String {
        switch frequency {
        case .daily: return "day"
        case .weekly: return "week"
        case .monthly: return "month"
        case .yearly: return "year"
        }
    }

    private var plainWeekdays: [Weekday] { byDay.filter { $0.ordinal == nil }.map(\.weekday) }
    private var ordinalWeekdays: [OrdinalWeekday] { byDay.filter { $0.ordinal != nil } }

    /// "weekday" for Monday to Friday, "weekend day", "day" for all seven, else nil.
    private static func groupName(_ days: [Weekday]) -> String? {
        switch Set(days) {
        case Set(Weekday.allCases): return "day"
        case [.monday, .tuesday, .wednesday, .thursday, .friday]: return "weekday"
        case [.saturday, .sunday]: return "weekend day"
        default: return nil
        }
    }

    /// `BYSETPOS` over plain weekdays only reads as "the last weekday", "the first Monday or Tuesday".
    private var describesPositionsInline: Bool {
        !bySetPosition.isEmpty && byMonthDay.isEmpty && ordinalWeekdays.isEmpty && !plainWeekdays.isEmpty
    }

    /// "every day", "every 2 weeks", or for weekdays alone "every weekday", "every Monday".
    private func base() -> String {
        let weekdaysOnly = byMonthDay.isEmpty && ordinalWeekdays.isEmpty && !plainWeekdays.isEmpty
            && bySetPosition.isEmpty
        if interval == 1, weekdaysOnly, frequency == .daily || frequency == .weekly {
            if let group = RecurrenceRule.groupName(plainWeekdays) { return "every \(group)" }
            return "every " + RecurrenceRule.joinedList(plainWeekdays.map(\.name))
        }
        return interval == 1 ? "every \(unit)" : "every \(interval) \(unit)s"
    }

    /// " on the 15th", " on the last Friday", " on Monday and Wednesday", or "".
    private func days() -> String {
        let plain = plainWeekdays
        let ordinals = ordinalWeekdays
        if describesPositionsInline {
            let which = RecurrenceRule.joinedList(bySetPosition.map(RecurrenceRule.ordinalWord))
            let what = RecurrenceRule.groupName(plain)
                ?? RecurrenceRule.joinedList(plain.map(\.name), conjunction: "or")
            return " on the \(which) \(what)"
        }
        if byMonthDay.isEmpty, ordinals.isEmpty {
            // Weekdays alone: already said by base() when the interval is 1.
            guard !plain.isEmpty, interval != 1 || frequency == .monthly || frequency == .yearly
            else { return "" }
            if frequency == .daily || frequency == .weekly {
                return " on " + (RecurrenceRule.groupName(plain).map { "\($0)s" }
                    ?? RecurrenceRule.joinedList(plain.map(\.name)))
            }
            return " on " + (RecurrenceRule.groupName(plain).map { "\($0)s" }
                ?? RecurrenceRule.joinedList(plain.map { "\($0.name)s" }))
        }
        if byMonthDay.isEmpty {
            var items = ordinals.compactMap { entry in
                entry.ordinal.map { "the \(RecurrenceRule.ordinalWord($0)) \(entry.weekday.name)" }
            }
            items += plain.map { "every \($0.name)" }
            return " on " + RecurrenceRule.joinedList(items)
        }
        if frequency == .yearly, byMonth.count == 1, byMonthDay.count == 1, byDay.isEmpty,
           let day = byMonthDay.first, day > 0, let month = byMonth.first {
            return " on \(day) \(RecurrenceRule.monthNames[month - 1])"
        }
        var text = " on " + monthDaysPhrase()
        if !byDay.isEmpty {
            let items = ordinals.compactMap { entry in
                entry.ordinal.map { "the \(RecurrenceRule.ordinalWord($0)) \(entry.weekday.name)" }
            } + plain.map { "a \($0.name)" }
            text += " if it is " + RecurrenceRule.joinedList(items, conjunction: "or")
        }
        return text
    }

    /// "the 1st and 15th", "the last day", "the 1st and the last day".
    private func monthDaysPhrase() -> String {
        let fromStart = byMonthDay.filter { $0 > 0 }
        let fromEnd = byMonthDay.filter { $0 < 0 }
        var groups: [String] = []
        if !fromStart.isEmpty {
            groups.append("the " + RecurrenceRule.joinedList(fromStart.map(RecurrenceRule.numeral)))
        }
        groups += fromEnd.map { "the \(RecurrenceRule.ordinalWord($0)) day" }
        return RecurrenceRule.joinedList(groups)
    }

    /// " in March", " of January and July", " of the year", " of every month", or "".
    private func monthsPhrase() -> String {
        let names = byMonth.map { RecurrenceRule.monthNames[$0 - 1] }
        let saidAlready = frequency == .yearly && byMonth.count == 1 && byMonthDay.count == 1 && byDay.isEmpty
            && (byMonthDay.first ?? 0) > 0
        if saidAlready { return "" }
        if names.isEmpty {
            guard frequency == .yearly else { return "" }
            if !byMonthDay.isEmpty { return " of every month" }
            return ordinalWeekdays.isEmpty ? "" : " of the year"
        }
        let namesDays = !byMonthDay.isEmpty || !ordinalWeekdays.isEmpty || describesPositionsInline
        return (namesDays ? " of " : " in ") + RecurrenceRule.joinedList(names)
    }

    // MARK: - Words

    static let monthNames = ["January", "February", "March", "April", "May", "June", "July",
                             "August", "September", "October", "November", "December"]

    /// "first" … "fifth", "6th", …; "last", "second to last", ….
    static func ordinalWord(_ value: Int) -> String {
        let words = ["first", "second", "third", "fourth", "fifth"]
        if value == -1 { return "last" }
        if value < 0 { return ordinalWord(-value) + " to last" }
        return value <= words.count ? words[value - 1] : numeral(value)
    }

    /// "1st", "2nd", "3rd", "4th", "11th", "21st", ….
    static func numeral(_ value: Int) -> String {
        let tens = value % 100
        let suffix: String
        if (11...13).contains(tens) {
            suffix = "th"
        } else {
            switch value % 10 {
            case 1: suffix = "st"
            case 2: suffix = "nd"
            case 3: suffix = "rd"
            default: suffix = "th"
            }
        }
        return "\(value)\(suffix)"
    }

    /// "A", "A and B", "A, B and C".
    static func joinedList(_ items: [String], conjunction: String = "and") -> String {
        guard let last = items.last else { return "" }
        guard items.count > 1 else { return last }
        return items.dropLast().joined(separator: ", ") + " \(conjunction) " + last
    }
}
