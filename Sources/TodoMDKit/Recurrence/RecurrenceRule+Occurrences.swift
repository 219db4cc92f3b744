extension RecurrenceRule {
    /// How many years the search for the next occurrence goes on without finding one before it
    /// gives up (a rule such as `FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30` never occurs).
    ///
    /// Searches also end after 9999-12-31, the last date a ``LocalDate`` can hold.
    public static let searchLimitInYears = 1000

    /// The rule's dates, in order, for a series that starts on `start` (RFC 5545's `DTSTART`).
    ///
    /// Follows python-dateutil's `rrule` with `dtstart` at midnight, which follows RFC 5545:
    /// - `start` is itself an occurrence only when it matches the rule; nothing before it is.
    /// - Without `BYDAY` or `BYMONTHDAY`, `start` supplies them: its weekday for `WEEKLY`, its day of
    ///   the month for `MONTHLY`, its day and (without `BYMONTH`) its month for `YEARLY`. Dates that
    ///   do not exist are skipped, never moved: 31 January monthly gives 31 March next, 29 February
    ///   yearly gives leap years only.
    /// - Each period (day, week from ``weekStart``, month or year, every ``interval`` of them counted
    ///   from the one holding `start`) yields its days that pass every `BY…` part; ``bySetPosition``
    ///   then picks from them, counting over the whole period.
    /// - ``until`` is inclusive and ``count`` counts the dates returned.
    ///
    /// Where dateutil departs from RFC 5545 this type follows the RFC: `BYDAY` mixing plain and
    /// ordinal weekdays (`MO,-1FR`) means either, not both; and under `WEEKLY` the week holding
    /// `start` counts from ``weekStart`` for `BYSETPOS`, not from `start`.
    ///
    /// The sequence ends with `COUNT`, `UNTIL`, after 9999, or when ``searchLimitInYears`` pass
    /// without an occurrence; it never loops forever.
    public func occurrences(start: LocalDate) -> Occurrences {
        occurrences(start: start, searchLimitInYears: RecurrenceRule.searchLimitInYears)
    }

    /// ``occurrences(start:)`` with another search limit, so tests can probe rules cheaply.
    func occurrences(start: LocalDate, searchLimitInYears: Int) -> Occurrences {
        let plan = OccurrencePlan(rule: self, start: start)
        return Occurrences(
            plan: plan, firstPeriod: 0, searchFrom: start, count: count, until: until,
            searchLimitInYears: searchLimitInYears)
    }

    /// The first occurrence strictly after `date` of the series started on `start`, or nil when
    /// there is none (past `UNTIL`, or nothing within ``searchLimitInYears``).
    ///
    /// `COUNT` is ignored, as completing a repeating task asks (§21): the task layer counts down
    /// itself. `UNTIL` is honoured. The search jumps straight to the period holding `date`, so a
    /// series started long ago costs nothing extra.
    public func nextOccurrence(after date: LocalDate, start: LocalDate) -> LocalDate? {
        let plan = OccurrencePlan(rule: self, start: start)
        guard date.dayNumber < OccurrencePlan.lastDayNumber else { return nil }
        let from = max(start, date.adding(days: 1))
        var sequence = Occurrences(
            plan: plan, firstPeriod: plan.period(containing: from), searchFrom: from, count: nil, until: until,
            searchLimitInYears: RecurrenceRule.searchLimitInYears)
        while let next = sequence.next() {
            if next > date { return next }
        }
        return nil
    }

    /// The dates of a rule from its start, in order; see ``RecurrenceRule/occurrences(start:)``.
    public struct Occurrences: Sequence, IteratorProtocol, Sendable {
        let plan: OccurrencePlan
        var remaining: Int?
        let until: LocalDate?
        var period: Int
        var pending: [LocalDate] = []
        var pendingIndex = 0
        /// The year of the last date returned (or of where the search began).
        var lastProgressYear: Int
        var finished = false
        let searchLimitInYears: Int

        init(
            plan: OccurrencePlan, firstPeriod: Int, searchFrom: LocalDate, count: Int?, until: LocalDate?,
            searchLimitInYears: Int
        ) {
            self.plan = plan
            self.searchLimitInYears = searchLimitInYears
            self.period = firstPeriod
            self.lastProgressYear = searchFrom.year
            self.remaining = count
            self.until = until
        }

        /// The next date, or nil when the series has ended.
        public mutating func next() -> LocalDate? {
            while !finished {
                if pendingIndex < pending.count {
                    let date = pending[pendingIndex]
                    pendingIndex += 1
                    if date < plan.start { continue }
                    if let until, date > until { break }
                    if let remaining {
                        guard remaining > 0 else { break }
                        self.remaining = remaining - 1
                    }
                    lastProgressYear = date.year
                    return date
                }
                guard let batch = plan.dates(inPeriod: period),
                      batch.firstDay.year <= lastProgressYear + searchLimitInYears
                else { break }
                if let until, batch.firstDay > until { break }
                period += 1
                pending = batch.dates
                pendingIndex = 0
            }
            finished = true
            return nil
        }
    }
}

