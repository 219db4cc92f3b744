import Foundation

/// What an export wrote: the text, and how many items it holds (for the message on stderr).
public struct ExportResult: Sendable {
    /// The document.
    public let text: String
    /// Tasks (or, for `ics`, events or to-dos) in it.
    public let count: Int
    /// What the items are: "task"/"tasks", "event"/"events", "to-do"/"to-dos".
    public let noun: String
}

extension Vault {
    // MARK: - Export

    /// Every task in all of `scopes` (§20), from the index, oldest `created` first (then by id).
    public func exportedTasks(_ scopes: [ExportScope] = [.all]) throws -> [TodoTask] {
        let zone = clock.timeZone
        var tasks: [TodoTask] = []
        for row in try index.rows(matching: nil, timeZone: clock.timeZone) {
            guard let json = try? JSONValue.parse(row.json),
                  case var .success((task, _)) = JSONInterop.task(from: json, timeZone: zone) else { continue }
            task.id = row.id
            // The structure, for formats that nest subtasks (§23).
            task.links = row.links
            // Repairs are reported by `doctor`; an export carries the values, not the warnings.
            task.warnings = []
            if scopes.allSatisfy({ $0.includes(task, timeZone: zone) }) { tasks.append(task) }
        }
        return tasks.sorted { ($0.created, $0.id) < ($1.created, $1.id) }
    }

    /// Writes an export's text to the file at `path` (absolute, or relative to the current
    /// directory), atomically.
    ///
    /// A path the user names outside the vault is theirs: written as it is. A path in the vault
    /// (``VaultFolder/relativeID(ofPath:)``) is written like any file of the vault — never
    /// through a symbolic link (§2), and never over a file that changes meanwhile.
    /// - Throws: ``TodoError/symlinkRefused(path:)``, ``TodoError/conflict(path:)`` or
    ///   ``TodoError/io(path:reason:)``.
    public func saveExport(_ text: String, to path: String) throws {
        guard let id = folder.relativeID(ofPath: path) else {
            do {
                // Foundation's atomic write: a temporary file beside the target, then a rename.
                try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            } catch {
                throw TodoError.io(path: path, reason: "could not write (\(error.localizedDescription))")
            }
            return
        }
        let existing = folder.exists(id) ? try? folder.read(id, limit: Int.max - 1) : nil
        try folder.write(Array(text.utf8), to: id, expected: existing?.stamp)
    }

    /// Exports the tasks of `scopes` in `format` (§20, §22).
    ///
    /// - Parameter vtodo: for `ics`, to-dos instead of events.
    public func export(_ format: ExportFormat, scopes: [ExportScope] = [.all], vtodo: Bool = false) throws -> ExportResult {
        let tasks = try exportedTasks(scopes)
        let zone = clock.timeZone
        func result(_ text: String, _ n: Int) -> ExportResult {
            ExportResult(text: text, count: n, noun: n == 1 ? "task" : "tasks")
        }
        switch format {
        case .json: return result(JSONInterop.export(tasks), tasks.count)
        case .csv: return result(CSVInterop.export(tasks), tasks.count)
        case .taskpaper: return result(TaskPaper.export(tasks), tasks.count)
        case .todoistCSV:
            let kept = tasks.filter { !$0.status.isClosed }
            return result(TodoistCSV.export(kept, timeZone: zone), kept.count)
        case .opml: return result(OPML.export(tasks), tasks.count)
        case .taskwarrior: return result(Taskwarrior.export(tasks, timeZone: zone), tasks.count)
        case .todotxt: return result(TodoTxt.export(tasks, timeZone: zone), tasks.count)
        case .ics:
            let dated = tasks.filter(ICalendar.includes).sorted { a, b in
                let da = (a.scheduled ?? a.due)?.dayNumber ?? 0, db = (b.scheduled ?? b.due)?.dayNumber ?? 0
                return (da, a.id) < (db, b.id)
            }
            let text = ICalendar.document(dated, component: vtodo ? .todo : .event, notifyTime: try settings().notifyTime,
                                          timeZone: clock.timeZone, stamp: clock.now)
            let n = dated.count
            let noun = vtodo ? (n == 1 ? "to-do" : "to-dos") : (n == 1 ? "event" : "events")
            return ExportResult(text: text, count: n, noun: noun)
        }
    }

    // MARK: - Import

