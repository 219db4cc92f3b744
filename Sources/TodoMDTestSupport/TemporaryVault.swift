import Foundation
import TodoMDKit

/// A vault in a fresh temporary folder with its own index and a fixed clock, for one test.
///
/// Nothing depends on the real date, the machine's time zone, or other tests.
public final class TemporaryVault: @unchecked Sendable {
    /// The vault folder.
    public let root: String
    /// The folder standing in for `$XDG_CACHE_HOME`.
    public let cache: String
    /// The fixed clock.
    public let clock: TodoClock

    /// The default fixed "now": Saturday 2026-11-21 09:00 in Europe/Berlin.
    public static let defaultNow = "2026-11-21T09:00:00"
    public static let defaultZone = "Europe/Berlin"

    /// Creates an empty vault.
    public init(now: String = TemporaryVault.defaultNow, timeZone: String = TemporaryVault.defaultZone) throws {
        let base = FileManager.default.temporaryDirectory.path + "/todomd-test-" + UUID().uuidString
        root = base + "/vault"
        cache = base + "/cache"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true)
        clock = try TodoClock.system(environment: ["TODOMD_NOW": now, "TZ": timeZone])
    }

    deinit {
        try? FileManager.default.removeItem(atPath: (root as NSString).deletingLastPathComponent)
    }

    /// The environment a command run against this vault sees.
    public var environment: [String: String] {
        ["TODOMD_NOW": DateTimeFormat.string(clock.now), "TZ": clock.timeZone.identifier,
         "XDG_CACHE_HOME": cache, "TODOMD_VAULT": root, "HOME": cache, "NO_COLOR": "1"]
    }

    /// Opens the vault (syncing its index).
    public func open() throws -> Vault {
        try Vault(path: root, clock: clock, environment: environment)
    }

    /// Writes a file at `id` (relative path), creating folders, as another program would.
    @discardableResult
    public func write(_ id: String, _ text: String) throws -> String {
        try write(id, bytes: Array(text.utf8))
    }

    /// Writes raw bytes at `id`.
    @discardableResult
    public func write(_ id: String, bytes: [UInt8]) throws -> String {
        let path = root + "/" + id
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return id
    }

    /// Writes a minimal task file with the given status and extra frontmatter lines.
    @discardableResult
    public func task(_ id: String, title: String, _ lines: String = "", created: String = "2026-11-01T10:00:00Z",
                     body: String = "", status: String = "todo") throws -> String {
        var text = "---\ntitle: \"\(title)\"\nstatus: \"\(status)\"\n"
        if !lines.isEmpty { text += lines.hasSuffix("\n") ? lines : lines + "\n" }
        text += "created: \"\(created)\"\nsource: \"test\"\n---\n"
        if !body.isEmpty { text += "\n" + body }
        return try write(id, text)
    }

    /// The bytes of the file at `id`.
    public func bytes(_ id: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: root + "/" + id)))
    }

    /// The text of the file at `id`.
    public func text(_ id: String) throws -> String { String(decoding: try bytes(id), as: UTF8.self) }

    /// Whether a file exists at `id`.
    public func exists(_ id: String) -> Bool { FileManager.default.fileExists(atPath: root + "/" + id) }
}
