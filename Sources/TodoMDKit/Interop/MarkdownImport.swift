import Foundation

/// A folder of Markdown files (§20): each `*.md` below it (hidden folders skipped) is read as a
/// task file — known fields mapped, unknown keys kept, the body kept — and a file without
/// frontmatter becomes a task titled by its file name whose body is the whole file.
public enum MarkdownImport {
    /// Reads every Markdown file below `folder`, in path order.
    ///
    /// - Parameter fieldMap: the source's key names (`--map dueDate=due` or `--map preset=tasknotes`).
    /// - Throws: ``TodoError/io(path:reason:)`` when `folder` is not a readable folder.
    public static func parse(folder: String, fieldMap: FieldMap?, timeZone: TimeZone) throws -> ImportBatch {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw TodoError.io(path: folder, reason: "not a folder (a markdown import reads a folder of .md files)")
        }
        var batch = ImportBatch()
        for relative in files(below: folder) {
            let path = folder + "/" + relative
            guard let data = FileManager.default.contents(atPath: path) else {
                batch.skipped.append(ImportProblem(relative, "could not be read; skipped"))
                continue
            }
            let modified = ((try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date)
                ?? Date(timeIntervalSince1970: 0)
            let bytes = Array(data)
            switch TaskFileCodec.decode(bytes, id: relative, fileModified: modified, timeZone: timeZone, fieldMap: fieldMap) {
            case var .task(task):
                task.source = ImportFormat.markdown.source
                var record = ImportRecord(location: relative, task: task)
                record.hasCreated = true
                record.problems = task.warnings.filter { !$0.contains(": missing;") }
                batch.records.append(record)
            case let .unparseable(reason):
                guard reason.hasPrefix("it has no frontmatter block"), let text = String(validating: bytes, as: UTF8.self) else {
                    batch.skipped.append(ImportProblem(relative, "not a task file: \(reason); skipped"))
                    continue
                }
                var task = TodoTask(title: TaskReader.titleFromFilename(relative), created: modified,
                                    source: ImportFormat.markdown.source)
                task.body = text
                var record = ImportRecord(location: relative, task: task)
                record.hasCreated = true
                batch.records.append(record)
            }
        }
        return batch
    }

    /// `.md` files below `root`, relative, sorted; hidden names and symbolic links skipped.
    static func files(below root: String) -> [String] {
        var out: [String] = []
        var pending = [""]
        let manager = FileManager.default
        while let relative = pending.popLast() {
            let dir = relative.isEmpty ? root : root + "/" + relative
            guard let names = try? manager.contentsOfDirectory(atPath: dir) else { continue }
            for name in names where !name.hasPrefix(".") {
                let rel = relative.isEmpty ? name : relative + "/" + name
                guard let attributes = try? manager.attributesOfItem(atPath: root + "/" + rel),
                      let type = attributes[.type] as? FileAttributeType else { continue }
                if type == .typeDirectory {
                    pending.append(rel)
                } else if type == .typeRegular, name.lowercased().hasSuffix(".md") {
                    out.append(rel)
                }
            }
        }
        return out.sorted()
    }

    /// The field map of a `--map` option for a markdown import: `theirKey=field` pairs and
    /// `preset=NAME`.
    ///
    /// - Throws: ``TodoError/invalidValue(field:value:reason:)`` naming a bad entry.
    public static func fieldMap(option text: String) throws -> FieldMap {
        var entries: [(String, JSONValue)] = []
        for entry in text.split(separator: ",") {
            let parts = entry.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                throw TodoError.invalidValue(field: "map", value: String(entry), reason: "write theirKey=field or preset=NAME")
            }
            if parts[0] == "preset" {
                entries.append(("preset", .string(parts[1])))
            } else {
                guard let field = TaskField(key: parts[1]) else {
                    throw TodoError.invalidValue(field: "map", value: parts[1], reason: "not a task field (a §3 key)")
                }
                entries.append((field.key, .string(parts[0])))
            }
        }
        do {
            return try FieldMap(settings: .object([("field_map", .object(entries))])) ?? FieldMap.identity
        } catch let error as FieldMapError {
            throw TodoError.invalidValue(field: "map", value: text, reason: error.reason)
        }
    }
}
