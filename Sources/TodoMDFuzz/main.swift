// A fuzz target for the task file codec (§3, §18).
//
// Built by `scripts/fuzz` with `-sanitize=fuzzer,address -DTODOMD_FUZZ`, `main` hands control to
// libFuzzer's `LLVMFuzzerRunDriver`, which feeds generated inputs to `CodecFuzzCheck.run`.
// Built normally (no sanitizer, no flag), the same checks replay the files and folders given as
// arguments: a corpus regression runner (`swift run TodoMDFuzz Fuzz/corpus`).

import Foundation
@_spi(Differential) import TodoMDKit

/// Decodes one input and, when it is a task, edits and re-encodes it, checking the codec's
/// invariants. Each broken invariant is returned as a sentence; an empty array means all held.
enum CodecFuzzCheck {
    /// A zone with daylight-saving changes, so date-time conversions get exercised.
    static let timeZone = TimeZone(identifier: "Europe/Berlin") ?? .gmt
    static let fileModified = Date(timeIntervalSince1970: 1_764_000_000)
    static let id = "Projects/20250226-1430-fuzz-input.md"
    static let knownKeys = Set(TaskField.allCases.map(\.key))

    /// Runs every check on `bytes`.
    static func run(_ bytes: [UInt8]) -> [String] {
        var problems: [String] = []
        let decoding = TaskFileCodec.decode(bytes, id: id, fileModified: fileModified, timeZone: timeZone)
        problems += checkFastPath(bytes, decoding)
        guard case let .task(task) = decoding else {
            // A file that is not a task must not be editable either.
            if (try? TaskFileCodec.apply(TaskChanges(), to: bytes, id: id, fileModified: fileModified,
                                         timeZone: timeZone)) != nil {
                problems.append("apply accepted a file that decode refused")
            }
            return problems
        }
        problems += checkLimits(task)
        problems += checkWarnings(task)
        problems += checkEncodeNew(task)
        problems += checkEdits(task, bytes)
        problems += checkStructure(task)
        return problems
    }

    /// The task among copies of itself under other names, and its checklist toggled: its
    /// `parent` and `blocked_by` may name any of them (or itself); resolution must end, and
    /// every warning name its key (§23).
    static func checkStructure(_ task: TodoTask) -> [String] {
        var rows: [TaskStructure.Row] = []
        for (n, id) in [id, "fuzz-input.md", "Archive/fuzz-input.md", "parent.md"].enumerated() {
            rows.append(TaskStructure.Row(id: id, parent: n == 3 ? "fuzz-input" : task.parent, blockedBy: task.blockedBy,
                                          sequential: task.sequential, project: task.project, status: task.status,
                                          created: Double(n)))
        }
        var problems: [String] = []
        for (id, links) in TaskStructure.links(of: rows, context: .init(sequentialProjects: task.project.map { [$0: []] } ?? [:])) {
            for w in links.warnings where !(w.hasPrefix("parent: ") || w.hasPrefix("blocked_by: ")) {
                problems.append("a structure warning of \(id) names no key: \(w)")
            }
            if links.parentID == id { problems.append("\(id) is its own parent") }
        }
        let items = Checklist.items(in: task.body)
        for n in items.indices {
            guard let toggled = try? Checklist.setting(n + 1, checked: !items[n].checked, in: task.body) else {
                problems.append("checklist item \(n + 1) could not be toggled")
                continue
            }
            if toggled.utf8.count != task.body.utf8.count || Checklist.items(in: toggled).count != items.count {
                problems.append("toggling checklist item \(n + 1) changed more than its mark")
            }
        }
        return problems
    }

    /// The fast frontmatter reader gives exactly what the full YAML reader gives: the same task,
    /// warnings and extra keys, or the same reason the file is not a task.
    static func checkFastPath(_ bytes: [UInt8], _ decoding: TaskDecoding) -> [String] {
        let full = TaskFileCodec.decode(bytes, id: id, fileModified: fileModified, timeZone: timeZone,
                                        allowFastPath: false)
        switch (decoding, full) {
        case let (.task(fast), .task(slow)):
            if fast != slow || fast.warnings != slow.warnings
                || fast.extra != slow.extra {
                return ["the fast path read a different task:\n\(fast)\n\(slow)"]
            }
        case let (.unparseable(fast), .unparseable(slow)):
            if fast != slow { return ["the fast path gave another reason: \(fast) / \(slow)"] }
        default:
            return ["the fast path and the YAML parser disagree on whether this is a task: \(decoding) / \(full)"]
        }
        return []
    }

    /// A decoded task never exceeds the §18 limits.
    static func checkLimits(_ task: TodoTask) -> [String] {
        var problems: [String] = []
        if task.title.count > TaskFileCodec.Limits.titleCharacters { problems.append("title over the limit") }
        if (task.description?.count ?? 0) > TaskFileCodec.Limits.descriptionCharacters {
            problems.append("description over the limit")
        }
        if task.body.utf8.count > TaskFileCodec.Limits.bodyBytes { problems.append("body over the limit") }
        if task.title.isEmpty { problems.append("empty title") }
        return problems
    }

    /// Every warning starts with the key it is about (§21).
    static func checkWarnings(_ task: TodoTask) -> [String] {
        task.warnings.compactMap { warning in
            let key = warning.split(separator: ":", maxSplits: 1).first.map(String.init) ?? ""
            return knownKeys.contains(key) ? nil : "warning without a known key: \(warning)"
        }
    }

