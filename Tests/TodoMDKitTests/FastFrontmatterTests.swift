import Foundation
import Testing
import TodoMDTestSupport
import Yams
@_spi(Differential) @testable import TodoMDKit

// Differential tests: a file read with `FastFrontmatter` must give exactly what the full Yams
// reader gives — the same pairs (keys, line numbers, values, styles), and the same task, warnings
// and extra keys — and the fast path must actually take the files todo.md writes.

// MARK: - Comparison

enum FastPathCheck {
    static let mtime = Date(timeIntervalSince1970: 1_795_168_800)
    static let id = "Work/20250226-1430-fix-the-Bike.md"
    static let zone = TimeZone(identifier: "Europe/Berlin") ?? .gmt

    /// A node as comparable text: kind, style and content, recursively.
    static func shape(_ node: Node) -> String {
        switch node {
        case let .scalar(s): return "S\(s.style.rawValue)(\(s.string.debugDescription))"
        case let .sequence(seq): return "Q\(seq.style.rawValue)[\(seq.map(shape).joined(separator: ","))]"
        case let .mapping(m): return "M{\(m.map { shape($0.key) + ":" + shape($0.value) }.joined(separator: ","))}"
        case .alias: return "A"
        }
    }

    static func shape(_ result: TaskFileCodec.ParseResult) -> String {
        switch result {
        case let .failure(reason): return "failure: \(reason)"
        case let .success(d):
            let pairs = d.pairs.map { "\($0.key)@\($0.line)=\(shape($0.value))" }.joined(separator: "\n")
            return "flow=\(d.rootIsFlow) body=\(d.body.debugDescription)\n\(pairs)"
        }
    }

    static func describe(_ decoding: TaskDecoding) -> String {
        switch decoding {
        case let .unparseable(reason): return "unparseable: \(reason)"
        case let .task(t): return "task: \(t) warnings: \(t.warnings) extra: \(t.extra)"
        }
    }

    /// Whether the fast path took `bytes`; records an issue for any difference between the paths.
    @discardableResult
    static func compare(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let fast = TaskFileCodec.parseDocument(bytes, allowFastPath: true)
        let slow = TaskFileCodec.parseDocument(bytes, allowFastPath: false)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(shape(fast) == shape(slow), "documents differ for \(text.debugDescription)",
                sourceLocation: sourceLocation)
        let a = TaskFileCodec.decode(bytes, id: id, fileModified: mtime, timeZone: zone, allowFastPath: true)
        let b = TaskFileCodec.decode(bytes, id: id, fileModified: mtime, timeZone: zone, allowFastPath: false)
        switch (a, b) {
        case let (.task(x), .task(y)):
            #expect(x == y, "tasks differ for \(text.debugDescription)", sourceLocation: sourceLocation)
            #expect(x.warnings == y.warnings, "warnings differ for \(text.debugDescription)",
                    sourceLocation: sourceLocation)
            #expect(x.extra.map(\.key) == y.extra.map(\.key) && x.extra.map(\.value) == y.extra.map(\.value),
                    "extra differs for \(text.debugDescription)", sourceLocation: sourceLocation)
        case let (.unparseable(x), .unparseable(y)):
            #expect(x == y, sourceLocation: sourceLocation)
        default:
            Issue.record("\(describe(a)) vs \(describe(b)) for \(text.debugDescription)", sourceLocation: sourceLocation)
        }
        guard let layout = try? FrontmatterLayout(bytes: bytes) else { return false }
        return FastFrontmatter.pairs(in: layout) != nil
    }
}

// MARK: - Cases

