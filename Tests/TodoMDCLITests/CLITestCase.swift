import Foundation
import TodoMDCLI
import TodoMDKit
import TodoMDSyncCommand
import TodoMDTestSupport

/// Runs `todomd` in-process against a temporary vault and captures what it prints.
struct CLIRun {
    let code: Int32
    let stdout: String
    let stderr: String

    /// The stdout parsed as a JSON object.
    var json: [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(stdout.utf8))) as? [String: Any] ?? [:]
    }
}

extension TemporaryVault {
    /// Runs `todomd ARGS` with this vault's fixed clock, time zone and cache folder.
    func run(_ args: String..., env extra: [String: String] = [:]) async -> CLIRun {
        await run(args, env: extra)
    }

    /// `sync` runs in-process too; `serve` and `mcp` are tested as processes (ServeProcessTests,
    /// Tests/mcp), as they run in the todomd-serve helper.
    func run(_ args: [String], env extra: [String: String] = [:]) async -> CLIRun {
        let output = BufferedOutput()
        let env = environment.merging(extra) { _, new in new }
        let code = await CLI.run(["--vault", root] + args, environment: env, output: output, helpers: .syncing)
        return CLIRun(code: code, stdout: output.standardOutput, stderr: output.standardError)
    }
}
