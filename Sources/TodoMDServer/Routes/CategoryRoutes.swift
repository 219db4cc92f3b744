import Foundation
import Hummingbird
import TodoMDKit

/// `/api/v1/categories…` (§15): tags with a name, an icon and a colour, kept in `.tags.json`.
struct CategoryRoutes {
    let service: VaultService

    func register(on api: RouterGroup<BasicRequestContext>) {
        api.get("categories") { _, _ in
            HTTP.json(try await service.read { try CategoryRoutes.listing($0) })
        }
        api.post("categories") { request, _ in
            let body = try await HTTP.body(request)
            guard let tag = body["tag"]?.stringValue else { throw APIError.missingField("tag", example: "{\"tag\": \"house\", …}") }
            let changes = try CategoryRoutes.changes(body)
            let json = try await service.write { vault in try vault.addCategory(tag: tag, changes).json.compact() }
            return HTTP.json(json, status: .created)
        }
        api.patch("categories/:tag") { request, context in
            let tag = try CategoryRoutes.tag(context)
            let changes = try CategoryRoutes.changes(try await HTTP.body(request))
            return HTTP.json(try await service.write { vault in try vault.editCategory(tag, changes).json.compact() })
        }
        api.delete("categories/:tag") { _, context in
            let tag = try CategoryRoutes.tag(context)
            try await service.write { vault in try vault.removeCategory(tag) }
            return HTTP.noContent()
        }
        api.post("categories/:tag/move") { request, context in
            let tag = try CategoryRoutes.tag(context)
            let before = try NoteRoutes.optionalString(try await HTTP.body(request), "before")
            return HTTP.json(try await service.write { vault in
                try vault.reorderCategory(tag, before: before)
                return try CategoryRoutes.listing(vault)
            })
        }
    }

    /// `{"categories": [CATEGORY…], "tags": [TAG…], "warning"?}`: the categories in order, and
    /// every tag to show (categories, then tags only tasks use) with open-task counts.
    static func listing(_ vault: Vault) throws -> String {
        try vault.categoryListing().compact()
    }

    static func changes(_ body: JSONValue) throws -> CategoryChanges {
        guard case .object = body else { throw APIError.expectedObject("the category") }
        // `null` for icon or colour removes it, as an empty string does.
        func field(_ key: String) throws -> String? {
            guard let value = body[key] else { return nil }
            if value.isNull { return key == "name" ? nil : "" }
            guard let s = value.stringValue else { throw APIError.wrongType(field: key, expected: "a string") }
            return s
        }
        return CategoryChanges(name: try field("name"), icon: try field("icon"), color: try field("color"))
    }

    static func tag(_ context: BasicRequestContext) throws -> String {
        guard let raw = context.parameters.get("tag"), let tag = raw.removingPercentEncoding, !tag.isEmpty else {
            throw APIError.missingReference("tag")
        }
        return tag
    }
}
