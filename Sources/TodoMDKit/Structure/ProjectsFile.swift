/// `.todomd/projects.json` (§23): per-project settings, today whether a project is sequential.
///
/// `{"version": 1, "projects": {"NAME": {"sequential": true}}}`; unknown keys are kept.
public struct ProjectsFile: Sendable {
    /// The whole file as read, so nothing unknown is lost when it is written back.
    public var json: JSONValue

    /// An empty file.
    public init() { json = .object([("version", .number(1)), ("projects", .object([]))]) }

    /// Reads `text`; a file that is not a JSON object is an error naming the problem.
    public init(text: String) throws {
        let value = try JSONValue.parse(text)
        guard case .object = value else { throw SideDocumentProblem("expected a JSON object") }
        json = value
    }

    /// Names of the projects marked sequential.
    public var sequentialProjects: [String] {
        guard case let .object(projects)? = json["projects"] else { return [] }
        return projects.compactMap { name, settings in settings["sequential"]?.boolValue == true ? name : nil }
    }

    /// Whether `project` is sequential.
    public func isSequential(_ project: String) -> Bool { json["projects"]?[project]?["sequential"]?.boolValue == true }

    /// Marks `project` sequential or not, keeping its other settings.
    public mutating func setSequential(_ on: Bool, for project: String) {
        var projects = json["projects"] ?? .object([])
        if case .object = projects {} else { projects = .object([]) }
        var settings = projects[project] ?? .object([])
        if case .object = settings {} else { settings = .object([]) }
        settings.set("sequential", .bool(on))
        projects.set(project, settings)
        json.set("projects", projects)
    }

    /// The text written to disk: pretty-printed, 2-space indent, final newline.
    public var text: String { json.pretty() + "\n" }
}

extension ProjectsFile: SideDocument {
    public static let path = ".todomd/projects.json"
    /// A broken file is ignored (no project is sequential) but never written over.
    public static let policy = SideFilePolicy.defaultsKeepFile
}
