import Foundation
import HTTPTypes
import Hummingbird
import Testing
import TodoMDKit
import TodoMDTestSupport
@testable import TodoMDServer

@Suite("Task API")
struct TaskAPITests {
    static func sample(_ t: TemporaryVault) throws {
        try t.task("overdue.md", title: "Renew passport", "due: 2026-11-19\npriority: high")
        try t.task("today.md", title: "Review PR", "due: 2026-11-21\narea: Work\nproject: Auth Service")
        try t.task("later.md", title: "Plan offsite", "due: 2026-12-01\narea: Work")
        try t.write("done.md", "---\ntitle: Old thing\nstatus: done\ncompleted: 2026-11-20T10:00:00Z\ncreated: 2026-11-01T10:00:00Z\n---\n")
    }

    @Test func healthAnswersOK() async throws {
        let f = try ServerFixture()
        try await f.test { client in
            let r = try await client.get("/api/v1/health")
            #expect(r.status == .ok)
            #expect(r.json["status"]?.stringValue == "ok")
            #expect(r.headers[.contentType]?.hasPrefix("application/json") == true)
        }
    }

    @Test func listsTodayAsTheCLIListingJSON() async throws {
        let f = try ServerFixture(setUp: Self.sample)
        try await f.test { client in
            let r = try await client.get("/api/v1/tasks?view=today")
            #expect(r.status == .ok)
            #expect(r.json["view"]?.stringValue == "today")
            let groups = r.json["groups"]?.arrayValue ?? []
            #expect(groups.compactMap { $0["name"]?.stringValue } == ["Overdue", "Due Today"])
            let ids = groups.flatMap { $0["tasks"]?.arrayValue ?? [] }.compactMap { $0["id"]?.stringValue }
            #expect(ids == ["overdue.md", "today.md"])
            // The same bytes the command line prints for `today --json`.
            #expect(r.text == (try f.vault.list("today").json))
        }
    }

    /// `fields=row`: each task in its row form (what a row of the web app's list draws); the
    /// task's own GET still answers all of it.
    @Test func listAndSearchAnswerTheRowFormWhenAsked() async throws {
        let f = try ServerFixture { t in
            try Self.sample(t)
            try t.task("notes.md", title: "Review notes", "due: 2026-11-21", body: "First line of the notes.\n")
        }
        try await f.test { client in
            let r = try await client.get("/api/v1/tasks?view=today&fields=row")
            #expect(r.status == .ok)
            #expect(r.text == (try f.vault.list("today").json(.row)))
            let tasks = r.json["groups"]?.arrayValue?.flatMap { $0["tasks"]?.arrayValue ?? [] } ?? []
            #expect(tasks.compactMap { $0["id"]?.stringValue } == ["overdue.md", "notes.md", "today.md"])
            #expect(tasks.allSatisfy { $0["body"] == nil && $0["created"] == nil })
            #expect(tasks.first { $0["id"]?.stringValue == "notes.md" }?["notes"]?.stringValue == "First line of the notes.")
            #expect(tasks.first { $0["id"]?.stringValue == "today.md" }?["project"]?.stringValue == "Auth Service")
            // What the list's header draws comes with its rows: the view's name and icon (a
            // perspective's colour too), so a first screen need not wait for the sidebar.
            #expect(r.json["name"]?.stringValue == "Today" && r.json["icon"]?.stringValue == "star")
            #expect(r.json["color"] == nil && r.json["group_by"] == nil && r.json["layout"] == nil)
            let whole = try await client.get("/api/v1/tasks?view=today")
            #expect(whole.json["name"] == nil && whole.json["icon"] == nil, "the whole form stays the CLI's LISTING")
            let area = try await client.get("/api/v1/tasks?view=area:Work&fields=row")
            #expect(area.json["name"]?.stringValue == "Work" && area.json["icon"] == nil)
            let full = try await client.get("/api/v1/tasks/notes.md")
            #expect(full.json["body"]?.stringValue == "First line of the notes.\n")
            let search = try await client.get("/api/v1/search?q=review&fields=row")
            let found = search.json["groups"]?.arrayValue?.flatMap { $0["tasks"]?.arrayValue ?? [] } ?? []
            #expect(found.count == 2 && found.allSatisfy { $0["body"] == nil })
            let bad = try await client.get("/api/v1/tasks?view=today&fields=everything")
            #expect(bad.status == .badRequest)
            #expect(bad.text.contains("fields"))
        }
    }

