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
// The command runs on a thread of its own while this one waits in dispatchMain(). Most commands
// finish on it without starting Swift's concurrency runtime (its threads cost 0.5–0.7 ms of
// start-up); the few that wait (serve, mcp, sync, watch, remind) go on in a task. Not on this
// thread: run on the process's main thread, a warm `today --json` of 10k tasks measured 39–40 ms
// against 33–34 ms, its scan's two threads overlapping less (the cause is not pinned down).
let command = Thread {
    switch CLI.start(arguments, environment: environment, output: StandardOutput(),
                     helpers: .program(arguments: arguments, environment: environment)) {
    case .finished(let code):
        exit(code)
    case .waiting(let command):
        Task { exit(await command.run()) }
    }
}
command.stackSize = 8 << 20  // as the main thread's usual limit: a deep document parses as before
command.start()
dispatchMain()
