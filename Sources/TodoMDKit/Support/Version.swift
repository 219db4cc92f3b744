/// The version of todo.md: one place, shown by `todomd --version`, the server's health answer
/// and the MCP server's identity.
public enum TodoMDVersion {
    /// The release this source is, as `MAJOR.MINOR.PATCH`; bumped when CHANGELOG.md's
    /// "Unreleased" section gets its number.
    public static let string = "0.1.0"
}
