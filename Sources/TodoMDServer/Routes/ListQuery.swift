import Foundation
import TodoMDKit

/// A list request: a view or a perspective, optional grouping and sort overrides, and the quick
/// filter (comma-separated values per field).
struct ListQuery: Sendable {
    enum Source: Sendable { case view(String), perspective(String) }

    let source: Source
    let group: GroupKey?
    let sort: SortKey?
    let direction: SortDirection?
    let filter: QuickFilter

    init(view: String?, perspective: String?, group: String?, sort: String?, direction: String?,
         filter: QuickFilter) throws {
        switch (view, perspective) {
        case let (v?, nil): source = .view(v)
        case let (nil, p?): source = .perspective(p)
        case (nil, nil): source = .view("today")
        default: throw APIError.badRequest("Ask for a view or a perspective, not both.")
        }
        self.group = try group.map { text in
            guard let key = GroupKey(rawValue: text.lowercased()), GroupKey.userKeys.contains(key) else {
                throw APIError.badRequest("`group=\(text)` is not one of " + GroupKey.userKeys.map(\.rawValue).joined(separator: ", "))
            }
            return key
        }
        self.sort = try sort.map { text in
            guard let key = SortKey(rawValue: text.lowercased()), SortKey.userKeys.contains(key) else {
                throw APIError.badRequest("`sort=\(text)` is not one of " + SortKey.userKeys.map(\.rawValue).joined(separator: ", "))
            }
            return key
        }
        self.direction = try direction.map { text in
            guard let d = SortDirection(rawValue: text.lowercased()) else {
                throw APIError.badRequest("`direction=\(text)` is not asc or desc")
            }
            return d
        }
        self.filter = filter
    }

    /// The quick filter from query parameters (`status=todo,in-progress`).
    static func filter(status: String?, priority: String?, area: String?, project: String?, tag: String?,
                       source: String?) -> QuickFilter {
        func split(_ text: String?) -> [String] {
            (text ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        var f = QuickFilter()
        f.statuses = split(status)
        f.priorities = split(priority)
        f.areas = split(area)
        f.projects = split(project)
        f.tags = split(tag)
        f.sources = split(source)
        return f
    }

    func run(on vault: Vault) throws -> Listing {
        switch source {
        case let .view(id):
            let view = try View.named(id)
            let rules: RuleNode = filter.rules.map { .all(view.rules, $0) } ?? view.rules
            return try vault.list(rules: rules, id: view.id, name: view.name, sort: sort ?? view.sort,
                                  direction: direction ?? (sort == nil ? view.sortDirection : nil),
                                  group: group ?? view.group, manualKey: view.id)
        case let .perspective(id):
            return try vault.run(vault.perspective(id), extra: filter.rules, group: group, sort: sort,
                                 direction: direction)
        }
    }
}
