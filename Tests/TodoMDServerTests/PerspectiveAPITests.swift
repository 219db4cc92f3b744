import Foundation
import HTTPTypes
import Hummingbird
import Testing
import TodoMDKit
import TodoMDTestSupport
@testable import TodoMDServer

@Suite("Perspective, sidebar and theme API")
struct PerspectiveAPITests {
    static func sample(_ t: TemporaryVault) throws {
        try t.task("a.md", title: "Deploy", "area: Work\nproject: Auth Service\npriority: high\ntags: [focus]")
        try t.task("b.md", title: "Email", "area: Work\npriority: low")
        try t.task("c.md", title: "Gym", "area: Personal\ndue: 2026-11-21\ntags: [health]")
        try t.task("d.md", title: "Inbox item")
    }

    static let workHigh = #"""
    {"name": "Work focus", "icon": "briefcase", "color": "#4A90D9",
     "rules": {"operator": "AND", "conditions": [
        {"field": "area", "op": "equals", "value": "Work"},
        {"operator": "OR", "conditions": [
            {"field": "priority", "op": "equals", "value": "high"},
            {"field": "tags", "op": "contains", "value": "focus", "enabled": false}]}]},
     "sort": {"field": "due", "direction": "asc"}, "group_by": "project"}
    """#

    @Test func previewCountsLiveAndShowsWhatDatesMean() async throws {
        let f = try ServerFixture(setUp: Self.sample)
        try await f.test { client in
            let all = try await client.send(.post, "/api/v1/perspectives/preview", #"{"rules": {}}"#)
            #expect(all.json["count"]?.numberValue == 4)
            let work = try await client.send(.post, "/api/v1/perspectives/preview",
                #"{"rules": {"operator": "AND", "conditions": [{"field": "area", "op": "equals", "value": "Work"}]}}"#)
            #expect(work.json["count"]?.numberValue == 2)
            #expect(work.json["summary"]?.stringValue == "Showing 2 tasks")
            let not = try await client.send(.post, "/api/v1/perspectives/preview",
                #"{"rules": {"operator": "NOT", "conditions": [{"field": "area", "op": "equals", "value": "Work"}]}}"#)
            #expect(not.json["count"]?.numberValue == 2)
            let neutral = try await client.send(.post, "/api/v1/perspectives/preview",
                #"{"rules": {"operator": "AND", "conditions": [{"field": "colour", "op": "equals", "value": "red"}]}}"#)
            #expect(neutral.json["count"]?.numberValue == 4)
            #expect(neutral.json["warnings"]?.arrayValue?.isEmpty == false)
            #expect(neutral.json["dates"]?["tomorrow"]?.stringValue == "2026-11-22")
        }
    }

    @Test func createRunDuplicateReorderDelete() async throws {
        let f = try ServerFixture(setUp: Self.sample)
        try await f.test { client in
            let created = try await client.send(.post, "/api/v1/perspectives", Self.workHigh)
            #expect(created.status == .created)
            let id = try #require(created.json["id"]?.stringValue)
            #expect(id == "work-focus")
            let run = try await client.get("/api/v1/tasks?perspective=\(id)")
            #expect(run.json["groups"]?.arrayValue?.first?["name"]?.stringValue == "Auth Service")
            #expect(run.json["view"]?.stringValue == "perspective:work-focus")
            let rows = try await client.get("/api/v1/tasks?perspective=\(id)&fields=row&limit=1")
            #expect(rows.json["name"]?.stringValue == "Work focus")
            #expect(rows.json["icon"]?.stringValue == "briefcase" && rows.json["color"]?.stringValue == "#4A90D9")
            #expect(rows.json["group_by"]?.stringValue == "project" && rows.json["layout"]?.stringValue == "default")

            let copy = try await client.send(.post, "/api/v1/perspectives/\(id)/duplicate")
            #expect(copy.status == .created)
            let copyID = try #require(copy.json["id"]?.stringValue)
            #expect(copy.json["name"]?.stringValue == "Work focus Copy")
            #expect(try await client.send(.post, "/api/v1/perspectives/\(copyID)/move", #"{"before": "\#(id)"}"#).status == .noContent)
            let list = try await client.get("/api/v1/perspectives")
            let custom = list.json["perspectives"]?.arrayValue?.filter { $0["built_in"]?.boolValue == false }
                .compactMap { $0["id"]?.stringValue }
            #expect(custom == [copyID, id])

            var edited = try #require(created.json.objectValue)
            edited.removeAll { $0.0 == "name" }
            edited.append(("name", .string("Work — high")))
            let saved = try await client.send(.put, "/api/v1/perspectives/\(id)", JSONValue.object(edited).compact())
            #expect(saved.status == .ok)
            #expect(saved.json["name"]?.stringValue == "Work — high")
            // The disabled rule is kept in the file.
            #expect(try f.temp.text(".perspectives.json").contains("\"enabled\": false"))

            #expect(try await client.send(.delete, "/api/v1/perspectives/\(copyID)").status == .noContent)
            #expect(try await client.get("/api/v1/perspectives/\(copyID)").status == .notFound)
            #expect(try await client.send(.put, "/api/v1/perspectives/today", #"{"name": "Mine"}"#).status == .badRequest)
            #expect(try await client.send(.post, "/api/v1/perspectives", #"{"name": ""}"#).status == .badRequest)
        }
    }

    @Test func sidebarHasEverythingWithCounts() async throws {
        let f = try ServerFixture(setUp: Self.sample)
        try await f.test { client in
            _ = try await client.send(.post, "/api/v1/perspectives", Self.workHigh)
            let s = try await client.get("/api/v1/sidebar").json
            let views = s["views"]?.arrayValue ?? []
            #expect(views.compactMap { $0["id"]?.stringValue } == View.builtInIDs)
            #expect(views.first { $0["id"]?.stringValue == "inbox" }?["count"]?.numberValue == 1)
            #expect(views.first { $0["id"]?.stringValue == "today" }?["count"]?.numberValue == 1)
            // One source of the views' names and icons: the sidebar says what the perspective forms say.
            for view in views {
                let form = try await client.get("/api/v1/perspectives/\(view["id"]?.stringValue ?? "")").json
                #expect(view["name"] == form["name"])
                #expect(view["icon"] == form["icon"])
            }
            let work = s["areas"]?.arrayValue?.first { $0["name"]?.stringValue == "Work" }
            #expect(work?["count"]?.numberValue == 2)
            #expect(work?["projects"]?.arrayValue?.first?["name"]?.stringValue == "Auth Service")
            #expect(s["tags"]?.arrayValue?.compactMap { $0["name"]?.stringValue } == ["focus", "health"])
            #expect(s["perspectives"]?.arrayValue?.first?["count"]?.numberValue == 1)
            // How the web app draws its list: the grouping it runs with and its layout.
            #expect(s["perspectives"]?.arrayValue?.first?["group_by"]?.stringValue == "project")
            #expect(s["perspectives"]?.arrayValue?.first?["layout"]?.stringValue == "default")
            #expect(s["today"]?.stringValue == "2026-11-21")

            #expect(try await client.get("/api/v1/projects").json["projects"]?.arrayValue?.first?["area"]?.stringValue == "Work")
            let order = try await client.send(.put, "/api/v1/projects/order", #"{"projects": ["Auth Service"]}"#)
            #expect(order.status == .noContent)
        }
        #expect(try OrderFile(text: f.temp.text(".order.json")).projects == ["Auth Service"])
    }

    @Test func themeReadsAndWritesTheThemeFile() async throws {
        let f = try ServerFixture { t in try t.write(".theme.json", #"{"preset": "ink", "font": "Iosevka"}"#) }
        try await f.test { client in
            #expect(try await client.get("/api/v1/theme").json["preset"]?.stringValue == "ink")
            let saved = try await client.send(.put, "/api/v1/theme", ##"{"preset": "dark-pro", "overrides": {"accent": "#FF8800"}}"##)
            #expect(saved.status == .ok)
            #expect(saved.json["overrides"]?["accent"]?.stringValue == "#FF8800")
            let badColour = try await client.send(.put, "/api/v1/theme", #"{"preset": "ink", "overrides": {"accent": "red; background: url(x)"}}"#)
            #expect(badColour.status == .badRequest)
            #expect(try await client.send(.put, "/api/v1/theme", #"{"preset": "neon"}"#).status == .badRequest)
        }
        let file = try JSONValue.parse(f.temp.text(".theme.json"))
        #expect(file["preset"]?.stringValue == "dark-pro")
        #expect(file["font"]?.stringValue == "Iosevka")
    }
}
