import Foundation
import TodoMDCLI
#if canImport(Glibc)
import Glibc
#endif

// Output piped into `head` must end quietly, not kill us mid-write.
signal(SIGPIPE, SIG_IGN)

CommandAllocator.tune()

// The executable is only this: everything else is in TodoMDCLI and TodoMDKit. `serve` and `mcp`
// replace this process with the helper program todomd-serve (HelperCommands).
let arguments = Array(CommandLine.arguments.dropFirst())
let environment = ProcessInfo.processInfo.environment
// Most commands finish on this thread, without starting Swift's concurrency runtime (its threads
// cost 0.5–0.7 ms of start-up); the few that wait (serve, mcp, sync, watch, remind) run in a task.
switch CLI.start(arguments, environment: environment, output: StandardOutput(),
                 helpers: .program(arguments: arguments, environment: environment)) {
case .finished(let code):
    exit(code)
case .waiting(let command):
    Task { exit(await command.run()) }
    dispatchMain()
}
