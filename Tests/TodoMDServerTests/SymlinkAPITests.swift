import Foundation
import HTTPTypes
import Hummingbird
import Testing
import TodoMDKit
import TodoMDTestSupport
@testable import TodoMDServer

// Issue 22 through the HTTP API: a link planted in the vault answers 422 (an unusable file) with
// a JSON error naming the link; nothing moves and nothing outside the vault is touched.

@Suite("API refuses to write through symbolic links")
struct SymlinkAPITests {
    @Test func deleteIntoALinkedTrashIs422NamingTheLink() async throws {
        let outside = try OutsideFolder()
        let f = try ServerFixture { v in
            try v.task("a.md", title: "Keep me")
            try v.link(".trash", to: outside.folder)
        }
        let before = outside.listing()
        try await f.test { client in
            let r = try await client.send(.delete, "/api/v1/tasks/a.md")
            #expect(r.status == .unprocessableContent)
            let error = r.json["error"]
            #expect(error?["code"]?.stringValue == "unusable_file")
            #expect(error?["message"]?.stringValue == ".trash is a symbolic link; todo.md does not write, move or "
                    + "create files through a link (it could lead outside the vault)")
            #expect(error?["hint"]?.stringValue == "Nothing was changed. Replace the link .trash in the vault folder "
                    + "with a real folder or file, or remove it.")
        }
        #expect(f.temp.exists("a.md"))
        #expect(outside.listing() == before)
    }

    @Test func aNoteIntoALinkedNotesFolderIs422() async throws {
        let outside = try OutsideFolder()
        let f = try ServerFixture { v in try v.link("Notes", to: outside.folder) }
        let before = outside.listing()
        try await f.test { client in
            let r = try await client.send(.post, "/api/v1/notes", #"{"title": "Plans"}"#)
            #expect(r.status == .unprocessableContent)
            #expect(r.json["error"]?["message"]?.stringValue?.hasPrefix("Notes is a symbolic link") == true)
        }
        #expect(outside.listing() == before)
    }
}