    /// `limit=N`: the first N rows and the listing's `total` (the web app's first screen of a long
    /// list); a bad limit is a 400 that names it.
    @Test func listTakesALimit() async throws {
        let f = try ServerFixture(setUp: Self.sample)
        try await f.test { client in
            let r = try await client.get("/api/v1/tasks?view=today&fields=row&limit=1")
            #expect(r.status == .ok)
            #expect(r.text == (try f.vault.list(ListRequest(.view("today"), limit: 1)).json(.row)))
            #expect(r.json["total"] == .number(2))
            let ids = r.json["groups"]?.arrayValue?.flatMap { $0["tasks"]?.arrayValue ?? [] }.compactMap { $0["id"]?.stringValue }
            #expect(ids == ["overdue.md"])
            for bad in ["0", "many"] {
                let refused = try await client.get("/api/v1/tasks?view=today&limit=\(bad)")
                #expect(refused.status == .badRequest)
                #expect(refused.text.contains("limit"))
            }
        }
    }

    @Test func listTakesGroupSortAndQuickFilter() async throws {
        let f = try ServerFixture(setUp: Self.sample)
        try await f.test { client in
            let byPriority = try await client.get("/api/v1/tasks?view=anytime&group=priority")
            #expect(byPriority.json["groups"]?.arrayValue?.first?["name"]?.stringValue == "high")
            let filtered = try await client.get("/api/v1/tasks?view=anytime&area=Work&sort=due&direction=desc")
            let ids = filtered.json["groups"]?.arrayValue?.flatMap { $0["tasks"]?.arrayValue ?? [] }
                .compactMap { $0["id"]?.stringValue }
            #expect(ids == ["later.md", "today.md"])
            let projectView = try await client.get("/api/v1/tasks?view=project:Auth%20Service")
            #expect(projectView.status == .ok)
            #expect(projectView.json["view"]?.stringValue == "project:Auth Service")
        }
    }

    /// The list request is the core's `ListRequest`, as for the CLI and MCP: without a view, an
    /// area (project, tag) names its view; filters read statuses, priorities and `#tags` alike.
    @Test func aListRequestMeansWhatItMeansEverywhere() async throws {
        let f = try ServerFixture(setUp: Self.sample)
        try await f.test { client in
            let area = try await client.get("/api/v1/tasks?area=Work")
            #expect(area.json["view"]?.stringValue == "area:Work")
            #expect(area.text == (try f.vault.list("area:Work").json))
            let loose = try await client.get("/api/v1/tasks?view=anytime&priority=HIGH,%20Low")
            let ids = loose.json["groups"]?.arrayValue?.flatMap { $0["tasks"]?.arrayValue ?? [] }
                .compactMap { $0["id"]?.stringValue }
            #expect(ids == ["overdue.md"])
        }
    }

    @Test func badListRequestsSayWhat() async throws {
        let f = try ServerFixture()
        try await f.test { client in
            let unknown = try await client.get("/api/v1/tasks?view=nowhere")
            #expect(unknown.status == .notFound)
            #expect(unknown.json["error"]?["code"]?.stringValue == "not_found")
            #expect(unknown.json["error"]?["message"]?.stringValue?.contains("nowhere") == true)
            #expect(try await client.get("/api/v1/tasks?view=today&perspective=x").status == .badRequest)
            #expect(try await client.get("/api/v1/tasks?view=today&group=colour").status == .badRequest)
            #expect(try await client.get("/api/v1/tasks?perspective=missing").status == .notFound)
        }
    }

