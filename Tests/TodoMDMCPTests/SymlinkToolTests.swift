import Foundation
import MCP
import Testing
import TodoMDKit
import TodoMDTestSupport
@testable import TodoMDMCP

// Issue 22 through MCP: a link planted in the vault makes the tool call an error result naming
// the link, in the agent's terms; nothing is written or appended outside the vault.

@Suite("MCP refuses to write through symbolic links")
struct SymlinkToolTests {
    @Test func addTaskWithALinkedAuditLogIsAnError() async throws {
        let v = try TemporaryVault()
        let outside = try OutsideFolder()
        try FileManager.default.createDirectory(atPath: v.root + "/.todomd", withIntermediateDirectories: true)
        try v.link(".todomd/audit.jsonl", to: outside.file)
        let vault = try Vault(path: v.root, clock: v.clock, environment: v.environment, actor: "mcp:test-agent")
        let before = outside.listing()
        let result = await VaultTools(vault: vault, source: "test-agent").call("add_task", arguments: ["text": "Buy milk"])
        #expect(result.isError == true)
        #expect(code(of: result) == "unusable_file")
        #expect(text(of: result) == ".todomd/audit.jsonl is a symbolic link; todo.md does not write, move or create "
                + "files through a link (it could lead outside the vault). Ask the user to replace the link "
                + ".todomd/audit.jsonl in the vault with a real folder or file, or remove it. Nothing was changed.")
        #expect(outside.listing() == before)
        #expect(v.listing().keys.sorted() == [".todomd", ".todomd/audit.jsonl"])
    }

    @Test func completeTaskIntoALinkedArchiveIsAnError() async throws {
        let v = try TemporaryVault()
        let outside = try OutsideFolder()
        try v.task("a.md", title: "Finish report")
        try v.write(".todomd/config.json", #"{"archive_completed": true}"#)
        try v.link("Archive", to: outside.folder)
        let before = (outside.listing(), try v.text("a.md"))
        let result = await VaultTools(vault: try v.open(), source: "test-agent").call("complete_task", arguments: ["task": "a.md"])
        #expect(result.isError == true)
        #expect(text(of: result).hasPrefix("Archive is a symbolic link"))
        #expect(try v.text("a.md") == before.1)
        #expect(outside.listing() == before.0)
    }
}
