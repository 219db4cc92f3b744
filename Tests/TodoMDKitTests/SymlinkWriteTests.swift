import Foundation
import Testing
import TodoMDTestSupport
@testable import TodoMDKit

// Issue 22: writes must not escape the vault through symbolic links (§2). Someone who can drop
// files into a shared or synced vault plants a link where the program writes, moves, creates or
// appends; each operation must be refused with an error naming the link, leave the vault as it
// was, and leave the folder outside untouched.

/// What a refused operation must show besides leaving both folders as they were.
enum LinkOutcome: Sendable {
    /// It throws ``TodoError/symlinkRefused(path:)`` naming the link.
    case throwsRefusal
    /// It does not throw but reports (returns) a message naming the link (an import's problems).
    case reportsRefusal
    /// Nothing to report: a best-effort write (the `.backup` copy) that is quietly not made.
    case skipsQuietly
}

/// A place in the vault where the program writes, with the hostile link planted there.
struct LinkPlace: Sendable, CustomTestStringConvertible {
    let testDescription: String
    /// The vault-relative path made a link.
    let link: String
    /// Whether the link points to the outside file (else to the outside folder).
    var toFile = false
    /// Who the vault records writes as (`.todomd/audit.jsonl`); nil records nothing.
    var actor: String?
    var outcome = LinkOutcome.throwsRefusal
    /// Files and folders written before the link is planted.
    var setUp: @Sendable (TemporaryVault) throws -> Void = { _ in }
    /// The operation; returns a message for ``LinkOutcome/reportsRefusal``.
    let act: @Sendable (Vault, TemporaryVault) throws -> String?
}

@Suite("Writes never follow symbolic links (issue 22)")
struct SymlinkWriteTests {
    static func task(_ v: TemporaryVault) throws { try v.task("a.md", title: "Hostile target") }

