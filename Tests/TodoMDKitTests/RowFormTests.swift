import Foundation
import Testing
import TodoMDTestSupport
@testable import TodoMDKit

/// Issue 17, "the web at 10k": a listing in its row form (`fields=row`, what a row of a list
/// draws, the rest fetched when a task is opened) and a sidebar's counts from one query.
@Suite struct RowFormTests {
    static func trip(_ v: TemporaryVault) throws {
        try v.task("trip.md", title: "Plan the trip", "due: \"2026-11-21\"\nsequential: true\narea: \"Travel\"",
                   created: "2026-11-01T10:00:00Z", body: "\n\n  Ask Sam about dates.\nBook early.\n")
        try v.task("flights.md", title: "Book flights", "parent: \"trip.md\"\ntags:\n  - \"web\"",
                   created: "2026-11-01T11:00:00Z")
        try v.task("pack.md", title: "Pack bags", "parent: \"trip.md\"", created: "2026-11-01T12:00:00Z",
                   body: "- [x] socks\n- [ ] passport\n")
    }

    static func rows(_ vault: Vault) throws -> [String: JSONValue] {
        var out: [String: JSONValue] = [:]
        for row in try vault.list("all").tasks { out[row.id] = try JSONValue.parse(row.rowJSON) }
        return out
    }

