/// The app's start modules joined into scripts, which the page loads instead of them.
///
/// `Static/` stays a folder of plain ES modules (no build step, no npm), each still served as it
/// is: the server joins the start modules when it starts. Chromium spends ~1.8 ms of two cores on
/// each module of a page before any of them runs (Benchmarks/README.md); the app starts with 28,
/// and joined they cost it about what two scripts do.
///
/// Joining is scope hoisting, as Rollup does it, on the forms the app's modules are written in:
/// the modules the page's module scripts import, directly or not, follow one another in the order
/// a browser runs them (each after what it imports), with their `import { … } from './m.js'`
/// statements taken out (`a as b` becomes `const b = a;`) and the word `export` taken off their
/// declarations, and the script exports every name they export. So a name means the same in the
/// joined script as in its module when no two modules declare the same name at their top level
/// (a browser then refuses the script: ``join(_:)`` refuses first and says which) and no module
/// declares one a script may use as a browser global (`open`, `name`: `test_firstload.py` checks).
///
/// A module those modules load with `import()` that the page preloads is the rest of the app,
/// started once the first screen is drawn (`first.js`): it is joined, with the modules it imports
/// that the first script does not hold, into a second script, ``name``, which imports what it uses
/// of the first, ``firstName`` (one copy of each module, so one state). The modules loaded on first
/// use (the editor, the planner, …) stay files of their own, their imports of start modules
/// pointed at the joined scripts, so they share that state too.
public enum ModuleBundle {
    /// The joined script's file name (the second one's, when there are two).
    public static let name = "app.bundle.js"

    /// Why the modules cannot be joined: the file, the line, and what is wrong.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public var file: String
        public var line: Int
        public var message: String

