import Foundation
import MCP
import TodoMDKit

/// The vault as MCP resources: each built-in view (`todomd://view/today`) as its listing, and
/// each task (`todomd://task/{id}`) as its TASK — the same JSON the tools answer with. A client
/// may subscribe to any of them and is told when what it would read has changed.
extension VaultTools {
    static let resourceScheme = "todomd://"

    /// The built-in views, listed as resources.
    nonisolated static var viewResources: [Resource] {
        View.builtInIDs.map { id in
            Resource(name: id, uri: resourceScheme + "view/" + id, title: (try? View.named(id).name) ?? id,
                     description: "The \(id) view: {\"view\", \"groups\": [{\"name\", \"tasks\": [TASK…]}]}",
                     mimeType: "application/json")
        }
    }

    /// One task by id (a path relative to the vault, `/` kept unescaped).
    nonisolated static let taskTemplate = Resource.Template(
        uriTemplate: resourceScheme + "task/{id}", name: "task", title: "A task",
        description: "One TASK by its id (the file's path in the vault, e.g. 20261121-0900-buy-milk.md).",
        mimeType: "application/json")

    /// The JSON text of the resource at `uri`.
    ///
    /// - Throws: ``MCPError/invalidParams(_:)`` for a URI that names no view or task.
    func readResource(_ uri: String) throws -> String {
        try catchUpForResources()
        return try contents(of: uri)
    }

    private func contents(of uri: String) throws -> String {
        guard uri.hasPrefix(Self.resourceScheme) else { throw MCPError.invalidParams("not a todomd:// resource: \(uri)") }
        let path = String(uri.dropFirst(Self.resourceScheme.count))
        if path.hasPrefix("view/") {
            let id = String(path.dropFirst("view/".count)).removingPercentEncoding ?? ""
            guard let listing = try? vault.list(id) else { throw MCPError.invalidParams("no view `\(id)`") }
            return listing.json
        }
        if path.hasPrefix("task/") {
            let id = String(path.dropFirst("task/".count)).removingPercentEncoding ?? ""
            guard let task = try? vault.read(id).0 else { throw MCPError.invalidParams("no task `\(id)`") }
            return TaskJSON.encode(task)
        }
        throw MCPError.invalidParams("no resource \(uri)")
    }

    /// Starts telling the client when `uri` changes.
    func subscribe(_ uri: String) throws {
        subscriptions[uri] = ContentHash.of(Array(try readResource(uri).utf8))
    }

    func unsubscribe(_ uri: String) { subscriptions[uri] = nil }

    /// The subscribed resources whose contents changed since the client was last told (a
    /// resource that went away counts as changed once).
    func changedSubscriptions() -> [String] {
        guard !subscriptions.isEmpty, (try? catchUpForResources()) != nil else { return [] }
        var changed: [String] = []
        for (uri, last) in subscriptions {
            let now = (try? contents(of: uri)).map { ContentHash.of(Array($0.utf8)) } ?? ""
            if now != last {
                subscriptions[uri] = now
                changed.append(uri)
            }
        }
        return changed.sorted()
    }

    private func catchUpForResources() throws {
        try vault.refreshIndex()
        try vault.rolloverIfDayChanged()
    }
}
