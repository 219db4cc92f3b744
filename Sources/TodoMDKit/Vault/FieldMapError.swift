import Foundation

/// Why a `field_map` (in `.todomd/config.json`, or given to a markdown import) cannot be used:
/// files must not be read, let alone edited, with the wrong names.
public struct FieldMapError: TodoMDError, Equatable {
    /// What is wrong with the map, naming the entry: "`due` and `defer` would both use the key `date`".
    public let reason: String

    public init(reason: String) { self.reason = reason }

    public var kind: ErrorKind { .unusableFile }
    public var message: String { ".todomd/config.json field_map: " + reason }
}
