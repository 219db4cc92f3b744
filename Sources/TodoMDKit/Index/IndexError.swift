import Foundation

/// Why an existing index database cannot be used as it is. The index is a cache: on any of
/// these it is thrown away and built again from the files, so a user never sees them.
public enum IndexError: TodoMDError, Equatable {
    /// The database was written by another schema, time zone or field map (the stored stamp).
    case schemaChanged(stored: String?)
    /// A table the index needs is missing (its name).
    case missingTable(String)

    public var kind: ErrorKind { .unexpected }

    public var message: String {
        switch self {
        case let .schemaChanged(stored):
            return "The index was built for another schema (\(stored ?? "none")); it is rebuilt."
        case let .missingTable(table):
            return "The index has no `\(table)` table; it is rebuilt."
        }
    }
}
