import Foundation

/// Timers (§27): one running timer per vault, kept in the task file itself (an entry of
/// `time_entries` whose `end` is null), so a crash or a restart finds it where it was.
extension Vault {
    /// A running timer: its task and its open entry.
    public struct RunningTimer: Sendable, Equatable {
        /// The task being timed, as read from its file.
        public let task: TodoTask
        /// The open entry (`end` null).
        public let entry: TimeEntry

        /// Whole minutes the timer has run at `now`.
        public func elapsedMinutes(at now: Date) -> Int { Int(entry.seconds(now: now) / 60) }

        /// TIMER: `{"task": TASK, "start": "…Z", "note": TEXT|null, "elapsed_minutes": N}`.
        public func json(now: Date) -> String {
            "{\"task\":" + TaskJSON.encode(task) + ",\"start\":\"" + DateTimeFormat.string(entry.start) + "\",\"note\":"
                + (entry.note.map { JSONValue.string($0).compact() } ?? "null") + ",\"elapsed_minutes\":\(elapsedMinutes(at: now))}"
        }
    }

    /// What starting a timer did.
    public struct TimerStart: Sendable {
        /// The timer now running.
        public let running: RunningTimer
        /// The tasks whose running timers were stopped first (one timer per vault), as written.
        public let stopped: [TodoTask]
    }

    /// The running timer; nil when none runs. When several tasks hold an open entry (edited by
    /// hand or by another tool), the one started last.
    ///
    /// Found through the index (tasks whose `time_entries` hold an open entry), each read again
    /// from its file.
    public func runningTimer() throws -> RunningTimer? {
        try runningTimers().max { $0.entry.start < $1.entry.start }
    }

    /// Starts a timer on the task `id` (§27): a new entry `{start: now, end: null, note}` is
    /// appended to its `time_entries`. A timer running on any task is stopped first, at the
    /// same instant; starting the task that is already running changes nothing.
    ///
    /// - Parameter note: what the time is for (the entry's `note`); empty means none.
    /// - Throws: ``TodoError/conflict(path:)`` when a file changed underneath.
    @discardableResult
    public func startTimer(_ id: String, note: String? = nil) throws -> TimerStart {
        let now = Date(timeIntervalSince1970: floor(clock.now.timeIntervalSince1970))
        let running = try runningTimers()
        if running.count == 1, let only = running.first, only.task.id == id {
            return TimerStart(running: only, stopped: [])
        }
        var stopped: [TodoTask] = []
        for timer in running { stopped.append(try closeEntries(of: timer.task.id, at: now)) }
        let (task, _) = try read(id)
        let entry = TimeEntry(start: now, end: nil, note: note.flatMap { $0.isEmpty ? nil : $0 })
        let written = try update(id, TaskChanges([.timeEntries: .list(task.timeEntries + [entry.written])]))
        return TimerStart(running: RunningTimer(task: written, entry: written.runningTimeEntry ?? entry),
                          stopped: stopped.filter { $0.id != id })
    }

    /// Stops the running timer (every open entry, should there be several): each gets `end`
    /// now. Returns the tasks as written, the timer just stopped last; empty when none ran.
    @discardableResult
    public func stopTimer() throws -> [TodoTask] {
        let now = Date(timeIntervalSince1970: floor(clock.now.timeIntervalSince1970))
        return try runningTimers().sorted { $0.entry.start < $1.entry.start }.map { try closeEntries(of: $0.task.id, at: now) }
    }

    /// Records a finished stretch of work on the task `id` (a Pomodoro work period, §27): the
    /// entry is appended to its `time_entries`; no running timer is touched.
    ///
    /// - Throws: ``TodoError/invalidValue(field:value:reason:)`` for an entry without an end, or
    ///   one that ends before it starts.
    @discardableResult
    public func addTimeEntry(_ id: String, _ entry: TimeEntry) throws -> TodoTask {
        guard let end = entry.end else {
            throw TodoError.invalidValue(field: "end", value: "null", reason: "a finished entry's end (start a timer instead)")
        }
        guard end >= entry.start else {
            throw TodoError.invalidValue(field: "end", value: DateTimeFormat.string(end),
                                         reason: "a time not before the start (\(DateTimeFormat.string(entry.start)))")
        }
        let (task, _) = try read(id)
        return try update(id, TaskChanges([.timeEntries: .list(task.timeEntries + [entry.written])]))
    }

    // MARK: - Helpers

    /// Every task with an open entry, read from its file.
    private func runningTimers() throws -> [RunningTimer] {
        // The canonical form of an open entry holds `end: null`; the file decides.
        let candidates = try index.rows(matching: SQLFragment("instr(\"time_entries\", 'end: null') > 0"))
        return try candidates.compactMap { row in
            let (task, _) = try read(row.id)
            return task.runningTimeEntry.map { RunningTimer(task: task, entry: $0) }
        }
    }

    /// Gives every open entry of task `id` the end `now` (not before its start).
    private func closeEntries(of id: String, at now: Date) throws -> TodoTask {
        let (task, _) = try read(id)
        return try update(id, TaskChanges([.timeEntries: .list(Vault.closingTimers(of: task, at: now) ?? task.timeEntries)]))
    }

    /// `task`'s `time_entries` with every open entry ended at `now` (not before its start); nil
    /// when no timer runs on it. Completing or cancelling a task stops its timer with this.
    static func closingTimers(of task: TodoTask, at now: Date) -> [String]? {
        guard task.runningTimeEntry != nil else { return nil }
        return task.timeEntries.map { item -> String in
            guard var entry = TimeEntry(item), entry.isRunning else { return item }
            entry.end = max(now, entry.start)
            return entry.written
        }
    }
}
