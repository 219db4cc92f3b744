import Foundation

extension Vault {
    // MARK: - Reading a board

    /// How many days back a status board's Done column reaches: the board shows the recent
    /// finish line, not the whole logbook.
    public static let boardDoneDays = 7

    /// The board of a view or perspective (§25): its tasks in one column per value of `key`, in
    /// the view's order, every value's column present even when empty.
    ///
    /// Columns: `status` To Do, In Progress, Done (Someday and Cancelled only when a task is
    /// there); `priority` High → None; `region` Morning, Afternoon, Evening, Backlog, None;
    /// `project`, `area` and `tag` every open one the vault knows (projects and areas in the
    /// saved order) and those of the listed tasks, then None. A task with several tags is in each
    /// of its tags' columns.
    ///
    /// By status, the Done column holds the tasks completed in the last ``boardDoneDays`` days
    /// that the view lists, or would list if they were still open (a project's, Today's), so a
    /// card dropped into Done stays on the board.
    ///
    /// - Throws: ``TodoError/unknownView(_:)``, ``TodoError/unknownPerspective(_:)``.
    public func board(_ request: ListRequest, by key: BoardKey) throws -> Board {
        let source = try boardSource(request)
        var rules = source.rules
        if key == .status {
            let since = clock.today.adding(days: -(Self.boardDoneDays - 1))
            let done = TaskStatus.done.rawValue
            rules = .any(.all(rules, .when("status", "not_equals", done)),
                         .all(rules.admittingDone, .when("status", "equals", done),
                              .when("completed", "on_or_after", since.description)))
        }
        if let extra = request.filter.rules { rules = .all(rules, extra) }
        let listing = try list(rules: rules, id: source.id, name: source.name, sort: request.sort ?? source.sort,
                               direction: request.direction ?? (request.sort == nil ? source.direction : nil),
                               group: key.groupKey, manualKey: source.id, manualOrder: source.manualOrder)
        let byValue = Dictionary(listing.groups.map { group in
            (Self.columnValue(group: group.name, key: key), group.tasks)
        }, uniquingKeysWith: { a, _ in a })
        let columns = try boardValues(key, present: Array(byValue.keys)).map { value in
            Board.Column(value: value, name: Self.columnName(value, key: key), tasks: byValue[value] ?? [])
        }
        return Board(view: listing.view, name: listing.name, key: key, columns: columns)
    }

    /// The rules, name, sort and manual order a request's view or perspective lists with.
    private func boardSource(_ request: ListRequest)
        throws -> (rules: RuleNode, id: String, name: String, sort: SortKey, direction: SortDirection?, manualOrder: [String]?)
    {
        switch request.source {
        case let .view(id):
            let view = try View.named(id)
            return (view.rules, view.id, view.name, view.sort, view.sortDirection, nil)
        case let .perspective(id):
            let p = try perspective(id)
            let key = p.isBuiltIn ? p.id : "perspective:\(p.id)"
            return (p.rules, key, p.name, p.sortKey, p.direction, p.isBuiltIn ? nil : p.manualOrder)
        }
    }

    /// A listing group's name as a column value: the "No …" groups are nil.
    private static func columnValue(group name: String, key: BoardKey) -> String? {
        switch key {
        case .project: return name == "No Project" ? nil : name
        case .area: return name == "No Area" ? nil : name
        case .tag: return name == "No Tags" ? nil : name
        case .region: return name == "No Region" ? nil : name
        case .status, .priority: return name
        }
    }

    /// Every column value of `key`, in its order; `present` are the values the listed tasks have.
    private func boardValues(_ key: BoardKey, present: [String?]) throws -> [String?] {
        let has = Set(present.compactMap { $0 })
        switch key {
        case .status:
            let fixed: [TaskStatus] = [.todo, .inProgress, .done]
            let extra = TaskStatus.allCases.filter { !fixed.contains($0) && has.contains($0.rawValue) }
            return (fixed + extra).map(\.rawValue)
        case .priority:
            return Priority.allCases.sorted { $0.rank > $1.rank }.map(\.rawValue)
        case .region:
            return PlanRegion.allCases.map(\.rawValue) + [nil]
        case .project, .area, .tag:
            let known = try (key == .project ? projects() : key == .area ? areas() : tags()).map(\.name)
            let others = has.subtracting(known).sorted(by: TextFolding.precedes)
            return (known + others).map { Optional($0) } + [nil]
        }
    }

    /// The name a column shows.
    private static func columnName(_ value: String?, key: BoardKey) -> String {
        guard let value else {
            switch key {
            case .project: return "No Project"
            case .area: return "No Area"
            case .tag: return "No Tags"
            case .region: return "No Region"
            case .status, .priority: return "None"
            }
        }
        switch key {
        case .status:
            let names: [TaskStatus: String] = [.todo: "To Do", .inProgress: "In Progress", .done: "Done",
                                               .cancelled: "Cancelled", .someday: "Someday"]
            return TaskStatus(rawValue: value).flatMap { names[$0] } ?? value
        case .priority:
            return value == Priority.none.rawValue ? "No Priority" : value.prefix(1).uppercased() + value.dropFirst()
        case .region:
            return value.prefix(1).uppercased() + value.dropFirst()
        case .project, .area, .tag:
            return value
        }
    }

    // MARK: - Moving a card

