import Foundation
import Testing
import TodoMDTestSupport
@testable import TodoMDKit

/// The core's request types that every front end builds from the words it was given.
@Suite struct RequestTests {
    struct ListCase: Sendable, CustomTestStringConvertible {
        let view: String?
        let perspective: String?
        let filter: QuickFilter
        let source: ListRequest.Source?
        let remaining: QuickFilter
        var testDescription: String { "\(view ?? "-") \(perspective ?? "-") \(filter)" }
    }

    static let work: QuickFilter = { var f = QuickFilter(); f.areas = ["Work"]; return f }()
    static let workAndTag: QuickFilter = { var f = QuickFilter(); f.areas = ["Work"]; f.tags = ["x"]; return f }()
    static let tagOnly: QuickFilter = { var f = QuickFilter(); f.tags = ["x"]; return f }()

    @Test(arguments: [
        ListCase(view: "inbox", perspective: nil, filter: QuickFilter(), source: .view("inbox"), remaining: QuickFilter()),
        ListCase(view: nil, perspective: "p1", filter: work, source: .perspective("p1"), remaining: work),
        ListCase(view: nil, perspective: nil, filter: QuickFilter(), source: .view("today"), remaining: QuickFilter()),
        // Without a view, the first of area, project, tag names it; the rest narrow it.
        ListCase(view: nil, perspective: nil, filter: work, source: .view("area:Work"), remaining: QuickFilter()),
        ListCase(view: nil, perspective: nil, filter: workAndTag, source: .view("area:Work"), remaining: tagOnly),
        ListCase(view: "today", perspective: nil, filter: work, source: .view("today"), remaining: work),
        ListCase(view: " ", perspective: "", filter: QuickFilter(), source: .view("today"), remaining: QuickFilter()),
    ])
    func listRequestsNameTheirSource(_ c: ListCase) throws {
        let request = try ListRequest(view: c.view, perspective: c.perspective, filter: c.filter)
        #expect(request.source == c.source)
        #expect(request.filter == c.remaining)
    }

    @Test(arguments: [
        ("today", nil, "colour", nil, nil, "group"),
        ("today", nil, nil, "size", nil, "sort"),
        ("today", nil, nil, "due", "up", "direction"),
    ] as [(String?, String?, String?, String?, String?, String)])
    func badListWordsNameTheirField(_ view: String?, _ perspective: String?, _ group: String?, _ sort: String?,
                                    _ direction: String?, _ field: String) {
        #expect {
            _ = try ListRequest(view: view, perspective: perspective, group: group, sort: sort, direction: direction)
        } throws: { error in
            guard case let TodoError.invalidValue(name, _, _) = error else { return false }
            return name == field
        }
    }

    @Test func aViewAndAPerspectiveTogetherAreRefused() {
        #expect(throws: TodoError.viewAndPerspective) {
            _ = try ListRequest(view: "today", perspective: "p")
        }
    }

    @Test func overridesAreReadInAnyCase() throws {
        let r = try ListRequest(view: "anytime", perspective: nil, group: "Priority", sort: "DUE", direction: "Desc")
        #expect(r.group == .priority && r.sort == .due && r.direction == .descending)
    }

    @Test func quickFiltersReadAsUsersTypeThem() {
        let f = QuickFilter(status: "TODO, in-progress", priority: "High", area: "Work,Home", tag: "#errands, x",
                            source: "")
        #expect(f.statuses == ["todo", "in-progress"])
        #expect(f.priorities == ["high"])
        #expect(f.areas == ["Work", "Home"])
        #expect(f.tags == ["errands", "x"])
        #expect(f.sources.isEmpty)
    }

    static let today = LocalDate(year: 2026, month: 11, day: 21) ?? LocalDate(dayNumber: 0)

    @Test(arguments: [
        ("Morning", "MUST", "tomorrow", PlanSlot(region: .morning, bucket: .must, date: today.adding(days: 1))),
        (nil, "misc", nil, PlanSlot(bucket: .misc)),
        ("", " ", "2026-12-01", PlanSlot(date: LocalDate(year: 2026, month: 12, day: 1))),
    ] as [(String?, String?, String?, PlanSlot)])
    func planSlotsReadTheirWords(_ region: String?, _ bucket: String?, _ date: String?, _ expected: PlanSlot) throws {
        #expect(try PlanSlot(region: region, bucket: bucket, date: date, today: Self.today) == expected)
    }

    @Test(arguments: [("backlog", nil, nil, "region"), ("noon", nil, nil, "region"), (nil, "none", nil, "bucket"),
                      (nil, nil, "someday", "date")] as [(String?, String?, String?, String)])
    func planSlotsRefuseWhatIsNotASlot(_ region: String?, _ bucket: String?, _ date: String?, _ field: String) {
        #expect {
            _ = try PlanSlot(region: region, bucket: bucket, date: date, today: Self.today)
        } throws: { error in
            guard case let TodoError.invalidValue(name, _, _) = error else { return false }
            return name == field
        }
    }
}

