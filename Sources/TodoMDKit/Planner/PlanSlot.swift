import Foundation

/// A place on the day planner as a user names it (§14, §22): a day region, a bucket and a day,
/// each optional (the caller's defaults fill what is left out). Every front end reads region,
/// bucket and date words through here, so they are checked the same way everywhere.
public struct PlanSlot: Sendable, Equatable {
    /// `morning`, `afternoon` or `evening` (the backlog is not a slot).
    public var region: PlanRegion?
    /// `must`, `complementary` or `misc`.
    public var bucket: PlanBucket?
    /// The day.
    public var date: LocalDate?

    public init(region: PlanRegion? = nil, bucket: PlanBucket? = nil, date: LocalDate? = nil) {
        self.region = region
        self.bucket = bucket
        self.date = date
    }

    /// A slot from the words a user typed: names in any case, the date as `YYYY-MM-DD` or a §12
    /// phrase. Empty words count as left out.
    ///
    /// - Throws: ``TodoError/invalidValue(field:value:reason:)`` naming the word that is not one.
    public init(region: String?, bucket: String?, date: String?, today: LocalDate) throws {
        func given(_ text: String?) -> String? {
            guard let t = text?.trimmingCharacters(in: .whitespaces), !t.isEmpty else { return nil }
            return t
        }
        if let text = given(region) {
            guard let value = PlanRegion(rawValue: text.lowercased()), PlanLimits.dayRegions.contains(value) else {
                throw TodoError.invalidValue(field: "region", value: text, reason: "morning, afternoon or evening")
            }
            self.region = value
        }
        if let text = given(bucket) {
            guard let value = PlanBucket(rawValue: text.lowercased()), PlanLimits.dayBuckets.contains(value) else {
                throw TodoError.invalidValue(field: "bucket", value: text, reason: "must, complementary or misc")
            }
            self.bucket = value
        }
        if let text = given(date) {
            self.date = try DateInput.require(text, field: "date", today: today)
        }
    }
}
