import Foundation

/// What one rollover (§14) did: the tasks it moved from past days to the backlog.
public struct Rollover: Sendable, Equatable {
    /// The ids of the tasks moved to the backlog, oldest plan first.
    public let moved: [String]
    /// Tasks that should have moved but could not be written (id, reason); they are tried
    /// again by the next rollover.
    public let skipped: [Skipped]

    /// A task the rollover could not write.
    public struct Skipped: Sendable, Equatable {
        public let id: String
        public let reason: String
    }
}

extension Vault {
    // MARK: - Rollover

    /// Moves every planned task of a past day that is not done or cancelled to the backlog (§14):
    /// `region: backlog`, `bucket: none`, `plan_date` removed, `carry_count` + 1 and
    /// `backlog_since` set to the `plan_date` removed (§22).
    ///
    /// "Past" is any `plan_date` before ``TodoClock/today``, so missed days are caught up in one
    /// run, and a task counts one carry per rollover that moves it, however many days it missed.
    /// Done tasks keep their plan as history. Running it again changes nothing (idempotent):
    /// the tasks it moved no longer have a `plan_date`. Every planner operation runs it first.
    ///
    /// - Returns: what moved, and what could not be written (left for the next run).
    @discardableResult
    public func rollover() throws -> Rollover {
        let today = clock.today
        let due = try index.openTasksPlanned(before: today)
        var moved: [String] = []
        var skipped: [Rollover.Skipped] = []
        for id in due {
            do {
                let (task, _) = try read(id)
                // The index may lag behind the file; decide on what the file says now.
                guard let planDate = task.planDate, planDate < today,
                      task.status != .done, task.status != .cancelled else { continue }
                var changes = TaskChanges()
                changes.set(.region, .string(PlanRegion.backlog.rawValue))
                changes.set(.bucket, .string(PlanBucket.none.rawValue))
                changes.clear(.planDate)
                changes.set(.carryCount, .int((task.carryCount ?? 0) + 1))
                changes.set(.backlogSince, .date(planDate))
                try update(id, changes)
                moved.append(id)
            } catch let error as TodoError {
                skipped.append(Rollover.Skipped(id: id, reason: error.localizedDescription))
            }
        }
        return Rollover(moved: moved, skipped: skipped)
    }
}
