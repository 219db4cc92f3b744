extension LocalDate {
    /// English three-letter month names, January first.
    static let shortMonthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                  "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    /// English three-letter weekday names, Monday first.
    static let shortWeekdayNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]

    /// The date as a person reads it in a preview: `Fri 27 Nov`, with the year added when it is not
    /// the year of `today` (`Fri 1 Jan 2027`).
    public func shortDescription(today: LocalDate) -> String {
        let text = "\(LocalDate.shortWeekdayNames[weekday - 1]) \(day) \(LocalDate.shortMonthNames[month - 1])"
        return year == today.year ? text : "\(text) \(year)"
    }
}
