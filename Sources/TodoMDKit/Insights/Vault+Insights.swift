extension Vault {
    // MARK: - Insights

    /// The insights of the last `weeks` weeks ending today (§27): completions per day, area and
    /// project, the Must-Do streak, the carry average, this week against last and estimate vs
    /// tracked time, in the vault's time zone. A read: it writes nothing.
    ///
    /// - Throws: ``TodoError/invalidValue(field:value:reason:)`` when `weeks` is not 1–52.
    public func insights(weeks: Int = Insights.defaultWeeks) throws -> Insights {
        let today = clock.today
        try Insights.check(weeks: weeks)
        // Completions are instants; a day's first instant in the vault's zone bounds the query.
        let since = Insights.earliestDay(today: today, weeks: weeks).startOfDay(in: clock.timeZone)
        let rows = try index.insightRows(completedSince: since)
        return try Insights(tasks: rows.lazy.map(\.task), today: today, now: clock.now, weeks: weeks,
                            timeZone: clock.timeZone)
    }
}