struct FastFrontmatterTests {
    /// Frontmatter that the fast path must take.
    static let accepted: [String] = [
        // Every field, as new files are written.
        """
        title: "Buy groceries for meal prep"
        status: "todo"
        due: "2025-03-01"
        defer: "2025-02-28"
        scheduled: "2025-02-28"
        priority: "medium"
        flagged: false
        area: "Personal"
        project: "Meal Prep"
        tags:
          - "errands"
          - "food"
        recurrence: "FREQ=WEEKLY;BYDAY=SA"
        recurrence_mode: "after_completion"
        estimated_minutes: 45
        description: "Weekly Trader Joe's run for meal prep ingredients"
        created: "2025-02-26T14:30:00Z"
        modified: "2025-02-26T14:30:00Z"
        completed: null
        source: "user"
        region: "big"
        bucket: "today"
        plan_date: "2025-02-27"
        carry_count: 2
        backlog_since: "2025-02-20"
        note: "Notes/Groceries.md"
        note_line: 12
        """,
        // Plain scalars of every kind.
        """
        title: Plain title with spaces
        status: DONE
        due: 2025-03-01
        defer: 2025-02-28T23:30:00Z
        priority: High
        flagged: yes
        tags:
          - errands
          - food/fresh
          - null
          - Null
          - 2025
        estimated_minutes: +45
        created: 2025-02-26T14:30:00Z
        modified: 2025-02-26T14:30:00.5+01:00
        completed: 2025-02-27T08:00:00Z
        source: shortcut
        recurrence: "FREQ=DAILY"
        note_line: 007
        """,
        // Null spellings, empty values and wrong types.
        """
        title: ""
        status: null
        due: NULL
        tags: []
        area:
        project: NULL
        priority: urgent
        defer: someday
        """,
        // Duplicates are refused by the fast path; this one has none, but wrong types.
        """
        title: "T"
        flagged: maybe
        estimated_minutes: 3.5
        carry_count: 1.5
        due: 2025-13-45
        created: yesterday
        tags: "a, b,, c"
        """,
        // Escapes and Unicode.
        """
        title: "Say \\"hi\\" to \\\\ O'Brien\\ttab\\nnewline\\rcr \\/ \\u00e9\\u4E2D \\u0001"
        description: "Émoji 🚲, 中文, ä — and a # not a comment: fine"
        area: "trailing spaces inside   "   
        project: "  leading"
        source: "\\u2028 escaped line separator \\u0085"
        """,
        // Unknown keys become extra, typed as YAML would type plain scalars.
        """
        title: "Extra"
        x_bool: true
        x_bool2: No
        x_int: 42
        x_neg_float: 1.5
        x_float: 3.25
        x_exp: 1e3
        x_hex: 0x1F
        x_dot: .5
        x_inf: .inf
        x_null: null
        x_empty:
        x_str: "42"
        x_list:
          - 1
          - "two"
          - true
          - null
        x_empty_list: []
        x_url: https://example.com/a:b
        x_time: 14:30
        x_dots: a.b.c
        x_plus: +
        Key-With_Dashes: value
        _underscore: v
        """,
    ]

    /// Frontmatter that must fall back to Yams (valid YAML or not).
    static let rejected: [String] = [
        "title: 'single quoted'",
        "title: \"a\" # comment",
        "# comment\ntitle: x",
        "title: x\n\nstatus: todo",
        "title: x\ntitle: y",
        "title:x",
        "title:  two spaces",
        "title: trailing ",
        "title: a: b",
        "title: a #b",
        "title: -x",
        "title: :x",
        "title: x:",
        "title: &a x\nstatus: *a",
        "title: !tag x",
        "title: |\n  block",
        "title: >\n  folded",
        "title: [a, b]",
        "title: {a: b}",
        "tags:\n- a",
        "tags:\n   - a",
        "tags:\n  -a",
        "tags:\n  - a\n    - b",
        "tags:\n  - a: b",
        "tags:\n  - \"a\" x",
        "title: \"multi\n  line\"",
        "title: \"bad \\x41 escape\"",
        "title: \"nul \\u0000\"",
        "title: \"surrogate \\uD800\"",
        "title: \"short \\u12\"",
        "title: \"tab\tinside\"",
        "title: \"nel \u{85} inside\"",
        "title: \"ls \u{2028} inside\"",
        "title: \"bom \u{FEFF} inside\"",
        "title: x\n  continued",
        "title: x\n  - item",
        "\ttitle: x",
        " title: x",
        "1key: x",
        "? complex\n: key",
        "title: \"unterminated",
        "title: x\r\u{0B}status: y",
    ]

    @Test(arguments: accepted)
    func acceptedFrontmatterReadsTheSameBothWays(_ yaml: String) {
        let file = "---\n\(yaml)\n---\n\nBody text\n"
        #expect(FastPathCheck.compare(Array(file.utf8)), "the fast path refused:\n\(yaml)")
        let crlf = file.replacingOccurrences(of: "\n", with: "\r\n")
        #expect(FastPathCheck.compare(Array(crlf.utf8)), "the fast path refused CRLF:\n\(yaml)")
    }

