/// The planner's settings in `.todomd/config.json` (§14).
extension VaultSettings {
    /// `planner_lock`: Complementary tasks cannot be completed before their region's Must-Do.
    public var plannerLock: Bool { json["planner_lock"]?.boolValue ?? false }

    /// `planner_review_time` (`HH:MM`, default 18:00): when the end-of-day review reminds the
    /// user of planned tasks still open. A value that is not a time of day falls back to the
    /// default.
    public var plannerReviewTime: TimeOfDay {
        json["planner_review_time"]?.stringValue.flatMap(TimeOfDay.init) ?? .eighteen
    }
}
