import Foundation
import TodoMDKit

/// What is synced: tasks (the `tasks` table) and notes (the `notes` table).
public enum SyncKind: String, Sendable, CaseIterable, Hashable {
    case task, note

    /// The PostgreSQL table holding this kind.
    var table: String { self == .task ? "tasks" : "notes" }
}

/// One task or note as sync sees it: every field as a JSON value, in file order.
///
/// A record is the unit the merge compares. Its keys are the task's §3 fields as the TASK JSON
/// of §21 reports them (defaults included), `body`, `path` (the file's path relative to the
/// vault root) and `extra` (unknown frontmatter keys, merged key by key). Stored as the `data`
/// JSONB column, and as the merge base in `.todomd/sync/`.
public struct SyncRecord: Sendable, Equatable {
    /// The fields, in order.
    public var fields: [(String, JSONValue)]

    /// A record with these fields.
    public init(fields: [(String, JSONValue)]) { self.fields = fields }

    /// Reads a record from its JSON text (as stored).
    ///
    /// - Throws: when the text is not a JSON object.
    public init(jsonText: String) throws {
        guard case let .object(pairs) = try JSONValue.parse(jsonText) else {
            throw SyncError.recordNotAnObject
        }
        fields = pairs
    }

    /// Records are equal when they hold the same keys with the same values, in any order
    /// (PostgreSQL's JSONB does not keep key order).
    public static func == (lhs: SyncRecord, rhs: SyncRecord) -> Bool {
        same(.object(lhs.fields), .object(rhs.fields))
    }

    /// JSON equality where objects compare as unordered maps.
    static func same(_ a: JSONValue?, _ b: JSONValue?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case let (.object(x)?, .object(y)?):
            guard x.count == y.count else { return false }
            var map: [String: JSONValue] = [:]
            for (key, value) in x { map[key] = value }
            return y.allSatisfy { key, value in map[key].map { same($0, value) } ?? false }
        case let (.array(x)?, .array(y)?):
            return x.count == y.count && zip(x, y).allSatisfy { same($0, $1) }
        case let (x?, y?): return x == y
        default: return false
        }
    }

    /// The value of `key`; nil when absent.
    public subscript(key: String) -> JSONValue? {
        get { fields.first { $0.0 == key }?.1 }
        set {
            var object = JSONValue.object(fields)
            object.set(key, newValue)
            fields = object.objectValue ?? fields
        }
    }

    /// The record as compact JSON text.
    public var jsonText: String { JSONValue.object(fields).compact() }

    /// The file's path relative to the vault root.
    public var path: String { self["path"]?.stringValue ?? "" }

    /// The title (tasks and notes both have one).
    public var title: String { self["title"]?.stringValue ?? "" }

    /// `modified`, the instant the merge compares for a conflict (`updated_at`); `created` when absent.
    public var updatedAt: Date? { instant("modified") ?? instant("created") }

    /// A date-time field as an instant.
    public func instant(_ key: String) -> Date? {
        self[key]?.stringValue.flatMap { DateTimeFormat.parse($0, timeZone: TimeZone(identifier: "UTC") ?? .current) }
    }
}

// MARK: - Tasks

extension SyncRecord {
    /// The record of a task read from its file.
    public init(task: TodoTask) {
        var out: [(String, JSONValue)] = [("path", .string(task.id))]
        if case let .object(pairs)? = try? JSONValue.parse(TaskJSON.encode(task)) {
            for (key, value) in pairs where key != "id" && key != "warnings" && !TaskJSON.computedKeys.contains(key) {
                // A file without `modified` was last modified when created: said so, a file a
                // pull writes (which always has `modified`) reads back as the same record.
                if key == "modified", value.isNull {
                    out.append((key, .string(DateTimeFormat.string(task.created))))
                } else {
                    out.append((key, value))
                }
            }
        }
        fields = out
    }

    /// The task this record describes, for writing a file.
    ///
    /// - Throws: ``TodoError/invalidValue(field:value:reason:)`` when a value has the wrong type.
    public func task() throws -> TodoTask {
        let created = instant("created") ?? Date(timeIntervalSince1970: 0)
        var task = TodoTask(id: path, title: title, created: created)
        for field in TaskField.allCases {
            let value = try fieldValue(field, self[field.key])
            task.set(field, value)
        }
        if task.title.isEmpty { task.title = "Untitled" }
        task.body = self["body"]?.stringValue ?? ""
        task.extra = (self["extra"]?.objectValue ?? []).map { ExtraField($0.0, $0.1) }
        task.warnings = []
        return task
    }

    /// The ``FieldValue`` of a TASK JSON value for `field` (nil for absent or null).
    func fieldValue(_ field: TaskField, _ json: JSONValue?) throws -> FieldValue? {
        guard let json, !json.isNull else { return nil }
        func bad(_ reason: String) -> TodoError {
            TodoError.invalidValue(field: field.key, value: json.compact(), reason: reason + " (in the synced row \(path))")
        }
        guard let value = TaskJSON.value(json, kind: field.spec.kind) else {
            throw bad("expected \(TaskJSON.expectation(field.spec.kind))")
        }
        return value
    }
}
