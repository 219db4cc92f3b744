import Foundation

/// One task to put on the day board: which region and bucket.
public struct PlanAssignment: Sendable, Equatable {
    /// The task's id (already resolved).
    public let id: String
    public let region: PlanRegion
    public let bucket: PlanBucket

    public init(id: String, region: PlanRegion, bucket: PlanBucket) {
        self.id = id
        self.region = region
        self.bucket = bucket
    }
}

extension Vault {
    // MARK: - Planning

    /// Plans tasks on `date` (§14): sets each one's `plan_date`, `region` and `bucket`, and
    /// removes `backlog_since` (the task left the backlog).
    ///
    /// Every assignment is checked against the 1–3–5 limits first, counting the day's other
    /// planned tasks (cancelled ones excepted) and the assignments before it, so a refused
    /// batch changes nothing. A task already in its slot is left as it is.
    ///
    /// - Returns: the tasks as written, in the order given.
    /// - Throws: ``TodoError/regionFull(_:)`` with the §14 message (`Morning region full
    ///   (1 Must-Do, 3 Complementary, 5 Misc)`) when a bucket would overflow;
    ///   ``TodoError/invalidValue(field:value:reason:)`` for the backlog region or the `none`
    ///   bucket, which are not part of a day.
    @discardableResult
    public func plan(_ assignments: [PlanAssignment], on date: LocalDate) throws -> [TodoTask] {
        for a in assignments {
            guard PlanLimits.dayRegions.contains(a.region) else {
                throw TodoError.invalidValue(field: "region", value: a.region.rawValue,
                                             reason: "one of morning, afternoon, evening")
            }
            guard PlanLimits.dayBuckets.contains(a.bucket) else {
                throw TodoError.invalidValue(field: "bucket", value: a.bucket.rawValue,
                                             reason: "one of must, complementary, misc")
            }
        }
        // Where each of the day's tasks sits now, then with the batch applied one by one.
        var slots: [String: (PlanRegion, PlanBucket)] = [:]
        for row in try plannedRows(on: date) where row.status != .cancelled {
            if let region = row.region, let bucket = row.bucket { slots[row.id] = (region, bucket) }
        }
        for a in assignments {
            if let current = slots[a.id], current == (a.region, a.bucket) { continue }
            slots[a.id] = (a.region, a.bucket)
            let used = slots.values.filter { $0 == (a.region, a.bucket) }.count
            if let limit = PlanLimits.limit(of: a.bucket), used > limit {
                throw TodoError.regionFull(a.region)
            }
        }
        return try assignments.map { a in
            let (task, _) = try read(a.id)
            if task.planDate == date, task.region == a.region, task.bucket == a.bucket { return task }
            var changes = TaskChanges()
            changes.set(.planDate, .date(date))
            changes.set(.region, .string(a.region.rawValue))
            changes.set(.bucket, .string(a.bucket.rawValue))
            if task.backlogSince != nil { changes.clear(.backlogSince) }
            return try update(a.id, changes)
        }
    }

    /// Plans one task on `date`; see ``plan(_:on:)``.
    @discardableResult
    public func plan(_ id: String, on date: LocalDate, region: PlanRegion, bucket: PlanBucket) throws -> TodoTask {
        let tasks = try plan([PlanAssignment(id: id, region: region, bucket: bucket)], on: date)
        guard let task = tasks.first else { throw TodoError.taskNotFound(id) }
        return task
    }

    // MARK: - The board

    /// The day board of `date` (§14): the tasks planned that day per region and bucket
    /// (cancelled ones left out), the backlog count and done/total. A read: it writes nothing.
    /// The day's rollover runs at the entry points (``rolloverIfDayChanged()``), so a past day
    /// shows what was done that day.
    ///
    /// Within a bucket, tasks follow the bucket's manual order (`plan:DATE:REGION:BUCKET` in
    /// `.order.json`, see ``reorderPlanned(_:before:)``), then the rest oldest first.
    public func board(on date: LocalDate) throws -> DayBoard {
        let rows = try plannedRows(on: date).filter { $0.status != .cancelled }
        let order = orderFile().value
        let regions = PlanLimits.dayRegions.map { region in
            var buckets: [PlanBucket: [TaskRow]] = [:]
            for bucket in PlanLimits.dayBuckets {
                let tasks = rows.filter { $0.region == region && $0.bucket == bucket }
                let key = Self.orderKey(date: date, region: region, bucket: bucket)
                buckets[bucket] = Self.manuallyOrdered(tasks, by: order.order(for: key))
            }
            return DayBoard.Region(region: region, buckets: buckets)
        }
        let backlog = try index.activeCount(in: .backlog)
        return DayBoard(date: date, regions: regions, backlog: backlog)
    }

    /// `rows` with the ids of `entries` first, in that order; the others after, as they were.
    static func manuallyOrdered(_ rows: [TaskRow], by entries: [String]) -> [TaskRow] {
        guard !entries.isEmpty else { return rows }
        var rank: [String: Int] = [:]
        for (i, entry) in entries.enumerated() where rank[entry] == nil { rank[entry] = i }
        let indexed = rows.enumerated().map { (rank[$0.element.id] ?? rank[$0.element.filename] ?? Int.max, $0.offset, $0.element) }
        return indexed.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.map(\.2)
    }

    /// The `.order.json` key of one bucket of a day: `plan:2026-11-21:morning:must`.
    public static func orderKey(date: LocalDate, region: PlanRegion, bucket: PlanBucket) -> String {
        "plan:\(date):\(region.rawValue):\(bucket.rawValue)"
    }

    /// Tasks whose `plan_date` is `date` in a day region, oldest first.
    func plannedRows(on date: LocalDate) throws -> [TaskRow] {
        try index.plannedRows(on: date, regions: PlanLimits.dayRegions)
    }
}