/// A rule resolved against its start: the `BY…` parts as quick lookups, with the defaults that
/// `start` supplies filled in.
struct OccurrencePlan: Sendable {
    /// 9999-12-31, the last date a ``LocalDate`` holds.
    static let lastDayNumber = LocalDate(year: 9999, month: 12, day: 31)?.dayNumber ?? 2_932_896

    let frequency: RecurrenceRule.Frequency
    let interval: Int
    let start: LocalDate
    /// Bit `m` set for each allowed month; 0 allows every month.
    let months: UInt16
    /// Bit `d` set for each allowed day of the month counted from the start.
    let monthDays: UInt32
    /// Bit `n` set for each allowed day `-n` counted from the end of the month.
    let monthDaysFromEnd: UInt32
    /// Bit `w` set for each weekday allowed on every week (1 = Monday).
    let weekdays: UInt8
    /// Weekdays allowed only as the nth in the month or year.
    let ordinalWeekdays: [(weekday: Int, ordinal: Int)]
    /// Whether ordinals count within the year (`YEARLY` without `BYMONTH`) rather than the month.
    let ordinalsWithinYear: Bool
    let setPositions: [Int]
    /// The day number of the first day of the week that holds `start`.
    let firstWeekStart: Int
    /// `year * 12 + month - 1` of `start`.
    let firstMonthIndex: Int

    init(rule: RecurrenceRule, start: LocalDate) {
        frequency = rule.frequency
        interval = rule.interval
        self.start = start
        var months = rule.byMonth
        var monthDays = rule.byMonthDay
        var byDay = rule.byDay
        // dateutil's defaults (and RFC 5545's "taken from DTSTART") when no day is named.
        if byDay.isEmpty, monthDays.isEmpty {
            switch rule.frequency {
            case .daily:
                break
            case .weekly:
                if let weekday = RecurrenceRule.Weekday(rawValue: start.weekday) {
                    byDay = [RecurrenceRule.OrdinalWeekday(weekday)]
                }
            case .monthly:
                monthDays = [start.day]
            case .yearly:
                if months.isEmpty { months = [start.month] }
                monthDays = [start.day]
            }
        }
        self.months = months.reduce(0) { $0 | UInt16(1) << UInt16($1) }
        self.monthDays = monthDays.filter { $0 > 0 }.reduce(0) { $0 | UInt32(1) << UInt32($1) }
        self.monthDaysFromEnd = monthDays.filter { $0 < 0 }.reduce(0) { $0 | UInt32(1) << UInt32(-$1) }
        self.weekdays = byDay.filter { $0.ordinal == nil }
            .reduce(0) { $0 | UInt8(1) << UInt8($1.weekday.rawValue) }
        self.ordinalWeekdays = byDay.compactMap { entry in
            entry.ordinal.map { (weekday: entry.weekday.rawValue, ordinal: $0) }
        }
        ordinalsWithinYear = rule.frequency == .yearly && months.isEmpty
        setPositions = rule.bySetPosition
        let weekOffset = (start.weekday - rule.weekStart.rawValue + 7) % 7
        firstWeekStart = start.dayNumber - weekOffset
        firstMonthIndex = start.year * 12 + start.month - 1
    }

    // MARK: - Periods

    /// The index of the period that holds `date`, or of the last period before it (0 at the least).
    func period(containing date: LocalDate) -> Int {
        let elapsed: Int
        switch frequency {
        case .daily:
            // A daily period is one day; the first on or after `date`.
            let days = date.dayNumber - start.dayNumber
            return max(0, (days + interval - 1) / interval)
        case .weekly:
            elapsed = (date.dayNumber - firstWeekStart) / 7
        case .monthly:
            elapsed = date.year * 12 + date.month - 1 - firstMonthIndex
        case .yearly:
            elapsed = date.year - start.year
        }
        return max(0, elapsed / interval)
    }

