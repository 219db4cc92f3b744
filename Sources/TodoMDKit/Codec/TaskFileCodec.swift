import Foundation
import Yams

/// The outcome of reading one file: a task, or the reason it is not one.
public enum TaskDecoding: Sendable {
    case task(TodoTask)
    case unparseable(reason: String)

    /// The task, when the file is one.
    public var task: TodoTask? { if case let .task(t) = self { return t } else { return nil } }
}

/// Reads and writes task files (§3). Pure: bytes in, task out; bytes and changes in, bytes out.
///
/// Reading is lenient: every repair is recorded as a warning naming its key. Writing is strict:
/// new files are canonical, and an edit rewrites only the lines of the keys it changes.
public enum TaskFileCodec {
    /// §18 limits.
    public enum Limits {
        public static let fileBytes = 1_048_576
        public static let bodyBytes = TaskLimits.bodyBytes
        public static let titleCharacters = TaskLimits.titleCharacters
        public static let descriptionCharacters = TaskLimits.descriptionCharacters
        public static let nesting = 16
    }

    // MARK: - Reading

    /// Reads a task file.
    ///
    /// - Parameters:
    ///   - bytes: the file's content.
    ///   - id: the task id (path relative to the vault), used for the title repair.
    ///   - fileModified: the file's modification time, used when `created` is missing.
    ///   - timeZone: the local time zone, for date-times given where a date belongs.
    /// - Returns: the task, or why the file is not a task. Never throws, never traps.
    ///   - fieldMap: another tool's key names and value forms (§20); nil reads §3 keys.
    public static func decode(_ bytes: [UInt8], id: String, fileModified: Date, timeZone: TimeZone,
                              fieldMap: FieldMap? = nil) -> TaskDecoding {
        decode(bytes, id: id, fileModified: fileModified, timeZone: timeZone, allowFastPath: true, fieldMap: fieldMap)
    }

    /// Reads a task file, optionally without ``FastFrontmatter``: for differential tests and
    /// the fuzz target, which check that both readers give the same result.
    ///
    /// - Parameter allowFastPath: false reads every file with the full YAML parser.
    @_spi(Differential)
    public static func decode(_ bytes: [UInt8], id: String, fileModified: Date, timeZone: TimeZone,
                              allowFastPath: Bool, fieldMap: FieldMap? = nil) -> TaskDecoding {
        switch parseDocument(bytes, allowFastPath: allowFastPath) {
        case let .failure(reason):
            return .unparseable(reason: reason)
        case let .success(document):
            return TaskReader(id: id, fileModified: fileModified, timeZone: timeZone, fieldMap: fieldMap).read(document)
        }
    }

    /// A file split into layout, parsed YAML root pairs and body text.
    struct Document {
        let layout: FrontmatterLayout
        /// Top-level pairs in file order; keys that are not plain strings are skipped.
        let pairs: [(key: String, value: Node, line: Int)]
        let rootIsFlow: Bool
        let body: String
    }

    enum ParseResult {
        case success(Document)
        case failure(String)
    }

    /// Splits and parses a file: with ``FastFrontmatter`` when the YAML is in its subset (and
    /// `allowFastPath`), else with Yams after the §18 hostile-input checks.
    static func parseDocument(_ bytes: [UInt8], allowFastPath: Bool = true) -> ParseResult {
        if bytes.count > Limits.fileBytes {
            // Callers may pass only the first limit + 1 bytes, so the true size is not known here.
            return .failure("the file is larger than 1 MiB (the limit is \(Limits.fileBytes) bytes)")
        }
        if let nul = bytes.firstIndex(of: 0) {
            return .failure("it contains a NUL byte at offset \(nul) (a binary file?)")
        }
        guard String(validating: bytes, as: UTF8.self) != nil else {
            return .failure("it is not valid UTF-8 text")
        }
        let layout: FrontmatterLayout
        do {
            layout = try FrontmatterLayout(bytes: bytes)
        } catch FrontmatterLayout.Failure.unclosed {
            return .failure("the frontmatter block is not closed (no second `---` line)")
        } catch {
            return .failure("it has no frontmatter block (the file must start with a `---` line)")
        }
        let bodyCount = bytes.count - layout.bodyStart
        if bodyCount > Limits.bodyBytes {
            return .failure("the body is \(bodyCount) bytes; the limit is \(Limits.bodyBytes) bytes")
        }
        if allowFastPath, let pairs = FastFrontmatter.pairs(in: layout) {
            // The subset holds no anchors, aliases or deep nesting: YAMLGuard has nothing to find.
            let body = String(decoding: layout.bodyBytes, as: UTF8.self)
            return .success(Document(layout: layout, pairs: pairs, rootIsFlow: false, body: body))
        }
        let yamlSlice = layout.yamlBytes
        if let finding = YAMLGuard.scan(yamlSlice) {
            switch finding {
            case let .anchorOrAlias(line):
                return .failure("YAML anchors and aliases are not allowed (line \(line + 1))")
            case let .tooDeep(line):
                return .failure("the frontmatter is nested more than \(Limits.nesting) levels deep (line \(line + 1))")
            }
        }
        let body = String(decoding: layout.bodyBytes, as: UTF8.self)
        let yaml = String(decoding: yamlSlice, as: UTF8.self)
        if yaml.allSatisfy({ $0.isWhitespace }) {
            return .success(Document(layout: layout, pairs: [], rootIsFlow: false, body: body))
        }
        do {
            // An explicit encoding: the default one reads the process environment on every call.
            let parser = try Parser(yaml: yaml, resolver: .basic, encoding: .utf8)
            guard let root = try parser.singleRoot() else {
                return .success(Document(layout: layout, pairs: [], rootIsFlow: false, body: body))
            }
            // Anchors are weak references owned by the parser: check while it is alive.
            let problem: String? = withExtendedLifetime(parser) { checkTree(root) }
            if let problem { return .failure(problem) }
            if case .scalar(let scalar) = root, scalar.style == .plain, isNullText(scalar.string) {
                return .success(Document(layout: layout, pairs: [], rootIsFlow: false, body: body))
            }
            guard case let .mapping(mapping) = root else {
                return .failure("the frontmatter is not a mapping of keys to values")
            }
            var pairs: [(key: String, value: Node, line: Int)] = []
            for (key, value) in mapping {
                guard case let .scalar(k) = key else { continue }
                pairs.append((k.string, value, k.mark?.line ?? 0))
            }
            return .success(Document(layout: layout, pairs: pairs, rootIsFlow: startsWithFlowMapping(yamlSlice), body: body))
        } catch let error as YamlError {
            return .failure("invalid YAML: \(describe(error))")
        } catch {
            return .failure("invalid YAML: \(error)")
        }
    }

