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
        files[path.isEmpty ? "index.html" : path]
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
