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
let code = await CLI.run(arguments, environment: environment, output: StandardOutput(),
                         helpers: .program(arguments: arguments, environment: environment))

exit(code)
