import Foundation

/// Conflict copies, reminders and the calendar feed (§17) on a vault.
extension Vault {
    // MARK: - Dated tasks

    /// Active tasks with a due, defer or scheduled date, from the index, by id.
    public func datedTasks() throws -> [TodoTask] {
        var compiler = RuleCompiler(today: clock.today, timeZone: clock.timeZone)
        let rules = RuleNode.all(.when("status", "in", ["todo", "in-progress"]),
                                 .any(.when("due", "is_not_nil"), .when("defer", "is_not_nil"),
                                      .when("scheduled", "is_not_nil")))
        return try index.rows(matching: compiler.predicate(rules), timeZone: clock.timeZone).map(\.task).sorted { $0.id < $1.id }
    }

    /// Active tasks that may remind (§17, §24): with a due, defer or scheduled date, a
    /// `reminders` list or a snooze, by id.
    public func remindableTasks() throws -> [TodoTask] {
        var compiler = RuleCompiler(today: clock.today, timeZone: clock.timeZone)
        let active = RuleNode.all(.when("status", "in", ["todo", "in-progress"]))
        return try index.rows(matching: compiler.predicate(active), timeZone: clock.timeZone).map(\.task)
            .filter { $0.due != nil || $0.deferDate != nil || $0.scheduled != nil || !$0.reminders.isEmpty || $0.snoozedUntil != nil }
            .sorted { $0.id < $1.id }
    }

    // MARK: - Calendar

    /// One task as a calendar with one event and its alarm (seed 003 "Add to Calendar", §25).
    ///
    /// - Throws: ``TodoError/invalidValue(field:value:reason:)`` when the task has no date or is closed.
    public func calendarEvent(for id: String) throws -> String {
        let task = try self.task(id)
        guard ICalendar.includes(task) else {
            throw TodoError.invalidValue(field: "task", value: task.title,
                                         reason: "only an open task with a scheduled or due date goes into a calendar")
        }
        return ICalendar.document([task], notifyTime: try settings().notifyTime, timeZone: clock.timeZone, stamp: clock.now)
    }

    /// The iCalendar feed of dated active tasks (§22 "ICS"), alarms at the `notify_time` setting,
    /// stamped with the clock's now. Tasks are in order of date, then id.
    public func calendar(_ component: ICalendar.Component = .event) throws -> String {
        let tasks = try datedTasks().filter(ICalendar.includes).sorted { a, b in
            let da = a.scheduledAt ?? a.dueAt ?? TaskDate(LocalDate(dayNumber: 0)), db = b.scheduledAt ?? b.dueAt ?? TaskDate(LocalDate(dayNumber: 0))
            return da != db ? da < db : a.id < b.id
        }
        return ICalendar.document(tasks, component: component, notifyTime: try settings().notifyTime,
                                  timeZone: clock.timeZone, stamp: clock.now)
    }

    // MARK: - Reminders

    /// What has been delivered (`.todomd/reminders.json`).
    ///
    /// - Throws: ``TodoError/unreadableSideFile(path:reason:)`` when the file cannot be read
    ///   (it is never replaced then: every reminder would come again).
    public func reminderState() throws -> SideFileSnapshot<Reminders.State> {
        try sideFile(Reminders.State.self).load()
    }

    /// The reminders due at `now` (default: the clock's now) and not yet delivered.
    public func pendingReminders(now: Date? = nil) throws -> [Reminders.Reminder] {
        let instant = now ?? clock.now
        let state = try reminderState().value
        let settings = try settings()
        var pending = Reminders.due(try remindableTasks(), now: instant, timeZone: clock.timeZone,
                                    notifyTime: settings.notifyTime, state: state, nagging: settings.nagPolicy)
        if let review = try reviewReminder(now: instant, state: state) { pending.append(review) }
        return pending
    }

