import Foundation

/// Finding and running helper programs (`xdg-mime`, `notify-send`) on `$PATH`.
public enum ExternalProgram {
    /// The first executable called `name` in the environment's `PATH`.
    public static func find(_ name: String, environment: [String: String]) -> String? {
        for dir in (environment["PATH"] ?? "").split(separator: ":") where !dir.isEmpty {
            let candidate = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Runs a program to completion with output discarded; its exit status, or -1 if it could not start.
    public static func run(_ path: String, _ arguments: [String], environment: [String: String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return -1
        }
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Runs a program to completion; its exit status (-1 if it could not start) and what it wrote
    /// to standard output, or to standard error with `errors` (the other stream is discarded).
    public static func output(_ path: String, _ arguments: [String], environment: [String: String],
                              errors: Bool = false) -> (status: Int32, text: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = errors ? FileHandle.nullDevice : pipe
        process.standardError = errors ? pipe : FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return (-1, "")
        }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data.prefix(65_536), as: UTF8.self))
    }
}