/// A listing's first rows (`ListRequest.limit`): what the web app draws before the rest has come,
/// and what `--limit` and the MCP tool's `limit` ask for.
@Suite struct ListingLimitTests {
    @Test(arguments: ["0", "-3", "ten", "1.5", "2 3"])
    func aLimitIsAWholeNumberOfAtLeastOne(_ word: String) {
        #expect {
            _ = try ListRequest(view: "today", perspective: nil, limit: word)
        } throws: { error in
            guard case let TodoError.invalidValue(name, value, _) = error else { return false }
            return name == "limit" && value == word.trimmingCharacters(in: .whitespaces)
        }
    }

    @Test(arguments: [(nil, nil), ("", nil), (" 20 ", 20), ("1", 1)] as [(String?, Int?)])
    func aLimitReadsAsTyped(_ word: String?, _ expected: Int?) throws {
        #expect(try ListRequest(view: "today", perspective: nil, limit: word).limit == expected)
    }

    /// Today in two groups (Overdue, Due Today), a child whose parent is not listed, and a task in
    /// two tag groups.
    static func vault() throws -> TemporaryVault {
        let t = try TemporaryVault()
        try t.task("a.md", title: "A", "due: 2026-11-19", created: "2026-11-01T10:00:00Z")
        try t.task("b.md", title: "B", "due: 2026-11-20\ntags: [x]", created: "2026-11-01T10:01:00Z")
        try t.task("p.md", title: "Parent", "due: 2026-12-24", created: "2026-11-01T10:02:00Z")
        try t.task("c.md", title: "C", "due: 2026-11-21\nparent: p.md\ntags: [x, y]", created: "2026-11-01T10:03:00Z")
        try t.task("d.md", title: "D", "due: 2026-11-21\ntags: [y]", created: "2026-11-01T10:04:00Z")
        return t
    }

    @Test(arguments: [1, 2, 3, 4, 5, 50])
    func theFirstRowsAreTheWholeListingsFirstRows(_ limit: Int) throws {
        let vault = try Self.vault().open()
        for (view, group) in [("today", nil), ("anytime", "tag")] as [(String, String?)] {
            let whole = try vault.list(ListRequest(view: view, perspective: nil, group: group))
            let cut = try vault.list(ListRequest(view: view, perspective: nil, group: group, limit: String(limit)))
            let rows = whole.groups.flatMap { g in g.tasks.map { (g.name, $0.id) } }
            let kept = Array(rows.prefix(limit))
            #expect(cut.groups.flatMap { g in g.tasks.map { "\(g.name)/\($0.id)" } } == kept.map { "\($0.0)/\($0.1)" },
                    "\(view) limit \(limit)")
            #expect(cut.groups.map(\.name) == whole.groups.map(\.name).filter { name in kept.contains { $0.0 == name } })
            #expect(whole.total == nil && cut.total == rows.count)
            // The rows kept are read whole after the cut, as the whole listing's are.
            #expect(cut.tasks.map(\.task) == whole.tasks.prefix(limit).map(\.task), "\(view) limit \(limit)")
            #expect(cut.tasks.map(\.json) == whole.tasks.prefix(limit).map(\.json))
            // A breadcrumb stays with its row.
            #expect(Set(cut.parents.keys) == (kept.contains { $0.1 == "c.md" } ? Set(whole.parents.keys) : []))
            let json = try JSONValue.parse(cut.json(.row))
            #expect(json["total"] == .number(Double(rows.count)))
            #expect(try JSONValue.parse(whole.json(.row))["total"] == nil)
        }
    }

    /// The second read of a cut listing finds a task gone (another process removed it between
    /// the reads): the listing says so, and is read again whole.
    @Test func aRowMissingFromTheSecondReadIsNoted() throws {
        let whole = try Self.vault().open().list(ListRequest(view: "today", perspective: nil))
        let rows = Dictionary(whole.tasks.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        #expect(whole.replacingRows(rows)?.tasks.map(\.id) == whole.tasks.map(\.id))
        #expect(whole.replacingRows(rows.filter { $0.key != "a.md" }) == nil)
    }

    /// Read for its JSON only, a cut listing reads the JSON of the rows it keeps after the cut:
    /// the same TASKs, in either form, as the whole listing's first ones.
    @Test(arguments: [1, 3, 50])
    func theFirstRowsJSONIsTheWholeListingsFirstRowsJSON(_ limit: Int) throws {
        let t = try Self.vault()
        try t.task("timed.md", title: "Timed", "due: 2026-11-21\ntime_entries:\n  - start: 2026-11-21T07:00:00Z\n    end: null")
        let vault = try t.open()
        func tasks(_ listing: Listing, _ form: TaskJSON.Fields) throws -> [JSONValue] {
            try JSONValue.parse(listing.json(form))["groups"]?.arrayValue?.flatMap { $0["tasks"]?.arrayValue ?? [] } ?? []
        }
        for form in [TaskJSON.Fields.all, .row] {
            for (view, perspective) in [("today", nil), (nil, "anytime")] as [(String?, String?)] {
                let whole = try vault.list(ListRequest(view: view, perspective: perspective), decoding: .json(form))
                let cut = try vault.list(ListRequest(view: view, perspective: perspective, limit: String(limit)),
                                         decoding: .json(form))
                #expect(try tasks(cut, form) == Array(try tasks(whole, form).prefix(limit)), "\(form) \(limit)")
                #expect(cut.total == whole.rowCount)
            }
        }
    }
}
