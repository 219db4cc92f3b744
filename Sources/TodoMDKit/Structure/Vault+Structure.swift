import Foundation

/// What to do with a task's open subtasks when it is completed, cancelled or deleted (§23).
public enum SubtaskPolicy: Sendable, Equatable {
    /// Change nothing and say which subtasks are open (the default: nothing by accident).
    case refuse
    /// Do the same to every open descendant first (`--with-subtasks`).
    case include
    /// Delete only: the children lose `parent` and stay (`--keep-subtasks`).
    case keep
}

extension Vault {
    // MARK: - References

    /// `changes` with `parent` and `blocked_by` references as the vault will resolve them
    /// (§23): a reference a user typed (an id, a filename, a unique prefix or title words) is
    /// written as the task's filename — which still resolves after the task moves to `Archive/` —
    /// or its id when another task has the same filename. Dependency objects are kept as given.
    ///
    /// - Parameter id: the task being changed; nil for a new task.
    /// - Throws: ``TodoError/taskNotFound(_:)`` for a reference that matches nothing, and
    ///   ``TodoError/invalidValue(field:value:reason:)`` for a parent that would make a cycle.
    public func resolvingReferences(_ changes: TaskChanges, for id: String?) throws -> TaskChanges {
        var out = changes
        if case let .string(reference)?? = changes.values[.parent] {
            let parent = try referencedTask(reference)
            if let id {
                var ancestor: String? = parent
                var seen = Set<String>()
                while let a = ancestor, seen.insert(a).inserted {
                    if a == id {
                        throw TodoError.invalidValue(field: "parent", value: reference, reason: a == parent
                            ? "a task cannot be its own parent" : "it is a subtask of this task; that would make a cycle")
                    }
                    ancestor = try index.links(of: a).parentID
                }
            }
            out.set(.parent, .string(try writtenReference(to: parent)))
        }
        if case let .list(items)?? = changes.values[.blockedBy] {
            var written: [String] = []
            for item in items {
                if TaskReference.isObjectForm(item) {
                    written.append(item)
                    continue
                }
                let target = try referencedTask(item)
                if target == id {
                    throw TodoError.invalidValue(field: "blocked_by", value: item, reason: "a task cannot wait for itself")
                }
                let reference = try writtenReference(to: target)
                if !written.contains(reference) { written.append(reference) }
            }
            out.set(.blockedBy, .list(written))
        }
        return out
    }

    /// The task a typed reference names: a wikilink's target or the text, resolved as §4 says
    /// (done and cancelled tasks too: a blocker may be done already).
    func referencedTask(_ reference: String) throws -> String {
        let target = TaskReference(reference).target
        return try resolveIncludingClosed(target.isEmpty ? reference : target)
    }

    /// How a reference to task `id` is written: its filename when no other task has it, else its id.
    func writtenReference(to id: String) throws -> String {
        let filename = id.split(separator: "/").last.map(String.init) ?? id
        return try index.ids(.filename(filename)).count == 1 ? filename : id
    }

    // MARK: - Subtasks

    /// The open (not done or cancelled) descendants of task `id`, depth first in child order.
    public func openDescendants(of id: String) throws -> [TodoTask] {
        try descendants(of: id).filter { !$0.status.isClosed }
    }

    /// Every descendant of task `id` (as indexed), depth first in child order.
    func descendants(of id: String) throws -> [TodoTask] {
        var out: [TodoTask] = []
        var seen: Set<String> = [id]
        // Depth first without recursion: a hand-made chain may be thousands of tasks deep.
        var stack = try index.links(of: id).children.reversed().map { $0 }
        while let child = stack.popLast() {
            guard seen.insert(child).inserted else { continue }
            out.append(try read(child).0)
            stack += try index.links(of: child).children.reversed()
        }
        return out
    }

    /// Refuses when `id` has open descendants and the policy is ``SubtaskPolicy/refuse``.
    func checkSubtasks(of id: String, _ policy: SubtaskPolicy, action: SubtaskAction) throws -> [TodoTask] {
        let open = try openDescendants(of: id)
        if policy == .refuse, !open.isEmpty {
            throw TodoError.openSubtasks(id, action: action, open: open.map(\.id))
        }
        return open
    }

    /// Completes task `id` (§5, §23); its open descendants first when `subtasks` is
    /// ``SubtaskPolicy/include``.
    ///
    /// - Throws: ``TodoError/openSubtasks(_:action:open:)`` when it has open subtasks and the
    ///   policy is ``SubtaskPolicy/refuse``; nothing is written.
    @discardableResult
    public func complete(_ id: String, subtasks: SubtaskPolicy = .refuse) throws -> Completion {
        let open = try checkSubtasks(of: id, subtasks, action: .complete)
        // Deepest first, so every parent is completed after its own subtasks.
        for task in open.reversed() { _ = try complete(task.id, subtasks: .include) }
        return try completeTask(id)
    }

