import Foundation

/// `.todomd/config.json` (§2, §17): settings, with every key kept as read.
public struct VaultSettings: Sendable {
    /// The file as read.
    public var json: JSONValue

    /// Defaults only.
    public init() { json = .object([]) }

    /// Reads the settings text.
    public init(text: String) throws {
        let value = try JSONValue.parse(text)
        guard case .object = value else { throw TodoError.message(".todomd/config.json: expected a JSON object") }
        json = value
    }

    /// Completed tasks move to `Archive/` (§5).
    public var archiveCompleted: Bool { json["archive_completed"]?.boolValue ?? false }
}
