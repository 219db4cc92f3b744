import Foundation

/// How many of something are done: a parent's subtasks, a task's checklist (§23).
public struct Tally: Sendable, Equatable {
    public var done: Int
    public var total: Int

    public init(done: Int, total: Int) {
        self.done = done
        self.total = total
    }

    /// `{"done":N,"total":M}`.
    var json: String {
        var o = JSONBytes(capacity: 32)
        appendJSON(into: &o)
        return o.string
    }

    /// `{"done":N,"total":N}`.
    func appendJSON(into o: inout JSONBytes) {
        o.append("{\"done\":")
        o.append(done)
        o.append(",\"total\":")
        o.append(total)
        o.append(byte: 0x7D)
    }
}

/// What the rest of the vault says about one task (§23), computed by ``TaskStructure`` over
/// every task and kept in the index: the resolved parent, the children in their order, the
/// progress over them, whether the task is blocked; plus the checklist counted in its body.
public struct TaskLinks: Sendable, Equatable {
    /// The id `parent` resolves to; nil when absent, unresolvable or part of a cycle.
    public var parentID: String?
    /// Ids of the direct children, in the parent's manual order (`children:ID`), else created ascending.
    public var children: [String] = []
    /// Done over all direct children that are not cancelled; nil without children.
    public var progress: Tally?
    /// Checked over all checklist items of the body; nil without a checklist.
    public var checklist: Tally?
    /// Waiting for an open task of `blocked_by`, or for an earlier sibling in a sequential
    /// parent or project.
    public var blocked = false
    /// Ids of the open tasks it waits for (for showing why; not in TASK).
    public var blockers: [String] = []
    /// Unresolvable references, cycles and unsupported dependency types, each naming its key.
    public var warnings: [String] = []
    /// The vault clock's now when the task was read: a running timer (§27) counts up to it in
    /// TASK's `time_spent_minutes`. Nil (a task not read from a vault): running timers count
    /// nothing yet. Not part of the structure: never stored, never compared.
    public var asOf: Date?

    public init() {}

    /// Whether a listing holds anything beyond the defaults.
    public var isEmpty: Bool { self == TaskLinks(checklist: checklist) }

    public static func == (a: TaskLinks, b: TaskLinks) -> Bool {
        a.parentID == b.parentID && a.children == b.children && a.progress == b.progress && a.checklist == b.checklist
            && a.blocked == b.blocked && a.blockers == b.blockers && a.warnings == b.warnings
    }

    init(checklist: Tally?) { self.checklist = checklist }

    /// The TASK keys of §23 after `"warnings":[…]` (without the leading comma):
    /// `"parent_id":…,"children":[…],"progress":…,"checklist":…,"blocked":…`.
    func appendJSON(into o: inout JSONBytes) {
        o.append("\"parent_id\":")
        if let parentID { o.quote(parentID) } else { o.append("null") }
        o.append(",\"children\":[")
        for (i, child) in children.enumerated() {
            if i > 0 { o.append(byte: 0x2C) }
            o.quote(child)
        }
        o.append("],\"progress\":")
        if let progress { progress.appendJSON(into: &o) } else { o.append("null") }
        o.append(",\"checklist\":")
        if let checklist { checklist.appendJSON(into: &o) } else { o.append("null") }
        o.append(",\"blocked\":")
        if blocked { o.append("true") } else { o.append("false") }
    }
}
