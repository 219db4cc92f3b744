import Foundation
import Testing
import TodoMDTestSupport

/// Runs the real `todomd` executable, as a user's shell would.
@Suite struct ProcessTests {
    /// The built `todomd` next to the test bundle (SwiftPM puts both in the same folder).
    static var binary: String? {
        let candidates = [CommandLine.arguments.first, Bundle.main.executablePath]
            .compactMap { $0 }
            .map { (($0 as NSString).deletingLastPathComponent as NSString).appendingPathComponent("todomd") }
            + [(Bundle.main.bundlePath as NSString).deletingLastPathComponent + "/todomd"]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    func run(_ v: TemporaryVault, _ args: [String], binary: String? = nil) throws -> (Int32, String, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try binary ?? #require(ProcessTests.binary))
        process.arguments = args
        process.environment = v.environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self))
    }

    @Test(.enabled(if: ProcessTests.binary != nil)) func theExecutableHonoursEnvironmentAndExitCodes() throws {
        let v = try TemporaryVault()
        // TODOMD_VAULT picks the vault when --vault is absent.
        let (code, out, _) = try run(v, ["add", "Water", "the", "plants", "--due", "tomorrow"])
        #expect(code == 0)
        #expect(out == "20261121-0800-water-the-plants.md\n")
        let (_, json, _) = try run(v, ["upcoming", "--json"])
        #expect(json.contains("\"name\":\"2026-11-22\""))
        let (missing, _, err) = try run(v, ["done", "nothing-matches"])
        #expect(missing == 2)
        #expect(err.hasPrefix("error: No task matches `nothing-matches`"))
    }

    /// `sync`, `serve` and `mcp` run in the helper programs todomd-sync and todomd-serve, found
    /// beside the binary (links resolved) or in `../libexec/todomd/`; without them they say so.
    @Test(.enabled(if: ProcessTests.binary != nil)) func helperCommandsFindTheirProgramOrSayWhatIsMissing() throws {
        let v = try TemporaryVault()
        let binary = try #require(ProcessTests.binary)
        let helper = (binary as NSString).deletingLastPathComponent + "/todomd-sync"
        let folder = FileManager.default.temporaryDirectory.path + "/todomd-helpers-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/link", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder + "/alone", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder + "/prefix/bin", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder + "/prefix/libexec/todomd", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder + "/link/todomd", withDestinationPath: binary)
        for copy in [folder + "/alone/todomd", folder + "/prefix/bin/todomd"] {
            do { try FileManager.default.linkItem(atPath: binary, toPath: copy) } catch {
                try FileManager.default.copyItem(atPath: binary, toPath: copy)
            }
        }
        try FileManager.default.createSymbolicLink(atPath: folder + "/prefix/libexec/todomd/todomd-sync",
                                                   withDestinationPath: helper)
        // The helper's own answer (no database configured) proves `sync` ran there.
        let noDatabase = "error: No database to sync with."
        for place in [binary, folder + "/link/todomd", folder + "/prefix/bin/todomd"] {
            let (code, _, err) = try run(v, ["sync"], binary: place)
            #expect(code == 1, "\(place)")
            #expect(err.hasPrefix(noDatabase), "\(place): \(err)")
        }
        for (command, program) in [("sync", "todomd-sync"), ("serve", "todomd-serve"), ("mcp", "todomd-serve")] {
            let (code, _, err) = try run(v, [command], binary: folder + "/alone/todomd")
            #expect(code == 1)
            #expect(err.hasPrefix("error: this command runs in \(program), which is not installed beside todomd (looked for "
                                  + folder + "/alone/\(program), " + folder + "/libexec/todomd/\(program))"), "\(err)")
        }
    }

    /// `todomd` hands `sync`, `serve` and `mcp` to their helper before it parses anything: the
    /// helper gets the arguments exactly as typed, and its answer (here a script's) is the
    /// command's, even for arguments `todomd` itself would refuse.
    @Test(.enabled(if: ProcessTests.binary != nil)) func helperCommandsReachTheirProgramUnparsed() throws {
        let v = try TemporaryVault()
        let binary = try #require(ProcessTests.binary)
        let folder = FileManager.default.temporaryDirectory.path + "/todomd-handover-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        do { try FileManager.default.linkItem(atPath: binary, toPath: folder + "/todomd") } catch {
            try FileManager.default.copyItem(atPath: binary, toPath: folder + "/todomd")
        }
        for program in ["todomd-sync", "todomd-serve"] {
            let script = "#!/bin/sh\necho \"\(program):\" \"$@\"\nexit 7\n"
            FileManager.default.createFile(atPath: folder + "/" + program, contents: Data(script.utf8),
                                           attributes: [.posixPermissions: 0o755])
        }
        let cases: [([String], String)] = [
            (["--vault", v.root, "sync", "--not-an-option"], "todomd-sync: --vault \(v.root) sync --not-an-option\n"),
            (["serve", "--port", "70000"], "todomd-serve: serve --port 70000\n"),
            (["mcp", "--help"], "todomd-serve: mcp --help\n"),
        ]
        for (args, expected) in cases {
            let (code, out, _) = try run(v, args, binary: folder + "/todomd")
            #expect(code == 7, "\(args)")
            #expect(out == expected)
        }
        // Every other command runs in todomd, as before.
        let (code, out, _) = try run(v, ["today", "--json"], binary: folder + "/todomd")
        #expect(code == 0)
        #expect(out.hasPrefix("{"))
    }
}
