import Foundation
import Testing
import TodoMDTestSupport
@testable import TodoMDKit

/// Resolving a user's reference to a task (§4, §21 "Files"): exact id; exact filename; filename
/// without `.md`; unique case-sensitive filename prefix; unique case-insensitive title substring
/// among todo and in-progress tasks. The first step with any match decides.
/// Writes a task file with the given status, as another program would.
private func writeTask(_ v: TemporaryVault, _ id: String, title: String, status: String) throws {
    try v.write(id, """
        ---
        title: "\(title)"
        status: "\(status)"
        created: "2026-11-01T10:00:00Z"
        source: "test"
        ---

        """)
}

@Suite struct ReferenceTests {
    /// A vault exercising every step.
    static func sample() throws -> TemporaryVault {
        let v = try TemporaryVault()
        try v.task("20261101-1000-buy-milk.md", title: "Buy milk")
        try v.task("Work/20261101-1000-buy-milk.md", title: "Buy milk at the office")
        try v.task("plan.md", title: "Plan the week")
        try v.task("Work/plan.md", title: "Plan the sprint")
        try v.task("planning.md", title: "Planning poker")
        try v.task("Home/laundry.md", title: "Do the laundry")
        try v.task("Home/Garden/mow.md", title: "Mow the lawn")
        try v.task("Report-2026.md", title: "Quarterly numbers")
        try v.task("report-old.md", title: "Old numbers")
        try v.task("call.md", title: "Call Mom about Sunday")
        try writeTask(v, "dentist.md", title: "Dentist appointment", status: "in-progress")
        try writeTask(v, "taxes.md", title: "File taxes", status: "done")
        try v.task("sprint.md", title: "Sprint goals")
        try v.task("sprint-review.md", title: "Review")
        return v
    }

    @Test(arguments: [
        // Step 1: exact id (wins over the same filename elsewhere).
        ("Work/plan.md", "Work/plan.md"),
        ("plan.md", "plan.md"),
        ("Home/Garden/mow.md", "Home/Garden/mow.md"),
        ("20261101-1000-buy-milk.md", "20261101-1000-buy-milk.md"),
        // Step 2: exact filename in a folder.
        ("laundry.md", "Home/laundry.md"),
        ("mow.md", "Home/Garden/mow.md"),
        // Step 3: filename without `.md` (wins over the prefix step, where `sprint` matches two).
        ("sprint", "sprint.md"),
        ("laundry", "Home/laundry.md"),
        ("mow", "Home/Garden/mow.md"),
        // Step 4: unique filename prefix, case-sensitive.
        ("plann", "planning.md"),
        ("laun", "Home/laundry.md"),
        ("report", "report-old.md"),
        ("Report", "Report-2026.md"),
        ("dent", "dentist.md"),
        // Step 5: unique case-insensitive title substring among todo and in-progress tasks.
        ("mom about", "call.md"),
        ("CALL MOM", "call.md"),
        ("the lawn", "Home/Garden/mow.md"),
        ("Appointment", "dentist.md"),
        ("office", "Work/20261101-1000-buy-milk.md"),
        ("poker", "planning.md"),
    ])
    func resolves(reference: String, id: String) throws {
        let v = try ReferenceTests.sample()
        let vault = try v.open()
        #expect(try vault.doctor().unparseable.isEmpty)
        #expect(try vault.resolve(reference) == id)
    }

