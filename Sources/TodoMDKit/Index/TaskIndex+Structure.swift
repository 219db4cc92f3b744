import Foundation
import GRDB

/// The index's copy of the vault's structure (§23): after files change, ``TaskStructure``
/// recomputes every task's links and the rows whose links changed are rewritten, so listings
/// and rules (`blocked`, `has_children`) read them like any column.
extension TaskIndex {
    /// The derived columns, as ``TaskRowDecoder`` reads them.
    static let linkColumns = ["parent_id", "children", "child_done", "child_total", "checklist_done",
                              "checklist_total", "blocked", "blockers", "link_warnings"]

    /// The links sorting, grouping and nesting read (the parent and the children), first in
    /// ``linkColumns``: what the first read of a cut listing takes.
    static let orderingLinkColumns = ["parent_id", "children"]

    /// The side files the structure depends on: `.order.json` (children and project order) and
    /// `.todomd/projects.json` (sequential projects).
    static let structureFiles = [OrderFile.path, ProjectsFile.path]

    /// The stamps of ``structureFiles``, as one text (a change to either reruns the structure).
    static func structureStamp(_ folder: VaultFolder) -> String {
        structureFiles.map { path in
            folder.quickStamp(path).map { "\($0.size):\($0.mtime)" } ?? "-"
        }.joined(separator: " ")
    }

    /// What ``TaskStructure`` needs from the side files; unreadable files count as empty (their
    /// own commands report them).
    static func structureContext(_ folder: VaultFolder) -> TaskStructure.Context {
        var context = TaskStructure.Context()
        let order = (try? folder.read(OrderFile.path)).flatMap { try? OrderFile(text: String(decoding: $0.bytes, as: UTF8.self)) }
        if case let .object(views)? = order?.json["views"] {
            for (key, value) in views where key.hasPrefix("children:") {
                context.childOrder[String(key.dropFirst("children:".count))] = value.arrayValue?.compactMap(\.stringValue) ?? []
            }
        }
        if let projects = (try? folder.read(ProjectsFile.path)).flatMap({
            try? ProjectsFile(text: String(decoding: $0.bytes, as: UTF8.self))
        }) {
            for name in projects.sequentialProjects {
                context.sequentialProjects[name] = order?.order(for: "project:\(name)") ?? []
            }
        }
        return context
    }

    /// Recomputes the links of every task and rewrites the rows whose links changed.
    ///
    /// - Complexity: one read of the structural columns of every task, linear work, and one
    ///   update per changed row.
    @discardableResult
    func restructure(_ folder: VaultFolder) throws -> GenerationStep {
        let stamp = TaskIndex.structureStamp(folder)
        let context = TaskIndex.structureContext(folder)
        return try database.write { db in
            if context.sequentialProjects.isEmpty, try !TaskIndex.holdsStructure(db) {
                // Every task's links are the default, and so is every row's (a vault without
                // subtasks or dependencies: most vaults, and every cold build of one).
                try db.execute(sql: "INSERT OR REPLACE INTO meta (key, value) VALUES ('structure', ?)", arguments: [stamp])
                return try TaskIndex.advanceGeneration(db)
            }
            var rows: [TaskStructure.Row] = []
            var stored: [String: (rid: Int64, links: TaskLinks)] = [:]
            let cursor = try Row.fetchCursor(db, sql: """
                SELECT rid, id, parent, blocked_by, sequential, project, status, created,
                       \(TaskIndex.linkColumns.joined(separator: ", ")) FROM task
                """)
            while let row = try cursor.next() {
                let id: String = row[1]
                let blockedBy: String = row[3]
                rows.append(TaskStructure.Row(
                    id: id, parent: row[2],
                    blockedBy: TaskColumns.split(blockedBy),
                    sequential: (row[4] as Int?) == 1, project: row[5],
                    status: (row[6] as String?).flatMap(TaskStatus.init(rawValue:)) ?? .todo,
                    created: row[7] ?? 0))
                var old = TaskIndex.links(row, at: Array(8..<(8 + TaskIndex.linkColumns.count)))
                old.checklist = nil
                stored[id] = (row[0], old)
            }
            let links = TaskStructure.links(of: rows, context: context)
            let update = try db.makeStatement(sql: """
                UPDATE task SET parent_id = ?, children = ?, child_done = ?, child_total = ?, blocked = ?,
                       blockers = ?, link_warnings = ? WHERE rid = ?
                """)
            for row in rows {
                let new = links[row.id] ?? TaskLinks()
                guard let old = stored[row.id], old.links != new else { continue }
                try update.execute(arguments: StatementArguments(TaskIndex.linkValues(new) + [old.rid.databaseValue]))
            }
            try db.execute(sql: "INSERT OR REPLACE INTO meta (key, value) VALUES ('structure', ?)", arguments: [stamp])
            return try TaskIndex.advanceGeneration(db)
        }
    }