    /// Delivers the reminders due at `now` through `notify` and records each one delivered, so it
    /// never comes again; forgets records older than ``Reminders/keepDays``.
    ///
    /// The state file is written atomically once, after delivering; a reminder whose `notify`
    /// throws is not recorded (it is tried again next time) and the error is rethrown after the
    /// others are saved.
    /// - Returns: the reminders delivered.
    @discardableResult
    public func deliverReminders(now: Date? = nil,
                                 notify: (Reminders.Reminder) throws -> Void) throws -> [Reminders.Reminder] {
        let instant = now ?? clock.now
        let snapshot = try reminderState()
        let state = snapshot.value
        let settings = try settings()
        var pending = Reminders.due(try remindableTasks(), now: instant, timeZone: clock.timeZone,
                                    notifyTime: settings.notifyTime, state: state, nagging: settings.nagPolicy)
        if let review = try reviewReminder(now: instant, state: state) { pending.append(review) }
        var delivered: [Reminders.Reminder] = []
        var failure: Error?
        for reminder in pending {
            do {
                try notify(reminder)
                delivered.append(reminder)
            } catch {
                failure = failure ?? error
            }
        }
        var updated = state
        updated.record(delivered, at: instant)
        updated.prune(today: LocalDate(instant, in: clock.timeZone), timeZone: clock.timeZone)
        if updated != state || snapshot.stamp == nil {
            try sideFile(Reminders.State.self).save(updated, over: snapshot)
        }
        if let failure { throw failure }
        return delivered
    }

    // MARK: - Conflict copies

    /// Conflict copies made by sync tools beside their originals, anywhere in the vault.
    public func conflictCopies() -> [ConflictCopy] {
        ConflictCopy.find(in: folder.scan().map(\.id))
    }

    /// A conflict copy with what differs from its original.
    public struct ConflictReport: Sendable {
        public let copy: ConflictCopy
        /// The original's title (or file name when it is not a task).
        public let title: String
        public let differences: [FieldDifference]
    }

    /// Every conflict copy with its field-by-field differences from the original.
    public func conflicts() throws -> [ConflictReport] {
        try conflictCopies().map(conflictReport)
    }

    /// One copy's differences from its original.
    public func conflictReport(_ copy: ConflictCopy) throws -> ConflictReport {
        let mine = readForConflict(copy.original)
        let theirs = readForConflict(copy.copy)
        switch (mine, theirs) {
        case let (.success(a), .success(b)):
            return ConflictReport(copy: copy, title: a.title, differences: ConflictCopy.differences(mine: a, theirs: b))
        default:
            func describe(_ r: Result<TodoTask, TodoError>) -> JSONValue {
                switch r {
                case .success: return .string("a task")
                case let .failure(e): return .string(e.localizedDescription)
                }
            }
            let title = (try? mine.get().title) ?? copy.original
            return ConflictReport(copy: copy, title: title,
                                  differences: [FieldDifference(field: "file", mine: describe(mine), theirs: describe(theirs))])
        }
    }

    private func readForConflict(_ id: String) -> Result<TodoTask, TodoError> {
        do {
            return .success(try read(id).0)
        } catch let error as TodoError {
            return .failure(error)
        } catch {
            return .failure(TodoError.io(path: id, reason: error.localizedDescription))
        }
    }

    /// The conflict copy a reference names: the copy's or the original's id, file name, file
    /// name without `.md`, a unique file-name prefix, or a unique part of the original's title.
    ///
    /// - Throws: ``TodoError/taskNotFound(_:)`` or ``TodoError/ambiguousReference(_:candidates:)``
    ///   listing the copies.
    public func conflictCopy(_ reference: String) throws -> ConflictCopy {
        let ref = reference.trimmingCharacters(in: .whitespaces)
        let copies = conflictCopies()
        guard !ref.isEmpty else { throw TodoError.taskNotFound(reference) }
        func name(_ id: String) -> String { id.split(separator: "/").last.map(String.init) ?? id }
        let steps: [(ConflictCopy) -> Bool] = [
            { $0.copy == ref || name($0.copy) == ref || name($0.copy) == ref + ".md" },
            { $0.original == ref || name($0.original) == ref || name($0.original) == ref + ".md" },
            { name($0.copy).hasPrefix(ref) || name($0.original).hasPrefix(ref) },
            { copy in
                let title = (try? self.read(copy.original).0.title) ?? ""
                return TextFolding.fold(title).contains(TextFolding.fold(ref))
            },
        ]
        for step in steps {
            let found = copies.filter(step)
            if found.count == 1 { return found[0] }
            if found.count > 1 { throw TodoError.ambiguousReference(reference, candidates: found.map(\.copy)) }
        }
        throw TodoError.conflictCopyNotFound(reference)
    }

