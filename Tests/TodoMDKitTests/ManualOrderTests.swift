import Foundation
import Testing
import TodoMDKit
import TodoMDTestSupport

// Manual order and `.order.json` (§9, §21 "Views and order").

/// Writes `id` as a todo task created `minute` minutes after 10:00 on 2026-11-01.
@discardableResult
private func put(_ v: TemporaryVault, _ id: String, _ minute: Int, _ lines: String = "") throws -> String {
    var text = "---\ntitle: \"\(id)\"\nstatus: \"todo\"\n"
    if !lines.isEmpty { text += lines + "\n" }
    text += String(format: "created: \"2026-11-01T10:%02d:00Z\"\nsource: \"test\"\n---\n", minute)
    return try v.write(id, text)
}

private func parseJSON(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
}

private func views(_ json: [String: Any]) -> [String: [String]] {
    (json["views"] as? [String: Any] ?? [:]).compactMapValues { $0 as? [String] }
}

@Suite struct ManualOrderTests {
    @Test func listedFilesFirstThenTheRestByCreated() throws {
        let v = try TemporaryVault()
        try put(v, "a.md", 0)
        try put(v, "b.md", 1)
        try put(v, "c.md", 2)
        try put(v, "d.md", 4)
        try put(v, "e.md", 3)
        try v.write(".order.json", #"{"version": 1, "views": {"inbox": ["d.md", "gone.md", "b.md"]}}"#)
        #expect(try v.open().list("inbox").tasks.map(\.id) == ["d.md", "b.md", "a.md", "c.md", "e.md"])
    }

    @Test func withoutAnOrderFileManualIsCreatedAscendingThenID() throws {
        let v = try TemporaryVault()
        try put(v, "b.md", 1)
        try put(v, "a.md", 1)
        try put(v, "c.md", 0)
        #expect(try v.open().list("inbox").tasks.map(\.id) == ["c.md", "a.md", "b.md"])
    }

    @Test(arguments: [SortDirection.ascending, .descending])
    func manualIgnoresDirection(direction: SortDirection) throws {
        let v = try TemporaryVault()
        try put(v, "a.md", 0)
        try put(v, "b.md", 1)
        try put(v, "c.md", 2)
        try v.write(".order.json", #"{"version": 1, "views": {"inbox": ["b.md"]}}"#)
        let listing = try v.open().list("inbox", sort: .manual, direction: direction)
        #expect(listing.tasks.map(\.id) == ["b.md", "a.md", "c.md"])
    }

    @Test func eachViewHasItsOwnOrder() throws {
        let v = try TemporaryVault()
        try put(v, "a.md", 0, "area: \"Work\"\nproject: \"P\"\ntags:\n  - x\nflagged: true\ndue: \"2026-11-21\"")
        try put(v, "b.md", 1, "area: \"Work\"\nproject: \"P\"\ntags:\n  - x\nflagged: true\ndue: \"2026-11-21\"")
        try put(v, "c.md", 2, "area: \"Work\"\nproject: \"P\"\ntags:\n  - x\nflagged: true\ndue: \"2026-11-21\"")
        try v.write(".order.json", """
            {"version": 1, "views": {
              "today": ["c.md"], "anytime": ["b.md", "c.md"], "flagged": ["c.md", "b.md", "a.md"],
              "area:Work": ["b.md"], "project:P": ["c.md", "a.md"], "tag:x": ["b.md", "a.md"],
              "area:work": ["a.md"]}}
            """)
        let vault = try v.open()
        #expect(try vault.list("today").tasks.map(\.id) == ["c.md", "a.md", "b.md"])
        #expect(try vault.list("anytime").tasks.map(\.id) == ["b.md", "c.md", "a.md"])
        #expect(try vault.list("flagged").tasks.map(\.id) == ["c.md", "b.md", "a.md"])
        #expect(try vault.list("area:Work").tasks.map(\.id) == ["b.md", "a.md", "c.md"])
        #expect(try vault.list("project:P").tasks.map(\.id) == ["c.md", "a.md", "b.md"])
        #expect(try vault.list("tag:x").tasks.map(\.id) == ["b.md", "a.md", "c.md"])
    }

    @Test func bareFilenameMatchesTheOneTaskWithThatNameInASubfolder() throws {
        let v = try TemporaryVault()
        try put(v, "a.md", 0)
        try put(v, "Work/deep/x.md", 1)
        try put(v, "Home/y.md", 2)
        try v.write(".order.json", #"{"version": 1, "views": {"inbox": ["x.md", "Home/y.md"]}}"#)
        #expect(try v.open().list("inbox").tasks.map(\.id) == ["Work/deep/x.md", "Home/y.md", "a.md"])
    }

    @Test func entryWithASlashMatchesOnlyThatID() throws {
        let v = try TemporaryVault()
        try put(v, "a.md", 0)
        try put(v, "Work/x.md", 1)
        try v.write(".order.json", #"{"version": 1, "views": {"inbox": ["Other/x.md", "Work/a.md"]}}"#)
        #expect(try v.open().list("inbox").tasks.map(\.id) == ["a.md", "Work/x.md"])
    }

    @Test func bareFilenameSharedByTwoTasksMatchesNeither() throws {
        let v = try TemporaryVault()
        try put(v, "a.md", 0)
        try put(v, "One/x.md", 1)
        try put(v, "Two/x.md", 2)
        try v.write(".order.json", #"{"version": 1, "views": {"inbox": ["x.md"]}}"#)
        #expect(try v.open().list("inbox").tasks.map(\.id) == ["a.md", "One/x.md", "Two/x.md"])
    }

    @Test func exactIDWinsOverTheBareFilenameRule() throws {
        let v = try TemporaryVault()
        try put(v, "a.md", 0)
        try put(v, "x.md", 1)
        try put(v, "Sub/x.md", 2)
        try v.write(".order.json", #"{"version": 1, "views": {"inbox": ["x.md", "a.md"]}}"#)
        #expect(try v.open().list("inbox").tasks.map(\.id) == ["x.md", "a.md", "Sub/x.md"])
    }

    @Test func aRepeatedEntryCountsAtItsFirstPlace() throws {
        let v = try TemporaryVault()
        try put(v, "a.md", 0)
        try put(v, "b.md", 1)
        try put(v, "c.md", 2)
        try v.write(".order.json", #"{"version": 1, "views": {"inbox": ["c.md", "a.md", "c.md"]}}"#)
        #expect(try v.open().list("inbox").tasks.map(\.id) == ["c.md", "a.md", "b.md"])
    }

    @Test func oddOrderFileContentIsIgnoredNotFatal() throws {
        let v = try TemporaryVault()
        try put(v, "a.md", 0)
        try put(v, "b.md", 1)
        try v.write(".order.json", #"{"version": 1, "views": {"inbox": [3, null, "b.md", {"x": 1}], "today": "b.md"}}"#)
        let vault = try v.open()
        #expect(try vault.list("inbox").tasks.map(\.id) == ["b.md", "a.md"])
    }

    // MARK: - Moving

    @Test func moveRewritesOnlyThatViewAndKeepsEverythingElse() throws {
        let v = try TemporaryVault()
        try put(v, "a.md", 0)
        try put(v, "b.md", 1)
        try put(v, "c.md", 2)
        try put(v, "w.md", 3, "area: \"Work\"")
        let original = """
            {
              "version": 1,
              "views": {
                "inbox": ["c.md", "gone.md", "b.md"],
                "today": ["x.md", "a.md"],
                "area:Work": ["w.md", "ghost.md"]
              },
              "projects": ["P", "Q"],
              "areas": ["Work"],
              "custom": {"k": [1, 2, {"deep": true}]}
            }
            """
        try v.write(".order.json", original)
        let vault = try v.open()
        try vault.reorder("a.md", before: "c.md", inView: "inbox")

        let after = try parseJSON(v.text(".order.json"))
        let before = try parseJSON(original)
        let inbox = try #require(views(after)["inbox"])
        // The view's tasks in their new order; the missing file's entry kept.
        #expect(inbox.filter { $0 != "gone.md" } == ["a.md", "c.md", "b.md"])
        #expect(inbox.contains("gone.md"))
        // Everything else exactly as it was.
        #expect(views(after)["today"] == ["x.md", "a.md"])
        #expect(views(after)["area:Work"] == ["w.md", "ghost.md"])
        #expect(after["projects"] as? [String] == ["P", "Q"])
        #expect(after["areas"] as? [String] == ["Work"])
        #expect((after["version"] as? NSNumber)?.intValue == 1)
        let customAfter = try JSONSerialization.data(withJSONObject: try #require(after["custom"]), options: [.sortedKeys])
        let customBefore = try JSONSerialization.data(withJSONObject: try #require(before["custom"]), options: [.sortedKeys])
        #expect(customAfter == customBefore)
        #expect(Set(after.keys) == Set(before.keys))
        #expect(Set(views(after).keys) == ["inbox", "today", "area:Work"])

        #expect(try vault.list("inbox").tasks.map(\.id) == ["a.md", "c.md", "b.md"])
    }

    @Test func moveToTheEnd() throws {
        let v = try TemporaryVault()
        try put(v, "a.md", 0)
        try put(v, "b.md", 1)
        try put(v, "c.md", 2)
        let vault = try v.open()
        try vault.reorder("a.md", before: nil, inView: "inbox")
        #expect(try vault.list("inbox").tasks.map(\.id) == ["b.md", "c.md", "a.md"])
        try vault.reorder("c.md", before: "b.md", inView: "inbox")
        #expect(try vault.list("inbox").tasks.map(\.id) == ["c.md", "b.md", "a.md"])
    }

    @Test func moveCreatesAPrettyOrderFileWithTwoSpaceIndent() throws {
        let v = try TemporaryVault()
        try put(v, "a.md", 0)
        try put(v, "b.md", 1)
        let vault = try v.open()
        #expect(!v.exists(".order.json"))
        try vault.reorder("b.md", before: "a.md", inView: "inbox")
        let text = try v.text(".order.json")
        let json = try parseJSON(text)
        #expect(views(json)["inbox"] == ["b.md", "a.md"])
        #expect(json["version"] as? Int == 1)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: true)
        #expect(lines.count > 3, "pretty-printed over several lines")
        #expect(!text.contains("\t"))
        for line in lines {
            let indent = line.prefix { $0 == " " }.count
            #expect(indent % 2 == 0, "\(line)")
        }
        #expect(lines.contains("  \"views\": {"))
        #expect(lines.contains("      \"b.md\","))
        #expect(lines.first == "{")
    }

    @Test func moveInAnAreaViewWritesThatViewsKey() throws {
        let v = try TemporaryVault()
        try put(v, "a.md", 0, "area: \"Deep Work\"")
        try put(v, "b.md", 1, "area: \"Deep Work\"\nproject: \"P\"")
        try put(v, "c.md", 2, "area: \"Deep Work\"")
        try v.write(".order.json", #"{"version": 1, "views": {"inbox": ["zz.md"]}}"#)
        let vault = try v.open()
        try vault.reorder("c.md", before: "a.md", inView: "area:Deep Work")
        let json = try parseJSON(v.text(".order.json"))
        #expect(views(json)["inbox"] == ["zz.md"])
        let area = try #require(views(json)["area:Deep Work"])
        #expect(try #require(area.firstIndex(of: "c.md")) < #require(area.firstIndex(of: "a.md")))
        let listing = try vault.list("area:Deep Work")
        #expect(listing.groups.map(\.name) == ["No Project", "P"])
        #expect(listing.groups.first?.tasks.map(\.id) == ["c.md", "a.md"])
    }

    @Test func moveWithABareFilenameEntryForASubfolderTask() throws {
        let v = try TemporaryVault()
        try put(v, "a.md", 0)
        try put(v, "Sub/x.md", 1)
        try put(v, "b.md", 2)
        try v.write(".order.json", #"{"version": 1, "views": {"inbox": ["x.md", "a.md"]}}"#)
        let vault = try v.open()
        #expect(try vault.list("inbox").tasks.map(\.id) == ["Sub/x.md", "a.md", "b.md"])
        try vault.reorder("b.md", before: "a.md", inView: "inbox")
        #expect(try vault.list("inbox").tasks.map(\.id) == ["Sub/x.md", "b.md", "a.md"])
    }

    @Test func movingATaskThatIsNotInTheViewFailsAndWritesNothing() throws {
        let v = try TemporaryVault()
        try put(v, "a.md", 0)
        try put(v, "w.md", 1, "area: \"Work\"")
        let original = #"{"version": 1, "views": {"inbox": ["a.md"]}, "x": 1}"#
        try v.write(".order.json", original)
        let vault = try v.open()
        #expect(throws: (any Error).self) { try vault.reorder("w.md", before: nil, inView: "inbox") }
        #expect(throws: (any Error).self) { try vault.reorder("a.md", before: "w.md", inView: "inbox") }
        #expect(throws: (any Error).self) { try vault.reorder("a.md", before: nil, inView: "nope") }
        #expect(try v.text(".order.json") == original)
    }

    @Test func aBrokenOrderFileIsNeverOverwrittenByAMove() throws {
        let v = try TemporaryVault()
        try put(v, "a.md", 0)
        try put(v, "b.md", 1)
        try v.write(".order.json", "{ not json")
        let vault = try v.open()
        #expect(throws: (any Error).self) { try vault.reorder("b.md", before: "a.md", inView: "inbox") }
        #expect(try v.text(".order.json") == "{ not json")
        // Listing still works, by created.
        #expect(try vault.list("inbox").tasks.map(\.id) == ["a.md", "b.md"])
    }

    // MARK: - Saved project order

    @Test func projectOrderUsesTheSavedProjectsThenAToZThenNoProject() throws {
        let v = try TemporaryVault()
        try put(v, "n.md", 0)
        try put(v, "q.md", 1, "project: \"Quince\"")
        try put(v, "b.md", 2, "project: \"banana\"")
        try put(v, "z.md", 3, "project: \"Zucchini\"")
        try put(v, "a.md", 4, "project: \"Apple\"")
        try v.write(".order.json", #"{"version": 1, "views": {}, "projects": ["Zucchini", "Nope", "Quince"]}"#)
        let listing = try v.open().list("inbox", sort: .projectOrder)
        // Inbox holds only tasks without a project; use anytime for the full picture.
        #expect(listing.tasks.map(\.id) == ["n.md"])
        let all = try v.open().list("anytime", sort: .projectOrder)
        #expect(all.tasks.map(\.id) == ["z.md", "q.md", "a.md", "b.md", "n.md"])
    }
}
