import Foundation

/// A copy of a task file made by a sync tool beside its original (§17, §22): `name 2.md`,
/// `name (conflict …).md`, `name.sync-conflict-20250101-120000-ABCDEFG.md`.
public struct ConflictCopy: Sendable, Equatable {
    /// Which sync tool's naming the copy follows.
    public enum Pattern: String, Sendable {
        /// `name 2.md` (iCloud Drive, Nextcloud, Finder duplicates).
        case numbered
        /// `name (conflict …).md`, `name (… conflicted copy …).md` (todomd sync, Dropbox).
        case conflict
        /// `name.sync-conflict-YYYYMMDD-HHMMSS-DEVICE.md` (Syncthing).
        case syncthing
    }

    /// The copy's id (path relative to the vault root).
    public let copy: String
    /// The original's id, in the same folder.
    public let original: String
    public let pattern: Pattern

    public init(copy: String, original: String, pattern: Pattern) {
        self.copy = copy
        self.original = original
        self.pattern = pattern
    }

    /// The original's file name a copy's name points to, and how; nil for an ordinary name.
    ///
    /// Whether that original exists is for the caller to check: without it, `Plan 2.md` is just
    /// a task.
    public static func originalName(of filename: String) -> (name: String, pattern: Pattern)? {
        guard mayBeCopy(filename[...]) else { return nil }
        let stem = Substring(filename.dropLast(3))
        if let range = stem.range(of: ".sync-conflict-", options: .backwards) {
            let base = stem[..<range.lowerBound]
            let tail = stem[range.upperBound...]
            // YYYYMMDD-HHMMSS-DEVICE (the device id is letters and digits).
            let parts = tail.split(separator: "-", omittingEmptySubsequences: false)
            if !base.isEmpty, parts.count == 3, parts[0].count == 8, parts[1].count == 6,
               parts[0].allSatisfy(\.isASCIIDigit), parts[1].allSatisfy(\.isASCIIDigit),
               !parts[2].isEmpty, parts[2].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) {
                return (base + ".md", .syncthing)
            }
        }
        if stem.hasSuffix(")"), let open = stem.range(of: " (", options: .backwards) {
            let inner = stem[open.upperBound..<stem.index(before: stem.endIndex)]
            let base = stem[..<open.lowerBound]
            if !base.isEmpty, inner.lowercased().contains("conflict") { return (base + ".md", .conflict) }
        }
        if let space = stem.lastIndex(of: " ") {
            let number = stem[stem.index(after: space)...]
            let base = stem[..<space]
            if !base.isEmpty, !number.isEmpty, number.count <= 4, number.allSatisfy(\.isASCIIDigit),
               let n = Int(number), n >= 2 {
                return (base + ".md", .numbered)
            }
        }
        return nil
    }

    /// Whether `filename` can be a copy's name at all: every copy's name ends in `.md` and has a
    /// space (`name 2`, `name (conflict …)`) or a second dot (`name.sync-conflict-…`). An
    /// ordinary name is turned away in one pass over its bytes, which matters when a sync of 10k
    /// files asks for each.
    static func mayBeCopy(_ filename: Substring) -> Bool {
        guard filename.utf8.count > 3, filename.utf8.suffix(3).elementsEqual(".md".utf8) else { return false }
        var spaces = 0, dots = 0
        for byte in filename.utf8 {
            if byte == UInt8(ascii: " ") { spaces += 1 } else if byte == UInt8(ascii: ".") { dots += 1 }
        }
        return spaces > 0 || dots > 1
    }

    /// The conflict copies among `ids` whose original is also among them, sorted by copy.
    ///
    /// - Complexity: one pass over each id's bytes; the ids are hashed into a set only when one
    ///   of them can be a copy (a sync asks this of every file, at 10k a tenth of its time when
    ///   each id was cut at its last `/` character by character).
    public static func find(in ids: [String]) -> [ConflictCopy] {
        var present: Set<String>?
        var out: [ConflictCopy] = []
        for id in ids {
            // The name starts after the last `/`: one byte in UTF-8, never part of another character.
            let bytes = id.utf8
            let start = bytes.lastIndex(of: UInt8(ascii: "/")).map { bytes.index(after: $0) } ?? bytes.startIndex
            guard mayBeCopy(id[start...]), let (original, pattern) = originalName(of: String(id[start...])) else { continue }
            let originalID = String(id[..<start]) + original
            if present == nil { present = Set(ids) }
            guard present?.contains(originalID) == true else { continue }
            out.append(ConflictCopy(copy: id, original: originalID, pattern: pattern))
        }
        return out.sorted { $0.copy < $1.copy }
    }
}

/// One field that differs between an original ("mine") and its conflict copy ("theirs").
public struct FieldDifference: Sendable, Equatable {
    /// A §3 key, an unknown key as written, `body`, or `file` when a side is not a task.
    public let field: String
    /// The original's value; nil when absent.
    public let mine: JSONValue?
    /// The copy's value; nil when absent.
    public let theirs: JSONValue?

    public init(field: String, mine: JSONValue?, theirs: JSONValue?) {
        self.field = field
        self.mine = mine
        self.theirs = theirs
    }
}

/// How to settle a conflict copy.
public enum ConflictResolution: String, Sendable, CaseIterable {
    /// Keep the original; the copy goes to `.trash/`.
    case mine
    /// The copy's content replaces the original's; the copy goes to `.trash/`.
    case theirs
    /// Keep both: the copy gets a normal task file name.
    case both
}

extension ConflictCopy {
    /// The fields that differ between two versions of a task, in canonical order then unknown
    /// keys, then `body`. `modified` is compared too: it tells which side changed last.
    public static func differences(mine: TodoTask, theirs: TodoTask) -> [FieldDifference] {
        let a = fields(mine)
        let b = fields(theirs)
        var keys = a.map(\.0)
        for (key, _) in b where !keys.contains(key) { keys.append(key) }
        let left = Dictionary(a, uniquingKeysWith: { x, _ in x })
        let right = Dictionary(b, uniquingKeysWith: { x, _ in x })
        var out: [FieldDifference] = []
        for key in keys where left[key] != right[key] {
            out.append(FieldDifference(field: key, mine: left[key], theirs: right[key]))
        }
        if mine.body != theirs.body {
            out.append(FieldDifference(field: "body", mine: .string(mine.body), theirs: .string(theirs.body)))
        }
        return out
    }

    /// The frontmatter of a task as key/value pairs (absent fields left out), from TASK JSON.
    static func fields(_ task: TodoTask) -> [(String, JSONValue)] {
        guard let json = try? JSONValue.parse(TaskJSON.encode(task)), let object = json.objectValue else { return [] }
        var out: [(String, JSONValue)] = []
        for (key, value) in object {
            switch key {
            case "id", "body", "warnings": continue
            case _ where TaskJSON.computedKeys.contains(key): continue
            case "extra": out += value.objectValue ?? []
            default:
                if value.isNull { continue }
                if key == "tags", value.arrayValue?.isEmpty == true { continue }
                out.append((key, value))
            }
        }
        return out
    }
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
