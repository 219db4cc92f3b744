import Foundation

extension Vault {
    /// A copy of task `id` with its subtasks (§23), as Things' and Todoist's Duplicate make one:
    /// the same title, fields, unknown keys and notes, beside the original (the same parent, if
    /// any), each subtask under the copy of its parent and a dependency inside the tree on the
    /// copy. What belongs to the original alone is not copied: `created` is now, a closed task is
    /// to do again, and tracked time, a snooze, the planner's keys and the link to a note's line
    /// are left out. All or nothing: when a copy is refused, the copies made go again.
    ///
    /// - Parameter source: the new tasks' `source` (§3), who duplicated them.
    /// - Returns: the copies, the task's first, parents before their subtasks.
    /// - Throws: ``TodoError/taskNotFound(_:)``; what ``add(_:dryRun:)`` throws.
    public func duplicate(_ id: String, source: String) throws -> [TodoTask] {
        let tree = try taskTree(id)
        var made: [Int: TodoTask] = [:]
        var out: [TodoTask] = []
        do {
            for i in tree.creationOrder {
                var copy = tree.tasks[i]
                copy.id = ""
                copy.created = clock.now
                copy.modified = nil
                copy.completed = nil
                if copy.status.isClosed { copy.status = .todo }
                copy.timeEntries = []
                copy.snoozedUntil = nil
                (copy.region, copy.bucket, copy.planDate, copy.carryCount, copy.backlogSince) = (nil, nil, nil, nil, nil)
                (copy.note, copy.noteLine) = (nil, nil)
                copy.source = source
                copy.warnings = []
                if let p = tree.parents[i], let parent = made[p] { copy.parent = parent.id }
                copy.blockedBy = tree.blockedBy(i) { made[$0]?.id }
                let added = try add(copy)
                made[i] = added
                out.append(added)
            }
        } catch {
            takeBack(out.map(\.id), indexed: true)
            throw error
        }
        return out
    }

    /// Task `id` and every descendant, with their links inside the tree (what a copy of it, or a
    /// template made from it, rebuilds).
    func taskTree(_ id: String) throws -> TaskTree {
        let root = try task(id)
        let tasks = [root] + (try descendants(of: root.id))
        let position = Dictionary(tasks.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        let parents: [Int?] = try tasks.map { t in
            t.id == root.id ? nil : (try index.links(of: t.id).parentID).flatMap { position[$0] }
        }
        let blockers: [[Int?]] = tasks.map { t in
            t.blockedBy.map { (try? resolveIncludingClosed($0)).flatMap { position[$0] } }
        }
        return TaskTree(tasks: tasks, parents: parents, blockers: blockers)
    }

    /// An order in which to make `count` tasks so that each comes after its parent and after
    /// the tasks it waits for, among them; a cycle's tasks come last, as they are.
    static func creationOrder(count: Int, parent: (Int) -> Int?, blockers: (Int) -> [Int]) -> [Int] {
        var order: [Int] = []
        var placed = Set<Int>()
        while order.count < count {
            let before = order.count
            for i in 0..<count where !placed.contains(i) {
                if let p = parent(i), p != i, !placed.contains(p) { continue }
                if blockers(i).contains(where: { $0 != i && !placed.contains($0) }) { continue }
                order.append(i)
                placed.insert(i)
            }
            if order.count == before {
                for i in 0..<count where !placed.contains(i) {
                    order.append(i)
                    placed.insert(i)
                }
            }
        }
        return order
    }
}

/// A task and its descendants (``Vault/taskTree(_:)``), each link inside the tree by position.
struct TaskTree {
    /// The task first, then its descendants depth first in child order.
    let tasks: [TodoTask]
    /// Each task's parent in the tree; nil for the first.
    let parents: [Int?]
    /// For each task, what each of its `blocked_by` items names in the tree (nil: outside it).
    let blockers: [[Int?]]

    /// Task `i`'s `blocked_by`, each item naming a task of the tree replaced by `replacement`'s
    /// answer for it (when it has one), the others as written.
    func blockedBy(_ i: Int, _ replacement: (Int) -> String?) -> [String] {
        zip(tasks[i].blockedBy, blockers[i]).map { reference, j in j.flatMap(replacement) ?? reference }
    }

    /// Parents before their subtasks, blockers before what they block.
    var creationOrder: [Int] {
        Vault.creationOrder(count: tasks.count, parent: { parents[$0] }, blockers: { blockers[$0].compactMap { $0 } })
    }
}
