import Foundation

extension Vault {
    // MARK: - The day's first command

    /// Runs the rollover (§14) once per day: at the start of every command and every server
    /// request, "after the day changed". The day of the last complete rollover is kept in the
    /// index (`meta.rollover_day`), so on a day already rolled over this is one small read and
    /// nothing is written.
    ///
    /// A rollover that could not write some task (it is skipped and reported) is tried again by
    /// the next call; the day is recorded only when every task moved.
    ///
    /// - Returns: what the rollover did, or nil when today was already rolled over.
    @discardableResult
    public func rolloverIfDayChanged() throws -> Rollover? {
        let today = clock.today.description
        let last = try index.meta("rollover_day")
        guard last != today else { return nil }
        let result = try rollover()
        if result.skipped.isEmpty {
            try index.setMeta("rollover_day", today)
        }
        return result
    }
}
