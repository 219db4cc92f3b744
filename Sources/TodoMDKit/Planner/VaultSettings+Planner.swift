/// The planner's settings in `.todomd/config.json` (§14).
extension VaultSettings {
    /// `planner_lock`: Complementary tasks cannot be completed before their region's Must-Do.
    public var plannerLock: Bool { json["planner_lock"]?.boolValue ?? false }

    /// `planner_review_time` (`HH:MM`, default 18:00): when the end-of-day review reminds the
    /// user of planned tasks still open, as (hour, minute). A value that is not a time of day
    /// falls back to the default.
    public var plannerReviewTime: (hour: Int, minute: Int) {
        guard let text = json["planner_review_time"]?.stringValue else { return (18, 0) }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ $0.count == 2 }),
              let hour = Int(parts[0]), let minute = Int(parts[1]),
              (0..<24).contains(hour), (0..<60).contains(minute) else { return (18, 0) }
        return (hour, minute)
    }
}