    /// A new file written for the task reads back as the same task, with no new warnings.
    static func checkEncodeNew(_ task: TodoTask) -> [String] {
        let encoded = TaskFileCodec.encodeNew(task)
        guard case let .task(again) = TaskFileCodec.decode(encoded, id: id, fileModified: fileModified,
                                                           timeZone: timeZone)
        else {
            return ["encodeNew wrote a file that does not decode: \(String(decoding: encoded, as: UTF8.self))"]
        }
        var problems: [String] = []
        // Repairs and ignored values are gone from a canonical file; a warning about a value that
        // is kept as written (an invalid recurrence rule) may stay, but nothing new may appear.
        let added = Set(again.warnings).subtracting(task.warnings)
        if !added.isEmpty { problems.append("encodeNew's file has new warnings: \(added.sorted())") }
        var expected = task
        expected.modified = task.modified ?? task.created
        expected.created = whole(task.created)
        expected.modified = expected.modified.map(whole)
        expected.completed = task.completed.map(whole)
        expected.warnings = []
        var actual = again
        actual.warnings = []
        if actual != expected { problems.append("encodeNew does not round-trip:\n\(expected)\n\(actual)") }
        return problems
    }

    /// Edits either fail with a ``TodoError`` or produce a file that reads back as the edited task.
    static func checkEdits(_ task: TodoTask, _ bytes: [UInt8]) -> [String] {
        var problems: [String] = []
        // An empty edit changes nothing at all.
        switch Result(catching: { try TaskFileCodec.apply(TaskChanges(), to: bytes, id: id, fileModified: fileModified,
                                                           timeZone: timeZone) }) {
        case let .success(out) where out != bytes: problems.append("an empty edit changed the file")
        case let .failure(error) where !(error is TodoError): problems.append("apply threw \(error)")
        default: break
        }
        for (changes, body) in changeSets(for: bytes) {
            let result = Result { try TaskFileCodec.apply(changes, body: body, to: bytes, id: id,
                                                          fileModified: fileModified, timeZone: timeZone) }
            switch result {
            case let .failure(error):
                if !(error is TodoError) { problems.append("apply threw \(error)") }
            case let .success(out):
                guard case let .task(after) = TaskFileCodec.decode(out, id: id, fileModified: fileModified,
                                                                   timeZone: timeZone)
                else {
                    problems.append("apply wrote a file that does not decode")
                    continue
                }
                var expected = task
                expected.apply(changes)
                if let body { expected.body = body }
                expected.warnings = []
                var actual = after
                actual.warnings = []
                if actual != expected { problems.append("apply's result is not the edited task") }
                if body == nil, after.body != task.body { problems.append("apply changed the body") }
            }
        }
        return problems
    }

    /// A few edits, some of them with text taken from the input itself (to exercise quoting).
    static func changeSets(for bytes: [UInt8]) -> [(TaskChanges, String?)] {
        let text = String(decoding: bytes.prefix(48), as: UTF8.self)
        let now = Date(timeIntervalSince1970: 1_764_100_000)
        var complete = TaskChanges()
        complete.set(.status, .string("done"))
        complete.set(.completed, .dateTime(now))
        complete.set(.modified, .dateTime(now))

        var fields = TaskChanges()
        fields.set(.due, .date(LocalDate(dayNumber: 20_500)))
        fields.set(.flagged, .bool(true))
        fields.set(.tags, .list(["errands", "two words", "yes", text]))
        fields.set(.area, .string(text))
        fields.set(.estimatedMinutes, .int(bytes.count))
        fields.set(.modified, .dateTime(now))

        var clear = TaskChanges()
        for field in [TaskField.tags, .due, .priority, .description, .recurrence, .area] { clear.clear(field) }
        clear.set(.modified, .dateTime(now))

        var title = TaskChanges()
        title.set(.title, .string("Fuzzed \"title\": \(text.prefix(20))"))
        title.set(.modified, .dateTime(now))

        return [(complete, nil), (fields, nil), (clear, nil), (title, "New body\n\(text)\n")]
    }

    static func whole(_ date: Date) -> Date { Date(timeIntervalSince1970: floor(date.timeIntervalSince1970)) }
}

#if TODOMD_FUZZ

/// libFuzzer's entry point for programs that keep their own `main`.
// swift-format-ignore: AlwaysUseLowerCamelCase
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

var fuzzArgc = CommandLine.argc
var fuzzArgv = CommandLine.unsafeArgv
let status = LLVMFuzzerRunDriver(&fuzzArgc, &fuzzArgv) { data, size in
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let problems = CodecFuzzCheck.run(bytes)
    if !problems.isEmpty {
        // A trap makes libFuzzer save the input as a crash.
        fatalError("codec invariant broken:\n" + problems.joined(separator: "\n"))
    }
    return 0
}
exit(status)

#else

/// Replays files (or every file in folders) given as arguments through the fuzz checks.
func replay(_ arguments: [String]) -> Int32 {
    var files: [String] = []
    for argument in arguments {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: argument, isDirectory: &isFolder) else {
            FileHandle.standardError.write(Data("no such file: \(argument)\n".utf8))
            return 2
        }
        if isFolder.boolValue {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: argument)) ?? []
            files += names.sorted().filter { !$0.hasPrefix(".") }.map { argument + "/" + $0 }
        } else {
            files.append(argument)
        }
    }
    if files.isEmpty {
        print("usage: TodoMDFuzz FILE_OR_FOLDER… (build with scripts/fuzz to fuzz)")
        return 2
    }
    var failures = 0
    for file in files {
        guard let data = FileManager.default.contents(atPath: file) else { continue }
        let problems = CodecFuzzCheck.run(Array(data))
        if !problems.isEmpty {
            failures += 1
            print("FAIL \(file)")
            for problem in problems { print("  \(problem)") }
        }
    }
    print("replayed \(files.count) inputs, \(failures) failed")
    return failures == 0 ? 0 : 1
}

exit(replay(Array(CommandLine.arguments.dropFirst())))

#endif
