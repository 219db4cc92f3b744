import Foundation
import Testing
import TodoMDKit
import TodoMDTestSupport

// Issue 22 through the command line: a link planted in the vault refuses the command with exit
// code 1 (an unusable file, §19) and a message naming the link; nothing outside is touched.

@Suite("CLI refuses to write through symbolic links")
struct SymlinkCLITests {
    static func refusal(_ path: String) -> String {
        "error: \(path) is a symbolic link; todo.md does not write, move or create files through a link "
            + "(it could lead outside the vault); nothing was changed — replace the link with a real folder or "
            + "file, or remove it\n"
    }

    @Test func deleteIntoALinkedTrash() async throws {
        let v = try TemporaryVault()
        let outside = try OutsideFolder()
        try v.task("a.md", title: "Keep me")
        try v.link(".trash", to: outside.folder)
        let before = outside.listing()
        let run = await v.run("delete", "a.md")
        #expect(run.code == 1)
        #expect(run.stderr == Self.refusal(".trash"))
        #expect(run.stdout.isEmpty)
        #expect(v.exists("a.md"))
        #expect(outside.listing() == before)
    }

    @Test func addWithALinkedAuditLog() async throws {
        let v = try TemporaryVault()
        let outside = try OutsideFolder()
        try FileManager.default.createDirectory(atPath: v.root + "/.todomd", withIntermediateDirectories: true)
        try v.link(".todomd/audit.jsonl", to: outside.file)
        let before = outside.listing()
        let run = await v.run("add", "Buy milk")
        #expect(run.code == 1)
        #expect(run.stderr == Self.refusal(".todomd/audit.jsonl"))
        #expect(try String(contentsOfFile: outside.file, encoding: .utf8) == "outside\n")
        #expect(outside.listing() == before)
        #expect(v.listing().keys.sorted() == [".todomd", ".todomd/audit.jsonl"])
    }

    @Test func doneIntoALinkedArchive() async throws {
        let v = try TemporaryVault()
        let outside = try OutsideFolder()
        try v.task("a.md", title: "Finish report")
        try v.write(".todomd/config.json", #"{"archive_completed": true}"#)
        try v.link("Archive", to: outside.folder)
        let before = (outside.listing(), try v.text("a.md"))
        let run = await v.run("done", "a.md")
        #expect(run.code == 1)
        #expect(run.stderr == Self.refusal("Archive"))
        #expect(try v.text("a.md") == before.1)
        #expect(outside.listing() == before.0)
    }

    @Test func exportIntoTheVaultThroughALink() async throws {
        let v = try TemporaryVault()
        let outside = try OutsideFolder()
        try v.task("a.md", title: "A")
        try v.link("Exports", to: outside.folder)
        let before = outside.listing()
        let run = await v.run("export", "json", "--output", v.root + "/Exports/tasks.json")
        #expect(run.code == 1)
        #expect(run.stderr == Self.refusal("Exports"))
        #expect(outside.listing() == before)
        // The same export to a folder the user names outside the vault is theirs to choose.
        let plain = await v.run("export", "json", "--output", outside.folder + "/tasks.json")
        #expect(plain.code == 0)
        #expect(FileManager.default.fileExists(atPath: outside.folder + "/tasks.json"))
    }
}
