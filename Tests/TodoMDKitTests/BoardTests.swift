import Foundation
import Testing
import TodoMDTestSupport
@testable import TodoMDKit

/// The board of §25: its columns (every value, empty ones too, the recent Done), and what moving a
/// card to a column writes.
@Suite struct BoardTests {
    /// A project "Work" with open, in-progress, recently done and long done tasks, a repeating
    /// task, a parent with an open subtask; a project "Home" in area "House".
    let temp: TemporaryVault

    init() throws {
        let v = try TemporaryVault()
        func file(_ id: String, _ title: String, _ lines: String, status: String = "todo", minute: Int) throws {
            try v.write(id, "---\ntitle: \"\(title)\"\nstatus: \"\(status)\"\n\(lines)\ncreated: \"2026-11-01T10:0\(minute):00Z\"\n---\n")
        }
        try file("spec.md", "Write spec", "project: \"Work\"\narea: \"Job\"\ntags: [\"x\"]", minute: 1)
        try file("review.md", "Review", "project: \"Work\"\npriority: \"high\"", status: "in-progress", minute: 2)
        try file("recent.md", "Recently done", "project: \"Work\"\ncompleted: \"2026-11-19T10:00:00Z\"", status: "done", minute: 3)
        try file("ancient.md", "Long done", "project: \"Work\"\ncompleted: \"2026-10-01T10:00:00Z\"", status: "done", minute: 4)
        try file("water.md", "Water plants", "project: \"Work\"\ndue: \"2026-11-21\"\nrecurrence: \"FREQ=WEEKLY\"", minute: 5)
        try file("trip.md", "Plan trip", "project: \"Work\"", minute: 6)
        try file("pack.md", "Pack bags", "project: \"Work\"\nparent: \"trip.md\"", minute: 7)
        try file("garden.md", "Garden", "project: \"Home\"\narea: \"House\"", minute: 8)
        temp = v
    }

    func vault() throws -> (TemporaryVault, Vault) { (temp, try temp.open()) }

    @Test func aStatusBoardHasEveryColumnAndOnlyTheRecentDone() throws {
        let (_, vault) = try vault()
        let board = try vault.board(ListRequest(.view("project:Work")), by: .status)
        #expect(board.columns.map(\.value) == ["todo", "in-progress", "done"])
        #expect(board.columns.map(\.name) == ["To Do", "In Progress", "Done"])
        #expect(board.columns[0].tasks.map(\.title) == ["Write spec", "Water plants", "Plan trip", "Pack bags"])
        #expect(board.columns[1].tasks.map(\.title) == ["Review"])
        #expect(board.columns[2].tasks.map(\.title) == ["Recently done"])
        #expect(board.json.contains(#""key":"status","columns":[{"value":"todo","name":"To Do","count":4,"#))
    }

    @Test(arguments: [
        (BoardKey.priority, [Optional("high"), "medium", "low", "none"], ["High", "Medium", "Low", "No Priority"]),
        (.region, ["morning", "afternoon", "evening", "backlog", nil], ["Morning", "Afternoon", "Evening", "Backlog", "No Region"]),
        (.project, ["Home", "Work", nil], ["Home", "Work", "No Project"]),
        (.area, ["House", "Job", nil], ["House", "Job", "No Area"]),
        (.tag, ["x", nil], ["x", "No Tags"]),
    ])
    func everyValueHasAColumnEmptyOrNot(key: BoardKey, values: [String?], names: [String]) throws {
        let (_, vault) = try vault()
        let board = try vault.board(ListRequest(.view("project:Work")), by: key)
        #expect(board.columns.map(\.value) == values)
        #expect(board.columns.map(\.name) == names)
        #expect(board.columns.reduce(0) { $0 + $1.tasks.count } == 5)
    }

    struct Move: Sendable, CustomStringConvertible {
        let id: String
        let key: BoardKey
        let value: String?
        var from: String?
        let expect: [(TaskField, String?)]
        var description: String { "\(id) to \(key.rawValue) \(value ?? "none")" }
    }

