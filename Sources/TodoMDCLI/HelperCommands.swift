import Foundation
import TodoMDKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How `todomd serve`, `todomd mcp` and `todomd sync` run: in helper programs, git-style.
///
/// Their code is linked into the helpers only, so every other command starts without loading it:
/// `todomd-serve` has Hummingbird and the MCP SDK (with the FoundationNetworking it brings:
/// libcurl, GnuTLS, Kerberos, LDAP — 30 shared libraries), `todomd-sync` has postgres-nio, NIO
/// and BoringSSL. `todomd` replaces its process with the helper, given the same arguments, as
/// soon as it sees the command's name (same process id, so signals and exit codes reach it as
/// before); the helper, the same command line with those commands in it, parses and checks them.
public struct HelperCommands: Sendable {
    /// Runs `serve` in this process with its checked options.
    package typealias Serve = @Sendable (_ options: ServeSettings, _ context: CommandContext) async throws -> Void
    /// Runs `mcp` in this process (`source`: the `--source` option).
    package typealias MCP = @Sendable (_ source: String?, _ context: CommandContext) async throws -> Void
    /// Runs `sync` in this process with its checked options.
    package typealias Sync = @Sendable (_ options: SyncSettings, _ context: CommandContext) async throws -> Void

    package var serve: Serve?
    package var mcp: MCP?
    package var sync: Sync?
    /// Replaces this process with a helper program; nil when commands run in-process (tests).
    package var exec: (@Sendable (_ helper: String) throws -> Never)?

    package init(serve: Serve? = nil, mcp: MCP? = nil, sync: Sync? = nil,
                 exec: (@Sendable (_ helper: String) throws -> Never)? = nil) {
        self.serve = serve
        self.mcp = mcp
        self.sync = sync
        self.exec = exec
    }

    /// In-process, no helper: `serve`, `mcp` and `sync` fail saying which program runs them.
    public static let none = HelperCommands()

    /// `todomd`'s: `serve`, `mcp` and `sync` replace the process with their helper, found beside
    /// this program or in `../libexec/todomd/` (where scripts/install puts it), given `arguments`
    /// (without the program name) and `environment`.
    public static func program(arguments: [String], environment: [String: String]) -> HelperCommands {
        HelperCommands(exec: { helper in
            try HelperProgram.exec(helper, arguments: arguments, environment: environment)
        })
    }

    /// The helper program of each command that runs in one.
    static let programs = ["serve": servingProgram, "mcp": servingProgram, "sync": syncProgram]

    /// The name of the program that runs `serve` and `mcp`.
    static let servingProgram = "todomd-serve"
    /// The name of the program that runs `sync`.
    static let syncProgram = "todomd-sync"
}

extension CommandContext {
    /// Replaces this process with `program`, given the same arguments; throws when there is
    /// none (in-process, or not installed).
    func runInHelper(_ program: String) throws {
        guard let exec = helpers.exec else { throw HelperProgramMissing(helper: program, places: []) }
        try exec(program)
    }
}

/// The options of `todomd serve`, checked, as the serving program gets them.
package struct ServeSettings: Sendable {
    package var host: String
    package var port: Int
    package var token: String?
    package var poll: Bool
    package var remind: Bool
}

/// The options of `todomd sync`, checked, as the sync program gets them.
package struct SyncSettings: Sendable {
    package var database: String?
    package var owner: String?
    package var installPolicies: Bool
    package var watch: Bool
    package var interval: Double
    package var poll: Bool
    package var json: Bool
}

/// Finding and starting a helper program.
enum HelperProgram {
    /// The places a helper is looked for: beside this program, then `../libexec/todomd/`.
    static func candidates(_ helper: String) -> [String] {
        guard let exe = executablePath() else { return [] }
        let dir = (exe as NSString).deletingLastPathComponent
        return [dir + "/" + helper,
                ((dir as NSString).deletingLastPathComponent as NSString).appendingPathComponent("libexec/todomd/" + helper)]
    }

    /// This program's own path, links resolved (so a `todomd` symlinked into PATH finds its helper).
    static func executablePath() -> String? {
        #if os(Linux)
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #else
        return Bundle.main.executablePath.map { ($0 as NSString).resolvingSymlinksInPath }
        #endif
    }

    /// Run from a source checkout (`swift run todomd serve` builds only `todomd`), builds the
    /// helper beside it with the same configuration; anywhere else does nothing.
    static func buildInCheckout(_ helper: String, environment: [String: String]) {
        guard let exe = executablePath(), let range = exe.range(of: "/.build/"),
              FileManager.default.fileExists(atPath: String(exe[..<range.lowerBound]) + "/Package.swift"),
              let swift = ExternalProgram.find("swift", environment: environment) else { return }
        let root = String(exe[..<range.lowerBound])
        let configuration = ((exe as NSString).deletingLastPathComponent as NSString).lastPathComponent
        guard ["debug", "release"].contains(configuration) else { return }
        StandardOutput.write("Building \(helper) beside todomd (once, in this source checkout)…\n", to: 2)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: swift)
        process.arguments = ["build", "-c", configuration, "--product", helper, "--package-path", root]
        process.environment = environment
        process.standardOutput = FileHandle.standardError
        do {
            try process.run()
            process.waitUntilExit()
        } catch {
            return
        }
    }

    /// Replaces this process with `helper` run with `arguments`; returns only by throwing.
    static func exec(_ helper: String, arguments: [String], environment: [String: String]) throws -> Never {
        let places = candidates(helper)
        if !places.contains(where: { access($0, X_OK) == 0 }) { buildInCheckout(helper, environment: environment) }
        guard let path = places.first(where: { access($0, X_OK) == 0 }) else {
            throw HelperProgramMissing(helper: helper, places: places)
        }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        // The helper inherits this thread's signal mask: an async function may run on a worker
        // thread that blocks some, and Ctrl-C must reach the helper as it reached us.
        var none = sigset_t()
        sigemptyset(&none)
        pthread_sigmask(SIG_SETMASK, &none, nil)
        execve(path, argv, envp)
        let reason = String(cString: strerror(errno))
        throw HelperProgramMissing(helper: helper, places: [path + " (" + reason + ")"])
    }
}

/// `serve`, `mcp` or `sync` asked of a `todomd` whose helper program is not where it should be.
struct HelperProgramMissing: TodoMDError {
    let helper: String
    let places: [String]
    var kind: ErrorKind { .unavailable }
    var message: String {
        "this command runs in \(helper), which is not installed beside todomd (looked for "
            + (places.isEmpty ? "it" : places.joined(separator: ", ")) + "); install both with scripts/install"
    }
}