    static let places: [LinkPlace] = [
        LinkPlace(testDescription: "delete into .trash", link: ".trash", setUp: task, act: { vault, _ in
            _ = try vault.delete("a.md")
            return nil
        }),
        LinkPlace(testDescription: "done into Archive (archive_completed)", link: "Archive", setUp: { v in
            try task(v)
            try v.write(".todomd/config.json", #"{"archive_completed": true}"#)
        }, act: { vault, _ in
            _ = try vault.complete("a.md")
            return nil
        }),
        LinkPlace(testDescription: "add appends .todomd/audit.jsonl (a file link)", link: ".todomd/audit.jsonl",
                  toFile: true, actor: "cli", setUp: { try $0.write(".todomd/config.json", "{}") }, act: { vault, _ in
            _ = try vault.add(TodoTask(title: "Audited", created: .distantPast))
            return nil
        }),
        LinkPlace(testDescription: "delete appends .todomd/audit.jsonl (a file link)", link: ".todomd/audit.jsonl",
                  toFile: true, actor: "cli", setUp: { v in
            try task(v)
            try v.write(".todomd/config.json", "{}")
        }, act: { vault, _ in
            _ = try vault.delete("a.md")
            return nil
        }),
        LinkPlace(testDescription: "add with .todomd a folder link (audit log)", link: ".todomd", actor: "mcp:agent",
                  act: { vault, _ in
            _ = try vault.add(TodoTask(title: "Audited", created: .distantPast))
            return nil
        }),
        LinkPlace(testDescription: "a new note in Notes/", link: "Notes", act: { vault, _ in
            _ = try vault.addNote(title: "Plans")
            return nil
        }),
        LinkPlace(testDescription: "a deleted note into .trash/Notes", link: ".trash/Notes", setUp: { v in
            try v.write("Notes/plans.md", "---\ntitle: \"Plans\"\ncreated: \"2026-11-01T10:00:00Z\"\n---\nBody\n")
            try FileManager.default.createDirectory(atPath: v.root + "/.trash", withIntermediateDirectories: true)
        }, act: { vault, _ in
            _ = try vault.deleteNotes(["plans"])
            return nil
        }),
        LinkPlace(testDescription: ".order.json", link: ".order.json", toFile: true, act: { vault, _ in
            try vault.setProjectOrder(["Home"])
            return nil
        }),
        LinkPlace(testDescription: ".perspectives.json", link: ".perspectives.json", toFile: true, act: { vault, _ in
            _ = try vault.createPerspective(Perspective(id: "", name: "Errands"))
            return nil
        }),
        LinkPlace(testDescription: ".tags.json", link: ".tags.json", toFile: true, act: { vault, _ in
            _ = try vault.addCategory(tag: "home")
            return nil
        }),
        LinkPlace(testDescription: ".theme.json", link: ".theme.json", toFile: true, act: { vault, _ in
            try vault.saveTheme(Theme())
            return nil
        }),
        LinkPlace(testDescription: ".todomd/config.json through .todomd", link: ".todomd", act: { vault, _ in
            try vault.sideFile(VaultSettings.self).update { $0 = VaultSettings() }
            return nil
        }),
        LinkPlace(testDescription: ".todomd/reminders.json through .todomd", link: ".todomd", act: { vault, _ in
            _ = try vault.deliverReminders { _ in }
            return nil
        }),
        LinkPlace(testDescription: "the .perspectives.json.backup copy", link: ".perspectives.json.backup",
                  toFile: true, outcome: .skipsQuietly, setUp: { v in
            try v.write(PerspectiveFile.path, "{ not json")
        }, act: { vault, _ in
            let snapshot = try vault.loadPerspectives()
            #expect(snapshot.isBroken)
            return nil
        }),
        LinkPlace(testDescription: "a conflict copy kept as mine goes to .trash", link: ".trash", setUp: conflict, act: { vault, _ in
            _ = try vault.resolveConflict(try vault.conflictCopy("Work/report.md"), keep: .mine)
            return nil
        }),
        LinkPlace(testDescription: "a conflict copy taken as theirs: the original is not written either",
                  link: ".trash", setUp: conflict, act: { vault, _ in
            _ = try vault.resolveConflict(try vault.conflictCopy("Work/report.md"), keep: .theirs)
            return nil
        }),
        LinkPlace(testDescription: "an import keeping a path through a link", link: "Work/Sub", outcome: .reportsRefusal,
                  setUp: { v in
            try FileManager.default.createDirectory(atPath: v.root + "/Work", withIntermediateDirectories: true)
        }, act: { vault, _ in
            let source = try TemporaryVault()
            try source.task("Work/Sub/report.md", title: "Report")
            let text = try source.open().export(.json).text
            let report = try vault.importTasks(try JSONInterop.parse(text, timeZone: vault.clock.timeZone))
            #expect(report.created.isEmpty)
            return report.problems.map(\.message).joined(separator: "\n")
        }),
        LinkPlace(testDescription: "an export into the vault", link: "Archive", setUp: task, act: { vault, v in
            try vault.saveExport("[]\n", to: v.root + "/Archive/tasks.json")
            return nil
        }),
        LinkPlace(testDescription: "an export into the vault by a relative path", link: "Exports", setUp: task, act: { vault, v in
            let here = FileManager.default.currentDirectoryPath
            let relative = String(repeating: "../", count: here.split(separator: "/").count)
                + v.root.dropFirst() + "/Exports/./tasks.json"
            try vault.saveExport("[]\n", to: relative)
            return nil
        }),
        LinkPlace(testDescription: "init (.todomd)", link: ".todomd", act: { vault, _ in
            try Vault.create(at: vault.folder.root)
            return nil
        }),
    ]

    static func conflict(_ v: TemporaryVault) throws {
        try v.task("Work/report.md", title: "Report", "priority: \"high\"")
        try v.task("Work/report (conflict 2025-03-01 0930).md", title: "Report", "priority: \"low\"")
    }

    @Test(arguments: places)
    func eachPlaceRefusesTheLinkAndTouchesNothing(_ place: LinkPlace) throws {
        let v = try TemporaryVault()
        let outside = try OutsideFolder()
        try place.setUp(v)
        try v.link(place.link, to: place.toFile ? outside.file : outside.folder)
        let vault = try Vault(path: v.root, clock: v.clock, environment: v.environment, actor: place.actor)
        let outsideBefore = outside.listing()
        let vaultBefore = v.listing()

        switch place.outcome {
        case .throwsRefusal:
            #expect(throws: TodoError.symlinkRefused(path: place.link)) { _ = try place.act(vault, v) }
        case .reportsRefusal:
            let message = try place.act(vault, v) ?? ""
            #expect(message.contains("\(place.link) is a symbolic link"), "\(message)")
        case .skipsQuietly:
            _ = try place.act(vault, v)
        }

        #expect(outside.listing() == outsideBefore)
        #expect(v.listing() == vaultBefore)
    }

    /// Without the link, each operation succeeds: the refusal above is the link's doing.
    @Test(arguments: places.filter { $0.outcome == .throwsRefusal && $0.link != ".todomd" })
    func withoutTheLinkTheSameOperationWorks(_ place: LinkPlace) throws {
        let v = try TemporaryVault()
        try place.setUp(v)
        if place.link.contains("/") {
            let parent = (place.link as NSString).deletingLastPathComponent
            try FileManager.default.createDirectory(atPath: v.root + "/" + parent, withIntermediateDirectories: true)
        }
        let vault = try Vault(path: v.root, clock: v.clock, environment: v.environment, actor: place.actor)
        _ = try place.act(vault, v)
    }

    // MARK: - The file layer itself

    @Test func aLinkDeeperOnTheWayIsNamed() throws {
        let v = try TemporaryVault()
        let outside = try OutsideFolder()
        try FileManager.default.createDirectory(atPath: v.root + "/Work/Deep", withIntermediateDirectories: true)
        try v.link("Work/Deep/Link", to: outside.folder)
        let folder = try VaultFolder(path: v.root)
        let before = outside.listing()
        #expect(throws: TodoError.symlinkRefused(path: "Work/Deep/Link")) {
            try folder.write(Array("x".utf8), to: "Work/Deep/Link/More/new.md", expected: nil)
        }
        #expect(throws: TodoError.symlinkRefused(path: "Work/Deep/Link")) { try folder.makeFolders("Work/Deep/Link/More") }
        #expect(throws: TodoError.symlinkRefused(path: "Work/Deep/Link")) {
            _ = try folder.openFile("Work/Deep/Link/log", flags: O_WRONLY | O_CREAT | O_APPEND)
        }
        #expect(outside.listing() == before)
        #expect(!v.exists("Work/Deep/Link/More"))
    }

    @Test func aTaskFileThatIsALinkIsNotWrittenThrough() throws {
        let v = try TemporaryVault()
        let outside = try OutsideFolder()
        try v.link("a.md", to: outside.file)
        let folder = try VaultFolder(path: v.root)
        let stamp = FileStamp(size: 8, mtime: 0, hash: ContentHash.of(Array("outside\n".utf8)))
        #expect(throws: TodoError.symlinkRefused(path: "a.md")) { try folder.write(Array("x".utf8), to: "a.md", expected: stamp) }
        #expect(throws: TodoError.symlinkRefused(path: "a.md")) { try folder.write(Array("x".utf8), to: "a.md", expected: nil) }
        #expect(try String(contentsOfFile: outside.file, encoding: .utf8) == "outside\n")
    }

    @Test func aMoveFromOrToALinkedFolderIsRefused() throws {
        let v = try TemporaryVault()
        let outside = try OutsideFolder()
        try v.task("a.md", title: "A")
        try v.link("Out", to: outside.folder)
        let folder = try VaultFolder(path: v.root)
        #expect(throws: TodoError.symlinkRefused(path: "Out")) { try folder.move("a.md", to: "Out/a.md") }
        #expect(throws: TodoError.symlinkRefused(path: "Out")) { try folder.move("Out/keep.txt", to: "keep.txt") }
        #expect(v.exists("a.md") && !v.exists("keep.txt"))
        #expect(FileManager.default.fileExists(atPath: outside.folder + "/keep.txt"))
    }

    @Test(arguments: ["../escape.md", "/etc/escape.md", "Work/../../escape.md"])
    func pathsOutOfTheVaultAreRefused(_ id: String) throws {
        let v = try TemporaryVault()
        let folder = try VaultFolder(path: v.root)
        #expect(throws: TodoError.self) { try folder.write(Array("x".utf8), to: id, expected: nil) }
        #expect(!FileManager.default.fileExists(atPath: v.root + "/../escape.md"))
    }

    @Test func theAuditLogGetsNothingThroughALinkEvenFromTheWatcher() throws {
        let v = try TemporaryVault()
        let outside = try OutsideFolder()
        try FileManager.default.createDirectory(atPath: v.root + "/.todomd", withIntermediateDirectories: true)
        try v.link(AuditLog.relativePath, to: outside.file)
        let before = outside.listing()
        let log = AuditLog(root: try VaultFolder(path: v.root).root, actor: "external", clock: v.clock)
        log.append([AuditLog.Entry(time: v.clock.now, who: "external", action: "created", file: "x.md")])
        #expect(outside.listing() == before)
    }

    @Test func exportsOutsideTheVaultStayTheUsersChoice() throws {
        let v = try TemporaryVault()
        let outside = try OutsideFolder()
        let vault = try v.open()
        // A path the user names outside the vault is written as named (here through their own link).
        try FileManager.default.createSymbolicLink(atPath: outside.root + "/mine", withDestinationPath: outside.folder)
        try vault.saveExport("[]\n", to: outside.root + "/mine/tasks.json")
        #expect(try String(contentsOfFile: outside.folder + "/tasks.json", encoding: .utf8) == "[]\n")
        // A path into the vault by the user's own link to it is the vault's.
        try FileManager.default.createSymbolicLink(atPath: outside.root + "/vault", withDestinationPath: v.root)
        #expect(vault.folder.relativeID(ofPath: outside.root + "/vault/Archive/tasks.json") == "Archive/tasks.json")
        try vault.saveExport("[1]\n", to: outside.root + "/vault/tasks.json")
        #expect(try v.text("tasks.json") == "[1]\n")
        // Exporting again replaces the file in the vault.
        try vault.saveExport("[2]\n", to: v.root + "/tasks.json")
        #expect(try v.text("tasks.json") == "[2]\n")
        #expect(vault.folder.relativeID(ofPath: outside.file) == nil)
    }

    @Test func theErrorSaysWhichPathAndWhatToDo() {
        let error = TodoError.symlinkRefused(path: ".trash")
        #expect(error.message == ".trash is a symbolic link; todo.md does not write, move or create files through a link "
                + "(it could lead outside the vault)")
        #expect(error.kind == .unusableFile)
        #expect(error.hint == .replaceLink(path: ".trash"))
    }
}