    @Test func quickEntryCreatesTheRightFile() async throws {
        let f = try ServerFixture()
        try await f.test { client in
            let r = try await client.send(.post, "/api/v1/tasks", #"{"text": "Buy milk fri #errands !high"}"#)
            #expect(r.status == .created)
            let id = try #require(r.json["id"]?.stringValue)
            #expect(r.json["title"]?.stringValue == "Buy milk")
            #expect(r.json["due"]?.stringValue == "2026-11-27")
            #expect(r.json["source"]?.stringValue == "user")
            let text = try f.temp.text(id)
            #expect(text.contains("title: \"Buy milk\""))
            #expect(text.contains("due: \"2026-11-27\""))
            #expect(text.contains("priority: \"high\""))
            #expect(text.contains("  - errands\n"))
        }
    }

    @Test func createFromFieldsAndFieldsWinOverTheLine() async throws {
        let f = try ServerFixture()
        try await f.test { client in
            let r = try await client.send(.post, "/api/v1/tasks",
                                          ##"{"title": "Write report", "scheduled": "tomorrow", "tags": ["work", "#focus"], "estimated_minutes": 90, "body": "Outline first."}"##)
            #expect(r.status == .created)
            #expect(r.json["scheduled"]?.stringValue == "2026-11-22")
            #expect(r.json["tags"] == .array([.string("work"), .string("focus")]))
            #expect(r.json["body"]?.stringValue == "Outline first.")
            let mixed = try await client.send(.post, "/api/v1/tasks", #"{"text": "Call mum tomorrow", "due": "2026-12-24"}"#)
            #expect(mixed.json["due"]?.stringValue == "2026-12-24")
            #expect(mixed.json["title"]?.stringValue == "Call mum")
        }
    }

    @Test func badInputIsA400ThatNamesTheField() async throws {
        let f = try ServerFixture()
        try await f.test { client in
            let notJSON = try await client.send(.post, "/api/v1/tasks", "{title: oops")
            #expect(notJSON.status == .badRequest)
            #expect(notJSON.json["error"]?["message"]?.stringValue?.contains("not valid JSON") == true)
            let badDate = try await client.send(.post, "/api/v1/tasks", #"{"title": "x", "due": "someday soon"}"#)
            #expect(badDate.status == .badRequest)
            #expect(badDate.json["error"]?["message"]?.stringValue?.contains("due") == true)
            let unknown = try await client.send(.post, "/api/v1/tasks", #"{"title": "x", "colour": "red"}"#)
            #expect(unknown.json["error"]?["message"]?.stringValue?.contains("colour") == true)
            let noTitle = try await client.send(.post, "/api/v1/tasks", #"{"text": "tomorrow"}"#)
            #expect(noTitle.status == .badRequest)
            let stamped = try await client.send(.post, "/api/v1/tasks", #"{"title": "x", "modified": "2026-01-01T00:00:00Z"}"#)
            #expect(stamped.status == .badRequest)
            let array = try await client.send(.post, "/api/v1/tasks", "[1, 2]")
            #expect(array.status == .badRequest)
        }
        #expect(try f.vault.list("all").tasks.isEmpty)
    }

    @Test func patchChangesOnlyThoseLines() async throws {
        let f = try ServerFixture { t in
            try t.write("keep.md", "---\r\n# my comment\r\ntitle: 'Keep me'   # quoted my way\r\nstatus: todo\r\ncustom_key: [a, b]\r\ncreated: 2026-11-01T10:00:00Z\r\n---\r\nBody stays.\r\n")
        }
        let before = try f.temp.text("keep.md")
        try await f.test { client in
            let r = try await client.send(.patch, "/api/v1/tasks/keep.md", #"{"priority": "high"}"#)
            #expect(r.status == .ok)
            #expect(r.json["priority"]?.stringValue == "high")
        }
        let after = try f.temp.text("keep.md")
        let added = Set(after.components(separatedBy: "\r\n")).subtracting(before.components(separatedBy: "\r\n"))
        #expect(added == ["priority: \"high\"", "modified: \"2026-11-21T08:00:00Z\""])
        #expect(Set(before.components(separatedBy: "\r\n")).isSubset(of: Set(after.components(separatedBy: "\r\n"))))
    }

    @Test func patchClearsWithNullAndSetsTheBody() async throws {
        let f = try ServerFixture { t in try t.task("a.md", title: "A", "due: 2026-11-25\narea: Home") }
        try await f.test { client in
            let r = try await client.send(.patch, "/api/v1/tasks/a.md", #"{"due": null, "area": null, "body": "Notes"}"#)
            #expect(r.json["due"] == .null)
            #expect(r.json["area"] == .null)
            #expect(r.json["body"]?.stringValue == "Notes")
        }
        let text = try f.temp.text("a.md")
        #expect(!text.contains("due:"))
        #expect(text.hasSuffix("Notes"))
    }

    @Test func aDeleteAnswersWhereItsFilesWentAndRestoreUndoesIt() async throws {
        let f = try ServerFixture { t in
            try t.task("Work/a.md", title: "Parent")
            try t.task("b.md", title: "Child", "parent: \"Work/a.md\"")
            try t.task("c.md", title: "Other")
        }
        let before = try f.temp.bytes("Work/a.md")
        try await f.test { client in
            let refused = try await client.send(.post, "/api/v1/tasks/delete", #"{"ids": ["c.md", "Work/a.md"]}"#)
            #expect(refused.status == .badRequest, "open subtasks")
            #expect(refused.json["error"]?["code"]?.stringValue == "invalid_value")
            let unknown = try await client.send(.post, "/api/v1/tasks/delete", #"{"ids": ["c.md", "nope.md"]}"#)
            #expect(unknown.status == .notFound)
            #expect(try await client.get("/api/v1/tasks/c.md").status == .ok, "nothing moved")
            let deleted = try await client.send(.post, "/api/v1/tasks/delete", #"{"ids": ["Work/a.md"], "with_subtasks": true}"#)
            #expect(deleted.status == .ok)
            let answer = try #require(deleted.json["deleted"])
            #expect(answer.compact() == #"[{"id":"b.md","trashed_to":".trash/b.md"},{"id":"Work/a.md","trashed_to":".trash/a.md"}]"#)
            #expect(try await client.get("/api/v1/tasks/Parent").status == .notFound)

            let restored = try await client.send(.post, "/api/v1/trash/restore", #"{"deleted": \#(answer.compact())}"#)
            #expect(restored.status == .ok)
            #expect(restored.json["tasks"]?.arrayValue?.compactMap { $0["id"]?.stringValue } == ["b.md", "Work/a.md"])
            #expect(try await client.get("/api/v1/tasks/Parent").json["children"] == .array([.string("b.md")]))
            // Again: the files are no longer in the trash.
            let again = try await client.send(.post, "/api/v1/trash/restore", #"{"deleted": \#(answer.compact())}"#)
            #expect(again.status == .notFound)
            // The parent and its subtask chosen together need no flag: the subtask goes first.
            let both = try await client.send(.post, "/api/v1/tasks/delete", #"{"ids": ["Work/a.md", "b.md"]}"#)
            #expect(both.json["deleted"]?.compact() == #"[{"id":"b.md","trashed_to":".trash/b.md"},{"id":"Work/a.md","trashed_to":".trash/a.md"}]"#)
            #expect(try await client.send(.post, "/api/v1/tasks/delete", #"{}"#).status == .badRequest)
            let missing = try await client.send(.post, "/api/v1/trash/restore", #"{}"#)
            #expect(missing.status == .badRequest)
            #expect(missing.json["error"]?["message"]?.stringValue?.contains("deleted") == true)
            let outside = try await client.send(.post, "/api/v1/trash/restore",
                                                #"{"deleted": [{"id": "../x.md", "trashed_to": ".trash/a.md"}]}"#)
            #expect(outside.status == .badRequest)
            #expect(outside.json["error"]?["code"]?.stringValue == "invalid_value")
        }
        #expect(try f.temp.bytes(".trash/a.md") == before, "restored byte for byte, then deleted again")
    }

    @Test func undoingADeleteThatKeptTheSubtasksMakesThemSubtasksAgain() async throws {
        let f = try ServerFixture { t in
            try t.task("a.md", title: "Parent")
            try t.task("b.md", title: "Child", "parent: \"a.md\"")
        }
        try await f.test { client in
            let deleted = try await client.send(.post, "/api/v1/tasks/delete", #"{"ids": ["a.md"], "keep_subtasks": true}"#)
            let answer = try #require(deleted.json["deleted"])
            #expect(answer.compact() == #"[{"id":"a.md","trashed_to":".trash/a.md","kept_subtasks":["b.md"]}]"#)
            #expect(try await client.get("/api/v1/tasks/b.md").json["parent"] == .null)
            let restored = try await client.send(.post, "/api/v1/trash/restore", #"{"deleted": \#(answer.compact())}"#)
            #expect(restored.status == .ok)
            #expect(try await client.get("/api/v1/tasks/a.md").json["children"] == .array([.string("b.md")]))
        }
    }

    @Test func theTrashIsListedRestoredFromAndEmptied() async throws {
        let f = try ServerFixture(actor: "web") { t in
            try t.task("Work/a.md", title: "Report")
            try t.task("b.md", title: "Milk")
            try t.task("c.md", title: "Bread")
        }
        try await f.test { client in
            #expect(try await client.get("/api/v1/trash").json.compact() == #"{"trash":[]}"#)
            _ = try await client.send(.post, "/api/v1/tasks/delete", #"{"ids": ["Work/a.md", "b.md", "c.md"]}"#)
            let listed = try await client.get("/api/v1/trash")
            #expect(listed.status == .ok)
            let items = try #require(listed.json["trash"]?.arrayValue)
            #expect(items.compactMap { $0["id"]?.stringValue } == ["Work/a.md", "b.md", "c.md"])
            #expect(items.first?.compact() == #"{"trashed_to":".trash/a.md","kind":"task","id":"Work/a.md","title":"Report","status":"todo","readable":true,"deleted":"2026-11-21T08:00:00Z"}"#)
            // Put back from the listing: a `trashed_to` alone goes back where the task was.
            let back = try await client.send(.post, "/api/v1/trash/restore", #"{"deleted": [{"trashed_to": ".trash/a.md"}]}"#)
            #expect(back.json["tasks"]?.arrayValue?.compactMap { $0["id"]?.stringValue } == ["Work/a.md"])
            // Emptied: the ones named, then the rest; a bad list is refused and nothing goes.
            let bad = try await client.send(.post, "/api/v1/trash/empty", #"{"trashed_to": ".trash/b.md"}"#)
            #expect(bad.status == .badRequest)
            let gone = try await client.send(.post, "/api/v1/trash/empty", #"{"trashed_to": [".trash/b.md", ".trash/a.md"]}"#)
            #expect(gone.status == .notFound, "a.md is no longer in the trash")
            #expect(f.temp.exists(".trash/b.md"))
            let one = try await client.send(.post, "/api/v1/trash/empty", #"{"trashed_to": [".trash/b.md"]}"#)
            #expect(one.json.compact() == #"{"removed":[".trash/b.md"]}"#)
            let rest = try await client.send(.post, "/api/v1/trash/empty")
            #expect(rest.json.compact() == #"{"removed":[".trash/c.md"]}"#)
            #expect(try await client.get("/api/v1/trash").json.compact() == #"{"trash":[]}"#)
        }
        #expect(f.temp.exists("Work/a.md") && !f.temp.exists(".trash/b.md") && !f.temp.exists(".trash/c.md"))
    }

    @Test func unknownTasksAre404AndReferencesStayInsideTheVault() async throws {
        let f = try ServerFixture(setUp: Self.sample)
        try await f.test { client in
            #expect(try await client.get("/api/v1/tasks/nothing-like-this").status == .notFound)
            #expect(try await client.send(.patch, "/api/v1/tasks/nope.md", #"{"priority": "low"}"#).status == .notFound)
            #expect(try await client.send(.delete, "/api/v1/tasks/nope.md").status == .notFound)
            for ref in ["..%2F..%2F..%2Fetc%2Fpasswd", "%2Fetc%2Fpasswd", "..%2Fvault%2Ftoday.md"] {
                #expect(try await client.get("/api/v1/tasks/\(ref)").status == .notFound, "\(ref)")
            }
            // A unique title substring resolves like on the command line; closed tasks resolve too.
            #expect(try await client.get("/api/v1/tasks/passport").json["id"]?.stringValue == "overdue.md")
            #expect(try await client.get("/api/v1/tasks/done.md").json["status"]?.stringValue == "done")
            let ambiguous = try await client.get("/api/v1/tasks/r")
            #expect(ambiguous.status == .badRequest)
            #expect(ambiguous.json["error"]?["code"]?.stringValue == "ambiguous")
        }
    }

    @Test func completingMovesATaskOutOfToday() async throws {
        let f = try ServerFixture(setUp: Self.sample)
        try await f.test { client in
            let r = try await client.send(.post, "/api/v1/tasks/today.md/complete")
            #expect(r.status == .ok)
            #expect(r.json["status"]?.stringValue == "done")
            #expect(r.json["completed"]?.stringValue == "2026-11-21T08:00:00Z")
            let today = try await client.get("/api/v1/tasks?view=today")
            #expect(!today.text.contains("today.md"))
            let reopened = try await client.send(.post, "/api/v1/tasks/today.md/reopen")
            #expect(reopened.json["status"]?.stringValue == "todo")
            let deferred = try await client.send(.post, "/api/v1/tasks/later.md/defer", #"{"date": "next monday"}"#)
            #expect(deferred.json["defer"]?.stringValue == "2026-11-23")
            let cancelled = try await client.send(.post, "/api/v1/tasks/later.md/cancel")
            #expect(cancelled.json["status"]?.stringValue == "cancelled")
        }
    }

    @Test func completingARepeatingTaskCreatesTheNext() async throws {
        let f = try ServerFixture { t in try t.task("water.md", title: "Water plants", "due: 2026-11-21\nrecurrence: FREQ=WEEKLY") }
        let events = EventRecorder(f.service.hub)
        try await f.test { client in
            _ = try await client.send(.post, "/api/v1/tasks/water.md/complete")
        }
        let seen = await events.wait(for: 2)
        #expect(seen.first == .task(kind: .updated, id: "water.md"))
        guard case let .task(kind, id)? = seen.last else { Issue.record("no event for the next task"); return }
        #expect(kind == .created)
        #expect(try f.vault.read(id).0.due == LocalDate(year: 2026, month: 11, day: 28))
    }

    /// The web app's Undo after completing a repeating task: the task is back, listed once.
    @Test func undoingACompletionRemovesTheNextTask() async throws {
        let f = try ServerFixture { t in try t.task("water.md", title: "Water plants", "due: 2026-11-21\nrecurrence: FREQ=WEEKLY") }
        try await f.test { client in
            let done = try await client.send(.post, "/api/v1/tasks/water.md/complete")
            let undo = try #require(done.json["undo"])
            let next = try #require(undo["next"]?.stringValue)
            #expect(undo["recurrence"]?.stringValue == "FREQ=WEEKLY")
            let events = EventRecorder(f.service.hub)
            let r = try await client.send(.post, "/api/v1/tasks/water.md/undo-complete", undo.compact())
            #expect(r.status == .ok)
            #expect(r.json["task"]?["status"]?.stringValue == "todo")
            #expect(r.json["task"]?["recurrence"]?.stringValue == "FREQ=WEEKLY")
            #expect(r.json["next_removed"]?.stringValue == ".trash/" + next)
            #expect(r.json["next_kept"]?.isNull == true)
            let all = try await client.get("/api/v1/tasks?view=all")
            #expect(all.json["groups"]?.arrayValue?.flatMap { $0["tasks"]?.arrayValue ?? [] }
                .compactMap { $0["id"]?.stringValue } == ["water.md"])
            let seen = await events.wait(for: 2)
            #expect(seen.contains(.task(kind: .deleted, id: next)))
            #expect(seen.contains(.task(kind: .updated, id: "water.md")))
            let bad = try await client.send(.post, "/api/v1/tasks/water.md/undo-complete", #"{"status": "done"}"#)
            #expect(bad.status == .badRequest)
        }
    }

    /// The editor sends the `hash` it read: another program's edit since is a 409, never overwritten.
    @Test func patchWithAStaleHashIsAConflict() async throws {
        let f = try ServerFixture { t in try t.task("notes.md", title: "Pack", body: "- tent\n") }
        try await f.test { client in
            let read = try await client.get("/api/v1/tasks/notes.md")
            let hash = try #require(read.json["hash"]?.stringValue)
            #expect(read.json["body"]?.stringValue == "- tent\n")
            // Another program appends a line.
            try f.temp.write("notes.md", try f.temp.text("notes.md") + "- stove\n")
            let stale = try await client.send(.patch, "/api/v1/tasks/notes.md",
                                              #"{"body": "- tent\n- mat\n", "hash": "\#(hash)"}"#)
            #expect(stale.status == .conflict)
            #expect(stale.json["error"]?["code"]?.stringValue == "conflict")
            #expect(try f.temp.text("notes.md").hasSuffix("- tent\n- stove\n"))
            let fresh = try #require(try await client.get("/api/v1/tasks/notes.md").json["hash"]?.stringValue)
            #expect(fresh != hash)
            let ok = try await client.send(.patch, "/api/v1/tasks/notes.md",
                                           #"{"body": "- tent\n- stove\n- mat\n", "hash": "\#(fresh)"}"#)
            #expect(ok.status == .ok)
            #expect(ok.json["body"]?.stringValue == "- tent\n- stove\n- mat\n")
            let next = try #require(ok.json["hash"]?.stringValue)
            #expect(next != fresh)
            // Without a hash a PATCH writes as before; a hash of the wrong type is a 400.
            #expect(try await client.send(.patch, "/api/v1/tasks/notes.md", #"{"priority": "high"}"#).status == .ok)
            #expect(try await client.send(.patch, "/api/v1/tasks/notes.md", #"{"hash": 3}"#).status == .badRequest)
        }
    }

    @Test func deleteMovesTheFileToTrash() async throws {
        let f = try ServerFixture(setUp: Self.sample)
        try await f.test { client in
            let r = try await client.send(.delete, "/api/v1/tasks/later.md")
            #expect(r.status == .noContent)
        }
        #expect(!f.temp.exists("later.md"))
        #expect(f.temp.exists(".trash/later.md"))
    }

    @Test func moveWritesTheOrderFile() async throws {
        let f = try ServerFixture(setUp: Self.sample)
        try await f.test { client in
            let r = try await client.send(.post, "/api/v1/tasks/today.md/move", #"{"view": "today", "before": "overdue.md"}"#)
            #expect(r.status == .noContent)
            let bad = try await client.send(.post, "/api/v1/tasks/later.md/move", #"{"view": "today", "before": null}"#)
            #expect(bad.status == .badRequest)
        }
        let order = try OrderFile(text: f.temp.text(".order.json"))
        #expect(order.order(for: "today") == ["today.md", "overdue.md"])
    }

    @Test func rescheduleAllOverdue() async throws {
        let f = try ServerFixture(setUp: Self.sample)
        try await f.test { client in
            let r = try await client.send(.post, "/api/v1/reschedule-overdue", #"{"date": "today"}"#)
            #expect(r.json["tasks"]?.arrayValue?.compactMap { $0["id"]?.stringValue } == ["overdue.md"])
            let today = try await client.get("/api/v1/tasks?view=today")
            #expect(today.json["groups"]?.arrayValue?.compactMap { $0["name"]?.stringValue } == ["Due Today"])
        }
    }

    @Test func parsePreviewsWithoutWriting() async throws {
        let f = try ServerFixture { t in try t.task("mp.md", title: "Shop", "project: Meal Prep") }
        try await f.test { client in
            let r = try await client.send(.post, "/api/v1/parse", #"{"text": "Buy oats friday #errands +mealprep"}"#)
            #expect(r.json["preview"]?.stringValue == "due Fri 27 Nov · #errands · +Meal Prep")
            #expect(r.json["task"]?["title"]?.stringValue == "Buy oats")
            let date = try await client.get("/api/v1/dates?text=next%20friday")
            #expect(date.json["date"]?.stringValue == "2026-11-27")
            #expect(date.json["display"]?.stringValue == "Fri 27 Nov")
            #expect(try await client.get("/api/v1/dates?text=blue").status == .badRequest)
            // Forms and scripts encode spaces as `+`.
            #expect(try await client.get("/api/v1/dates?text=next+fri").json["date"]?.stringValue == "2026-11-27")
            let rule = try await client.get("/api/v1/recurrence?rule=every%202%20weeks")
            #expect(rule.json["rule"]?.stringValue == "FREQ=WEEKLY;INTERVAL=2")
            #expect(rule.json["next"]?.arrayValue?.count == 3)
        }
        #expect(try f.vault.list("all").tasks.count == 1)
    }

    @Test func searchFindsTitleAndBody() async throws {
        let f = try ServerFixture { t in
            try t.task("a.md", title: "Café visit")
            try t.task("b.md", title: "Other", body: "Remember the cafe receipt")
            try t.task("c.md", title: "Nothing")
        }
        try await f.test { client in
            let r = try await client.get("/api/v1/search?q=cafe")
            let ids = Set(r.json["groups"]?.arrayValue?.flatMap { $0["tasks"]?.arrayValue ?? [] }
                .compactMap { $0["id"]?.stringValue } ?? [])
            #expect(ids == ["a.md", "b.md"])
        }
    }
}