    @Test(arguments: rejected)
    func otherFrontmatterFallsBackToYams(_ yaml: String) {
        let file = "---\ntitle0: \"first\"\n\(yaml)\nsource: \"user\"\n---\nBody\n"
        #expect(!FastPathCheck.compare(Array(file.utf8)), "the fast path took:\n\(yaml)")
    }

    /// A repeated key is found however many keys come first: among the pairs read while they
    /// are few, in a set once there are many.
    @Test(arguments: [1, 5, 23, 24, 25, 40, 200])
    func aRepeatedKeyFallsBackToYamsAfterAnyNumberOfKeys(_ before: Int) {
        let keys = (0..<before).map { "key\($0): \"v\($0)\"" }
        let unique = "---\n" + keys.joined(separator: "\n") + "\n---\nBody\n"
        #expect(FastPathCheck.compare(Array(unique.utf8)), "the fast path refused \(before) distinct keys")
        for repeated in Set([0, before / 2, before - 1]) {
            let file = "---\n" + (keys + ["key\(repeated): \"again\""]).joined(separator: "\n") + "\n---\nBody\n"
            #expect(!FastPathCheck.compare(Array(file.utf8)), "the fast path took key\(repeated) twice after \(before) keys")
        }
    }

    /// Files todo.md writes itself all take the fast path.
    @Test func newFilesTakeTheFastPath() throws {
        var task = TodoTask(id: FastPathCheck.id, title: "A \"quoted\" title: with\tescapes \\ é",
                            created: FastPathCheck.mtime, source: "user")
        task.tags = ["errands", "two words", "yes", "null"]
        task.description = "Line one\nline two"
        task.due = LocalDate(iso: "2025-03-01")
        task.estimatedMinutes = 30
        task.body = "Body\n"
        let bytes = TaskFileCodec.encodeNew(task)
        #expect(FastPathCheck.compare(bytes))
    }

    @Test func seedCorpusReadsTheSameBothWays() throws {
        let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Fuzz/corpus").standardized
        let names = try FileManager.default.contentsOfDirectory(atPath: corpus.path).filter { !$0.hasPrefix(".") }
        #expect(names.count >= 30)
        var fast: [String] = []
        for name in names.sorted() {
            let data = try Data(contentsOf: corpus.appendingPathComponent(name))
            if FastPathCheck.compare(Array(data)) { fast.append(name) }
        }
        // The canonical seeds must exercise the fast path; hostile ones must not.
        #expect(fast.contains("spec-example.md"))
        #expect(!fast.contains("anchors.md") && !fast.contains("billion-laughs.md") && !fast.contains("duplicate-keys.md"))
    }

    /// 2,000 seeded random files mixing constructs inside and outside the subset.
    @Test func randomFilesReadTheSameBothWays() {
        var rng = SeededRandom(seed: 0x7D0_0D0E)
        var fastCount = 0
        for _ in 0..<2_000 {
            let file = RandomFrontmatter.file(&rng)
            if FastPathCheck.compare(Array(file.utf8)) { fastCount += 1 }
        }
        // Both sides of the fallback must be exercised.
        #expect(fastCount > 200 && fastCount < 1_800, "fast path took \(fastCount) of 2000")
    }
}

// MARK: - Random files

enum RandomFrontmatter {
    static let keys = TaskField.allCases.map(\.key) + ["x_extra", "Title", "my-key", "_k", "null", "true", "k2"]

    static let plains = [
        "todo", "DONE", "in-progress", "someday", "high", "none", "true", "false", "yes", "No", "null", "Null",
        "~", "0", "45", "+3", "-3", "007", "1.5", "-1.5", ".5", "1e3", "0x1F", ".inf", ".NaN", "2025-03-01",
        "2025-02-26T14:30:00Z", "2025-02-26 14:30:00", "14:30", "a:b", "http://x.y/z", "two words", "a  b",
        "FREQ=WEEKLY", "x.", "a/b", "_", "+", "...", "a: b", "a #b", ":x", "x:", "-x", " x", "x ", "x\t",
        "'q'", "&a x", "*a", "!t x", "[a]", "{a: 1}", "|", ">", "@x", "`x`", "%x", "?", "? x", "a,b", "é",
    ]