    @Test(arguments: [
        // Step 2: one filename in two folders (no exact id).
        ("same.md", ["A/same.md", "B/same.md"]),
        // Step 3: one filename without `.md` in two folders; the prefix step (three matches) is not tried.
        ("same", ["A/same.md", "B/same.md"]),
        // Step 4: two filenames start with it; the title step (one match) is not tried.
        ("report-q", ["report-q1.md", "report-q2.md"]),
        // Step 5: two active titles contain it (in any case).
        ("GROCERIES", ["g1.md", "g2.md"]),
    ])
    func ambiguousReferencesListTheCandidates(reference: String, candidates: [String]) throws {
        let v = try TemporaryVault()
        try v.task("A/same.md", title: "First")
        try v.task("B/same.md", title: "Second")
        try v.task("same-but-longer.md", title: "Third")
        try v.task("report-q1.md", title: "First quarter")
        try v.task("report-q2.md", title: "Second quarter report-q")
        try v.task("g1.md", title: "Buy groceries")
        try writeTask(v, "g2.md", title: "Put away the Groceries", status: "in-progress")
        let vault = try v.open()
        #expect(try vault.doctor().unparseable.isEmpty)
        #expect(throws: TodoError.ambiguousReference(reference, candidates: candidates)) {
            try vault.resolve(reference)
        }
    }

    @Test func anAmbiguousPrefixIsNotResolvedByTheTitleStep() throws {
        let v = try TemporaryVault()
        try v.task("report-q1.md", title: "First quarter")
        try v.task("report-q2.md", title: "Second quarter")
        try v.task("numbers.md", title: "The report for the board")
        let vault = try v.open()
        // `report` is a prefix of two filenames, and a title substring of one task only.
        #expect(throws: TodoError.ambiguousReference("report", candidates: ["report-q1.md", "report-q2.md"])) {
            try vault.resolve("report")
        }
    }

    @Test func theErrorMessageNamesEveryCandidateById() throws {
        let v = try TemporaryVault()
        try v.task("Work/same.md", title: "One")
        try v.task("Home/same.md", title: "Two")
        let vault = try v.open()
        do {
            _ = try vault.resolve("same")
            Issue.record("expected an ambiguous reference")
        } catch let error as TodoError {
            let message = error.errorDescription ?? ""
            #expect(message.contains("Home/same.md"))
            #expect(message.contains("Work/same.md"))
            #expect(error.kind == .ambiguous)
        }
    }

    @Test(arguments: [
        // Done, cancelled and someday tasks are not seen by the title step.
        "file tax",
        "cancelled thing",
        "someday thing",
        // No step matches.
        "nothing like this",
        "Work/laundry.md",
        "laundry.MD",
        // The prefix step is case-sensitive on the filename.
        "REPORT-O",
        "20261101-1000-BUY",
    ])
    func unknownReferencesAreNotFound(reference: String) throws {
        let v = try ReferenceTests.sample()
        try writeTask(v, "x1.md", title: "A cancelled thing", status: "cancelled")
        try writeTask(v, "x2.md", title: "A someday thing", status: "someday")
        let vault = try v.open()
        #expect(try vault.doctor().unparseable.isEmpty)
        #expect(throws: TodoError.taskNotFound(reference)) {
            try vault.resolve(reference)
        }
    }

    @Test func notFoundIsANotFoundError() throws {
        let v = try TemporaryVault()
        let vault = try v.open()
        do {
            _ = try vault.resolve("anything")
            Issue.record("expected taskNotFound")
        } catch let error as TodoError {
            #expect(error == .taskNotFound("anything"))
            #expect(error.kind == .notFound)
        }
    }

    @Test func doneTasksStillResolveByFilename() throws {
        let v = try ReferenceTests.sample()
        let vault = try v.open()
        #expect(try vault.resolve("taxes") == "taxes.md")
        #expect(try vault.resolve("taxes.md") == "taxes.md")
        #expect(try vault.resolve("tax") == "taxes.md")
    }

    @Test func theTitleStepIgnoresInactiveTasksWhenCountingMatches() throws {
        let v = try TemporaryVault()
        try v.task("a.md", title: "Water the plants")
        try writeTask(v, "b.md", title: "Water the plants (last week)", status: "done")
        try writeTask(v, "c.md", title: "Water the plants someday", status: "someday")
        try writeTask(v, "d.md", title: "Water the plants (cancelled)", status: "cancelled")
        let vault = try v.open()
        #expect(try vault.doctor().taskCount == 4)
        #expect(try vault.resolve("water the") == "a.md")
    }

    @Test func theTitleStepSeesStatusChanges() throws {
        let v = try TemporaryVault()
        try v.task("a.md", title: "Water the plants")
        try v.task("b.md", title: "Water the garden")
        let vault = try v.open()
        #expect(throws: TodoError.ambiguousReference("water", candidates: ["a.md", "b.md"])) {
            try vault.resolve("water")
        }
        try vault.complete("b.md")
        #expect(try vault.resolve("water") == "a.md")
        try vault.reopen("b.md")
        try vault.cancel("a.md")
        #expect(try vault.resolve("water") == "b.md")
    }

    @Test(arguments: [
        ("Café-Ideen.md", "Café-Ideen.md"),
        ("Café-Ideen", "Café-Ideen.md"),
        ("Café", "Café-Ideen.md"),
        ("日本", "日本-trip.md"),
        ("Über", "Über uns.md"),
    ])
    func prefixesWithNonASCIICharactersResolve(reference: String, id: String) throws {
        // Files other programs (Obsidian) named; their titles do not contain the reference, and
        // they are done, so only the filename steps can find them.
        let v = try TemporaryVault()
        try writeTask(v, "Café-Ideen.md", title: "Brainstorm", status: "done")
        try writeTask(v, "日本-trip.md", title: "Holiday", status: "done")
        try writeTask(v, "Über uns.md", title: "About page", status: "done")
        let vault = try v.open()
        #expect(try vault.doctor().unparseable.isEmpty)
        #expect(try vault.resolve(reference) == id)
    }

    @Test(arguments: [
        ("50%", "50%_off.md"),
        ("a_", "a_b.md"),
        ("a%", "a%c.md"),
        ("x'y", "x'y.md"),
    ])
    func prefixesAreLiteralNotPatterns(reference: String, id: String) throws {
        // `%` and `_` are not wildcards: `a_` is a prefix of `a_b.md` only, not of `axb.md`.
        let v = try TemporaryVault()
        for name in ["50%_off.md", "500-items.md", "a_b.md", "axb.md", "a%c.md", "abc.md", "x'y.md"] {
            try v.task(name, title: "Unrelated")
        }
        let vault = try v.open()
        #expect(try vault.resolve(reference) == id)
    }

    @Test(arguments: ["", "   "])
    func blankReferencesAreNotFound(reference: String) throws {
        let v = try ReferenceTests.sample()
        let vault = try v.open()
        #expect(throws: TodoError.taskNotFound(reference)) { try vault.resolve(reference) }
    }

    @Test func referencesSeeFilesOtherProgramsAddedAfterASync() throws {
        let v = try TemporaryVault()
        let vault = try v.open()
        try v.task("new.md", title: "Made by a script")
        try vault.refreshIndex()
        #expect(try vault.resolve("new") == "new.md")
        #expect(try vault.task("script").title == "Made by a script")
    }

    @Test func unparseableFilesAreNotTasks() throws {
        let v = try TemporaryVault()
        try v.write("broken.md", "just text, no frontmatter\n")
        let vault = try v.open()
        #expect(throws: TodoError.taskNotFound("broken")) { try vault.resolve("broken") }
    }
}