    /// Refuses anchors (which every alias copy carries), nesting over the §18 limit, and
    /// duplicate keys that YAML lets through because their tags differ (`k: 1` and `!x k: 2`):
    /// todo.md reads keys by their text, so those are duplicates too.
    static func checkTree(_ root: Node) -> String? {
        var stack: [(Node, Int)] = [(root, 1)]
        while let (node, depth) = stack.popLast() {
            if node.anchor != nil {
                let line = (node.mark?.line ?? 0) + 1
                return "YAML anchors and aliases are not allowed (line \(line))"
            }
            switch node {
            case let .mapping(m):
                if depth > Limits.nesting { return "the frontmatter is nested more than \(Limits.nesting) levels deep" }
                var keys = Set<String>()
                for (k, v) in m {
                    if case let .scalar(key) = k, !keys.insert(key.string).inserted {
                        let line = (key.mark?.line ?? 0) + 1
                        return "invalid YAML: duplicate key `\(key.string)` (line \(line))"
                    }
                    stack.append((k, depth + 1))
                    stack.append((v, depth + 1))
                }
            case let .sequence(s):
                if depth > Limits.nesting { return "the frontmatter is nested more than \(Limits.nesting) levels deep" }
                for v in s { stack.append((v, depth + 1)) }
            case .alias:
                return "YAML anchors and aliases are not allowed"
            case .scalar:
                break
            }
        }
        return nil
    }

    /// A one-line description of a YAML error with its line number in the file.
    static func describe(_ error: YamlError) -> String {
        func at(_ mark: Mark) -> String { "line \(mark.line + 1), column \(mark.column)" }
        switch error {
        case let .scanner(context, problem, mark, _), let .parser(context, problem, mark, _),
             let .composer(context, problem, mark, _):
            let ctx = context.map { " \($0.text)" } ?? ""
            return "\(problem)\(ctx) (\(at(mark)))"
        case let .duplicatedKeysInMapping(duplicates, context):
            // Yams lists the keys in an order (and so at a position) that can change from run to
            // run when keys are lists or mappings, or share a text: sort them, and give the
            // position only when it is certain.
            let names = duplicates.sorted()
            let list = names.map { "`\($0)`" }.joined(separator: ", ")
            let certain = !names.contains("<uncovertable>") && Set(names).count == names.count
            return certain ? "duplicate key \(list) (\(at(context.mark)))" : "duplicate key \(list)"
        case let .reader(problem, offset, _, _):
            return "\(problem)\(offset.map { " (byte \($0))" } ?? "")"
        default:
            return "\(error)"
        }
    }

    /// Whether the frontmatter is one `{…}` flow mapping (Yams reports the style from the end
    /// event, so it cannot tell): its first significant character is `{`.
    static func startsWithFlowMapping(_ yaml: ArraySlice<UInt8>) -> Bool {
        var inComment = false
        for b in yaml {
            if inComment { if b == 0x0A { inComment = false }; continue }
            switch b {
            case 0x20, 0x09, 0x0A, 0x0D: continue
            case UInt8(ascii: "#"): inComment = true
            default: return b == UInt8(ascii: "{")
            }
        }
        return false
    }

    /// YAML's null spellings for a plain scalar.
    static func isNullText(_ s: String) -> Bool {
        s.isEmpty || s == "~" || s == "null" || s == "Null" || s == "NULL"
    }
}