    /// Moves task `id` to the column `value` of a board by `key` (§25): sets the field the column
    /// stands for, the way the rest of the app changes it.
    ///
    /// - `status`: into `done` completes (a repeating task's next occurrence is created, open
    ///   subtasks follow ``SubtaskPolicy``), into `cancelled` cancels, out of done or cancelled
    ///   reopens, otherwise the status is set.
    /// - `priority`, `area`: the field is set (nil clears it).
    /// - `project`: the project is set and the task takes the project's area, when it has one;
    ///   nil clears the project.
    /// - `tag`: the tag of the column it came from (`from`) is replaced by `value`; into None
    ///   (nil) only `from` is removed.
    /// - `region`: a day region plans the task for today (its bucket kept, else Misc, checked
    ///   against the 1–3–5 limits), `backlog` puts it in the backlog, nil takes it off the plan.
    ///
    /// - Throws: ``TodoError/invalidValue(field:value:reason:)`` for a value the key has not;
    ///   ``TodoError/openSubtasks(_:action:open:)`` completing a parent with open subtasks under
    ///   ``SubtaskPolicy/refuse``; ``TodoError/regionFull(_:)``.
    @discardableResult
    public func moveToColumn(_ id: String, key: BoardKey, value: String?, from: String? = nil,
                             subtasks: SubtaskPolicy = .refuse) throws -> ColumnMove {
        let (task, _) = try read(id)
        func set(_ field: TaskField, _ v: FieldValue?) throws -> ColumnMove {
            var changes = TaskChanges()
            if let v { changes.set(field, v) } else { changes.clear(field) }
            return ColumnMove(task: try update(id, changes), completion: nil)
        }
        func bad(_ reason: String) -> TodoError {
            TodoError.invalidValue(field: key.rawValue, value: value ?? "null", reason: reason)
        }
        switch key {
        case .status:
            guard let value, let status = TaskStatus(rawValue: value) else {
                throw bad("one of " + TaskStatus.allCases.map(\.rawValue).joined(separator: ", "))
            }
            if status == task.status { return ColumnMove(task: task, completion: nil) }
            switch status {
            case .done:
                let done = try complete(id, subtasks: subtasks)
                return ColumnMove(task: done.completed, completion: done)
            case .cancelled:
                return ColumnMove(task: try cancel(id, subtasks: subtasks), completion: nil)
            default:
                if task.status == .done || task.status == .cancelled {
                    let reopened = try reopen(id)
                    if status == .todo { return ColumnMove(task: reopened, completion: nil) }
                }
                return try set(.status, .string(status.rawValue))
            }
        case .priority:
            guard let p = Priority(rawValue: value ?? Priority.none.rawValue) else {
                throw bad("one of " + Priority.allCases.map(\.rawValue).joined(separator: ", "))
            }
            return try set(.priority, .string(p.rawValue))
        case .area:
            return try set(.area, value.map(FieldValue.string))
        case .project:
            guard let value else { return try set(.project, nil) }
            var changes = TaskChanges()
            changes.set(.project, .string(value))
            if let area = try projects().first(where: { $0.name == value })?.area, area != task.area {
                changes.set(.area, .string(area))
            }
            return ColumnMove(task: try update(id, changes), completion: nil)
        case .tag:
            let tag = value.map { $0.hasPrefix("#") ? String($0.dropFirst()) : $0 }
            if let tag, tag.isEmpty { throw bad("a tag name") }
            var tags = task.tags.filter { $0 != from }
            if let tag, !tags.contains(tag) { tags.append(tag) }
            if tags == task.tags { return ColumnMove(task: task, completion: nil) }
            return try set(.tags, .list(tags))
        case .region:
            guard let value else {
                var changes = TaskChanges()
                for field in [TaskField.region, .bucket, .planDate, .backlogSince] { changes.clear(field) }
                return ColumnMove(task: try update(id, changes), completion: nil)
            }
            guard let region = PlanRegion(rawValue: value) else {
                throw bad("one of " + PlanRegion.allCases.map(\.rawValue).joined(separator: ", "))
            }
            if region == .backlog { return ColumnMove(task: try removeFromPlan(id), completion: nil) }
            let today = task.planDate == clock.today
            let bucket = today ? task.bucket.flatMap { PlanLimits.dayBuckets.contains($0) ? $0 : nil } : nil
            return ColumnMove(task: try plan(id, on: clock.today, region: region, bucket: bucket ?? .misc),
                              completion: nil)
        }
    }
}

extension RuleNode {
    /// The same rules with done tasks let through where they ask for open ones: a status
    /// condition that admits `todo` or `in-progress` admits `done` too, and one that keeps `done`
    /// out no longer does. Conditions under `NOT` are left as they are.
    var admittingDone: RuleNode {
        switch self {
        case let .group(g):
            guard g.op != .not else { return self }
            var copy = g
            copy.conditions = g.conditions.map(\.admittingDone)
            return .group(copy)
        case let .condition(c):
            guard c.field.lowercased() == "status", c.enabled else { return self }
            let open: Set<String> = [TaskStatus.todo.rawValue, TaskStatus.inProgress.rawValue]
            let done = TaskStatus.done.rawValue
            let values = c.value?.arrayValue?.compactMap(\.stringValue) ?? c.value?.stringValue.map { [$0] } ?? []
            var copy = c
            let op = c.op.lowercased()
            if ["in", "equals"].contains(op), !open.isDisjoint(with: values) {
                copy.op = "in"
                copy.value = .array((values + [done]).map(JSONValue.string))
            } else if ["not_in", "not_equals"].contains(op), values.contains(done) {
                copy.op = "not_in"
                copy.value = .array(values.filter { $0 != done }.map(JSONValue.string))
            } else {
                return self
            }
            return .condition(copy)
        case .invalid:
            return self
        }
    }
}
