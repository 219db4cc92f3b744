import Foundation

extension Vault {
    // MARK: - Moving, removing, reordering

    /// Moves a planned (or backlog) task to another slot (§14, §22), checked against the
    /// 1–3–5 limits like ``plan(_:on:)``.
    ///
    /// - Parameters:
    ///   - region: the new region; nil keeps the task's day region (else the one of the time of day).
    ///   - bucket: the new bucket; nil keeps the task's day bucket (else `misc`).
    ///   - date: the day; nil keeps the task's `plan_date` (else today).
    /// - Throws: ``TodoError/regionFull(_:)`` with the §14 message when the bucket is full.
    @discardableResult
    public func replan(_ id: String, region: PlanRegion? = nil, bucket: PlanBucket? = nil,
                       on date: LocalDate? = nil) throws -> TodoTask {
        let (task, _) = try read(id)
        let currentRegion = task.region.flatMap { PlanLimits.dayRegions.contains($0) ? $0 : nil }
        let currentBucket = task.bucket.flatMap { PlanLimits.dayBuckets.contains($0) ? $0 : nil }
        let day = date ?? task.planDate.flatMap { $0 >= clock.today ? $0 : nil } ?? clock.today
        return try plan(id, on: day, region: region ?? currentRegion ?? .current(at: clock),
                        bucket: bucket ?? currentBucket ?? .misc)
    }

    /// Creates a task straight into a bucket of a day (quick add on the board): the limits are
    /// checked first, so a full bucket refuses the task before any file is written.
    ///
    /// - Throws: ``TodoError/regionFull(_:)`` with the §14 message when the bucket is full;
    ///   ``TodoError/invalidValue(field:value:reason:)`` for the backlog region or `none` bucket.
    @discardableResult
    public func addPlanned(_ draft: TodoTask, on date: LocalDate, region: PlanRegion,
                           bucket: PlanBucket) throws -> TodoTask {
        guard PlanLimits.dayRegions.contains(region) else {
            throw TodoError.invalidValue(field: "region", value: region.rawValue,
                                         reason: "one of morning, afternoon, evening")
        }
        guard PlanLimits.dayBuckets.contains(bucket), let limit = PlanLimits.limit(of: bucket) else {
            throw TodoError.invalidValue(field: "bucket", value: bucket.rawValue,
                                         reason: "one of must, complementary, misc")
        }
        let used = try plannedRows(on: date).filter {
            $0.status != .cancelled && $0.region == region && $0.bucket == bucket
        }.count
        guard used < limit else { throw TodoError.regionFull(region) }
        var task = draft
        task.planDate = date
        task.region = region
        task.bucket = bucket
        task.backlogSince = nil
        return try add(task)
    }

    /// Takes a task off its day and puts it in the backlog (`plan remove`, §22):
    /// `region: backlog`, `bucket: none`, `plan_date` removed, `carry_count` kept,
    /// `backlog_since` today. A task already in the backlog is left as it is.
    @discardableResult
    public func removeFromPlan(_ id: String) throws -> TodoTask {
        let (task, _) = try read(id)
        if task.region == .backlog, task.bucket == PlanBucket.none, task.planDate == nil, task.backlogSince != nil {
            return task
        }
        var changes = TaskChanges()
        changes.set(.region, .string(PlanRegion.backlog.rawValue))
        changes.set(.bucket, .string(PlanBucket.none.rawValue))
        if task.planDate != nil { changes.clear(.planDate) }
        changes.set(.backlogSince, .date(clock.today))
        return try update(id, changes)
    }

    /// Moves a planned task within its bucket's manual order: before `before` (a task of the
    /// same bucket and day), or to the end. The order is saved in `.order.json` under
    /// `plan:DATE:REGION:BUCKET` (§9); entries of other tasks are kept after the bucket's tasks.
    ///
    /// - Throws: ``TodoError/notPlanned(_:)`` when the task is not planned, or
    ///   ``TodoError/notInBucket(_:region:bucket:date:)`` when `before` is not in the same bucket.
    public func reorderPlanned(_ id: String, before: String?) throws {
        let (task, _) = try read(id)
        guard let date = task.planDate, let region = task.region, let bucket = task.bucket,
              PlanLimits.dayRegions.contains(region), PlanLimits.dayBuckets.contains(bucket) else {
            throw TodoError.notPlanned(id)
        }
        let board = try self.board(on: date)
        guard let slot = board.regions.first(where: { $0.region == region }) else { return }
        let rows = slot.tasks(in: bucket)
        var ids = rows.map(\.id)
        let key = Self.orderKey(date: date, region: region, bucket: bucket)
        if let before, !ids.contains(before) {
            throw TodoError.notInBucket(before, region: region, bucket: bucket, date: date)
        }
        ids.removeAll { $0 == id }
        if let before, let at = ids.firstIndex(of: before) { ids.insert(id, at: at) } else { ids.append(id) }
        let filenames = Set(rows.map(\.filename))
        try sideFile(OrderFile.self).update { file in
            let kept = file.order(for: key).filter { !ids.contains($0) && ($0.contains("/") || !filenames.contains($0)) }
            file.setOrder(ids + kept, for: key)
        }
    }

    // MARK: - Backlog

    /// The backlog (§14, §22): active tasks with `region: backlog`, grouped by how long they
    /// have waited — `Today`, `Yesterday`, `This Week` (2–6 days), `Older` — counted from
    /// `backlog_since`, else from the local date of `created`. Empty groups are left out; within
    /// a group, the longest waiting first. A read: it writes nothing (the day's rollover runs at
    /// the entry points, ``rolloverIfDayChanged()``).
    ///
    /// - Returns: a listing with view id `backlog`.
    public func backlog() throws -> Listing {
        let today = clock.today
        let zone = clock.timeZone
        let entries = try index.activeRows(in: .backlog).map { row -> (TaskRow, Int) in
            let since = row.backlogSince ?? LocalDate(row.created, in: zone)
            return (row, since.days(until: today))
        }
        let sorted = entries.enumerated().sorted { ($1.element.1, $0.offset) < ($0.element.1, $1.offset) }.map(\.element)
        let groups = BacklogAge.allCases.compactMap { age -> TaskGroup? in
            let tasks = sorted.filter { BacklogAge(days: $0.1) == age }.map(\.0)
            return tasks.isEmpty ? nil : TaskGroup(name: age.name, tasks: tasks)
        }
        return Listing(view: "backlog", name: "Backlog", groups: groups)
    }

    // MARK: - The lock

    /// Checks the optional planner lock (§14, setting `planner_lock`) before completing `id`:
    /// a Complementary task cannot be completed while its region's Must-Do of the same day is
    /// still open. Does nothing when the lock is off or the task is not Complementary.
    ///
    /// - Throws: ``TodoError/mustDoFirst(region:mustDo:)`` naming the Must-Do to finish first.
    public func checkPlannerLock(completing id: String) throws {
        guard try settings().plannerLock else { return }
        let (task, _) = try read(id)
        guard task.bucket == .complementary, let region = task.region, let date = task.planDate,
              PlanLimits.dayRegions.contains(region), task.status.isActive else { return }
        let open = try plannedRows(on: date).filter {
            $0.region == region && $0.bucket == .must && $0.isActive
        }
        guard let must = open.first else { return }
        throw TodoError.mustDoFirst(region: region, mustDo: must.title)
    }
}
