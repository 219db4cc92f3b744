import Foundation
import Testing
import TodoMDTestSupport
@testable import TodoMDKit

/// §23 in the formats that nest: Todoist CSV's INDENT and TaskPaper's indentation become
/// `parent` on import, and exports write subtasks under their parent again.
@Suite struct InteropStructureTests {
    static let todoist = """
        TYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT,AUTHOR,RESPONSIBLE,DATE,DATE_LANG,TIMEZONE,DURATION,DURATION_UNIT
        task,Plan the trip,,4,1,,,,,,,
        task,Book flights,,4,2,,,,,,,
        task,Compare fares,,4,3,,,,,,,
        task,Pack bags,,4,2,,,,,,,
        task,Water plants,,4,1,,,,,,,
        section,Work,,,,,,,,,,
        task,Orphan at two,,4,2,,,,,,,

        """

    @Test func todoistIndentImportsAsSubtasks() throws {
        let v = try TemporaryVault()
        let vault = try v.open()
        let batch = try TodoistCSV.parse(Self.todoist, today: vault.clock.today, timeZone: vault.clock.timeZone)
        #expect(batch.records.map(\.parentRecord) == [nil, 0, 1, 0, nil, nil])
        let report = try vault.importTasks(batch)
        #expect(report.created.count == 6)
        #expect(report.problems.map(\.message) == ["INDENT: 2 has no task one level up; imported as a top-level task"])
        let all = try vault.list("all", group: GroupKey.none, sort: .created, direction: .ascending).tasks
        let byTitle = Dictionary(all.map { ($0.title, $0) }, uniquingKeysWith: { a, _ in a })
        let trip = try #require(byTitle["Plan the trip"])
        #expect(trip.links.children.map { id in all.first { $0.id == id }?.title } == ["Book flights", "Pack bags"])
        #expect(byTitle["Compare fares"]?.links.parentID == byTitle["Book flights"]?.id)
        #expect(trip.links.progress == Tally(done: 0, total: 2))
        #expect(byTitle["Water plants"]?.links.parentID == nil)
    }

    @Test func todoistExportWritesIndentAndReadsBack() throws {
        let v = try TemporaryVault()
        let vault = try v.open()
        _ = try vault.importTasks(try TodoistCSV.parse(Self.todoist, today: vault.clock.today, timeZone: vault.clock.timeZone))
        let text = try vault.export(.todoistCSV).text
        #expect(text.contains("task,Plan the trip,,4,1,"))
        #expect(text.contains("task,Book flights,,4,2,"))
        #expect(text.contains("task,Compare fares,,4,3,"))
        let rows = try CSV.parse(text).map { $0.fields.prefix(2).joined(separator: " ") }
        // Children follow their parent, not their created order among the other tasks.
        let at = { (title: String) in rows.firstIndex { $0.hasSuffix(title) } ?? -1 }
        #expect(at("Plan the trip") < at("Book flights") && at("Book flights") < at("Compare fares")
            && at("Compare fares") < at("Pack bags"))
        let back = try TodoistCSV.parse(text, today: vault.clock.today, timeZone: vault.clock.timeZone)
        #expect(back.records.filter { $0.parentRecord != nil }.count == 3)
    }

    @Test func taskPaperIndentedTasksAreSubtasksBothWays() throws {
        let outline = """
            Trip:
            \t- Plan the trip @due(2026-12-01)
            \t\t- Book flights
            \t\t\tA note under the flights.
            \t\t\t- Compare fares
            \t\t- Pack bags
            \t- Buy adapter

            """
        let v = try TemporaryVault()
        let vault = try v.open()
        let batch = TaskPaper.parse(outline, today: vault.clock.today, timeZone: vault.clock.timeZone)
        #expect(batch.records.map(\.task.title) == ["Plan the trip", "Book flights", "Compare fares", "Pack bags", "Buy adapter"])
        #expect(batch.records.map(\.parentRecord) == [nil, 0, 1, 0, nil])
        #expect(batch.records[1].task.body == "A note under the flights.\n")
        #expect(batch.records.allSatisfy { $0.task.project == "Trip" })
        _ = try vault.importTasks(batch)
        let exported = try vault.export(.taskpaper).text
        // Top-level tasks go by created, then id (an import creates them in one second).
        #expect(exported.contains("\t- Plan the trip @due(2026-12-01)\n\t\t- Book flights\n\t\t\tA note under the flights.\n"
            + "\t\t\t- Compare fares\n\t\t- Pack bags\n"), "\(exported)")
        #expect(exported.contains("\n\t- Buy adapter\n"))
    }
}
