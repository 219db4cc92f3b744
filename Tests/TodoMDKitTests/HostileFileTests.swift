import Foundation
import Testing
import TodoMDTestSupport
@testable import TodoMDKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - Generated fixtures

/// Hostile files, generated in code so nothing large is committed.
enum HostileFixture {
    static func utf8(_ text: String) -> [UInt8] { Array(text.utf8) }

    /// `---`, the YAML, `---`, then `body`.
    static func file(_ yaml: String, body: String = "") -> [UInt8] { utf8("---\n\(yaml)\n---\n\(body)") }

    /// A valid task whose frontmatter also holds `extra`.
    static func task(_ extra: String = "", body: String = "") -> [UInt8] {
        file("title: \"Hostile\"\nstatus: todo\ncreated: 2025-02-26T14:30:00Z\nsource: test" + (extra.isEmpty ? "" : "\n" + extra),
             body: body)
    }

    /// The classic "billion laughs": nine levels of nine aliases each.
    static let billionLaughs: [UInt8] = {
        var lines = ["lol0: &lol0 \"lol\""]
        for level in 1...9 {
            let refs = Array(repeating: "*lol\(level - 1)", count: 9).joined(separator: ",")
            lines.append("lol\(level): &lol\(level) [\(refs)]")
        }
        lines.append("title: *lol9")
        return file(lines.joined(separator: "\n"))
    }()

    /// `title: [[[…]]]`, `depth` sequences deep inside the root mapping.
    static func flowNesting(_ depth: Int) -> [UInt8] {
        file("title: " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth))
    }

    /// Block mappings nested so the innermost is at `levels` (the root mapping is level 1).
    static func blockNesting(_ levels: Int) -> [UInt8] {
        var lines = ["title: \"Nested\""]
        for i in 0..<(levels - 1) { lines.append(String(repeating: "  ", count: i) + "k\(i):") }
        lines.append(String(repeating: "  ", count: levels - 1) + "leaf: 1")
        return file(lines.joined(separator: "\n"))
    }

    /// Block sequences nested so the innermost is at `levels` (`- - - x`).
    static func sequenceNesting(_ levels: Int) -> [UInt8] {
        file("title: \"Nested\"\nlist:\n" + String(repeating: "- ", count: levels - 1) + "x")
    }

    /// Deterministic junk bytes (a linear congruential generator, so runs are reproducible).
    static func junk(count: Int, seed: UInt64, avoiding forbidden: UInt8? = nil) -> [UInt8] {
        var state = seed
        var out: [UInt8] = []
        out.reserveCapacity(count)
        while out.count < count {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let byte = UInt8(truncatingIfNeeded: state >> 33)
            if byte != forbidden { out.append(byte) }
        }
        return out
    }

    /// A file of exactly `size` bytes: a valid task padded with an unknown key.
    static func taskOfSize(_ size: Int) -> [UInt8] {
        let head = utf8("---\ntitle: \"Big\"\nstatus: todo\ncreated: 2025-02-26T14:30:00Z\nsource: test\npad: \"")
        let tail = utf8("\"\n---\n")
        return head + Array(repeating: UInt8(ascii: "a"), count: size - head.count - tail.count) + tail
    }
}

/// A file that must be listed as unparseable, and words its reason must contain.
struct HostileCase: Sendable, CustomTestStringConvertible {
    let name: String
    let make: @Sendable () -> [UInt8]
    let reason: String
    init(_ name: String, _ reason: String, _ make: @escaping @Sendable () -> [UInt8]) {
        self.name = name
        self.reason = reason
        self.make = make
    }
    var testDescription: String { name }
}

