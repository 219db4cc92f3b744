import Foundation
import Hummingbird
import TodoMDKit

/// `/api/v1/perspectives…`: list, show, create, save, delete, duplicate, reorder, preview.
struct PerspectiveRoutes {
    let service: VaultService

    func register(on api: RouterGroup<BasicRequestContext>) {
        api.get("perspectives") { _, _ in
            HTTP.json(try await service.read { vault in
                let (all, warning) = try vault.allPerspectives()
                var o: [(String, JSONValue)] = [("perspectives", .array(all.map { Self.json($0, vault: vault) }))]
                if let warning { o.append(("warning", .string(warning))) }
                return JSONValue.object(o).compact()
            })
        }
        api.get("perspectives/:id") { _, context in
            let id = try Self.id(context)
            return HTTP.json(try await service.read { vault in Self.json(try vault.perspective(id), vault: vault).compact() })
        }
        api.post("perspectives/preview") { request, _ in
            let body = try await HTTP.body(request)
            let rules = Perspective.root(body["rules"] ?? .object([]))
            return HTTP.json(try await service.read { vault in
                var draft = Perspective(id: "preview")
                draft.rules = rules
                let count = try vault.count(rules: rules)
                let today = vault.clock.today
                let dates = JSONValue.object([
                    ("today", .string(today.description)),
                    ("tomorrow", .string(today.adding(days: 1).description)),
                    ("yesterday", .string(today.adding(days: -1).description)),
                ])
                return JSONValue.object([
                    ("count", .number(Double(count))),
                    ("summary", .string(count == 0 ? "No tasks match" : "Showing \(count) task\(count == 1 ? "" : "s")")),
                    ("warnings", .array(draft.problems(today: today, timeZone: vault.clock.timeZone).map(JSONValue.string))),
                    ("dates", dates),
                ]).compact()
            })
        }
        api.post("perspectives") { request, _ in
            let body = try await HTTP.body(request)
            guard case .object = body else { throw APIError.expectedObject("the perspective") }
            let json = try await service.write { vault in
                let created = try vault.createPerspective(Perspective(json: body, id: ""))
                return Self.json(created, vault: vault).compact()
            }
            return HTTP.json(json, status: .created)
        }
        api.put("perspectives/:id") { request, context in
            let id = try Self.id(context)
            let body = try await HTTP.body(request)
            guard case .object = body else { throw APIError.expectedObject("the perspective") }
            return HTTP.json(try await service.write { vault in
                var p = Perspective(json: body, id: id)
                p.id = id
                try vault.savePerspective(p)
                return Self.json(try vault.perspective(id), vault: vault).compact()
            })
        }
        api.delete("perspectives/:id") { _, context in
            let id = try Self.id(context)
            try await service.write { vault in try vault.deletePerspective(id) }
            return HTTP.noContent()
        }
        api.post("perspectives/:id/duplicate") { _, context in
            let id = try Self.id(context)
            let json = try await service.write { vault in
                Self.json(try vault.duplicatePerspective(id), vault: vault).compact()
            }
            return HTTP.json(json, status: .created)
        }
        api.post("perspectives/:id/move") { request, context in
            let id = try Self.id(context)
            let before = try await HTTP.body(request)["before"]?.stringValue
            try await service.write { vault in try vault.reorderPerspective(id, before: before) }
            return HTTP.noContent()
        }
    }

    static func id(_ context: BasicRequestContext) throws -> String {
        guard let raw = context.parameters.get("id"), let id = raw.removingPercentEncoding, !id.isEmpty else {
            throw APIError.missingReference("perspective id")
        }
        return id
    }

    /// The `.perspectives.json` entry plus `built_in` and `warnings`.
    static func json(_ p: Perspective, vault: Vault) -> JSONValue {
        var json = p.json
        json.set("built_in", .bool(p.isBuiltIn))
        json.set("warnings", .array(p.problems(today: vault.clock.today, timeZone: vault.clock.timeZone).map(JSONValue.string)))
        return json
    }
}
