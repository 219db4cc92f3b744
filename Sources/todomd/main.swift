import Foundation
import TodoMDCLI
#if canImport(Glibc)
import Glibc
#endif

// Output piped into `head` must end quietly, not kill us mid-write.
signal(SIGPIPE, SIG_IGN)

// The executable is only this: everything else is in TodoMDCLI and TodoMDKit.
let code = await CLI.run(Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment,
                         output: StandardOutput())

exit(code)