    @Test(arguments: [
        Move(id: "spec.md", key: .status, value: "in-progress", expect: [(.status, "in-progress")]),
        Move(id: "review.md", key: .status, value: "todo", expect: [(.status, "todo")]),
        Move(id: "recent.md", key: .status, value: "todo", expect: [(.status, "todo"), (.completed, nil)]),
        Move(id: "recent.md", key: .status, value: "in-progress", expect: [(.status, "in-progress"), (.completed, nil)]),
        Move(id: "spec.md", key: .status, value: "done", expect: [(.status, "done"), (.completed, "2026-11-21T08:00:00Z")]),
        Move(id: "spec.md", key: .priority, value: "high", expect: [(.priority, "high")]),
        Move(id: "review.md", key: .priority, value: nil, expect: [(.priority, "none")]),
        Move(id: "spec.md", key: .project, value: "Home", expect: [(.project, "Home"), (.area, "House")]),
        Move(id: "spec.md", key: .project, value: nil, expect: [(.project, nil), (.area, "Job")]),
        Move(id: "spec.md", key: .area, value: "House", expect: [(.area, "House"), (.project, "Work")]),
        Move(id: "spec.md", key: .area, value: nil, expect: [(.area, nil)]),
        Move(id: "spec.md", key: .tag, value: "y", from: "x", expect: [(.tags, "y")]),
        Move(id: "spec.md", key: .tag, value: "y", expect: [(.tags, "x,y")]),
        Move(id: "spec.md", key: .tag, value: nil, from: "x", expect: [(.tags, "")]),
        Move(id: "spec.md", key: .region, value: "evening",
             expect: [(.region, "evening"), (.bucket, "misc"), (.planDate, "2026-11-21")]),
        Move(id: "spec.md", key: .region, value: "backlog",
             expect: [(.region, "backlog"), (.bucket, "none"), (.backlogSince, "2026-11-21")]),
    ])
    func aMoveWritesTheColumnsField(move: Move) throws {
        let (_, vault) = try vault()
        let moved = try vault.moveToColumn(move.id, key: move.key, value: move.value, from: move.from)
        let (task, _) = try vault.read(moved.task.id)
        for (field, value) in move.expect {
            let got = task.value(of: field).flatMap { $0 == .null ? nil : $0.plainText }
            #expect(got == value, "\(field)")
        }
        // The card is in the column it was moved to (priority's "none" column has a value).
        let value = move.value ?? (move.key == .priority ? "none" : nil)
        let column = try vault.board(ListRequest(.view("all")), by: move.key).columns.first { $0.value == value }
        #expect(column?.tasks.contains { $0.id == moved.task.id } == true)
    }

    @Test func intoDoneARepeatingTaskMakesItsNextOccurrence() throws {
        let (_, vault) = try vault()
        let moved = try vault.moveToColumn("water.md", key: .status, value: "done")
        #expect(moved.task.status == .done)
        let next = try #require(moved.completion?.next)
        #expect(next.title == "Water plants")
        #expect(next.due?.description == "2026-11-28")
        #expect(moved.completion?.receipt != nil)
        let board = try vault.board(ListRequest(.view("project:Work")), by: .status)
        #expect(board.columns[2].tasks.map(\.title).contains("Water plants"))
        #expect(board.columns[0].tasks.map(\.id).contains(next.id))
    }

    @Test func intoDoneAParentWithOpenSubtasksAsksFirst() throws {
        let (v, vault) = try vault()
        let before = try v.text("trip.md")
        #expect(throws: TodoError.self) { try vault.moveToColumn("trip.md", key: .status, value: "done") }
        #expect(try v.text("trip.md") == before)
        try vault.moveToColumn("trip.md", key: .status, value: "done", subtasks: .include)
        #expect(try vault.read("trip.md").0.status == .done)
        #expect(try vault.read("pack.md").0.status == .done)
    }

    @Test(arguments: [(BoardKey.status, Optional("finished")), (.status, nil), (.priority, "urgent"), (.region, "night"), (.tag, "")])
    func aValueTheKeyHasNotIsRefused(key: BoardKey, value: String?) throws {
        let (v, vault) = try vault()
        let before = try v.text("spec.md")
        #expect(throws: TodoError.self) { try vault.moveToColumn("spec.md", key: key, value: value) }
        #expect(try v.text("spec.md") == before)
    }

    @Test func todaysBoardKeepsWhatWasDoneToday() throws {
        let (_, vault) = try vault()
        try vault.moveToColumn("water.md", key: .status, value: "done")
        let done = try vault.board(ListRequest(.view("today")), by: .status).columns[2]
        #expect(done.tasks.map(\.title) == ["Water plants"])
        // A list of Today still leaves it out (§6).
        #expect(try !vault.list("today").tasks.contains { $0.status == .done })
    }

    @Test func anUnknownKeyNamesTheKeysThereAre() {
        #expect(throws: TodoError.invalidValue(field: "key", value: "color",
                                               reason: "one of status, priority, project, area, tag, region")) {
            try BoardKey(parsing: "color")
        }
    }
}
