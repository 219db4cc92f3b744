import Foundation

/// The web app's static files, compiled into the binary (no build step, no CDN).
///
/// Files live flat in `Static/`; SwiftPM embeds each as a byte array in `PackageResources`.
/// Add a new file to the table below too: it is what the server serves.
public enum WebAssets {
    /// One static file.
    public struct Asset: Sendable {
        /// The file's bytes.
        public let bytes: [UInt8]
        /// Its `Content-Type`.
        public let contentType: String

        public init(bytes: [UInt8], contentType: String) {
            self.bytes = bytes
            self.contentType = contentType
        }
    }

    /// URL path (without the leading `/`) → file.
    public static let files: [String: Asset] = {
        let table: [(String, [UInt8])] = [
            ("index.html", PackageResources.index_html),
            ("app.css", PackageResources.app_css),
            ("app.js", PackageResources.app_js),
            ("state.js", PackageResources.state_js),
            ("router.js", PackageResources.router_js),
            ("sidebar.js", PackageResources.sidebar_js),
            ("header.js", PackageResources.header_js),
            ("list.js", PackageResources.list_js),
            ("early.js", PackageResources.early_js),
            ("first.js", PackageResources.first_js),
            ("rows.js", PackageResources.rows_js),
            ("title.js", PackageResources.title_js),
            ("theme.js", PackageResources.theme_js),
            ("list-groups.js", PackageResources.list_groups_js),
            ("virtual.js", PackageResources.virtual_js),
            ("selection.js", PackageResources.selection_js),
            ("actions.js", PackageResources.actions_js),
            ("quick.js", PackageResources.quick_js),
            ("keys.js", PackageResources.keys_js),
            ("live.js", PackageResources.live_js),
            ("lazy.js", PackageResources.lazy_js),
            ("api.js", PackageResources.api_js),
            ("util.js", PackageResources.util_js),
            ("ui.js", PackageResources.ui_js),
            ("drag.js", PackageResources.drag_js),
            ("editor.js", PackageResources.editor_js),
            ("editor-actions.js", PackageResources.editor_actions_js),
            ("editor-recurrence.js", PackageResources.editor_recurrence_js),
            ("editor-conflict.js", PackageResources.editor_conflict_js),
            ("editor-reminders.js", PackageResources.editor_reminders_js),
            ("editor-dates.js", PackageResources.editor_dates_js),
            ("editor-info.js", PackageResources.editor_info_js),
            ("editor-timer.js", PackageResources.editor_timer_js),
            ("timer.js", PackageResources.timer_js),
            ("nesting.js", PackageResources.nesting_js),
            ("subtasks.js", PackageResources.subtasks_js),
            ("perspective.js", PackageResources.perspective_js),
            ("planner.js", PackageResources.planner_js),
            ("planner.css", PackageResources.planner_css),
            ("board.js", PackageResources.board_js),
            ("board.css", PackageResources.board_css),
            ("insights.js", PackageResources.insights_js),
            ("insights.css", PackageResources.insights_css),
            ("trash.js", PackageResources.trash_js),
            ("trash.css", PackageResources.trash_css),
            ("settings.js", PackageResources.settings_js),
            ("notes.js", PackageResources.notes_js),
            ("notes-format.js", PackageResources.notes_format_js),
            ("notes-markdown.js", PackageResources.notes_markdown_js),
            ("notes-conflict.js", PackageResources.notes_conflict_js),
            ("notes-actions.js", PackageResources.notes_actions_js),
            ("notes.css", PackageResources.notes_css),
            ("calendar.js", PackageResources.calendar_js),
            ("calendar-sources.js", PackageResources.calendar_sources_js),
            ("calendar-time.js", PackageResources.calendar_time_js),
            ("calendar-month.js", PackageResources.calendar_month_js),
            ("calendar-drag.js", PackageResources.calendar_drag_js),
            ("calendar-keys.js", PackageResources.calendar_keys_js),
            ("calendar.css", PackageResources.calendar_css),
            ("categories.js", PackageResources.categories_js),
            ("undo.js", PackageResources.undo_js),
            ("ramble.js", PackageResources.ramble_js),
            ("templates.js", PackageResources.templates_js),
            ("manifest.webmanifest", PackageResources.manifest_webmanifest),
            ("icon.svg", PackageResources.icon_svg),
            ("icon-192.png", PackageResources.icon_192_png),
            ("icon-512.png", PackageResources.icon_512_png),
        ]
        var out: [String: Asset] = [:]
        for (name, bytes) in table { out[name] = Asset(bytes: bytes, contentType: contentType(for: name)) }
        return out
    }()

