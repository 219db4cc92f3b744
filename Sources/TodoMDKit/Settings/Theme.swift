import Foundation

/// The web app's look, from `.theme.json` at the vault root (§13): a preset and colour overrides.
///
/// ```json
/// { "preset": "ink", "overrides": { "accent": "#B4532A" } }
/// ```
/// Unknown keys in the file are kept when todo.md writes it.
public struct Theme: Sendable, Equatable {
    /// The six presets of §13.
    public static let presets = ["classic", "focus", "minimal", "system", "ink", "dark-pro"]
    /// The colours an override may set.
    public static let overrideKeys = ["accent", "background", "surface", "text", "muted", "border", "overdue", "success"]
    /// The file's name at the vault root.
    public static let fileName = ".theme.json"

    public var preset: String
    /// Override key → CSS colour, in the file's order.
    public var overrides: [(String, String)]
    /// Problems found while reading (an unknown preset, a bad colour); each was ignored.
    public var warnings: [String] = []
    /// The whole file, so unknown keys survive a write.
    var raw: JSONValue

    public init(preset: String = "classic", overrides: [(String, String)] = []) {
        self.preset = preset
        self.overrides = overrides
        raw = .object([])
    }

    public static func == (a: Theme, b: Theme) -> Bool {
        a.preset == b.preset && a.overrides.elementsEqual(b.overrides, by: ==)
    }

    /// Reads a theme from JSON, dropping (with a warning) anything unusable.
    public init(json: JSONValue) {
        raw = json
        preset = "classic"
        overrides = []
        if let p = json["preset"]?.stringValue {
            if Theme.presets.contains(p.lowercased()) { preset = p.lowercased() } else {
                warnings.append("preset `\(p)` is not one of \(Theme.presets.joined(separator: ", ")); using classic")
            }
        }
        for (key, value) in json["overrides"]?.objectValue ?? [] {
            guard Theme.overrideKeys.contains(key) else {
                warnings.append("override `\(key)` is not one of \(Theme.overrideKeys.joined(separator: ", ")); ignored")
                continue
            }
            guard let colour = value.stringValue, Theme.isColour(colour) else {
                warnings.append("override `\(key)` is not a colour (#rgb, #rrggbb or #rrggbbaa); ignored")
                continue
            }
            overrides.append((key, colour))
        }
    }

    /// `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa` — nothing a stylesheet could be tricked by.
    public static func isColour(_ text: String) -> Bool {
        guard text.hasPrefix("#"), [4, 5, 7, 9].contains(text.count) else { return false }
        return text.dropFirst().allSatisfy(\.isHexDigit)
    }

    /// The theme as JSON (the file's other keys kept).
    public var json: JSONValue {
        var out = raw
        if case .object = out {} else { out = .object([]) }
        out.set("preset", .string(preset))
        out.set("overrides", .object(overrides.map { ($0.0, .string($0.1)) }))
        return out
    }
}

extension Theme: SideDocument {
    public static var path: String { fileName }
    /// A broken theme shows the classic one; the file is the user's until fixed or removed.
    public static let policy = SideFilePolicy.defaultsKeepFile

    public init() { self.init(preset: "classic") }

    /// Reads `.theme.json`'s text.
    ///
    /// - Throws: ``SideDocumentProblem`` when it is not a JSON object.
    public init(text: String) throws {
        let json: JSONValue
        do {
            json = try JSONValue.parse(text)
        } catch {
            throw SideDocumentProblem("not JSON: \(error.localizedDescription)")
        }
        guard case .object = json else { throw SideDocumentProblem("expected a JSON object") }
        self.init(json: json)
    }

    public var text: String { json.pretty() + "\n" }
}

extension Vault {
    /// The theme in `.theme.json`, or the classic one (with a warning when the file is broken).
    public func theme() -> Theme {
        guard let snapshot = try? sideFile(Theme.self).load() else { return Theme() }
        var theme = snapshot.value
        if let warning = snapshot.warning { theme.warnings.append(warning) }
        return theme
    }

    /// Writes `.theme.json` (atomically; refused if the file changed since it was read, or
    /// cannot be read: it is the user's to fix).
    ///
    /// - Throws: ``TodoError/invalidValue(field:value:reason:)`` for an unknown preset or a bad colour.
    public func saveTheme(_ theme: Theme) throws {
        guard Theme.presets.contains(theme.preset) else {
            throw TodoError.invalidValue(field: "preset", value: theme.preset,
                                         reason: "one of " + Theme.presets.joined(separator: ", "))
        }
        for (key, colour) in theme.overrides {
            guard Theme.overrideKeys.contains(key) else {
                throw TodoError.invalidValue(field: "overrides", value: key,
                                             reason: "one of " + Theme.overrideKeys.joined(separator: ", "))
            }
            guard Theme.isColour(colour) else {
                throw TodoError.invalidValue(field: key, value: colour, reason: "a colour such as #4A90D9")
            }
        }
        try sideFile(Theme.self).update { file in
            // The file's other keys stay.
            file.preset = theme.preset
            file.overrides = theme.overrides
        }
    }
}
