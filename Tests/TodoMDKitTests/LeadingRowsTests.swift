import Foundation
import Testing
import TodoMDTestSupport

@testable import TodoMDKit

// A listing cut to its first rows in manual or `created` order reads only the rows that can come
// first (TaskIndex.leadingRows): the cut listing must be the whole listing's first rows, for every
// limit, with the manual order's entries, ties of `created`, file names in two folders, and
// subtasks.

/// 40 open tasks whose `created` minutes repeat (ties broken by id), some in folders, a file name
/// in two folders (`dup.md`), one in one folder only (`solo.md`), one at the root and in a folder
/// (`r.md`), and tagged `x` every third.
private func vault(order: [String]? = nil, extra: (TemporaryVault) throws -> Void = { _ in }) throws -> TemporaryVault {
    let v = try TemporaryVault()
    let folders = ["", "Work/", "Home/"]
    for i in 0..<34 {
        let id = folders[i % 3] + String(format: "t%02d.md", i)
        try v.task(id, title: "Task \(i)", i % 3 == 0 ? "tags: [x]" : "",
                   created: String(format: "2026-11-01T10:%02d:00Z", (i * 7) % 23))
    }
    for (i, id) in ["Work/dup.md", "Home/dup.md", "Work/solo.md", "r.md", "Work/r.md", "Home/t12.md"].enumerated() {
        try v.task(id, title: "Named \(i)", created: String(format: "2026-11-01T11:%02d:00Z", i % 2))
    }
    if let order {
        let entries = order.map { "\"\($0)\"" }.joined(separator: ", ")
        try v.write(".order.json", #"{"version": 1, "views": {"anytime": [\#(entries)]}}"#)
    }
    try extra(v)
    return v
}

/// Entries of every kind: an id, one gone, a name in two folders (matches neither), a name in
/// one folder (matches it), a name that is also a root task's id (matches that one), a path, and
/// a repeated entry.
private let entries = ["t07.md", "gone.md", "dup.md", "solo.md", "Work/t31.md", "r.md", "t07.md", "Home/t12.md"]

@Suite struct LeadingRowsTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var order: [String]?
        var sort: SortKey?
        var direction: SortDirection?
        var tags: [String] = []
        /// Whether the index reads the leading rows alone (else every row).
        var leading = true
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "manual, no order file", order: nil),
        Case(name: "manual, with entries", order: entries),
        Case(name: "created ascending", order: entries, sort: .created, direction: .ascending),
        Case(name: "created descending", order: nil, sort: .created, direction: .descending),
        Case(name: "manual, a tag's rows", order: entries, tags: ["x"]),
        Case(name: "due (Swift orders its ties)", order: nil, sort: .due, leading: false),
    ]

    static let limits = [1, 2, 3, 5, 8, 20, 39, 40, 41, 100]

    @Test(arguments: cases)
    func theFirstRowsAreTheWholeListingsFirst(_ c: Case) throws {
        let files = try vault(order: c.order)
        try expectSameFirstRows(files.open(), c)
    }

    /// A child whose parent is not listed stays where the sort puts it, with its breadcrumb.
    @Test(arguments: cases)
    func aChildOfAnUnlistedParent(_ c: Case) throws {
        // The folder stays while the vault is used: the order file is read at each listing.
        let files = try vault(order: c.order) { v in
            try v.task("done-parent.md", title: "Done parent", created: "2026-11-01T09:00:00Z", status: "done")
            try v.task("child.md", title: "Child", "parent: done-parent.md", created: "2026-11-01T10:03:00Z")
        }
        let vault = try files.open()
        try expectSameFirstRows(vault, c)
        let first = try vault.list(ListRequest(.view("anytime"), sort: c.sort, direction: c.direction, limit: 100),
                                   decoding: .json(.row))
        #expect(first.parents == ["done-parent.md": "Done parent"] || c.tags == ["x"])
    }

    /// A child listed with its parent moves under it: the index cannot tell the first rows, and
    /// every row is read.
    @Test(arguments: cases)
    func aChildOfAListedParent(_ c: Case) throws {
        let files = try vault(order: c.order) { v in
            try v.task("parent.md", title: "Parent", "tags: [x]", created: "2026-11-01T10:22:00Z")
            try v.task("child.md", title: "Child", "parent: parent.md\ntags: [x]", created: "2026-11-01T10:00:00Z")
        }
        try expectSameFirstRows(files.open(), c, leading: false)
    }

    private func expectSameFirstRows(_ vault: Vault, _ c: Case, leading: Bool? = nil) throws {
        var filter = QuickFilter()
        filter.tags = c.tags
        let request = ListRequest(.view("anytime"), sort: c.sort, direction: c.direction, filter: filter)
        let whole = try vault.list(request, decoding: .json(.row))
        #expect(whole.rowCount > 10)
        for limit in Self.limits {
            var cut = request
            cut.limit = limit
            let first = try vault.list(cut, decoding: .json(.row))
            let expected = whole.prefix(limit)
            #expect(first.tasks.map(\.id) == expected.tasks.map(\.id), "\(c.name), limit \(limit)")
            #expect(first.total == whole.rowCount)
            #expect(first.parents == expected.parents)
            #expect(first.json(.row) == expected.json(.row), "\(c.name), limit \(limit)")
        }
        // The index read the leading rows alone where it can, and fewer than every row.
        let view = try View.named("anytime")
        var compiler = RuleCompiler(today: vault.clock.today, timeZone: vault.clock.timeZone)
        let rules: RuleNode = filter.rules.map { .all(view.rules, $0) } ?? view.rules
        var order = SortOrder(c.sort ?? .manual, direction: c.direction)
        order.manualOrder = vault.orderFile().value.order(for: "anytime")
        #expect(order.manualOrder.count == (c.order ?? []).count)
        let read = try vault.index.leadingRows(matching: compiler.predicate(rules), timeZone: vault.clock.timeZone,
                                               count: 5, order: order, fields: [.created])
        if leading ?? c.leading {
            let rows = try #require(read, "\(c.name)")
            #expect(rows.total == whole.rowCount)
            #expect(rows.rows.count < whole.rowCount)
        } else {
            #expect(read == nil, "\(c.name)")
        }
    }

    /// A perspective's own manual order (not `.order.json`'s) places its rows first in its cut
    /// listing too, and a limit through the perspective's request is the same cut.
    @Test func aPerspectivesOwnManualOrder() throws {
        let files = try vault(order: ["t01.md"]) { v in
            try v.write(".perspectives.json", """
                {"version": 1, "order": ["mine"], "perspectives": {"mine": {"id": "mine", "name": "Mine",
                  "rules": {"operator": "AND", "conditions": [{"field": "status", "op": "equals", "value": "todo"}]},
                  "sort": {"field": "manual"}, "group_by": "none", "layout": "default",
                  "manual_order": ["Home/t20.md", "solo.md", "t33.md"]}}}
                """)
        }
        let vault = try files.open()
        let whole = try vault.list(ListRequest(.perspective("mine")), decoding: .json(.row))
        #expect(whole.tasks.prefix(3).map(\.id) == ["Home/t20.md", "Work/solo.md", "t33.md"])
        for limit in Self.limits {
            let first = try vault.list(ListRequest(.perspective("mine"), limit: limit), decoding: .json(.row))
            #expect(first.json(.row) == whole.prefix(limit).json(.row), "limit \(limit)")
        }
    }

    /// A manual order longer than the index looks up by name: every row is read, in the same order.
    @Test func aLongManualOrder() throws {
        let long = (0..<(TaskIndex.leadingEntriesLimit + 1)).map { "gone-\($0).md" } + ["t20.md", "Work/t10.md"]
        let files = try vault(order: long)
        let vault = try files.open()
        try expectSameFirstRows(vault, Case(name: "long order", order: long, leading: false))
        #expect(try vault.list(ListRequest(.view("anytime"), limit: 2)).tasks.map(\.id) == ["Home/t20.md", "Work/t10.md"])
    }
}