    /// The asset served at `path` (`""` gives the app's page).
    public static func asset(at path: String) -> Asset? {
        served[path.isEmpty ? "index.html" : path]
    }

    // MARK: - Served files

    /// The files as the server serves them: ``files`` with the page's start modules joined into
    /// one script (``ModuleBundle``), or as they are when they cannot be joined
    /// (``joinFailure`` says why; the server logs it).
    public static var served: [String: Asset] { joining.files }

    /// Why the start modules are served one by one, when they are.
    public static var joinFailure: ModuleBundle.Failure? { joining.failure }

    static let joining = served(files)

    /// `table` as served: its start modules joined, when they can be.
    public static func served(_ table: [String: Asset]) -> (files: [String: Asset], failure: ModuleBundle.Failure?) {
        do {
            guard let joined = try ModuleBundle.join(table.mapValues(\.bytes)) else { return (table, nil) }
            var out: [String: Asset] = [:]
            for (name, bytes) in joined.files { out[name] = Asset(bytes: bytes, contentType: contentType(for: name)) }
            return (out, nil)
        } catch {
            return (table, error)
        }
    }

    // MARK: - Versioned files

    /// The served files' version: a hash of every name and byte (16 hex digits). The page
    /// refers to its scripts and style sheets under `/v/VERSION/`, so a browser may keep them
    /// for good: another build has another version, and the page (never kept) names it.
    public static let version = version(of: served.mapValues(\.bytes))

    /// The version of a table of files (FNV-1a, 64 bits, over the names in order and their bytes).
    public static func version(of table: [String: [UInt8]]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func add(_ byte: UInt8) {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        for (name, bytes) in table.sorted(by: { $0.key < $1.key }) {
            for byte in name.utf8 { add(byte) }
            add(0)
            for byte in bytes { add(byte) }
            add(0)
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// Whether `name` is served under the versioned path: the scripts and style sheets (the
    /// manifest and the icons keep their names, which an installed app holds on to).
    public static func isVersioned(_ name: String) -> Bool { name.hasSuffix(".js") || name.hasSuffix(".css") }

    /// The app's page as served: `index.html` with each `"/NAME"` of a script or style sheet
    /// written `"/v/VERSION/NAME"` (the modules' own `./` imports then resolve there too).
    public static let page = Asset(bytes: versioned(served["index.html"]?.bytes ?? [], version: version),
                                   contentType: contentType(for: "index.html"))

    static func versioned(_ html: [UInt8], version: String) -> [UInt8] {
        var text = String(decoding: html, as: UTF8.self)
        for name in served.keys where isVersioned(name) {
            text = text.replacingOccurrences(of: "\"/\(name)\"", with: "\"/v/\(version)/\(name)\"")
        }
        return Array(text.utf8)
    }

    /// The `Content-Type` for a file name's extension.
    public static func contentType(for name: String) -> String {
        let ext = name.split(separator: ".").last.map { $0.lowercased() } ?? ""
        switch ext {
        case "html": return "text/html; charset=utf-8"
        case "css": return "text/css; charset=utf-8"
        case "js", "mjs": return "text/javascript; charset=utf-8"
        case "json": return "application/json; charset=utf-8"
        case "webmanifest": return "application/manifest+json; charset=utf-8"
        case "svg": return "image/svg+xml"
        case "png": return "image/png"
        case "ico": return "image/x-icon"
        case "txt": return "text/plain; charset=utf-8"
        default: return "application/octet-stream"
        }
    }
}
