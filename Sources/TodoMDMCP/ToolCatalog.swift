import MCP
import TodoMDKit

/// The tools `todomd mcp` offers (§17), with their JSON schemas and descriptions.
enum ToolCatalog {
    /// Every tool, in the order clients list them: by concern, each group in its own file.
    static let tools: [Tool] = taskTools + planTools + noteTools + captureTools + timeTools + settingsTools

    // MARK: - Schema pieces

    /// An object schema with `properties` and `required`; no other keys are accepted.
    static func schema(_ properties: [String: Value], required: [String] = []) -> Value {
        var object: [String: Value] = ["type": "object", "properties": .object(properties)]
        if !required.isEmpty { object["required"] = .array(required.map(Value.string)) }
        return .object(object)
    }

    static func string(_ description: String) -> Value {
        ["type": "string", "description": .string(description)]
    }

    /// The §3 fields an agent may set, by their file keys, from the core's field table (the
    /// day plan is set with `plan_day`, note links by the notes); `nullable` for updates, where
    /// null clears.
    static func fieldProperties(nullable: Bool) -> [String: Value] {
        var properties: [String: Value] = [:]
        for spec in TaskFieldSpec.table where spec.role == .user {
            properties[spec.key] = property(spec, nullable: nullable)
        }
        properties["body"] = typed(["string"], "The Markdown notes under the frontmatter.", nullable: nullable)
        return properties
    }

    /// The JSON schema of one field.
    static func property(_ spec: TaskFieldSpec, nullable: Bool) -> Value {
        switch spec.kind {
        case .text, .rule, .date, .timedDate, .dateTime:
            return typed(["string"], spec.summary, nullable: nullable)
        case let .choice(values):
            var object = typed(["string"], spec.summary, nullable: nullable)
            if case var .object(fields) = object {
                fields["enum"] = .array(values.map(Value.string) + (nullable ? [.null] : []))
                object = .object(fields)
            }
            return object
        case .flag:
            return typed(["boolean"], spec.summary, nullable: nullable)
        case .count:
            return typed(["integer"], spec.summary, nullable: nullable)
        case .minutes:
            return typed(["integer", "string"], spec.summary, nullable: nullable)
        case .list:
            var object = typed(["array", "string"], spec.summary, nullable: nullable)
            if case var .object(fields) = object {
                fields["items"] = ["type": "string"]
                object = .object(fields)
            }
            return object
        case .reminders:
            var object = typed(["array", "string"], spec.summary, nullable: nullable)
            if case var .object(fields) = object {
                // A reminder string, or TaskNotes' reminder object (§24).
                fields["items"] = ["type": ["string", "object"]]
                object = .object(fields)
            }
            return object
        case .references:
            var object = typed(["array", "string"], spec.summary, nullable: nullable)
            if case var .object(fields) = object {
                // A task reference, or TaskNotes' dependency object (§23).
                fields["items"] = ["type": ["string", "object"]]
                object = .object(fields)
            }
            return object
        case .timeEntries:
            var object = typed(["array"], spec.summary, nullable: nullable)
            if case var .object(fields) = object {
                // `{start, end, note}` (§27).
                fields["items"] = ["type": "object",
                                   "properties": ["start": ["type": "string"], "end": ["type": ["string", "null"]],
                                                  "note": ["type": ["string", "null"]]],
                                   "required": ["start"]]
                object = .object(fields)
            }
            return object
        }
    }

    /// `{"type": …, "description": …}`; several types (or null) as a list.
    static func typed(_ types: [String], _ description: String, nullable: Bool) -> Value {
        let all = types + (nullable ? ["null"] : [])
        return ["type": all.count == 1 ? .string(all[0]) : .array(all.map(Value.string)),
                "description": .string(description)]
    }
}