    /// Skips this occurrence of a repeating task (§24): the next one is created as completing
    /// would, and this one is marked cancelled.
    ///
    /// - Throws: ``TodoError/invalidValue(field:value:reason:)`` for a task that does not repeat.
    @discardableResult
    public func skip(_ id: String) throws -> Completion {
        try completeTask(id, skipping: true)
    }

    /// Cancels task `id`; its open descendants too with ``SubtaskPolicy/include``.
    @discardableResult
    public func cancel(_ id: String, subtasks: SubtaskPolicy = .refuse) throws -> TodoTask {
        let open = try checkSubtasks(of: id, subtasks, action: .cancel)
        for task in open.reversed() { _ = try cancelTask(task.id) }
        return try cancelTask(id)
    }

    /// Moves task `id` to `.trash/`. With open subtasks: refuses, trashes every descendant
    /// (``SubtaskPolicy/include``), or clears the children's `parent` (``SubtaskPolicy/keep``).
    /// Returns where the task's file went (``trash(_:subtasks:)`` answers every file moved).
    @discardableResult
    public func delete(_ id: String, subtasks: SubtaskPolicy = .refuse) throws -> String {
        var destination = ""
        try delete(id, subtasks: subtasks) { _, to in destination = to }
        return destination
    }

    /// ``delete(_:subtasks:)``, telling `moved` each file it moves to `.trash/` (its id, where it
    /// went): the descendants first, the task last.
    func delete(_ id: String, subtasks: SubtaskPolicy, moved: (String, String) -> Void) throws {
        _ = try checkSubtasks(of: id, subtasks, action: .delete)
        switch subtasks {
        case .include:
            for task in try descendants(of: id).reversed() { moved(task.id, try deleteTask(task.id)) }
        case .keep:
            var changes = TaskChanges()
            changes.clear(.parent)
            for child in try index.links(of: id).children { try update(child, changes) }
        case .refuse:
            break
        }
        moved(id, try deleteTask(id))
    }

    /// Fresh copies of the subtasks of `parent` (recursively) under its successor `next`, for
    /// a repeating parent (§23): status `todo`, dates shifted by `days`, checklists unchecked.
    func copySubtasks(of parent: TodoTask, to next: TodoTask, shiftedBy days: Int) throws {
        let parentRef = try writtenReference(to: next.id)
        for child in parent.links.children {
            guard let original = try? read(child).0 else { continue }
            var copy = TodoTask(title: original.title, status: .todo, created: clock.now, source: original.source)
            for field in TaskField.allCases where field.spec.role == .user {
                copy.set(field, original.value(of: field))
            }
            copy.status = .todo
            copy.parent = parentRef
            copy.due = original.due?.adding(days: days)
            copy.scheduled = original.scheduled?.adding(days: days)
            copy.deferDate = original.deferDate?.adding(days: days)
            copy.body = Checklist.unchecking(original.body)
            copy.extra = original.extra
            let made = try add(copy)
            var withLinks = original
            withLinks.links = try index.links(of: original.id)
            if !withLinks.links.children.isEmpty { try copySubtasks(of: withLinks, to: made, shiftedBy: days) }
        }
    }

    // MARK: - Checklists

    /// Checks or unchecks item `number` (1-based) of task `id`'s checklist: one byte of the
    /// body changes, and `modified`.
    ///
    /// - Throws: ``TodoError/invalidValue(field:value:reason:)`` when there is no such item.
    @discardableResult
    public func setChecklistItem(_ id: String, _ number: Int, checked: Bool) throws -> TodoTask {
        let (task, snapshot) = try read(id)
        let body = try Checklist.setting(number, checked: checked, in: task.body)
        if body == task.body { return task }
        return try update(id, TaskChanges(), body: body, expectedHash: snapshot.stamp.hash)
    }

    // MARK: - Sequential projects

    /// Marks a project sequential or not in `.todomd/projects.json` (§23).
    public func setProjectSequential(_ project: String, _ on: Bool) throws {
        try sideFile(ProjectsFile.self).update { file in file.setSequential(on, for: project) }
        _ = try refreshIndex()
    }

    /// Whether a project is sequential.
    public func isProjectSequential(_ project: String) throws -> Bool {
        try sideFile(ProjectsFile.self).load().value.isSequential(project)
    }
}

/// What a refused change to a parent was (for ``TodoError/openSubtasks(_:action:open:)``).
public enum SubtaskAction: String, Sendable, Equatable {
    case complete, cancel, delete

    /// "completed", "cancelled", "deleted".
    public var pastTense: String {
        switch self {
        case .complete: return "completed"
        case .cancel: return "cancelled"
        case .delete: return "deleted"
        }
    }
}
