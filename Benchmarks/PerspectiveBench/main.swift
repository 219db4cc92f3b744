import Foundation
import TodoMDCLI
import TodoMDKit

// In-process benchmarks, used by scripts/bench (never by the test suite).
//
//   todomd-bench VAULT [RUNS]
//     The vault's `bench` perspective (10 rules: nested groups, a tag rule, relative dates and a
//     title search; written by Benchmarks/measure.py), tasks materialized, median of RUNS (100).
//     Prints one line: `<tasks matched> <median ms> <p90 ms>`.
//
//   todomd-bench --cli VAULT RUNS ARGUMENT...
//     The command line `todomd --vault VAULT ARGUMENT...` run RUNS times in this one process
//     (`CLI.start`, as `todomd` runs it), its output counted, not written: what the command
//     itself costs once the process has started and, after the first run, once the runtime's
//     and ArgumentParser's first-use work is done. Prints one line:
//     `<bytes written> <first run ms> <median ms> <p90 ms>`.

var environment = ProcessInfo.processInfo.environment
environment["TODOMD_NOW"] = environment["TODOMD_NOW"] ?? "2026-11-21T09:00:00"
environment["TZ"] = environment["TZ"] ?? "Europe/Berlin"

func fail(_ message: String, code: Int32) -> Never {
    FileHandle.standardError.write(Data("todomd-bench: \(message)\n".utf8))
    exit(code)
}

func milliseconds(since start: UInt64) -> Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6 }

/// Sorted timings' median and 90th percentile.
func summary(_ timings: [Double]) -> (median: Double, p90: Double) {
    let sorted = timings.sorted()
    return (sorted[sorted.count / 2], sorted[min(sorted.count - 1, sorted.count * 9 / 10)])
}

/// Counts what a command writes instead of writing it.
final class CountingOutput: OutputSink, @unchecked Sendable {
    var bytes = 0
    var errors = ""
    func out(_ text: String) { bytes += text.utf8.count }
    func err(_ text: String) { errors += text }
    var isTerminal: Bool { false }
    var errorIsTerminal: Bool { false }
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--cli" {
    guard arguments.count >= 4, let runs = Int(arguments[2]), runs > 0 else {
        fail("usage: todomd-bench --cli VAULT RUNS ARGUMENT...", code: 2)
    }
    CommandAllocator.tune()  // as `todomd` does first thing
    let command = ["--vault", arguments[1]] + arguments.dropFirst(3)
    var timings: [Double] = []
    var bytes = 0
    for _ in 0..<runs {
        let output = CountingOutput()
        let start = DispatchTime.now().uptimeNanoseconds
        guard case .finished(let code) = CLI.start(command, environment: environment, output: output) else {
            fail("`\(command.joined(separator: " "))` waits: only commands that finish can be timed", code: 2)
        }
        timings.append(milliseconds(since: start))
        guard code == 0 else { fail("`\(command.joined(separator: " "))` exited with \(code): \(output.errors)", code: 1) }
        bytes = output.bytes
    }
    let (median, p90) = summary(timings)
    print(String(format: "%d %.3f %.3f %.3f", bytes, timings[0], median, p90))
    exit(0)
}

guard let vaultPath = arguments.first else { fail("usage: todomd-bench VAULT [RUNS]", code: 2) }
let runs = arguments.count > 1 ? Int(arguments[1]) ?? 100 : 100
do {
    let clock = try TodoClock.system(environment: environment)
    let vault = try Vault(path: vaultPath, clock: clock, environment: environment)
    // The same perspective `todomd perspective run bench` uses (scripts/bench writes it).
    let perspective = try vault.perspective("bench")
    var timings: [Double] = []
    var matched = 0
    for _ in 0..<runs {
        let start = DispatchTime.now().uptimeNanoseconds
        let listing = try vault.run(perspective)
        matched = listing.tasks.count
        timings.append(milliseconds(since: start))
    }
    let (median, p90) = summary(timings)
    print(String(format: "%d %.3f %.3f", matched, median, p90))
} catch {
    fail(error.localizedDescription, code: 1)
}
