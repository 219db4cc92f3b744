import Foundation
import Hummingbird
import TodoMDKit

/// `/api/v1/sidebar`, `/areas`, `/projects`, `/tags`, `/projects/order`, `/theme`.
struct CatalogRoutes {
    let service: VaultService

    func register(on api: RouterGroup<BasicRequestContext>) {
        api.get("sidebar") { _, _ in HTTP.json(try await service.read(Self.sidebar)) }
        api.get("areas") { _, _ in
            HTTP.json(try await service.read { Self.names("areas", try $0.areas()).compact() })
        }
        api.get("projects") { _, _ in
            HTTP.json(try await service.read { Self.names("projects", try $0.projects()).compact() })
        }
        api.get("tags") { _, _ in
            HTTP.json(try await service.read { Self.names("tags", try $0.tags()).compact() })
        }
        api.put("projects/order") { request, _ in
            let body = try await HTTP.body(request)
            guard let items = body["projects"]?.arrayValue else {
                throw APIError.missingField("projects", example: "{\"projects\": [\"A\", \"B\"]}")
            }
            let names = items.compactMap(\.stringValue)
            try await service.write { vault in try vault.setProjectOrder(names) }
            return HTTP.noContent()
        }
        api.get("theme") { _, _ in HTTP.json(try await service.read { Self.themeJSON($0.theme()) }) }
        api.put("theme") { request, _ in
            let body = try await HTTP.body(request)
            var theme = Theme(json: body)
            if let preset = body["preset"]?.stringValue { theme.preset = preset.lowercased() }
            let overrides = body["overrides"]?.objectValue ?? []
            theme.overrides = try overrides.map { key, value in
                guard let colour = value.stringValue else {
                    throw APIError.wrongType(field: "overrides.\(key)", expected: "a colour such as \"#4A90D9\"")
                }
                return (key, colour)
            }
            let saved = theme
            return HTTP.json(try await service.write { vault in
                try vault.saveTheme(saved)
                return Self.themeJSON(vault.theme())
            })
        }
    }

    static func names(_ key: String, _ items: [NameCount]) -> JSONValue {
        .object([(key, .array(items.map { item in
            var o: [(String, JSONValue)] = [("name", .string(item.name)), ("count", .number(Double(item.count)))]
            if key == "projects" { o.append(("area", item.area.map(JSONValue.string) ?? .null)) }
            return .object(o)
        }))])
    }

    static func themeJSON(_ theme: Theme) -> String {
        JSONValue.object([
            ("preset", .string(theme.preset)),
            ("overrides", .object(theme.overrides.map { ($0.0, .string($0.1)) })),
            ("warnings", .array(theme.warnings.map(JSONValue.string))),
        ]).compact()
    }

    /// Today's planner in numbers for the sidebar: open and planned tasks, the backlog.
    static func planSummary(_ vault: Vault) throws -> JSONValue {
        let board = try vault.board(on: vault.clock.today)
        return .object([("open", .number(Double(board.open.count))), ("total", .number(Double(board.total))),
                        ("backlog", .number(Double(board.backlog)))])
    }

    /// Everything the sidebar shows, with counts, in one answer. The built-in views' names and
    /// icons are the core's (the web app has no table of its own).
    static func sidebar(_ vault: Vault) throws -> String {
        let builtIn = try View.builtInIDs.map { try View.named($0) }
        // The Logbook and All can be huge and their counts are noise in a sidebar.
        let counted = builtIn.filter { !["logbook", "all"].contains($0.id) }
        let (allPerspectives, _) = try vault.allPerspectives()
        let perspectives = allPerspectives.filter { !$0.isBuiltIn }
        // Every count of the sidebar, the views' and the perspectives', from one query.
        let counts = try vault.counts(rules: counted.map(\.rules) + perspectives.map(\.rules))
        var viewCounts: [String: Int] = [:]
        for (view, count) in zip(counted, counts) { viewCounts[view.id] = count }
        var views: [JSONValue] = []
        for view in builtIn {
            let count: JSONValue = viewCounts[view.id].map { .number(Double($0)) } ?? .null
            views.append(.object([("id", .string(view.id)), ("name", .string(view.name)),
                                  ("icon", .string(Perspective(builtIn: view).icon)), ("count", count)]))
        }
        let (areas, projects) = try vault.areasAndProjects()
        var areaItems: [JSONValue] = []
        for area in areas {
            let inArea = projects.filter { $0.area == area.name }.map { p in
                JSONValue.object([("name", .string(p.name)), ("count", .number(Double(p.count)))])
            }
            areaItems.append(.object([("name", .string(area.name)), ("count", .number(Double(area.count))),
                                      ("projects", .array(inArea))]))
        }
        var perspectiveItems: [JSONValue] = []
        for (p, count) in zip(perspectives, counts.dropFirst(counted.count)) {
            perspectiveItems.append(.object([
                ("id", .string(p.id)), ("name", .string(p.name)), ("icon", .string(p.icon)),
                ("color", p.color.map(JSONValue.string) ?? .null),
                ("count", .number(Double(count))),
                // How its list is drawn: the web app groups and lays out rows by these.
                ("group_by", .string(p.groupKey.rawValue)), ("layout", .string(p.layoutKey)),
            ]))
        }
        return JSONValue.object([
            ("views", .array(views)),
            ("areas", .array(areaItems)),
            ("projects", names("projects", projects)["projects"] ?? .array([])),
            ("tags", names("tags", try vault.tags())["tags"] ?? .array([])),
            ("perspectives", .array(perspectiveItems)),
            ("plan", try planSummary(vault)),
            ("today", .string(vault.clock.today.description)),
            // The local date and time, so a page can tell a timed due has passed (§24).
            ("now", .string(vault.clock.localNow.description)),
        ]).compact()
    }
}
