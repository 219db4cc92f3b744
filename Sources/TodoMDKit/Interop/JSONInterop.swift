import Foundation

/// The `json` format (§20, §22): every task as the §19 TASK object, so a round trip keeps every
/// field, unknown keys and body bytes.
///
/// Export: `{"format": "todomd", "version": 1, "tasks": [TASK, …]}`, one task per line. Import
/// also takes a bare array of TASKs and a §19 listing (`{"groups": [{"tasks": […]}]}`).
public enum JSONInterop {
    /// The export document.
    public static func export(_ tasks: [TodoTask]) -> String {
        var out = "{\"format\":\"todomd\",\"version\":1,\"tasks\":["
        for (i, task) in tasks.enumerated() {
            out += (i == 0 ? "\n" : ",\n") + TaskJSON.encode(task)
        }
        return out + (tasks.isEmpty ? "]}\n" : "\n]}\n")
    }

    /// Reads an export (or a listing, or an array of TASKs).
    ///
    /// - Throws: ``ImportError/notJSON(reason:)`` or ``ImportError/notAnExport`` when the text is
    ///   not JSON or holds no task list.
    public static func parse(_ text: String, timeZone: TimeZone) throws -> ImportBatch {
        let json: JSONValue
        do {
            json = try JSONValue.parse(text)
        } catch {
            throw ImportError.notJSON(reason: error.localizedDescription)
        }
        let items: [JSONValue]
        if let array = json.arrayValue {
            items = array
        } else if let tasks = json["tasks"]?.arrayValue {
            items = tasks
        } else if let groups = json["groups"]?.arrayValue {
            items = groups.flatMap { $0["tasks"]?.arrayValue ?? [] }
        } else {
            throw ImportError.notAnExport
        }
        var batch = ImportBatch()
        for (i, item) in items.enumerated() {
            let location = "record \(i + 1)"
            switch task(from: item, timeZone: timeZone) {
            case let .success((task, problems)):
                var record = ImportRecord(location: location, task: task)
                record.problems = problems
                record.keepsStamps = true
                record.hasCreated = item["created"].map { !$0.isNull } ?? false
                batch.records.append(record)
            case let .failure(problem):
                batch.skipped.append(ImportProblem(location, problem.message))
            }
        }
        return batch
    }

    /// A reason a record is skipped.
    public struct Failure: TodoMDError {
        public let message: String
        public var kind: ErrorKind { .invalid }
    }

    /// A TASK object as a task, with a problem for each value that could not be used.
    ///
    /// Values are taken exactly as written (no trimming, rules kept as typed): a `json` import
    /// is lossless. Keys that are not TASK keys are kept as unknown keys.
    public static func task(from json: JSONValue, timeZone: TimeZone) -> Result<(TodoTask, [String]), Failure> {
        guard let pairs = json.objectValue else { return .failure(Failure(message: "not a JSON object")) }
        guard let title = json["title"]?.stringValue, !title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            return .failure(Failure(message: "no title"))
        }
        let utc = TimeZone(identifier: "UTC") ?? timeZone
        var task = TodoTask(title: title, created: Date(timeIntervalSince1970: 0), source: "unknown")
        var problems: [String] = []
        for (key, value) in pairs {
            if value.isNull { continue }
            switch key {
            case "id":
                task.id = value.stringValue ?? ""
                continue
            case "body":
                if let s = value.stringValue { task.body = s } else { problems.append("body: not text; left out") }
                continue
            case "warnings", "title":
                continue
            case _ where TaskJSON.computedKeys.contains(key):
                continue
            case "extra":
                guard let extra = value.objectValue else { problems.append("extra: not an object; left out"); continue }
                for (k, v) in extra where TaskField(rawValue: k) == nil { task.extra.append(ExtraField(k, v)) }
                continue
            default:
                break
            }
            guard let field = TaskField(rawValue: key) else {
                task.extra.append(ExtraField(key, value))
                continue
            }
            if let problem = set(field, value, on: &task, utc: utc) {
                problems.append("\(key): \(problem); left out")
            }
        }
        return .success((task, problems))
    }

    /// Sets one field from its TASK value; a problem text when the value does not fit.
    static func set(_ field: TaskField, _ value: JSONValue, on task: inout TodoTask, utc: TimeZone) -> String? {
        // The title was read first: it must be there.
        if field == .title { return nil }
        let spec = field.spec
        guard let parsed = TaskJSON.value(value, kind: spec.kind) else { return "not \(TaskJSON.expectation(spec.kind))" }
        spec.set(parsed, on: &task)
        return nil
    }
}