    /// The dates of period `index` that the rule keeps, in order, with the period's first day;
    /// nil once the period starts after 9999-12-31.
    func dates(inPeriod index: Int) -> (firstDay: LocalDate, dates: [LocalDate])? {
        var found: [LocalDate] = []
        let firstDay: LocalDate
        switch frequency {
        case .daily:
            let dayNumber = start.dayNumber + index * interval
            guard dayNumber <= OccurrencePlan.lastDayNumber else { return nil }
            firstDay = LocalDate(dayNumber: dayNumber)
            collect(firstDay, into: &found)
        case .weekly:
            let first = firstWeekStart + index * interval * 7
            guard first <= OccurrencePlan.lastDayNumber else { return nil }
            firstDay = LocalDate(dayNumber: first)
            for dayNumber in first..<min(first + 7, OccurrencePlan.lastDayNumber + 1) {
                collect(LocalDate(dayNumber: dayNumber), into: &found)
            }
        case .monthly:
            let monthIndex = firstMonthIndex + index * interval
            let year = monthIndex / 12
            let month = monthIndex % 12 + 1
            guard year <= 9999, let first = LocalDate(year: year, month: month, day: 1) else { return nil }
            firstDay = first
            collectMonth(year: year, month: month, dayOfYearBefore: 0, into: &found)
        case .yearly:
            let year = start.year + index * interval
            guard year <= 9999, let first = LocalDate(year: year, month: 1, day: 1) else { return nil }
            firstDay = first
            var before = 0
            for month in 1...12 {
                collectMonth(year: year, month: month, dayOfYearBefore: before, into: &found)
                before += LocalDate.daysIn(month: month, year: year)
            }
        }
        return (firstDay, selectPositions(found))
    }

    /// Appends `date` when it passes the rule (daily and weekly periods, which have no ordinals).
    private func collect(_ date: LocalDate, into found: inout [LocalDate]) {
        let daysInMonth = LocalDate.daysIn(month: date.month, year: date.year)
        if matches(month: date.month, day: date.day, daysInMonth: daysInMonth, weekday: date.weekday) {
            found.append(date)
        }
    }

    /// Appends the days of one month that pass the rule.
    private func collectMonth(year: Int, month: Int, dayOfYearBefore: Int, into found: inout [LocalDate]) {
        guard months == 0 || months & (1 << UInt16(month)) != 0,
              let first = LocalDate(year: year, month: month, day: 1)
        else { return }
        let daysInMonth = LocalDate.daysIn(month: month, year: year)
        let daysInYear = LocalDate.isLeap(year) ? 366 : 365
        let firstWeekday = first.weekday
        for day in 1...daysInMonth {
            let weekday = (firstWeekday - 1 + day - 1) % 7 + 1
            guard matches(month: month, day: day, daysInMonth: daysInMonth, weekday: weekday) else { continue }
            if !ordinalWeekdays.isEmpty, weekdays & (1 << UInt8(weekday)) == 0 {
                // Only an ordinal can admit this day: is it the nth such weekday of its month or year?
                let (position, length) = ordinalsWithinYear
                    ? (dayOfYearBefore + day, daysInYear) : (day, daysInMonth)
                let fromStart = (position - 1) / 7 + 1
                let fromEnd = -((length - position) / 7 + 1)
                guard ordinalWeekdays.contains(where: {
                    $0.weekday == weekday && ($0.ordinal == fromStart || $0.ordinal == fromEnd)
                }) else { continue }
            }
            if let date = LocalDate(year: year, month: month, day: day) { found.append(date) }
        }
    }

    /// Whether a day passes `BYMONTH`, `BYMONTHDAY` and the weekday part of `BYDAY`; a day whose
    /// weekday appears only with an ordinal passes here and is checked by the caller.
    private func matches(month: Int, day: Int, daysInMonth: Int, weekday: Int) -> Bool {
        if months != 0, months & (1 << UInt16(month)) == 0 { return false }
        if monthDays != 0 || monthDaysFromEnd != 0 {
            let fromEnd = daysInMonth - day + 1
            guard monthDays & (1 << UInt32(day)) != 0 || monthDaysFromEnd & (1 << UInt32(fromEnd)) != 0
            else { return false }
        }
        if weekdays != 0 || !ordinalWeekdays.isEmpty {
            guard weekdays & (1 << UInt8(weekday)) != 0
                || ordinalWeekdays.contains(where: { $0.weekday == weekday })
            else { return false }
        }
        return true
    }

    /// `BYSETPOS` applied to one period's dates.
    private func selectPositions(_ dates: [LocalDate]) -> [LocalDate] {
        guard !setPositions.isEmpty else { return dates }
        var picked = Set<Int>()
        for position in setPositions {
            let index = position > 0 ? position - 1 : dates.count + position
            if dates.indices.contains(index) { picked.insert(index) }
        }
        return picked.sorted().map { dates[$0] }
    }
}
