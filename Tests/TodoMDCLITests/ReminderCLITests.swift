import Foundation
import Testing
import TodoMDTestSupport
@testable import TodoMDCLI
@testable import TodoMDKit

/// A recording `notify-send` first on `PATH`: it writes each call's arguments (one per line,
/// then `--`) to `calls.txt` and prints `answer` on stdout, as the real one prints the chosen
/// action; its `--help` mentions `--action` only when `actions` is true. Its folder goes when
/// it does.
final class FakeNotifySend {
    let folder: String
    var calls: String { folder + "/calls.txt" }

    init(answer: String, actions: Bool = true) throws {
        folder = FileManager.default.temporaryDirectory.path + "/todomd-notify-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let help = actions
            ? "  -A, --action=[NAME=]Text...       Specifies the actions to display to the user."
            : "  -u, --urgency=LEVEL               Specifies the urgency level."
        let script = """
            #!/bin/sh
            if [ "$1" = "--help" ]; then echo '\(help)'; exit 0; fi
            for a in "$@"; do printf '%s\\n' "$a" >> '\(calls)'; done
            printf -- '--\\n' >> '\(calls)'
            printf '%s' '\(answer)'
            """
        let path = folder + "/notify-send"
        try script.write(toFile: path, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    /// Each call's arguments.
    func recorded() -> [[String]] {
        let text = (try? String(contentsOfFile: calls, encoding: .utf8)) ?? ""
        return text.components(separatedBy: "--\n").dropLast().map { $0.split(separator: "\n").map(String.init) }
    }
}

@Suite struct ReminderCLITests {
    /// A task due at 09:00 that nags, in a vault where its source may nag.
    static func vault() throws -> TemporaryVault {
        let v = try TemporaryVault(now: "2026-11-21T09:00:00")
        try v.task("call.md", title: "Call mom", "due: \"2026-11-21T09:00\"\nnag: true")
        try v.write(".todomd/config.json", #"{"nag_enabled": true, "sources": {"test": {"allow": ["create", "nag"]}}}"#)
        return v
    }

    static let actions = ["--action=done=Done", "--action=snooze=Snooze 1 hr",
                          "--action=tomorrow=Snooze until tomorrow", "--action=stop=Stop nagging"]

    /// `todomd remind --once` shows the actions and applies the one chosen (§24).
    @Test(arguments: [
        ("snooze", "snoozed_until: \"2026-11-21T10:00\"", "Snoozed until Sat 21 Nov 10:00: Call mom  call.md\n"),
        ("tomorrow", "snoozed_until: \"2026-11-22T09:00\"", "Snoozed until Sun 22 Nov 09:00: Call mom  call.md\n"),
        ("stop", "nag: false", "Stopped nagging: Call mom  call.md\n"),
        ("done", "status: \"done\"", "Done: Call mom  call.md\n"),
    ])
    func theChosenActionIsApplied(_ answer: String, _ line: String, _ said: String) async throws {
        let v = try Self.vault()
        let fake = try FakeNotifySend(answer: answer)
        let run = await v.run("remind", "--once", env: ["PATH": fake.folder])
        #expect(run.code == 0, "\(run.stderr)")
        #expect(fake.recorded() == [["--app-name=todomd"] + Self.actions + ["todo.md", "Due today at 09:00: Call mom"]])
        #expect(try v.text("call.md").contains(line + "\n"))
        #expect(run.stdout == said)
    }

    /// Closing the notification changes nothing; the task nags again after its interval.
    @Test func dismissedThenNaggedAgain() async throws {
        let v = try Self.vault()
        let fake = try FakeNotifySend(answer: "")
        let before = try v.text("call.md")
        #expect(await v.run("remind", "--once", env: ["PATH": fake.folder]).code == 0)
        #expect(await v.run("remind", "--once", env: ["PATH": fake.folder, "TODOMD_NOW": "2026-11-21T09:04:00"]).code == 0)
        #expect(await v.run("remind", "--once", env: ["PATH": fake.folder, "TODOMD_NOW": "2026-11-21T09:05:00"]).code == 0)
        #expect(try v.text("call.md") == before)
        #expect(fake.recorded().map(\.last) == ["Due today at 09:00: Call mom", "Still to do: Call mom (due today at 09:00)"])
    }

    /// A `notify-send` without `--action` gets a plain notification; without nagging allowed,
    /// no Stop nagging button.
    @Test func plainWithoutActionsAndNoStopWithoutNagging() async throws {
        let v = try Self.vault()
        let plain = try FakeNotifySend(answer: "done", actions: false)
        #expect(await v.run("remind", "--once", env: ["PATH": plain.folder]).code == 0)
        #expect(plain.recorded() == [["--app-name=todomd", "todo.md", "Due today at 09:00: Call mom"]])
        #expect(try v.text("call.md").contains("status: \"todo\""))

        let w = try TemporaryVault(now: "2026-11-21T09:00:00")
        try w.task("call.md", title: "Call mom", "due: \"2026-11-21T09:00\"\nnag: true")
        let fake = try FakeNotifySend(answer: "")
        #expect(await w.run("remind", "--once", env: ["PATH": fake.folder]).code == 0)
        #expect(fake.recorded() == [["--app-name=todomd"] + Self.actions.dropLast() + ["todo.md", "Due today at 09:00: Call mom"]])
    }

    @Test func addAndEditTakeRemindersInISOForm() async throws {
        let v = try TemporaryVault()
        let add = await v.run("add", "Call mom", "--due", "2026-11-24 15:00", "--remind", "-15m", "--remind", "-1d")
        #expect(add.code == 0, "\(add.stderr)")
        let id = add.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(try v.text(id).contains("reminders:\n  - \"-PT15M\"\n  - \"-P1D\"\n"))
        let edit = await v.run("edit", id, "--remind", "2026-11-24 08:00", "--nag", "true", "--nag-interval", "10")
        #expect(edit.code == 0, "\(edit.stderr)")
        let text = try v.text(id)
        #expect(text.contains("reminders:\n  - \"2026-11-24T08:00\"\n") && text.contains("nag: true\nnag_interval: 10\n"), "\(text)")
        let bad = await v.run("edit", id, "--remind", "soon")
        #expect(bad.code != 0 && bad.stderr.contains("reminder"), "\(bad.stderr)")
    }

    @Test(arguments: [
        (["1h"], "2026-11-21T10:00"), (["tomorrow"], "2026-11-22T09:00"), (["2026-11-24", "15:00"], "2026-11-24T15:00"),
    ])
    func snoozeWritesSnoozedUntil(_ when: [String], _ until: String) async throws {
        let v = try Self.vault()
        let run = await v.run(["snooze", "call"] + when)
        #expect(run.code == 0, "\(run.stderr)")
        #expect(try v.text("call.md").contains("snoozed_until: \"\(until)\"\n"))
        let bad = await v.run("snooze", "call", "whenever")
        #expect(bad.code != 0)
    }
}
