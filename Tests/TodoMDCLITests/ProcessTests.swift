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

    func run(_ v: TemporaryVault, _ args: [String]) throws -> (Int32, String, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(ProcessTests.binary))
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
}