    /// Creates the tasks of an import (§20) through the vault's create path: §4 file names
    /// (unique), the vault's field map, atomic writes that never replace a file, and the index
    /// brought up to date. A `json` record keeps its id when that path is free.
    ///
    /// A record that cannot be written is reported as a problem and the others go on.
    /// - Parameters:
    ///   - dryRun: choose ids and check every record, but write nothing.
    ///   - progress: called with (done, total) after each record.
    public func importTasks(_ batch: ImportBatch, dryRun: Bool = false,
                            progress: ((Int, Int) -> Void)? = nil) throws -> ImportReport {
        var report = ImportReport()
        report.dryRun = dryRun
        report.problems = batch.skipped
        let now = Date(timeIntervalSince1970: floor(clock.now.timeIntervalSince1970))
        var chosen = Set<String>()
        var pending: [String] = []
        var createdIDs: [Int: String] = [:]
        for (i, record) in batch.records.enumerated() {
            defer { progress?(i + 1, batch.records.count) }
            var task = record.task
            var problems = record.problems
            if let parent = record.parentRecord {
                // The parent was created first (records come in outline order).
                if let id = createdIDs[parent] {
                    // Import file names are unique in the vault, so the file name resolves anywhere.
                    task.parent = id.split(separator: "/").last.map(String.init) ?? id
                } else {
                    problems.append("its parent task was not imported; imported as a top-level task")
                }
            }
            task.warnings = []
            if !record.hasCreated { task.created = now }
            task.created = Date(timeIntervalSince1970: floor(task.created.timeIntervalSince1970))
            if !record.keepsStamps { task.modified = now }
            do {
                try validate(task)
                task.id = try importID(for: task, keepingPath: record.keepsStamps, chosen: chosen)
                var bytes = TaskFileCodec.encodeNew(task, fieldMap: folder.fieldMap, timeZone: clock.timeZone)
                if record.keepsStamps, task.modified == nil {
                    // A new file always gets `modified`; an exported task without one keeps none.
                    var noModified = TaskChanges()
                    noModified.clear(.modified)
                    bytes = try TaskFileCodec.apply(noModified, to: bytes, id: task.id,
                                                    fileModified: now, timeZone: clock.timeZone, fieldMap: folder.fieldMap)
                }
                guard case let .task(written) = TaskFileCodec.decode(bytes, id: task.id, fileModified: now,
                                                                     timeZone: clock.timeZone, fieldMap: folder.fieldMap)
                else { throw ImportError.wouldNotReadBack }
                if !dryRun {
                    try folder.write(bytes, to: task.id, expected: nil)
                    pending.append(task.id)
                    if pending.count >= 500 {
                        try index.refresh(pending, in: folder, timeZone: clock.timeZone)
                        pending.removeAll()
                    }
                }
                chosen.insert(task.filename)
                createdIDs[i] = task.id
                report.created.append(written)
                var notes = problems
                notes += written.warnings.map { "kept, but \($0)" }
                report.problems += notes.map { ImportProblem(record.location, $0) }
            } catch {
                let reason = (error as? LocalizedError)?.errorDescription ?? "\(error)"
                report.problems += problems.map { ImportProblem(record.location, $0) }
                report.problems.append(ImportProblem(record.location, "not imported: \(reason)"))
            }
        }
        if !pending.isEmpty { try index.refresh(pending, in: folder, timeZone: clock.timeZone) }
        return report
    }

    /// The id an imported task gets: its own path for a `json` record when that is a plain
    /// path whose file name is free, else a new §4 name at the root.
    func importID(for task: TodoTask, keepingPath: Bool, chosen: Set<String>) throws -> String {
        if keepingPath, Vault.isPlainTaskPath(task.id) {
            let name = task.filename
            if !chosen.contains(name), try !isFilenameTaken(name) { return task.id }
        }
        return try Slug.filename(title: task.title, created: task.created) { name in
            try chosen.contains(name) || isFilenameTaken(name)
        }
    }

    /// A relative `.md` path outside hidden folders and `Notes/`, without `..`.
    static func isPlainTaskPath(_ id: String) -> Bool {
        let parts = id.split(separator: "/", omittingEmptySubsequences: false)
        guard id.hasSuffix(".md"), id.count < 1024, !parts.isEmpty, parts.first != "Notes",
              !id.contains("\\"), !id.unicodeScalars.contains(where: { $0.value < 0x20 }) else { return false }
        return parts.allSatisfy { !$0.isEmpty && !$0.hasPrefix(".") } && parts.last.map { $0.count > 3 } == true
    }
}