    /// Only the row's fields, in TASK's order, and only those set: no `null`, `false` or `[]`.
    @Test func theRowFormHasOnlyTheRowsKeysThatAreSet() throws {
        let v = try TemporaryVault()
        try Self.trip(v)
        let rows = try Self.rows(try v.open())
        let order = ["id"] + TaskFieldSpec.table.map(\.field).filter(TaskJSON.rowFields.contains).map(\.key)
            + ["notes", "timer_start", "parent_id", "progress", "checklist", "blocked"]
        for (id, row) in rows {
            let keys = try #require(row.objectValue).map(\.0)
            #expect(keys == order.filter(keys.contains), "\(id): \(keys)")
            for (key, value) in try #require(row.objectValue) {
                #expect(value != .null && value != .bool(false) && value != .array([]), "\(id) \(key)")
            }
        }
        let trip = try #require(rows["trip.md"]?.objectValue).map(\.0)
        #expect(trip == ["id", "title", "status", "due", "priority", "area", "source", "notes", "progress"])
        let flights = try #require(rows["flights.md"]?.objectValue).map(\.0)
        #expect(flights == ["id", "title", "status", "priority", "tags", "source", "parent_id"])
    }

    /// `notes`: the body's start without leading blank lines, absent without a body; §23's keys as TASK has them.
    @Test func theRowFormCarriesTheNotesStartAndTheStructure() throws {
        let v = try TemporaryVault()
        try Self.trip(v)
        try v.task("long.md", title: "Long notes", body: String(repeating: "word ", count: 200))
        try v.task("timed.md", title: "Timed", "time_entries:\n  - start: \"2026-11-21T07:00:00Z\"\n    end: \"2026-11-21T07:30:00Z\"\n  - start: \"2026-11-21T07:45:00Z\"\n    end: null")
        let vault = try v.open()
        let rows = try Self.rows(vault)
        // A running timer's start, so the row can count up from it; none without one.
        #expect(rows["timed.md"]?["timer_start"]?.stringValue == "2026-11-21T07:45:00Z")
        #expect(rows["trip.md"]?["timer_start"] == nil)
        #expect(rows["trip.md"]?["notes"]?.stringValue == "Ask Sam about dates.\nBook early.")
        #expect(rows["flights.md"]?["notes"] == nil)
        #expect(rows["long.md"]?["notes"]?.stringValue?.count == TaskJSON.notesPreviewLength)
        #expect(rows["trip.md"]?["progress"] == (try JSONValue.parse(#"{"done":0,"total":2}"#)))
        #expect(rows["flights.md"]?["parent_id"]?.stringValue == "trip.md")
        #expect(rows["pack.md"]?["blocked"]?.boolValue == true, "the second subtask of a sequential parent waits")
        #expect(rows["pack.md"]?["checklist"] == (try JSONValue.parse(#"{"done":1,"total":2}"#)))
        #expect(rows["flights.md"]?["tags"] == .array([.string("web")]))
        // Every value the row form has is TASK's own, and `row(_:)` of the task read whole is the
        // index's row form.
        for row in try vault.list("all").tasks {
            #expect(TaskJSON.row(try vault.task(row.id)) == row.rowJSON)
            let full = try JSONValue.parse(row.json)
            // (`notes` is the body's start, `timer_start` the running entry's start: keys of their own.)
            for (key, value) in try #require(JSONValue.parse(row.rowJSON).objectValue) where key != "notes" && key != "timer_start" {
                #expect(full[key] == value, "\(row.id) \(key)")
            }
        }
    }

    /// The preview is the body trimmed as Foundation trims it, cut to its first characters: a
    /// body of ASCII is trimmed on its bytes, and must come out the same.
    @Test(arguments: [
        "", " ", "\n\n", "\t\u{0B}\u{0C}\r\n", "Plain", "\n\n  Two lines\r\nand CRLF \r\n\r\n",
        "\u{0B}vertical tab and form feed\u{0C}", String(repeating: "a\r\n", count: 300),
        String(repeating: "x", count: 279) + "  \n\n", String(repeating: "x", count: 279) + "  y",
        "\u{85}next line\u{85}", "\u{A0}no-break\u{3000}", " café \n", "\u{2028}Ü\u{2029}",
        " \u{301}combining after a space ",
    ])
    func theNotesPreviewIsTheBodyTrimmedAsFoundationTrimsIt(body: String) {
        let want = body.trimmingCharacters(in: .whitespacesAndNewlines).prefix(TaskJSON.notesPreviewLength)
        #expect(TaskJSON.notesPreview(body) == want)
    }

    /// The same, scalar for scalar (the JSON is written from them), for random bodies of
    /// Unicode spaces, combining marks, flags and joiners around text.
    @Test func randomBodiesArePreviewedAsFoundationTrimsThem() {
        let pieces = [" ", "\n", "\r\n", "\t", "\u{A0}", "\u{3000}", "\u{2028}", "\u{85}", "\u{1680}", "\u{200B}",
                      "\u{301}", "\u{200D}", "🇩🇪", "👩", "é", "e", "x", "ß", "日", String(repeating: "y", count: 140)]
        var random = SeededRandom(seed: 2026_12_02)
        for _ in 0..<3_000 {
            let body = (0..<Int.random(in: 0...10, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "" }.joined()
            let want = body.trimmingCharacters(in: .whitespacesAndNewlines).prefix(TaskJSON.notesPreviewLength)
            let got = TaskJSON.notesPreview(body)
            #expect(Array(got.unicodeScalars) == Array(want.unicodeScalars), "\(Array(body.unicodeScalars))")
        }
    }

    @Test func aListingWritesTheFormItIsAskedFor() throws {
        let v = try TemporaryVault()
        try Self.trip(v)
        let listing = try v.open().list("all")
        #expect(listing.json(.all) == listing.json)
        let row = try JSONValue.parse(listing.json(.row))
        let tasks = row["groups"]?.arrayValue?.flatMap { $0["tasks"]?.arrayValue ?? [] } ?? []
        #expect(tasks.compactMap { $0["id"]?.stringValue } == listing.tasks.map(\.id))
        #expect(tasks.allSatisfy { $0["body"] == nil && $0["created"] == nil })
        #expect(tasks.contains { $0["notes"] != nil })
        // Shorter than the full answer: the body and the rarely shown fields stay behind.
        #expect(listing.json(.row).utf8.count < listing.json.utf8.count)
    }

    /// A listing larger than one piece (64 KB) is written the same as bytes (the server's and
    /// `--json`'s path, each task's JSON as the index keeps it) and as text, in both forms, and
    /// each piece ends between two tasks.
    @Test func aLongListingIsWrittenTheSameAsBytesAndAsText() throws {
        let v = try TemporaryVault()
        try Self.trip(v)
        for i in 0..<240 {
            try v.task("t\(i).md", title: "Tâche \(i) «\u{2028}»", "tags:\n  - \"ü\(i % 3)\"",
                       body: String(repeating: "Notes de café \(i), naïve — ", count: 40) + "\n- [ ] un\n")
        }
        let vault = try v.open()
        for form in TaskJSON.Fields.allCases {
            let listing = try vault.list(ListRequest(.view("all"), group: .tags), decoding: .json(form))
            var pieces: [[UInt8]] = []
            listing.writeJSON(form, bytes: { pieces.append(Array($0)) })
            var texts: [String] = []
            listing.writeJSON(form) { texts.append($0) }
            #expect(pieces.count > 1, "one piece only: the test no longer crosses a piece's end")
            #expect(pieces.map { String(decoding: $0, as: UTF8.self) } == texts)
            #expect(Array(texts.joined().utf8) == Array(listing.json(form).utf8))
            let whole = try vault.list(ListRequest(.view("all"), group: .tags))
            #expect(listing.json(form) == whole.json(form), "\(form)")
            let parsed = try JSONValue.parse(texts.joined())
            #expect(parsed["groups"]?.arrayValue?.flatMap { $0["tasks"]?.arrayValue ?? [] }.count == listing.tasks.count)
        }
    }

    @Test(arguments: [(nil, TaskJSON.Fields.all), ("", .all), ("row", .row), (" ROW ", .row), ("all", .all)])
    func theFieldsWordIsRead(_ text: String?, _ expected: TaskJSON.Fields) throws {
        #expect(try TaskJSON.Fields(parsing: text) == expected)
    }

    @Test(arguments: ["rows", "full", "title"])
    func anUnknownFieldsWordIsRefused(_ text: String) {
        #expect(throws: TodoError.self) { try TaskJSON.Fields(parsing: text) }
    }

    /// The sidebar's counts in one statement give each view's own count.
    @Test func countsInOneQueryMatchEachViewsCount() throws {
        let v = try TemporaryVault()
        try Self.trip(v)
        try v.task("inbox.md", title: "Loose end")
        try v.task("flag.md", title: "Flagged one", "flagged: true\narea: \"Home\"")
        try v.task("later.md", title: "Someday", "status: \"someday\"")
        try v.task("deferred.md", title: "Not yet", "defer: \"2026-12-01\"\narea: \"Home\"")
        try v.write("done.md", "---\ntitle: Old\nstatus: done\ncompleted: 2026-11-20T10:00:00Z\ncreated: 2026-11-01T10:00:00Z\n---\n")
        let vault = try v.open()
        let views = try View.builtInIDs.map { try View.named($0) }
        let one = try vault.counts(rules: views.map(\.rules) + [.all()])
        let each = try views.map { try vault.count(rules: $0.rules) } + [try vault.count(rules: .all())]
        #expect(one == each)
        #expect(Set(each).count > 3, "the views count different tasks: \(each)")
        #expect(try vault.counts(rules: []) == [])
    }
}
