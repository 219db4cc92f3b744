import Foundation

extension Vault {
    // MARK: - End-of-day review

    /// The end-of-day review reminder (§14) due at `now`, if any: once `planner_review_time`
    /// (default 18:00) has come on that day and some of the day's planned tasks are still open,
    /// and not yet delivered that day (`state`). Delivered by the reminder service with the
    /// other reminders (``deliverReminders(now:notify:)``: `todomd remind` and the server).
    ///
    /// A day with nothing open gets no review; if a task is planned later that evening, the
    /// review comes then. Past days are not reviewed: their open tasks are in the backlog.
    public func reviewReminder(now: Date, state: Reminders.State) throws -> Reminders.Reminder? {
        let day = LocalDate(now, in: clock.timeZone)
        guard try settings().plannerReviewTime.on(day, in: clock.timeZone) <= now,
              !state.delivered.contains(Reminders.State.Key(taskID: Reminders.reviewID, date: day, kind: .review))
        else { return nil }
        let board = try board(on: day)
        let open = board.open.count
        guard open > 0 else { return nil }
        let title = "\(open) of \(board.total) planned task\(board.total == 1 ? "" : "s")"
        return Reminders.Reminder(taskID: Reminders.reviewID, title: title, date: day, kind: .review)
    }
}