    /// What resolving a conflict copy did.
    public struct ConflictOutcome: Sendable, Equatable {
        public let resolution: ConflictResolution
        /// The task files left (the original, and the renamed copy for `both`).
        public let kept: [String]
        /// Where the copy went in `.trash/`, for `mine` and `theirs`.
        public let trashedTo: String?
    }

    /// Settles a conflict copy: keep the original (`mine`), take the copy's content (`theirs`),
    /// or keep both as separate tasks (`both`).
    ///
    /// `theirs` replaces the original atomically and refuses if it changed since it was read;
    /// the copy moves to `.trash/` (restorable) only after that. `both` renames the copy to a new
    /// task file name (§4) in its folder.
    /// - Throws: ``TodoError/conflict(path:)`` when a file changed underneath; nothing is lost.
    @discardableResult
    public func resolveConflict(_ copy: ConflictCopy, keep resolution: ConflictResolution) throws -> ConflictOutcome {
        guard folder.exists(copy.copy), folder.exists(copy.original) else {
            throw TodoError.conflictCopyGone(copy: copy.copy, original: copy.original)
        }
        switch resolution {
        case .mine:
            let trashed = try trash(copy.copy)
            return ConflictOutcome(resolution: .mine, kept: [copy.original], trashedTo: trashed)
        case .theirs:
            let theirs = try folder.read(copy.copy)
            guard case .task = decode(theirs, id: copy.original) else {
                throw TodoError.unparseable(path: copy.copy, reason: "it is not a task file; keep mine or fix it first")
            }
            let mine = try folder.read(copy.original)
            // The copy's way to `.trash/` is checked first: a link there refuses before anything
            // is written (§2).
            let copyName = copy.copy.split(separator: "/").last.map(String.init) ?? copy.copy
            try folder.refuseLinks(in: ".trash/" + copyName)
            try folder.write(theirs.bytes, to: copy.original, expected: mine.stamp)
            try index.refresh([copy.original], in: folder, timeZone: clock.timeZone)
            let trashed = try trash(copy.copy)
            return ConflictOutcome(resolution: .theirs, kept: [copy.original], trashedTo: trashed)
        case .both:
            let task = try read(copy.copy).0
            let slash = copy.copy.lastIndex(of: "/")
            let folderPrefix = slash.map { String(copy.copy[...$0]) } ?? ""
            let name = try Slug.filename(title: task.title, created: task.created) { try isFilenameTaken($0) }
            let destination = folderPrefix + name
            try folder.move(copy.copy, to: destination)
            try index.refresh([copy.copy, destination], in: folder, timeZone: clock.timeZone)
            return ConflictOutcome(resolution: .both, kept: [copy.original, destination], trashedTo: nil)
        }
    }

    private func decode(_ snapshot: FileSnapshot, id: String) -> TaskDecoding {
        let modified = Date(timeIntervalSince1970: TimeInterval(snapshot.stamp.mtime) / 1e9)
        return TaskFileCodec.decode(snapshot.bytes, id: id, fileModified: modified, timeZone: clock.timeZone,
                                    fieldMap: folder.fieldMap)
    }

    /// Moves any file (task or not) to `.trash/`; returns where it went.
    private func trash(_ id: String) throws -> String {
        let destination = try freeName(in: ".trash", for: id.split(separator: "/").last.map(String.init) ?? id)
        try folder.move(id, to: destination)
        try index.refresh([id], in: folder, timeZone: clock.timeZone)
        return destination
    }
}
