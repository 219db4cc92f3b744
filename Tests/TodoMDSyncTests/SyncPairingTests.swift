import Foundation
import Testing
@testable import TodoMDSync

/// How a sync pairs each file it finds with its base row (`SyncEngine.pair`): by kind and name,
/// a name equal by Unicode's rules in other bytes paired with its row, and the rows no file
/// has left over.
struct SyncPairingTests {
    struct Case: Sendable, CustomStringConvertible {
        let description: String
        /// The files found, as "kind:id" (paths are the ids).
        let files: [String]
        /// The base rows, as "kind:id".
        let bases: [String]
        /// For each file in `files` order: the base row it pairs with, or nil.
        let paired: [String: String]
        /// The base rows no file has.
        let unmatched: Set<String>
    }

    static let nfd = "cafe\u{301}.md"
    static let nfc = "caf\u{E9}.md"

    static let cases: [Case] = [
        Case(description: "every file has its row", files: ["task:b.md", "task:a.md", "task:C.md"],
             bases: ["task:a.md", "task:b.md", "task:C.md"],
             paired: ["task:a.md": "task:a.md", "task:b.md": "task:b.md", "task:C.md": "task:C.md"], unmatched: []),
        Case(description: "rows gone between files, before and after", files: ["task:m.md"],
             bases: ["task:a.md", "task:m.md", "task:z.md", "note:a.md"],
             paired: ["task:m.md": "task:m.md"], unmatched: ["task:a.md", "task:z.md", "note:a.md"]),
        Case(description: "a note and a task of one name", files: ["task:x.md", "note:x.md"],
             bases: ["note:x.md", "task:x.md"], paired: ["task:x.md": "task:x.md", "note:x.md": "note:x.md"],
             unmatched: []),
        Case(description: "new files, no rows yet", files: ["task:a.md", "note:b.md"], bases: [], paired: [:],
             unmatched: []),
        Case(description: "new files beside gone rows", files: ["task:b.md", "task:d.md"],
             bases: ["task:a.md", "task:c.md", "task:e.md"], paired: [:],
             unmatched: ["task:a.md", "task:c.md", "task:e.md"]),
        Case(description: "bytes above ASCII, upper and lower case", files: ["task:\u{C4}rger.md", "task:Zebra.md",
                                                                             "task:apple.md", "task:\u{FC}ber.md"],
             bases: ["task:\u{FC}ber.md", "task:apple.md", "task:\u{C4}rger.md", "task:Zebra.md"],
             paired: ["task:\u{C4}rger.md": "task:\u{C4}rger.md", "task:Zebra.md": "task:Zebra.md",
                      "task:apple.md": "task:apple.md", "task:\u{FC}ber.md": "task:\u{FC}ber.md"], unmatched: []),
        Case(description: "a name composed otherwise than its row's", files: ["task:" + nfd, "task:d.md"],
             bases: ["task:" + nfc, "task:b.md"], paired: ["task:" + nfd: "task:" + nfc], unmatched: ["task:b.md"]),
    ]

    static func split(_ key: String) -> (SyncKind, String) {
        let parts = key.split(separator: ":", maxSplits: 1)
        return (parts[0] == "note" ? .note : .task, String(parts[1]))
    }

    @Test(arguments: cases)
    func filesPairWithTheirRows(_ c: Case) {
        let files = c.files.map(Self.split).map { LocalFile(kind: $0.0, id: $0.1, path: $0.1, size: 1, mtime: 1) }
        let bases = c.bases.map(Self.split).map { BaseStat(kind: $0.0, id: $0.1, size: 1, mtime: 1, deleted: false) }
        let (pairs, unmatched) = SyncEngine.pair(files, bases)
        #expect(pairs.map { $0.file.kind.rawValue + ":" + $0.file.id } == c.files, "the files in the order found")
        var paired: [String: String] = [:]
        for (file, base) in pairs {
            // Compared as bytes: the composed and decomposed names are two keys here.
            let key = Array((file.kind.rawValue + ":" + file.id).utf8)
            if let base { paired[String(decoding: key, as: UTF8.self)] = base.kind.rawValue + ":" + base.id }
        }
        #expect(paired.mapValues { Array($0.utf8) } == c.paired.mapValues { Array($0.utf8) })
        #expect(Set(unmatched.map { $0.kind.rawValue + ":" + $0.id }) == c.unmatched)
    }
}