private let hostileCases: [HostileCase] = [
    // Invalid YAML.
    HostileCase("unterminated quoted string", "invalid YAML") { HostileFixture.file("title: \"unclosed\nstatus: [") },
    HostileCase("tab indentation", "invalid YAML") { HostileFixture.file("title: x\n\tstatus: todo") },
    HostileCase("bad indentation", "invalid YAML") { HostileFixture.file("title: x\n  status: todo") },
    HostileCase("unclosed flow sequence", "invalid YAML") { HostileFixture.file("tags: [a, b\nstatus: todo") },
    HostileCase("a directive inside the frontmatter", "invalid YAML") { HostileFixture.file("%YAML 1.1\ntitle: x") },
    HostileCase("duplicate keys", "duplicate key") { HostileFixture.file("title: \"One\"\nstatus: todo\ntitle: \"Two\"") },
    HostileCase("duplicate keys differing in quoting", "duplicate key") {
        HostileFixture.file("title: \"One\"\n'title': \"Two\"")
    },
    // Found by the fuzzer: YAML lets `k: 1` and `!x k: 2` through (their tags differ), but keys
    // are read by their text, so the second silently won (or made encodeNew write a bad file).
    HostileCase("duplicate keys hidden by a tag", "duplicate key `title`") {
        HostileFixture.file("title: \"One\"\n!x title: \"Two\"")
    },
    HostileCase("duplicate nested keys hidden by a tag", "duplicate key `a`") {
        HostileFixture.task("custom:\n  a: 1\n  !x a: 2")
    },
    HostileCase("the fuzzer's duplicate key behind a tag", "duplicate key `k0`") {
        HostileFixture.utf8("---\nk0:\n" + String(repeating: "!", count: 64) + "  k0:\n    k2:title  k3:\n"
            + "      flagged  k\\\"x\\\"\"--/\n---\n\n\n\nthree blank l8:\n          ktags-\n")
    },
    // Anchors and aliases (§21: any of them makes a file unparseable).
    HostileCase("billion laughs", "anchors and aliases") { HostileFixture.billionLaughs },
    HostileCase("a single alias", "anchors and aliases") { HostileFixture.file("title: *x") },
    HostileCase("an alias in a flow list", "anchors and aliases") { HostileFixture.file("title: T\ntags: [a, *x]") },
    HostileCase("an anchor alone", "anchors and aliases") { HostileFixture.file("title: &t \"T\"") },
    HostileCase("an anchor after a tag", "anchors and aliases") { HostileFixture.file("title: !!str &t T") },
    HostileCase("an anchor on a mapping", "anchors and aliases") {
        HostileFixture.file("base: &b\n  x: 1\ntitle: T")
    },
    HostileCase("a merge key", "anchors and aliases") { HostileFixture.file("title: T\n<<: *b") },
    // Nesting (§18: 16 levels, the frontmatter mapping being level 1).
    HostileCase("flow nesting 100,000 deep", "nested more than 16") { HostileFixture.flowNesting(100_000) },
    HostileCase("flow mappings 100,000 deep", "nested more than 16") {
        HostileFixture.file("title: " + String(repeating: "{a: ", count: 100_000) + String(repeating: "}", count: 100_000))
    },
    HostileCase("block nesting 20 levels", "nested more than 16") { HostileFixture.blockNesting(20) },
    HostileCase("block nesting 17 levels", "nested more than 16") { HostileFixture.blockNesting(17) },
    HostileCase("flow nesting 17 levels", "nested more than 16") { HostileFixture.flowNesting(16) },
    HostileCase("block sequences 17 levels", "nested more than 16") { HostileFixture.sequenceNesting(17) },
    HostileCase("block nesting 500 levels", "nested more than 16") { HostileFixture.blockNesting(500) },
    // Binary content.
    HostileCase("binary junk", "NUL byte") { HostileFixture.junk(count: 4096, seed: 42) },
    HostileCase("binary junk without NUL", "not valid UTF-8") {
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + HostileFixture.junk(count: 4096, seed: 7, avoiding: 0)
    },
    HostileCase("a NUL byte in the frontmatter", "NUL byte") { HostileFixture.task("x: \"a\u{0}b\"") },
    HostileCase("a NUL byte in the body", "NUL byte") { HostileFixture.task(body: "before\u{0}after\n") },
    HostileCase("UTF-16 with a byte-order mark", "NUL byte") {
        [0xFF, 0xFE] + Array("---\ntitle: x\n---\n".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
    },
    HostileCase("invalid UTF-8 in the title", "not valid UTF-8") {
        HostileFixture.utf8("---\ntitle: \"caf") + [0xC3, 0x28] + HostileFixture.utf8("\"\n---\n")
    },
    HostileCase("invalid UTF-8 in the body", "not valid UTF-8") { HostileFixture.task(body: "ok") + [0xFF, 0xFE, 0x0A] },
    HostileCase("an encoded surrogate", "not valid UTF-8") {
        HostileFixture.utf8("---\ntitle: \"") + [0xED, 0xA0, 0x80] + HostileFixture.utf8("\"\n---\n")
    },
    HostileCase("an overlong encoding", "not valid UTF-8") {
        HostileFixture.utf8("---\ntitle: \"") + [0xC0, 0xAF] + HostileFixture.utf8("\"\n---\n")
    },
    // Limits (§18, §21).
    HostileCase("a file over 1 MiB", "1 MiB") { HostileFixture.taskOfSize(1_048_577) },
    HostileCase("a file of 3 MiB", "1 MiB") { HostileFixture.taskOfSize(3 * 1_048_576) },
    HostileCase("a body over 102,400 bytes", "body") {
        HostileFixture.task(body: String(repeating: "x", count: 102_401))
    },
    HostileCase("a title over 500 characters", "title") {
        HostileFixture.file("title: \"" + String(repeating: "t", count: 501) + "\"")
    },
    HostileCase("a title of 501 accented letters", "title") {
        HostileFixture.file("title: " + String(repeating: "é", count: 501))
    },
    HostileCase("a description over 2,000 characters", "description") {
        HostileFixture.task("description: \"" + String(repeating: "d", count: 2_001) + "\"")
    },
    // Not a mapping, not a frontmatter block.
    HostileCase("frontmatter that is a list", "not a mapping") { HostileFixture.file("- title\n- status") },
    HostileCase("frontmatter that is a scalar", "not a mapping") { HostileFixture.file("just some text") },
    HostileCase("frontmatter that is a quoted scalar", "not a mapping") { HostileFixture.file("\"title: x\"") },
    HostileCase("frontmatter that is a number", "not a mapping") { HostileFixture.file("42") },
    HostileCase("unclosed frontmatter", "not closed") { HostileFixture.utf8("---\ntitle: \"x\"\nstatus: todo\n") },
    HostileCase("unclosed frontmatter with a longer fence", "not closed") {
        HostileFixture.utf8("---\ntitle: \"x\"\n----\nbody\n")
    },
    HostileCase("only an opening fence", "not closed") { HostileFixture.utf8("---") },
    HostileCase("no frontmatter", "no frontmatter") { HostileFixture.utf8("# Just notes\n\nNo fields here.\n") },
    HostileCase("an empty file", "no frontmatter") { [] },
    HostileCase("a blank line before the fence", "no frontmatter") { HostileFixture.utf8("\n---\ntitle: x\n---\n") },
    HostileCase("an indented fence", "no frontmatter") { HostileFixture.utf8(" ---\ntitle: x\n---\n") },
]

@Suite struct HostileFileTests {
    /// Every hostile file is listed by `doctor` as unparseable with a clear reason, is not a
    /// task, cannot be edited, and is byte-identical afterwards (§3, §18, §21).
    @Test(.timeLimit(.minutes(1)), arguments: hostileCases)
    func hostileFileIsUnparseable(_ c: HostileCase) throws {
        let v = try TemporaryVault()
        let bytes = c.make()
        try v.write("hostile.md", bytes: bytes)
        try v.task("good.md", title: "Still here")
        let vault = try v.open()

        let report = try vault.doctor()
        #expect(report.taskCount == 1)
        #expect(report.unparseable.count == 1)
        let entry = try #require(report.unparseable.first)
        #expect(entry.path == "hostile.md")
        #expect(entry.reason.contains(c.reason), "\(entry.reason)")
        #expect(entry.reason.count < 300 && !entry.reason.contains("\n"), "not a one-line reason: \(entry.reason)")
        #expect(try vault.list("all").tasks.map(\.id) == ["good.md"])

        // Never modified: not by reading, not by an edit (which must fail).
        #expect(throws: TodoError.self) { try vault.complete("hostile.md") }
        #expect(throws: TodoError.self) { try vault.read("hostile.md") }
        try vault.refreshIndex()
        #expect(try v.bytes("hostile.md") == bytes)
    }

    /// The codec alone gives the same verdict (no vault, no file system).
    @Test(.timeLimit(.minutes(1)), arguments: hostileCases)
    func codecRefusesHostileBytes(_ c: HostileCase) throws {
        let reason = try #require(try CodecFixture.reason(c.make()))
        #expect(reason.contains(c.reason), "\(reason)")
    }

    /// Exactly at each §18 limit a file is still a task; one step over, it is not.
    @Test(arguments: [
        ("file size", 1_048_576, 1_048_577, "1 MiB"),
        ("body", 102_400, 102_401, "body"),
        ("title", 500, 501, "title"),
        ("description", 2_000, 2_001, "description"),
        ("block nesting", 16, 17, "nested more than 16"),
        ("flow nesting", 15, 16, "nested more than 16"),
        ("sequence nesting", 16, 17, "nested more than 16"),
    ])
    func limitBoundary(_ limit: String, _ atLimit: Int, _ over: Int, _ reason: String) throws {
        func make(_ n: Int) -> [UInt8] {
            switch limit {
            case "file size": return HostileFixture.taskOfSize(n)
            case "body": return HostileFixture.task(body: String(repeating: "b", count: n))
            case "title": return HostileFixture.file("title: \"" + String(repeating: "ü", count: n) + "\"")
            case "description": return HostileFixture.task("description: " + String(repeating: "d", count: n))
            case "block nesting": return HostileFixture.blockNesting(n)
            case "flow nesting": return HostileFixture.flowNesting(n)
            default: return HostileFixture.sequenceNesting(n)
            }
        }
        #expect(try CodecFixture.reason(make(atLimit)) == nil)
        let refused = try #require(try CodecFixture.reason(make(over)))
        #expect(refused.contains(reason), "\(refused)")
    }

    /// Times of day (§24) that are not times: the task is still read, the field is left out with
    /// a warning naming it, nothing crashes; a good time next to them is kept.
    @Test(arguments: [
        "due: 2026-11-24T25:00", "due: 2026-11-24T15", "due: 2026-13-01T10:00", "due: \"24:00\"",
        "due: 2026-11-24T15:00:99", "due: 2026-11-24T15:00+99:00", "due: 2026-11-24T1500", "due: [2026-11-24T15:00]",
        "due: 2026-11-24T-1:00", "due: 2026-11-24T15:00 extra",
    ])
    func badTimesAreWarnings(_ line: String) throws {
        let task = try CodecFixture.task(bytes: HostileFixture.file(
            "title: T\n" + line + "\nscheduled: 2026-11-25T08:30\nstatus: todo\ncreated: 2025-02-26T14:30:00Z\nsource: test"))
        #expect(task.due == nil && task.dueTime == nil)
        #expect(task.warnings.contains { $0.contains("due") }, "\(task.warnings)")
        #expect(task.scheduledAt?.description == "2026-11-25T08:30")
    }

    /// Reminder fields (§24) that are not reminders: the task is still read, the bad field is
    /// left out with a warning naming it, nothing crashes; good reminder fields beside it are kept.
    @Test(arguments: [
        ("reminders: soon", "reminders"), ("reminders: [-PT15M, tomorrow]", "reminders"),
        ("reminders: -PT", "reminders"), ("reminders: P", "reminders"), ("reminders: -PTM", "reminders"),
        ("reminders: -P1H", "reminders"), ("reminders: 15m", "reminders"), ("reminders: -PT9999999M", "reminders"),
        ("reminders: [[-PT15M]]", "reminders"), ("reminders: {offset: -PT15M}", "reminders"),
        ("reminders:\n  - {type: relative, relatedTo: start, offset: -PT15M}", "reminders"),
        ("reminders:\n  - {type: absolute, absoluteTime: someday}", "reminders"),
        ("reminders:\n  - {type: relative, offset: {nested: x}}", "reminders"),
        ("reminders: 2026-11-24T25:00", "reminders"),
        ("nag: sometimes", "nag"), ("nag: [true]", "nag"),
        ("nag_interval: -5", "nag_interval"), ("nag_interval: five", "nag_interval"),
        ("snoozed_until: later", "snoozed_until"), ("snoozed_until: 2026-11-24T24:00", "snoozed_until"),
    ])
    func badRemindersAreWarnings(_ line: String, _ key: String) throws {
        let good = ["reminders: [-1h]", "nag: true", "nag_interval: 10", "snoozed_until: 2026-11-24T08:00"]
            .filter { !$0.hasPrefix(key + ":") }
        let task = try CodecFixture.task(bytes: HostileFixture.file(
            (["title: T", line] + good + ["status: todo", "created: 2025-02-26T14:30:00Z", "source: test"]).joined(separator: "\n")))
        #expect(task.warnings.contains { $0.hasPrefix(key + ":") }, "\(task.warnings)")
        #expect(task.reminders == (key == "reminders" ? [] : ["-PT1H"]))
        #expect(task.nag == (key != "nag"))
        #expect(task.nagInterval == (key == "nag_interval" ? nil : 10))
        #expect(task.snoozedUntil?.description == (key == "snoozed_until" ? nil : "2026-11-24T08:00"))
    }

    /// The list fields `blocked_by` (§23) and `reminders` (§24) in the shapes people and other
    /// tools write: a list, one scalar alone, or one unquoted `[[link]]` (YAML's list in a list).
    /// Anything else (an object alone is no list, §3) is ignored with a warning that says what
    /// was found, and which item.
    @Test(arguments: [
        ("blocked_by: a.md", ["a.md"], nil),
        ("blocked_by: [[a]]", ["[[a]]"], nil),
        ("blocked_by: {uid: \"[[a]]\"}", [],
         "blocked_by: expected a list of task references (a path, a filename, a title, a [[link]] or {uid: …}), found a mapping; ignored"),
        ("blocked_by:\n  - a.md\n  - [[b]]\n  - \"\"\n  - {uid: c.md, reltype: FINISHTOSTART}",
         ["a.md", "[[b]]", "{uid: \"c.md\", reltype: \"FINISHTOSTART\"}"], nil),
        ("blocked_by: {x: 1}", [],
         "blocked_by: expected a list of task references (a path, a filename, a title, a [[link]] or {uid: …}), found a mapping; ignored"),
        ("blocked_by:\n  - a.md\n  - [a, b]", [],
         "blocked_by: item 2 (a list) is not a task reference (a path, a filename, a title, a [[link]] or {uid: …}); ignored"),
        ("blocked_by:\n  - {uid: [a]}", [],
         "blocked_by: item 1 (a mapping) is not a task reference (a path, a filename, a title, a [[link]] or {uid: …}); ignored"),
        ("reminders: -15m", ["-PT15M"], nil),
        ("reminders:\n  - {type: relative, relatedTo: due, offset: -PT1H}", ["{type: \"relative\", relatedTo: \"due\", offset: \"-PT1H\"}"], nil),
        ("reminders: {type: relative, relatedTo: due, offset: -PT1H}", [],
         "reminders: expected a list of reminders (-PT15M, -1h, YYYY-MM-DDTHH:MM), found a mapping; ignored"),
        ("reminders: [-15m, \"-1 hour\"]", [],
         "reminders: item 2 (`-1 hour`) is not a reminder (-PT15M, -1h, YYYY-MM-DDTHH:MM); ignored"),
        ("reminders:\n  - -1d\n  - {type: relative, offset: soon}", [],
         "reminders: item 2 (a mapping) is not a reminder (-PT15M, -1h, YYYY-MM-DDTHH:MM); ignored"),
        ("reminders: soon", [], "reminders: expected a list of reminders (-PT15M, -1h, YYYY-MM-DDTHH:MM), found `soon`; ignored"),
    ] as [(String, [String], String?)])
    func listFieldsInEveryShape(_ line: String, _ items: [String], _ warning: String?) throws {
        let task = try CodecFixture.task(bytes: HostileFixture.task(line))
        #expect((line.hasPrefix("reminders") ? task.reminders : task.blockedBy) == items)
        #expect(task.warnings == (warning.map { [$0] } ?? []))
    }

    /// `time_entries` items (§27) that are not entries: the task is still read, every item is
    /// kept as written (a later edit writes it back), one warning per bad item, good entries kept.
    @Test(arguments: [
        "{start: someday}", "{start: \"\"}", "{end: \"2026-11-21T08:00:00Z\"}", "{start: 2026-11-21T25:00:00Z}",
        "{start: \"2026-11-21T09:00:00Z\", end: \"2026-11-21T08:59:59Z\"}", "{start: {nested: {deeper: 1}}}",
        "{start: \"2026-11-21T08:00:00Z\", end: [a, b]}", "{start: \"2026-11-21T08:00:00Z\", note: [x]}",
        "[2026-11-21T08:00:00Z, 2026-11-21T09:00:00Z]", "\"1h30m\"", "-1", "{start: \"2026-11-21\"}",
        "{start: \"\\u0000\"}", "{startTime: \"2026-11-21T08:00:00Z\", start: \"2026-11-21T08:00:00Z\"}",
        "{? [a]: b, start: \"2026-11-21T08:00:00Z\"}",
    ])
    func badTimeEntriesAreKept(_ item: String) throws {
        let good = "{start: \"2026-11-21T08:00:00Z\", end: \"2026-11-21T08:30:00Z\"}"
        let bytes = HostileFixture.task("time_entries:\n  - \(item)\n  - \(good)")
        let task = try CodecFixture.task(bytes: bytes)
        #expect(task.warnings.filter { $0.hasPrefix("time_entries:") }.count == 1, "\(task.warnings)")
        #expect(task.timeEntries.count == 2)
        #expect(task.timeEntries.last == good)
        #expect(task.timeSpentMinutes(at: .distantFuture) == 30)
        // Rewriting the list keeps the bad item: it reads back as the same held text.
        var all = TaskChanges([.timeEntries: .list(task.timeEntries)])
        all.set(.modified, .dateTime(Date(timeIntervalSince1970: 0)))
        let edited = try TaskFileCodec.apply(all, to: bytes, id: CodecFixture.id, fileModified: CodecFixture.mtime,
                                             timeZone: try CodecFixture.zone())
        #expect(try CodecFixture.task(bytes: edited).timeEntries == task.timeEntries)
    }

    /// `&`, `*`, brackets and `#` in text are not anchors, aliases, nesting or comments.
    @Test(arguments: [
        "title: Tom & Jerry",
        "title: \"*emphasis* matters\"",
        "title: 'It''s & *ok*'",
        "title: 5 * 3 = 15",
        "title: a*b&c",
        "title: \"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[\"",
        "title: Issue #12 & friends",
        "title: |\n  &not-an-anchor\n  *not-an-alias\n  [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[",
        "title: >-\n  {{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{",
    ])
    func lookalikesAreText(_ line: String) throws {
        let task = try CodecFixture.task(bytes: HostileFixture.file(line + "\nstatus: todo\ncreated: 2025-02-26T14:30:00Z\nsource: test"))
        #expect(task.warnings.isEmpty)
        #expect(!task.title.isEmpty)
    }

    /// Symbolic links (to a task, in a loop, dangling, to a folder), FIFOs and folders named
    /// `*.md` are skipped silently: no task, no unparseable entry, no hang (§2, §21).
    @Test(.timeLimit(.minutes(1)))
    func nonRegularFilesAreSkippedSilently() throws {
        let v = try TemporaryVault()
        try v.task("real.md", title: "Real")
        try v.task("x.md/inner.md", title: "Inside a folder named x.md")
        try FileManager.default.createDirectory(atPath: v.root + "/empty.md", withIntermediateDirectories: true)
        let links = [("link.md", "real.md"), ("loop-a.md", "loop-b.md"), ("loop-b.md", "loop-a.md"),
                     ("self.md", "self.md"), ("dangling.md", "missing.md"), ("dirloop", "."),
                     ("dirloop.md", "."), ("absolute.md", v.root + "/real.md")]
        for (name, target) in links {
            #expect(symlink(target, v.root + "/" + name) == 0, "symlink \(name)")
        }
        #expect(mkfifo(v.root + "/fifo.md", 0o644) == 0)
        #expect(mkfifo(v.root + "/x.md/pipe.md", 0o644) == 0)
        let before = try v.bytes("real.md")

        let vault = try v.open()
        let report = try vault.doctor()
        #expect(report.unparseable.map(\.path) == [])
        #expect(report.taskCount == 2)
        #expect(try vault.list("all").tasks.map(\.id).sorted() == ["real.md", "x.md/inner.md"])
        // Asking for them directly fails fast instead of following the link or blocking.
        for name in ["link.md", "fifo.md", "loop-a.md", "self.md", "dangling.md", "empty.md"] {
            #expect(throws: TodoError.self, "\(name)") { try vault.read(name) }
        }
        try vault.refreshIndex()
        #expect(try vault.doctor().taskCount == 2)
        #expect(try v.bytes("real.md") == before)
    }

    /// A hostile file next to good ones does not stop the rest of the vault from loading, and
    /// fixing it makes it a task on the next sync.
    @Test func fixingAHostileFileMakesItATask() throws {
        let v = try TemporaryVault()
        try v.write("bomb.md", bytes: HostileFixture.billionLaughs)
        try v.write("deep.md", bytes: HostileFixture.flowNesting(100_000))
        for i in 0..<5 { try v.task("t\(i).md", title: "Task \(i)") }
        let vault = try v.open()
        #expect(try vault.doctor().taskCount == 5)
        #expect(try vault.doctor().unparseable.map(\.path).sorted() == ["bomb.md", "deep.md"])

        try v.task("bomb.md", title: "Defused")
        try vault.refreshIndex()
        #expect(try vault.doctor().unparseable.map(\.path) == ["deep.md"])
        #expect(try vault.read("bomb.md").0.title == "Defused")
    }
}