    /// Whether any task names a parent or blockers or is sequential, or any row holds links
    /// other than the default: when none does, ``TaskStructure`` (without sequential projects)
    /// gives every task the default links, which every row already holds.
    static func holdsStructure(_ db: Database) throws -> Bool {
        try Bool.fetchOne(db, sql: """
            SELECT EXISTS (SELECT 1 FROM task WHERE parent IS NOT NULL OR blocked_by <> '' OR IFNULL(sequential, 0) <> 0
                OR parent_id IS NOT NULL OR children <> '' OR child_done IS NOT NULL OR child_total IS NOT NULL
                OR blocked <> 0 OR blockers <> '' OR link_warnings <> '')
            """) ?? true
    }

    /// The links the index holds for task `id` (defaults when it has none).
    public func links(of id: String) throws -> TaskLinks {
        try database.read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT \(TaskIndex.linkColumns.joined(separator: ", ")) FROM task WHERE id = ?",
                                             arguments: [id]) else { return TaskLinks() }
            return TaskIndex.links(row, at: Array(TaskIndex.linkColumns.indices))
        }
    }

    /// The titles of tasks `ids` (those that exist).
    public func titles(of ids: [String]) throws -> [String: String] {
        try database.read { db in
            var out: [String: String] = [:]
            for start in stride(from: 0, to: ids.count, by: 500) {
                let chunk = Array(ids[start..<min(ids.count, start + 500)])
                let rows = try Row.fetchAll(db, sql: "SELECT id, title FROM task WHERE id IN (\(TaskIndex.marks(chunk.count)))",
                                            arguments: StatementArguments(chunk))
                for row in rows { out[row[0]] = row[1] }
            }
            return out
        }
    }

    /// Whether tasks `ids` (as the index holds them now) take no part in the structure: none has
    /// `parent`, `blocked_by`, `sequential`, children or blockers, and no task's `parent` or
    /// `blocked_by` could name one of them. Every form of reference (id, file name, stem,
    /// wikilink) contains the file's stem, so a text search for the stem over-approximates
    /// "could name it": a change that passes cannot change anyone's links.
    static func structurallyQuiet(_ ids: [String], _ db: Database) throws -> Bool {
        for id in ids {
            if let row = try Row.fetchOne(db, sql: """
                SELECT parent IS NULL AND blocked_by = '' AND IFNULL(sequential, 0) = 0 AND children = ''
                       AND blocked = 0 AND blockers = '' AND parent_id IS NULL FROM task WHERE id = ?
                """, arguments: [id]), !(row[0] as Bool) {
                return false
            }
            let filename = id.split(separator: "/").last.map(String.init) ?? id
            let stem = filename.lowercased().hasSuffix(".md") ? String(filename.dropLast(3)) : filename
            let named = try Bool.fetchOne(db, sql: """
                SELECT EXISTS (SELECT 1 FROM task WHERE instr(IFNULL(parent, ''), ?1) > 0 OR instr(blocked_by, ?1) > 0)
                """, arguments: [stem]) ?? true
            if named { return false }
        }
        return true
    }

    /// The projects of tasks `ids` as the index holds them.
    static func projects(of ids: [String], _ db: Database) throws -> Set<String> {
        var out = Set<String>()
        for id in ids {
            if let project = try String.fetchOne(db, sql: "SELECT project FROM task WHERE id = ?", arguments: [id]) {
                out.insert(project)
            }
        }
        return out
    }

    /// Whether any of `projects` is marked sequential (a change to one of its tasks may change
    /// which of its siblings is available).
    static func anySequential(_ projects: Set<String>, _ folder: VaultFolder) -> Bool {
        guard !projects.isEmpty, folder.quickStamp(ProjectsFile.path) != nil else { return false }
        return structureContext(folder).sequentialProjects.keys.contains { projects.contains($0) }
    }

    /// The stored structure stamp.
    func storedStructureStamp() throws -> String? { try meta("structure") }

    /// The values of the computed link columns (all but the checklist, which the file decides).
    static func linkValues(_ links: TaskLinks) -> [DatabaseValue] {
        let sep = TaskColumns.listSeparator
        return [links.parentID.databaseValue, links.children.joined(separator: sep).databaseValue,
                links.progress?.done.databaseValue ?? .null, links.progress?.total.databaseValue ?? .null,
                (links.blocked ? 1 : 0).databaseValue, links.blockers.joined(separator: sep).databaseValue,
                links.warnings.joined(separator: sep).databaseValue]
    }

    /// Links as stored in a row, by column positions.
    static func links(_ row: Row, at p: [Int]) -> TaskLinks {
        links({ row[$0] }, at: p)
    }

    /// Links as stored in the columns `value` reads (``TaskRowDecoder``), by column positions.
    static func links(_ value: (Int) -> DatabaseValue, at p: [Int]) -> TaskLinks {
        var links = TaskLinks()
        func text(_ i: Int) -> String? { String.fromDatabaseValue(value(p[i])) }
        func int(_ i: Int) -> Int? { Int.fromDatabaseValue(value(p[i])) }
        func list(_ i: Int) -> [String] { text(i).map(TaskColumns.split) ?? [] }
        links.parentID = text(0)
        links.children = list(1)
        if let done = int(2), let total = int(3) { links.progress = Tally(done: done, total: total) }
        if let done = int(4), let total = int(5) { links.checklist = Tally(done: done, total: total) }
        links.blocked = int(6) == 1
        links.blockers = list(7)
        links.warnings = list(8)
        return links
    }
}
