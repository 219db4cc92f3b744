import Foundation
import Testing
@testable import TodoMDKit

@Suite struct CodecSmokeTests {
    let zone = TimeZone(identifier: "Europe/Berlin")!
    let mtime = Date(timeIntervalSince1970: 1_700_000_000)

    @Test func readsTheSpecExample() throws {
        let text = """
            ---
            title: "Buy groceries"
            status: "todo"
            due: "2025-03-01"
            created: "2025-02-26T14:30:00Z"
            source: "user"
            ---

            Body.

            """
        let task = try #require(TaskFileCodec.decode(Array(text.utf8), id: "a.md", fileModified: mtime, timeZone: zone).task)
        #expect(task.title == "Buy groceries")
        #expect(task.due == LocalDate(year: 2025, month: 3, day: 1))
        #expect(task.body == "Body.\n")
        #expect(task.warnings.isEmpty)
    }
}