        public var description: String { "\(file):\(line): \(message)" }
    }

    /// The first screen's script, when the first script's modules start the rest of the app
    /// with `import()` (then ``name`` is that rest).
    public static let firstName = "first.bundle.js"

    /// One joined script: its name and its modules, in the order it runs them.
    public struct Script: Equatable {
        public var name: String
        public var modules: [String]
    }

    /// The files as served, and what was joined.
    public struct Joined: Equatable {
        /// `index.html` loading the joined scripts instead of the modules, the scripts themselves,
        /// every module loaded on first use with its imports of start modules pointed at them, and
        /// every other file as it was (the start modules too, for a page of an older build).
        public var files: [String: [UInt8]]
        /// The start modules, in the order the scripts run them.
        public var modules: [String]
        /// The joined scripts, in the order they run: ``name`` alone, or ``firstName`` and ``name``.
        public var scripts: [Script]
        /// Every name declared at the top level of the joined script, sorted.
        public var topLevelNames: [String]
    }

    /// `files` (name → bytes, one flat folder) as served, when `index.html` loads modules:
    /// otherwise `nil`.
    public static func join(_ files: [String: [UInt8]]) throws(Failure) -> Joined? {
        guard let original = files["index.html"] else { return nil }
        let html = String(decoding: original, as: UTF8.self)
        let entries = tags(in: html, opening: "<script type=\"module\"", closing: "</script>", attribute: "src")
        guard !entries.isEmpty else { return nil }

        // The modules each module reads, in a browser's order: each after what it imports.
        var seen: Set<String> = []
        var order: [Module] = []
        func visit(_ file: String, bytes: [UInt8]) throws(Failure) {
            guard seen.insert(file).inserted else { return }
            let module = try Module(file: file, text: bytes)
            for statement in module.imports {
                guard let imported = files[statement.from] else {
                    throw Failure(file: file, line: statement.line, message: "`./\(statement.from)` is not a file of the folder")
                }
                try visit(statement.from, bytes: imported)
            }
            order.append(module)
        }
        for entry in entries {
            guard let bytes = files[entry.value] else { throw Failure(file: "index.html", line: 1, message: "`/\(entry.value)` is not a file of the folder") }
            try visit(entry.value, bytes: bytes)
        }
        // The modules the first script's own modules load with `import()` and the page preloads:
        // the app it starts once its first screen is drawn, joined with what they import into a
        // second script. (A module not preloaded stays a file, loaded on first use.)
        let preloads = Set(tags(in: html, opening: "<link rel=\"modulepreload\"", closing: ">", attribute: "href").map(\.value))
        var stages = [order]
        order = []
        for module in stages[0] {
            for (_, file) in module.dynamicImports where !seen.contains(file) && preloads.contains(file) {
                guard let bytes = files[file] else { throw Failure(file: module.file, line: 1, message: "`./\(file)` is not a file of the folder") }
                try visit(file, bytes: bytes)
            }
        }
        if !order.isEmpty { stages.append(order) }
        let scripts = stages.count == 1 ? [name] : [firstName, name]
        var bundleOf: [String: String] = [:]
        for (stage, script) in zip(stages, scripts) { for module in stage { bundleOf[module.file] = script } }
        let all = stages.flatMap { $0 }

        // One scope: each name declared once, and each imported name exported where it comes from.
        var declaredIn: [String: String] = [:]
        for module in all {
            for name in module.declared {
                if let other = declaredIn[name] {
                    throw Failure(
                        file: module.file, line: module.line(at: module.declaredAt[name] ?? 0),
                        message: "`\(name)` is declared at the top level of both \(other) and \(module.file), which the server joins into one script: rename one")
                }
                declaredIn[name] = module.file
            }
        }
        var exported: [String: Set<String>] = [:]
        for module in all { exported[module.file] = Set(module.exported) }
        func checkImports(of module: Module) throws(Failure) {
            for statement in module.imports where bundleOf[statement.from] != nil {
                for name in statement.names where exported[statement.from]?.contains(name.imported) != true {
                    throw Failure(file: module.file, line: statement.line, message: "`\(name.imported)` is not exported by \(statement.from)")
                }
            }
        }
        for module in all { try checkImports(of: module) }

        var out = files
        for (stage, script) in zip(stages, scripts) {
            var text = """
                // todo.md's web app\(script == firstName ? ", its first screen" : stages.count > 1 ? ", after its first screen" : " at start"): the modules below, joined by the
                // server (ModuleBundle.swift) into one script. Each section is the file of
                // Sources/TodoMDWeb/Static/ it names, without its imports and with `export` taken off its
                // declarations.

                """
            // What this script's modules import from an earlier script stays an import.
            var imported: [String: [String]] = [:]
            for module in stage {
                for statement in module.imports {
                    guard let from = bundleOf[statement.from], from != script else { continue }
                    for name in statement.names where !(imported[from] ?? []).contains(name.imported) { imported[from, default: []].append(name.imported) }
                }
            }
            for earlier in scripts {
                if let names = imported[earlier] { text += "import { \(names.joined(separator: ", ")) } from './\(earlier)';\n" }
            }
            var names: [String] = []
            for module in stage {
                text += "// ---- \(module.file)\n" + module.joined(bundleOf) + (module.text.last == 0x0A ? "" : "\n")
                names += module.exported
            }
            var listed: Set<String> = []
            names = names.filter { listed.insert($0).inserted }
            text += "\nexport { \(names.joined(separator: ", ")) };\n"
            out[script] = Array(text.utf8)
        }

        // The modules loaded on first use import from the joined scripts.
        for (file, bytes) in files where file.hasSuffix(".js") && bundleOf[file] == nil {
            let module = try Module(file: file, text: bytes)
            try checkImports(of: module)
            out[file] = module.pointing(bundleOf)
        }

        out["index.html"] = Array(page(html, entries: entries, bundleOf: bundleOf, second: stages.count > 1).utf8)
        return Joined(files: out, modules: all.map(\.file), scripts: zip(scripts, stages).map { Script(name: $0, modules: $1.map(\.file)) },
                      topLevelNames: declaredIn.keys.sorted())
    }

    /// The page loading the first joined script where it loaded its first module script, without
    /// its module scripts and the preloads of joined modules; the second script (when there is
    /// one) preloaded where the first of its modules was.
    static func page(_ html: String, entries: [Tag], bundleOf: [String: String], second: Bool) -> String {
        let first = second ? firstName : name
        // The script runs as soon as it is in only when every module script did (an `async` one).
        let async = entries.allSatisfy { html[$0.range].contains(" async") }
        var cut = entries.map { ($0.range, $0 == entries[0] ? "<script type=\"module\"\(async ? " async" : "") fetchpriority=\"high\" src=\"/\(first)\"></script>" : "") }
        var preloaded = false
        for preload in tags(in: html, opening: "<link rel=\"modulepreload\"", closing: ">", attribute: "href") {
            guard let script = bundleOf[preload.value] else { continue }
            if script == name, second, !preloaded {
                preloaded = true
                cut.append((preload.range, String(html[preload.range]).replacingOccurrences(of: "href=\"/\(preload.value)\"", with: "href=\"/\(name)\"")))
            } else {
                cut.append((preload.range, ""))
            }
        }
        if second, !preloaded { cut[0].1 += "\n<link rel=\"modulepreload\" href=\"/\(name)\">" }
        var text = html
        for (range, replacement) in cut.sorted(by: { $0.0.lowerBound > $1.0.lowerBound }) {
            var whole = range
            // A tag alone on its line goes with its line.
            let lineStart = text[..<whole.lowerBound].lastIndex(of: "\n").map { text.index(after: $0) } ?? text.startIndex
            if replacement.isEmpty, text[lineStart..<whole.lowerBound].allSatisfy(\.isWhitespace), text[whole.upperBound...].first == "\n" {
                whole = lineStart..<text.index(after: whole.upperBound)
            }
            text.replaceSubrange(whole, with: replacement)
        }
        return text
    }

    /// A tag of the page and the file its `attribute` names (`"/app.js"` → `app.js`).
    struct Tag: Equatable {
        var range: Range<String.Index>
        var value: String
    }

    /// The tags starting with `opening` up to `closing` that name a file of the folder.
    static func tags(in html: String, opening: String, closing: String, attribute: String) -> [Tag] {
        var found: [Tag] = []
        var rest = html.startIndex..<html.endIndex
        while let start = html.range(of: opening, range: rest), let end = html.range(of: closing, range: start.upperBound..<html.endIndex) {
            let tag = html[start.lowerBound..<end.upperBound]
            if let value = tag.range(of: " \(attribute)=\"/"), let close = tag[value.upperBound...].firstIndex(of: "\"") {
                let file = String(tag[value.upperBound..<close])
                if !file.contains("/") { found.append(Tag(range: start.lowerBound..<end.upperBound, value: file)) }
            }
            rest = end.upperBound..<html.endIndex
        }
        return found
    }

    /// One module's top-level statements that joining changes.
    struct Module {
        struct Import {
            var from: String
            var names: [(imported: String, local: String)]
            var line: Int
            /// The statement's bytes, and those of its module specifier.
            var range: Range<Int>
            var specifier: Range<Int>
        }

        /// The words a top-level declaration starts with.
        static let declaring: Set<String> = ["const", "let", "var", "function", "async", "class"]

        let file: String
        let text: [UInt8]
        var imports: [Import] = []
        /// `import('./m.js')`: the specifiers' bytes, quotes included, and the file named.
        var dynamicImports: [(range: Range<Int>, file: String)] = []
        /// Names the module exports, and those it declares at its top level.
        var exported: [String] = []
        var declared: [String] = []
        /// Where each of ``declared`` is declared (byte offset of its name).
        var declaredAt: [String: Int] = [:]
        /// Bytes taken out when joined: `export` words and `export { … };` lists.
        var exportCuts: [Range<Int>] = []

        init(file: String, text: [UInt8]) throws(Failure) {
            self.file = file
            self.text = text
            let tokens: [JSToken]
            do { tokens = try JSScanner.tokens(text) } catch { throw failure(error.message, at: error.offset) }
            func word(_ k: Int) -> String? {
                guard k < tokens.count, tokens[k].kind == .word else { return nil }
                return String(decoding: text[tokens[k].start..<tokens[k].end], as: UTF8.self)
            }
            func punctuator(_ k: Int) -> UInt8? {
                guard k < tokens.count, tokens[k].kind == .punctuator else { return nil }
                return text[tokens[k].start]
            }
            func string(_ k: Int) throws(Failure) -> String? {
                guard k < tokens.count, tokens[k].kind == .string else { return nil }
                let quoted = String(decoding: text[(tokens[k].start + 1)..<(tokens[k].end - 1)], as: UTF8.self)
                guard quoted.hasPrefix("./"), !quoted.dropFirst(2).contains("/") else {
                    throw failure("only a module of the same folder (`./name.js`) can be imported, not `\(quoted)`", at: tokens[k].start)
                }
                return String(quoted.dropFirst(2))
            }
            /// The `{ a, b as c }` list starting at token `k` (its `{`), and the token after it.
            func names(from k: Int) throws(Failure) -> ([(String, String)], Int) {
                var list: [(String, String)] = []
                var k = k + 1
                while punctuator(k) != 0x7D {
                    guard let name = word(k) else { throw failure("`{ … }` names only names here", at: k < tokens.count ? tokens[k].start : text.count) }
                    var local = name
                    k += 1
                    if word(k) == "as", let alias = word(k + 1) {
                        local = alias
                        k += 2
                    }
                    list.append((name, local))
                    if punctuator(k) == 0x2C { k += 1 }
                }
                return (list, k + 1)
            }

            var k = 0
            var statementStart = true
            while k < tokens.count {
                let token = tokens[k]
                let afterDot = k > 0 && punctuator(k - 1) == 0x2E
                let atStart = statementStart || token.afterNewline
                statementStart = token.depth == 0 && (punctuator(k) == 0x3B || punctuator(k) == 0x7D)
                guard token.kind == .word, !afterDot else {
                    k += 1
                    continue
                }
                switch word(k) {
                case "import" where punctuator(k + 1) == 0x28:
                    if let file = try string(k + 2) { dynamicImports.append((tokens[k + 2].start..<tokens[k + 2].end, file)) }
                    k += 2
                case "import" where token.depth == 0 && punctuator(k + 1) != 0x2E:
                    guard punctuator(k + 1) == 0x7B else {
                        throw failure("only `import { … } from './m.js';` is joined (a default, a namespace or a bare import is not)", at: token.start)
                    }
                    let (list, after) = try names(from: k + 1)
                    guard word(after) == "from", let from = try string(after + 1) else {
                        throw failure("`import { … }` without `from './m.js'`", at: token.start)
                    }
                    let end = punctuator(after + 2) == 0x3B ? after + 2 : after + 1
                    imports.append(Import(from: from, names: list.map { ($0.0, $0.1) }, line: line(at: token.start),
                                          range: token.start..<tokens[end].end, specifier: tokens[after + 1].start..<tokens[after + 1].end))
                    for (_, local) in list.filter({ $0.0 != $0.1 }) {
                        declared.append(local)
                        declaredAt[local] = token.start
                    }
                    k = end + 1
                    statementStart = true
                case "export" where token.depth == 0:
                    if punctuator(k + 1) == 0x7B {
                        let (list, after) = try names(from: k + 1)
                        guard word(after) != "from", list.allSatisfy({ $0.0 == $0.1 }) else {
                            throw failure("only `export { a, b };` of the module's own names is joined (no `as`, no `from`)", at: token.start)
                        }
                        exported += list.map(\.0)
                        let end = punctuator(after) == 0x3B ? after : after - 1
                        exportCuts.append(token.start..<tokens[end].end)
                        k = end + 1
                        statementStart = true
                    } else if let next = word(k + 1), Self.declaring.contains(next) {
                        exportCuts.append(token.start..<tokens[k + 1].start)
                        let before = declared.count
                        try declaration(at: k + 1, tokens: tokens, word: word, punctuator: punctuator)
                        exported += declared[before...]
                        k += 1
                    } else {
                        throw failure("only `export` of a declaration or of `{ a, b }` is joined (not a default)", at: token.start)
                    }
                case let keyword? where token.depth == 0 && atStart && Self.declaring.contains(keyword):
                    try declaration(at: k, tokens: tokens, word: word, punctuator: punctuator)
                    k += 1
                default:
                    k += 1
                }
            }
        }

        /// The names a top-level declaration at token `k` declares, into ``declared`` (its
        /// tokens are read on by the caller: an initialiser may hold an `import()`).
        mutating func declaration(at k: Int, tokens: [JSToken], word: (Int) -> String?, punctuator: (Int) -> UInt8?) throws(Failure) {
            var k = k
            if word(k) == "async" { k += 1 }
            switch word(k) {
            case "function", "class":
                k += 1
                if punctuator(k) == 0x2A { k += 1 }
                guard let name = word(k) else { return }
                declared.append(name)
                declaredAt[name] = tokens[k].start
            case "const", "let", "var":
                k += 1
                while true {
                    guard let name = word(k) else {
                        throw failure("a top-level declaration names each of its names (no `{ … }` or `[ … ]` pattern)", at: k < tokens.count ? tokens[k].start : text.count)
                    }
                    declared.append(name)
                    declaredAt[name] = tokens[k].start
                    k += 1
                    // Its initialiser, up to the next declarator or the statement's end.
                    while k < tokens.count, !(tokens[k].depth == 0 && (punctuator(k) == 0x2C || punctuator(k) == 0x3B)) {
                        if tokens[k].depth == 0, tokens[k].afterNewline, let next = word(k),
                           Self.declaring.contains(next) || next == "import" || next == "export" {
                            return
                        }
                        k += 1
                    }
                    guard k < tokens.count, punctuator(k) == 0x2C else { return }
                    k += 1
                }
            default:
                return
            }
        }

        func line(at offset: Int) -> Int { text[..<min(offset, text.count)].reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) } }

        func failure(_ message: String, at offset: Int) -> Failure { Failure(file: file, line: line(at: offset), message: message) }

        /// The module's text inside the joined script: without its imports and `export` words, its
        /// `import()`s of joined modules pointed at their scripts (`bundleOf`: module → script).
        func joined(_ bundleOf: [String: String] = [:]) -> String {
            var edits: [(Range<Int>, String)] = exportCuts.map { ($0, "") }
            for statement in imports {
                let aliases = statement.names.filter { $0.imported != $0.local }.map { "const \($0.local) = \($0.imported);" }
                edits.append((statement.range, aliases.joined(separator: " ")))
            }
            for (range, file) in dynamicImports { edits.append((range, "'./\(bundleOf[file] ?? file)'")) }
            return String(decoding: applying(edits, droppingEmptyLines: true), as: UTF8.self)
        }

        /// The module as served beside the joined scripts: its imports of joined modules (static
        /// and dynamic) from their scripts instead (`bundleOf`: module → script).
        func pointing(_ bundleOf: [String: String]) -> [UInt8] {
            var edits: [(Range<Int>, String)] = []
            for statement in imports { if let script = bundleOf[statement.from] { edits.append((statement.specifier, "'./\(script)'")) } }
            for (range, file) in dynamicImports { if let script = bundleOf[file] { edits.append((range, "'./\(script)'")) } }
            return edits.isEmpty ? text : applying(edits, droppingEmptyLines: false)
        }

        /// The text with each range replaced; a line left empty by an edit is dropped.
        func applying(_ edits: [(Range<Int>, String)], droppingEmptyLines: Bool) -> [UInt8] {
            var out: [UInt8] = []
            out.reserveCapacity(text.count)
            var at = 0
            for (range, replacement) in edits.sorted(by: { $0.0.lowerBound < $1.0.lowerBound }) {
                out += text[at..<range.lowerBound]
                var end = range.upperBound
                if droppingEmptyLines, replacement.isEmpty, out.last == 0x0A || out.isEmpty {
                    // Whitespace up to the line's end goes too, with the line break.
                    var e = end
                    while e < text.count, text[e] == 0x20 || text[e] == 0x09 { e += 1 }
                    if e == text.count || text[e] == 0x0A { end = min(e + 1, text.count) }
                }
                out += replacement.utf8
                at = end
            }
            out += text[at...]
            return out
        }
    }
}
