import Foundation

/// An external calendar named in `.todomd/config.json` (§25):
/// `"calendars": [{"name": "Work", "url": "https://…/work.ics", "color": "#3478f6"}]`, or
/// `"path"` for a file (relative to the vault, or absolute, or `~/…`).
public struct CalendarSource: Sendable, Equatable {
    public var name: String
    public var url: String?
    public var path: String?
    public var color: String?

    public init(name: String, url: String? = nil, path: String? = nil, color: String? = nil) {
        self.name = name
        self.url = url
        self.path = path
        self.color = color
    }
}

/// A calendar as read: its entries' source file, or why it could not be read.
public struct LoadedCalendar: Sendable {
    public var source: CalendarSource
    public var reader: ICalendarReader?
    /// Why the calendar is not (or not freshly) shown; nil when all is well.
    public var error: String?
    /// When the calendar's copy was fetched (URLs) or its file last changed.
    public var updated: Date?
}

extension VaultSettings {
    /// The external calendars (§25); entries without a name, or without a url or a path, are skipped.
    public var calendars: [CalendarSource] {
        (json["calendars"]?.arrayValue ?? []).compactMap { item in
            guard let name = item["name"]?.stringValue, !name.isEmpty else { return nil }
            let url = item["url"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
            let path = item["path"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
            guard url != nil || path != nil else { return nil }
            return CalendarSource(name: name, url: url, path: path, color: item["color"]?.stringValue)
        }
    }

    /// The working day "Find time" looks in (§25): `workday_start`, default 09:00.
    public var workdayStart: TimeOfDay { json["workday_start"]?.stringValue.flatMap(TimeOfDay.init) ?? .nine }
    /// `workday_end`, default 18:00.
    public var workdayEnd: TimeOfDay { json["workday_end"]?.stringValue.flatMap(TimeOfDay.init) ?? .eighteen }
}

/// Fetching, caching and reading external calendars. A URL's copy lives in the cache folder and
/// is fetched again when older than ``refreshInterval``; a fetch that fails keeps the last copy
/// and says why. Fetching uses `curl` with a timeout and a size limit, so one slow or huge
/// calendar cannot hold anything up for long.
public enum CalendarSources {
    /// How old a fetched copy may get (§25: every 15 minutes).
    public static let refreshInterval: TimeInterval = 15 * 60
    /// The largest calendar read (§25: 5 MB).
    public static let sizeLimit = 5 * 1024 * 1024
    /// How long one fetch may take, in seconds.
    public static let timeout = 10

    /// When a URL's copy is fetched again.
    public enum Refresh: Sendable {
        /// Never: the copy as it is (the web API answers at once; the server refreshes apart).
        case never
        /// When the copy is older than ``refreshInterval`` or missing.
        case ifStale
        /// Now.
        case always
    }

    /// Where a URL's copy is kept.
    static func cachePath(_ url: String, cacheFolder: String) -> String {
        cacheFolder + "/calendars/" + SHA256.hex(Array(url.utf8)).prefix(24) + ".ics"
    }

    /// Reads every calendar of `sources`.
    public static func load(_ sources: [CalendarSource], vaultRoot: String, cacheFolder: String,
                            environment: [String: String], timeZone: TimeZone, refresh: Refresh) -> [LoadedCalendar] {
        sources.map { source in
            if let path = source.path {
                return readFile(source, at: resolve(path, vaultRoot: vaultRoot, environment: environment), timeZone: timeZone)
            }
            return loadURL(source, cacheFolder: cacheFolder, environment: environment, timeZone: timeZone, refresh: refresh)
        }
    }

    static func resolve(_ path: String, vaultRoot: String, environment: [String: String]) -> String {
        if path.hasPrefix("/") { return path }
        if path == "~" || path.hasPrefix("~/") { return (environment["HOME"] ?? NSHomeDirectory()) + path.dropFirst() }
        return vaultRoot + "/" + path
    }

    static func readFile(_ source: CalendarSource, at path: String, timeZone: TimeZone) -> LoadedCalendar {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        guard let size = attributes?[.size] as? Int else {
            return LoadedCalendar(source: source, reader: nil, error: "\(path) cannot be read", updated: nil)
        }
        guard size <= sizeLimit else {
            return LoadedCalendar(source: source, reader: nil, error: "\(path) is larger than 5 MB", updated: nil)
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            return LoadedCalendar(source: source, reader: nil, error: "\(path) cannot be read", updated: nil)
        }
        let reader = ICalendarReader(text: String(decoding: data, as: UTF8.self), timeZone: timeZone)
        let updated = attributes?[.modificationDate] as? Date
        if reader.events.isEmpty, !String(decoding: data.prefix(4096), as: UTF8.self).contains("BEGIN:VCALENDAR") {
            return LoadedCalendar(source: source, reader: nil, error: "\(path) is not an iCalendar file", updated: updated)
        }
        return LoadedCalendar(source: source, reader: reader, error: nil, updated: updated)
    }

    static func loadURL(_ source: CalendarSource, cacheFolder: String, environment: [String: String], timeZone: TimeZone,
                        refresh: Refresh) -> LoadedCalendar {
        guard let url = source.url else { return LoadedCalendar(source: source, reader: nil, error: "no url", updated: nil) }
        let copy = cachePath(url, cacheFolder: cacheFolder)
        func modified(_ path: String) -> Date? { (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date }
        let fetched = modified(copy)
        var problem = try? String(contentsOfFile: copy + ".error", encoding: .utf8)
        // The last try, good or not: a calendar that fails is not asked again at every command.
        let tried = [fetched, problem == nil ? nil : modified(copy + ".error")].compactMap { $0 }.max()
        // Ages of files are measured on the wall clock, as their times are (not TODOMD_NOW's).
        let wall = Date(timeIntervalSince1970: TimeInterval(WallClock.nanoseconds()) / 1e9)
        let stale = tried.map { wall.timeIntervalSince($0) > refreshInterval || $0 > wall.addingTimeInterval(60) } ?? true
        if refresh == .always || (refresh == .ifStale && stale) {
            problem = fetch(url, to: copy, environment: environment)
        }
        var loaded = readFile(source, at: copy, timeZone: timeZone)
        if loaded.reader == nil, problem == nil, fetched == nil { problem = "not fetched yet" }
        if let problem { loaded.error = problem }
        return loaded
    }

    /// Fetches `url` into `path` (atomically); the error, or nil. The error is also kept beside
    /// the copy, so a later read that does not fetch still shows it.
    @discardableResult
    public static func fetch(_ url: String, to path: String, environment: [String: String]) -> String? {
        var address = url
        if address.lowercased().hasPrefix("webcal://") { address = "https://" + address.dropFirst("webcal://".count) }
        let lower = address.lowercased()
        let problem: String?
        if !(lower.hasPrefix("https://") || lower.hasPrefix("http://")) {
            problem = "only http(s) and webcal calendars can be fetched"
        } else if let curl = ExternalProgram.find("curl", environment: environment) {
            let folder = (path as NSString).deletingLastPathComponent
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let partial = path + ".part"
            let (status, stderr) = ExternalProgram.output(curl, ["--silent", "--show-error", "--fail", "--location",
                                                                  "--max-time", String(timeout), "--max-filesize", String(sizeLimit),
                                                                  "--proto", "=http,https", "--output", partial, "--", address],
                                                           environment: environment, errors: true)
            if status == 0, rename(partial, path) == 0 {
                problem = nil
            } else {
                unlink(partial)
                let reason = stderr.trimmingCharacters(in: .whitespacesAndNewlines)
                problem = status == 28 ? "no answer within \(timeout) s"
                    : status == 63 ? "larger than 5 MB" : (reason.isEmpty ? "could not be fetched (curl exit \(status))" : reason)
            }
        } else {
            problem = "curl is not installed: calendars from URLs cannot be fetched"
        }
        if let problem {
            try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try? problem.write(toFile: path + ".error", atomically: true, encoding: .utf8)
        } else {
            unlink(path + ".error")
        }
        return problem
    }

    /// Fetches the URL calendars whose copies are stale; whether any was fetched (so a server can
    /// tell its pages). Files are read where they are and need no fetching.
    public static func refreshStale(_ sources: [CalendarSource], cacheFolder: String, environment: [String: String],
                                    timeZone: TimeZone) -> Bool {
        var fetchedAny = false
        for source in sources where source.url != nil {
            let copy = cachePath(source.url ?? "", cacheFolder: cacheFolder)
            func stamp() -> [Date?] {
                [copy, copy + ".error"].map { (try? FileManager.default.attributesOfItem(atPath: $0))?[.modificationDate] as? Date }
            }
            let before = stamp()
            _ = loadURL(source, cacheFolder: cacheFolder, environment: environment, timeZone: timeZone, refresh: .ifStale)
            if stamp() != before { fetchedAny = true }
        }
        return fetchedAny
    }
}
