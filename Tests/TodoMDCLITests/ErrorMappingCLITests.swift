import ArgumentParser
import Foundation
import Testing
import TodoMDKit
import TodoMDTestSupport
@testable import TodoMDCLI

// How the command line answers errors (§19): one exit code per kind, the hint in `todomd` words.

@Suite("CLI error mapping")
struct ErrorMappingCLITests {
    /// §19: 0 success, 1 runtime error, 2 usage error or unresolved/ambiguous reference, 3 conflict.
    static let exitCodes: [(ErrorKind, Int32)] = [
        (.usage, 2), (.notFound, 2), (.ambiguous, 2), (.invalid, 2), (.conflict, 3),
        (.ruleViolation, 1), (.unusableFile, 1), (.forbidden, 1), (.unauthenticated, 1), (.unavailable, 1),
        (.unexpected, 1),
    ]

    @Test func theTableCoversEveryKind() {
        #expect(Set(Self.exitCodes.map(\.0)) == Set(ErrorKind.allCases))
    }

    @Test(arguments: exitCodes)
    func everyKindHasItsExitCode(kind: ErrorKind, code: Int32) {
        #expect(CLI.exitCode(for: kind) == code)
    }

    /// A thrown error goes by its kind, whatever its type.
    static let thrown: [(any Error & Sendable, Int32)] = [
        (TodoError.conflictCopyGone(copy: "a 2.md", original: "a.md"), 3),
        (NoteError.ambiguousNote("ga", candidates: []), 2),
        (CategoryError.invalidCategory(field: "color", value: "red", reason: "#rrggbb"), 2),
        (RecurrenceRuleError.missingFrequency, 2),
        (ImportError.inFile("a.json", .notAnExport), 1),
        (TodoError.regionFull(.morning), 1),
        (TodoError.notAllowed(source: "a", action: .read, allowed: []), 1),
        (CLIError.programFailed(command: "xdg-mime default", status: 4), 1),
        (ValidationError("--port must be between 0 and 65535"), 2),
        (CocoaError(.fileReadUnknown), 1),
    ]

    @Test(arguments: thrown)
    func thrownErrorsGoByTheirKind(error: any Error & Sendable, code: Int32) {
        #expect(CLI.exitCode(for: error) == code)
    }

    /// Each hint in the CLI's words, after the neutral message.
    static let described: [(any Error & Sendable, String)] = [
        (TodoError.taskNotFound("milk"), "No task matches `milk`. Try `todomd list all` to see task ids."),
        (TodoError.noVault("/v"), "There is no vault at /v. Create one with `todomd init` (or pass --vault PATH)."),
        (TodoError.unknownPerspective("nope"), "There is no perspective `nope`. `todomd perspective list` shows them."),
        (TodoError.readOnlyPerspective("today"),
         "`today` is a built-in perspective and cannot be changed. `todomd perspective duplicate today` makes an editable copy."),
        (TodoError.conflict(path: "a.md"), "a.md changed on disk since it was read; nothing was written. Run the command again."),
        (TodoError.unreadableSideFile(path: ".order.json", reason: "expected a JSON object"),
         ".order.json could not be read (expected a JSON object); fix or remove it — it was left unchanged"),
        (TodoError.conflictCopyNotFound("zebra"), "No conflict copy matches `zebra`. `todomd conflicts` lists them."),
        (NoteError.noteNotFound("zebra"), "No note matches `zebra`. Try `todomd note list` to see note ids."),
        (CategoryError.categoryNotFound("house"), "There is no tag `house`. `todomd tag list` shows the tags and categories."),
        (ImportError.inFile("a.csv", .noTitleColumn(header: ["X"])),
         "a.csv: no column holds the titles (the header has: X); name one with --map COLUMN=title"),
        (ValidationError("--keep takes mine, theirs or both"), "--keep takes mine, theirs or both"),
    ]

    @Test(arguments: described)
    func hintsAreRenderedInTheCLIsWords(error: any Error & Sendable, text: String) {
        #expect(ErrorText.describe(error) == text)
    }

    @Test func anUnknownConflictCopyIsAnUnresolvedReference() async throws {
        // §19: an unresolved reference exits 2 (it was 1 while this was a free-text error).
        let v = try TemporaryVault()
        let run = await v.run("resolve", "zebra", "--keep", "mine")
        #expect(run.code == 2)
        #expect(run.stderr == "error: No conflict copy matches `zebra`. `todomd conflicts` lists them.\n")
    }

    @Test func aMoveOutsideTheViewSaysWhichTaskAndView() async throws {
        let v = try TemporaryVault()
        try v.task("a.md", title: "A")
        try v.task("b.md", title: "B", "flagged: true")
        let run = await v.run("move", "a.md", "--view", "flagged")
        #expect(run.code == 2)
        #expect(run.stderr == "error: a.md is not in the flagged view\n")
    }

    @Test func aSyncWithoutADatabaseSaysHowToGiveOne() async throws {
        let v = try TemporaryVault()
        let run = await v.run("sync")
        #expect(run.code == 1)
        #expect(run.stderr == "error: No database to sync with. Pass --database postgres://USER:PASSWORD@HOST:PORT/DATABASE "
                + "or set \"sync_url\" in .todomd/config.json.\n")
    }

    /// A first word that names no command: what it may be a slip for, or another tool's word for.
    static let unknownCommands: [(String, String?)] = [
        ("tody", "Did you mean 'today'?"),
        ("insight", "Did you mean 'insights'?"),
        ("perspectives", "Did you mean 'perspective'?"),
        ("tas", "Did you mean 'tags' or 'tag'?"),
        ("modify", "Did you mean 'edit'?"),
        ("ls", "Did you mean 'list'?"),
        ("complete", "Did you mean 'done'?"),
        ("timer", "Did you mean 'start', 'stop' or 'time'?"),
        ("bogusxyz", nil),
    ]

    @Test(arguments: unknownCommands)
    func anUnknownCommandSaysWhatItMayBe(word: String, suggestion: String?) async throws {
        let v = try TemporaryVault()
        let run = await v.run(word, "something")
        #expect(run.code == 2)
        #expect(run.stdout.isEmpty)
        let lines = ["Error: '\(word)' is not a todomd command."] + (suggestion.map { [$0] } ?? [])
            + ["  See 'todomd --help' for every command."]
        #expect(run.stderr == lines.joined(separator: "\n") + "\n")
    }

    /// Errors of a known command, or of an option, stay ArgumentParser's own.
    @Test func otherUsageErrorsAreUnchanged() async throws {
        let v = try TemporaryVault()
        let option = await v.run("--no-such-option")
        #expect(option.code == 2)
        #expect(!option.stderr.contains("is not a todomd command"))
        let known = await v.run("today", "--no-such-option")
        #expect(known.code == 2)
        #expect(known.stderr.contains("--no-such-option"))
        #expect(!known.stderr.contains("is not a todomd command"))
    }
}
