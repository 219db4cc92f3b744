/// One day of the planner (§14): each region's tasks per bucket, the backlog count and the
/// day's progress.
public struct DayBoard: Sendable {
    /// One region of the day: its tasks in the Must-Do, Complementary and Misc buckets.
    public struct Region: Sendable {
        public let region: PlanRegion
        /// Bucket → its tasks (oldest first); every day bucket is present, possibly empty.
        public let buckets: [PlanBucket: [TaskRow]]

        /// The tasks of `bucket`.
        public func tasks(in bucket: PlanBucket) -> [TaskRow] { buckets[bucket] ?? [] }
        /// Every task of the region, Must-Do first.
        public var tasks: [TaskRow] { PlanLimits.dayBuckets.flatMap { tasks(in: $0) } }
        /// How many of the region's tasks are done.
        public var done: Int { tasks.filter { $0.status == .done }.count }
        /// How many tasks the region holds.
        public var total: Int { tasks.count }
        /// The region's Must-Do, if one is planned.
        public var mustDo: TaskRow? { tasks(in: .must).first }
    }

    /// The planned day.
    public let date: LocalDate
    /// Morning, afternoon and evening, in that order.
    public let regions: [Region]
    /// Active tasks waiting in the backlog.
    public let backlog: Int

    /// Every task planned for the day.
    public var tasks: [TaskRow] { regions.flatMap(\.tasks) }
    /// How many of the day's tasks are done.
    public var done: Int { regions.reduce(0) { $0 + $1.done } }
    /// How many tasks are planned for the day.
    public var total: Int { regions.reduce(0) { $0 + $1.total } }
    /// The day's tasks still to do (todo or in-progress), for the end-of-day review.
    public var open: [TaskRow] { tasks.filter(\.isActive) }

    /// The end-of-day review as JSON: `{"date", "open", "done", "total", "review_time",
    /// "tasks": [TASK…]}` with the day's open tasks.
    public func reviewJSON(reviewTime: TimeOfDay) -> String {
        "{\"date\":\"\(date)\",\"open\":\(open.count),\"done\":\(done),\"total\":\(total)"
            + ",\"review_time\":\"\(reviewTime)\",\"tasks\":[" + open.map(\.json).joined(separator: ",") + "]}"
    }

    /// The board as JSON:
    /// `{"date", "regions": [{"region", "name", "must": [TASK…], "complementary": […], "misc": […],
    /// "counts": {bucket: n}, "limits": {bucket: n}, "done", "total"}…], "backlog", "done", "total"}`.
    public var json: String {
        var o = "{\"date\":\"\(date)\",\"regions\":["
        for (i, region) in regions.enumerated() {
            if i > 0 { o += "," }
            o += "{\"region\":\"\(region.region.rawValue)\",\"name\":"
            JSONValue.quote(region.region.displayName, into: &o)
            for bucket in PlanLimits.dayBuckets {
                o += ",\"\(bucket.rawValue)\":[" + region.tasks(in: bucket).map(\.json).joined(separator: ",") + "]"
            }
            let counts = PlanLimits.dayBuckets.map { "\"\($0.rawValue)\":\(region.tasks(in: $0).count)" }
            let limits = PlanLimits.dayBuckets.map { "\"\($0.rawValue)\":\(PlanLimits.limit(of: $0) ?? 0)" }
            o += ",\"counts\":{" + counts.joined(separator: ",") + "}"
            o += ",\"limits\":{" + limits.joined(separator: ",") + "}"
            o += ",\"done\":\(region.done),\"total\":\(region.tasks.count)}"
        }
        o += "],\"backlog\":\(backlog),\"done\":\(done),\"total\":\(tasks.count)}"
        return o
    }
}
