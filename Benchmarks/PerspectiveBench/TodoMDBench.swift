import ArgumentParser
import Foundation
import TodoMDCLI
import TodoMDKit

/// In-process benchmarks, used by scripts/bench (never by the test suite).
///
/// An ArgumentParser command like `todomd` itself: it links TodoMDCLI, so ArgumentParser's
/// `generate-manual` plugin (which `scripts/install` runs over every executable that does) asks
/// it for its help too.
@main
struct TodoMDBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "todomd-bench",
        abstract: "In-process benchmarks for scripts/bench.",
        discussion: """
            Without --cli: the vault's `bench` perspective (10 rules, written by \
            Benchmarks/measure.py), tasks materialized, RUNS times; prints \
            `<tasks matched> <median ms> <p90 ms>`.

            With --cli: the command line `todomd --vault VAULT COMMAND…` run RUNS times in this one \
            process (CLI.start, as todomd runs it), its output counted, not written: what the \
            command itself costs once the process has started and, after the first run, once the \
            runtime's and ArgumentParser's first-use work is done; prints \
            `<bytes written> <first run ms> <median ms> <p90 ms>`.

            With --listing VIEW: the view listed and written as JSON as `GET /api/v1/tasks` does \
            it (--fields, --limit), RUNS times; prints `<tasks listed> <JSON bytes> <median ms> <p90 ms>`.
            """)

    @Flag(help: "Run a todomd command line instead of the bench perspective.")
    var cli = false

    @Option(help: "List this view as the web app asks for it (its listing and its JSON) instead of the bench perspective.")
    var listing: String?

    @Option(help: "With --listing: only the first N tasks, as the app's first request (200) asks.")
    var limit: Int?

    @Option(help: "With --listing: the JSON form, row (the app's) or all (whole TASKs).")
    var fields = "row"

    @Argument(help: "The vault.")
    var vault: String

    @Argument(help: "How many runs.")
    var runs = 100

    @Argument(parsing: .captureForPassthrough, help: "With --cli: the command line, after `--vault VAULT`.")
    var command: [String] = []

    func validate() throws {
        guard runs > 0 else { throw ValidationError("RUNS must be at least 1") }
        guard cli || command.isEmpty else { throw ValidationError("a command line needs --cli") }
        guard !cli || !command.isEmpty else { throw ValidationError("--cli needs a command line") }
        guard !cli || listing == nil else { throw ValidationError("--cli and --listing are two benchmarks: one at a time") }
        guard listing != nil || limit == nil else { throw ValidationError("--limit needs --listing") }
    }

    func run() throws {
        var environment = ProcessInfo.processInfo.environment
        environment["TODOMD_NOW"] = environment["TODOMD_NOW"] ?? "2026-11-21T09:00:00"
        environment["TZ"] = environment["TZ"] ?? "Europe/Berlin"
        if cli {
            try runCommandLine(environment: environment)
        } else if let listing {
            try runListing(listing, environment: environment)
        } else {
            try runPerspective(environment: environment)
        }
    }

    private func runCommandLine(environment: [String: String]) throws {
        CommandAllocator.tune()  // as `todomd` does first thing
        let line = ["--vault", vault] + command
        var timings: [Double] = []
        var bytes = 0
        for _ in 0..<runs {
            let output = CountingOutput()
            let start = DispatchTime.now().uptimeNanoseconds
            guard case .finished(let code) = CLI.start(line, environment: environment, output: output) else {
                throw ValidationError("`\(line.joined(separator: " "))` waits: only commands that finish can be timed")
            }
            timings.append(Self.milliseconds(since: start))
            guard code == 0 else {
                throw BenchError(message: "`\(line.joined(separator: " "))` exited with \(code): \(output.errors)")
            }
            bytes = output.bytes
        }
        let (median, p90) = Self.summary(timings)
        print(String(format: "%d %.3f %.3f %.3f", bytes, timings[0], median, p90))
    }

    private func runPerspective(environment: [String: String]) throws {
        let clock = try TodoClock.system(environment: environment)
        let vault = try Vault(path: vault, clock: clock, environment: environment)
        // The same perspective `todomd perspective run bench` uses (scripts/bench writes it).
        let perspective = try vault.perspective("bench")
        var timings: [Double] = []
        var matched = 0
        for _ in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            let listing = try vault.run(perspective)
            matched = listing.tasks.count
            timings.append(Self.milliseconds(since: start))
        }
        let (median, p90) = Self.summary(timings)
        print(String(format: "%d %.3f %.3f", matched, median, p90))
    }

    /// `GET /api/v1/tasks?view=VIEW&fields=…&limit=…` as the server answers it, in-process:
    /// the listing, then its JSON. Prints `<tasks listed> <JSON bytes> <median ms> <p90 ms>`.
    private func runListing(_ view: String, environment: [String: String]) throws {
        let clock = try TodoClock.system(environment: environment)
        let vault = try Vault(path: vault, clock: clock, environment: environment)
        let request = try ListRequest(view: view, perspective: nil, limit: limit.map(String.init))
        let form = try TaskJSON.Fields(parsing: fields)
        var timings: [Double] = []
        var listed = 0
        var bytes = 0
        for _ in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            let listing = try vault.list(request, decoding: .json(form))
            var count = 0
            listing.writeJSON(form, bytes: { count += $0.count })
            timings.append(Self.milliseconds(since: start))
            listed = listing.tasks.count
            bytes = count
        }
        let (median, p90) = Self.summary(timings)
        print(String(format: "%d %d %.3f %.3f", listed, bytes, median, p90))
    }

    static func milliseconds(since start: UInt64) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    }

    /// The timings' median and 90th percentile.
    static func summary(_ timings: [Double]) -> (median: Double, p90: Double) {
        let sorted = timings.sorted()
        return (sorted[sorted.count / 2], sorted[min(sorted.count - 1, sorted.count * 9 / 10)])
    }
}

struct BenchError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// Counts what a command writes instead of writing it.
final class CountingOutput: OutputSink, @unchecked Sendable {
    var bytes = 0
    var errors = ""
    func out(_ text: String) { bytes += text.utf8.count }
    func out(utf8 text: UnsafeRawBufferPointer) { bytes += text.count }
    func err(_ text: String) { errors += text }
    var isTerminal: Bool { false }
    var errorIsTerminal: Bool { false }
}
