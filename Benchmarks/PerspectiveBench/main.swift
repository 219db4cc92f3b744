import Foundation
import TodoMDKit

// In-process benchmark of the vault's `bench` perspective (10 rules: nested groups, a tag rule,
// relative dates and a title search; written by Benchmarks/measure.py), tasks materialized,
// median of N runs. Used by scripts/bench.
//
//   todomd-bench VAULT [RUNS]
// Prints one line: `<tasks matched> <median ms> <p90 ms>`.

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: todomd-bench VAULT [RUNS]\n".utf8))
    exit(2)
}
let runs = arguments.count > 2 ? Int(arguments[2]) ?? 100 : 100
var environment = ProcessInfo.processInfo.environment
environment["TODOMD_NOW"] = environment["TODOMD_NOW"] ?? "2026-11-21T09:00:00"
environment["TZ"] = environment["TZ"] ?? "Europe/Berlin"

do {
    let clock = try TodoClock.system(environment: environment)
    let vault = try Vault(path: arguments[1], clock: clock, environment: environment)
    // The same perspective `todomd perspective run bench` uses (scripts/bench writes it).
    let perspective = try vault.perspective("bench")
    var timings: [Double] = []
    var matched = 0
    for _ in 0..<runs {
        let start = DispatchTime.now().uptimeNanoseconds
        let listing = try vault.run(perspective)
        matched = listing.tasks.count
        timings.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    }
    timings.sort()
    let median = timings[timings.count / 2]
    let p90 = timings[min(timings.count - 1, timings.count * 9 / 10)]
    print(String(format: "%d %.3f %.3f", matched, median, p90))
} catch {
    FileHandle.standardError.write(Data("todomd-bench: \(error.localizedDescription)\n".utf8))
    exit(1)
}