    static let quotedBodies = [
        "", "plain", "with \\\"quotes\\\"", "back\\\\slash", "\\n\\t\\r", "\\/", "\\u00e9\\u4E2D", "\\u0001",
        "\\u0000", "\\uD83D", "\\uDE00", "\\x41", "\\0", "\\e", "\\ ", "\\N", "\\_", "\\L", "\\P", "\\U0001F600",
        "émoji 🚲", "中文", "# not comment", "a: b", "  spaced  ", "'single'", "tab\there", "nel\u{85}x",
        "ls\u{2028}x", "bom\u{FEFF}x", "del\u{7F}x", "c1\u{9F}x", "nbsp\u{A0}x", "&a", "*a", "2025-03-01",
        "2025-02-26T14:30:00Z", "null", "true", "45",
    ]

    static func pick<T>(_ items: [T], _ rng: inout SeededRandom) -> T {
        items[Int(rng.next() % UInt64(items.count))]
    }

    /// Values inside the subset.
    static let safePlains = Array(plains.prefix { $0 != "a: b" })
    static let safeQuotedBodies = quotedBodies.filter { body in
        !["\\u0000", "\\uD83D", "\\uDE00", "\\x41", "\\0", "\\e", "\\ ", "\\N", "\\_", "\\L", "\\P",
          "\\U0001F600"].contains(body) && !body.unicodeScalars.contains { [0x09, 0x85, 0x2028, 0xFEFF, 0x7F, 0x9F].contains($0.value) }
    }

    /// A line (or a list) inside the subset.
    static func safeLine(_ rng: inout SeededRandom) -> String {
        let key = pick(keys, &rng)
        func value() -> String {
            rng.next() % 2 == 0 ? pick(safePlains, &rng) : "\"" + pick(safeQuotedBodies, &rng) + "\""
        }
        switch rng.next() % 8 {
        case 0: return key + ": []"
        case 1: return key + ":"
        case 2, 3: return ([key + ":"] + (0..<(1 + rng.next() % 3)).map { _ in "  - " + value() }).joined(separator: "\n")
        default: return key + ": " + value()
        }
    }

    static func value(_ rng: inout SeededRandom) -> String {
        switch rng.next() % 10 {
        case 0...4: return "\"" + pick(quotedBodies, &rng) + "\"" + pick(["", "", "", " ", "  ", " # c", "x", "\t"], &rng)
        default: return pick(plains, &rng)
        }
    }

    static func line(_ rng: inout SeededRandom) -> String {
        let key = pick(keys, &rng)
        switch rng.next() % 40 {
        case 0: return ""
        case 1: return "# comment"
        case 2: return key + ":" + value(&rng)
        case 3: return key + ":  " + value(&rng)
        case 4: return key + ": []"
        case 5: return key + ": [ ]"
        case 6: return key + ":"
        case 7: return " " + key + ": " + value(&rng)
        case 8: return "- " + value(&rng)
        case 9: return "  " + value(&rng)
        case 10...15:
            var lines = [key + ":"]
            for _ in 0..<(1 + rng.next() % 3) {
                let indent = pick(["  - ", "  - ", "  - ", "  - ", "- ", "   - ", "    - ", "  -"], &rng)
                lines.append(indent + value(&rng))
            }
            return lines.joined(separator: "\n")
        default: return key + ": " + value(&rng)
        }
    }

    /// A file of 1–8 lines; mostly LF, sometimes CRLF or a lone CR, sometimes a repeated key.
    static func file(_ rng: inout SeededRandom) -> String {
        var lines: [String] = []
        var used = Set<String>()
        // Half the files are inside the subset except, sometimes, for one line.
        let clean = rng.next() % 2 == 0
        for _ in 0..<(1 + rng.next() % 8) {
            var l = clean && rng.next() % 12 != 0 ? safeLine(&rng) : line(&rng)
            // Keep most files free of duplicate keys so the fast path gets its share.
            let key = String(l.prefix { $0 != ":" })
            if used.contains(key), rng.next() % 4 != 0 { l = "k\(rng.next() % 1000)_" + l }
            used.insert(String(l.prefix { $0 != ":" }))
            lines.append(l)
        }
        let eol = clean ? pick(["\n", "\n", "\n", "\r\n"], &rng) : pick(["\n", "\n", "\n", "\n", "\r\n", "\r"], &rng)
        return "---\n" + lines.joined(separator: eol) + "\n---\n\nBody\n"
    }
}
