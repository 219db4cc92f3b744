import Foundation
import Testing
@testable import TodoMDWeb

/// The start modules joined into one script (``ModuleBundle``): what the scanner takes for code,
/// what joining keeps and changes, what it refuses, and the app's own modules joined.
@Suite struct ModuleBundleTests {
    // MARK: - The scanner

    /// The words a text has at its top level (outside every bracket), in order.
    static func topWords(_ source: String) throws -> [String] {
        let bytes = Array(source.utf8)
        return try JSScanner.tokens(bytes).filter { $0.kind == .word && $0.depth == 0 }
            .map { String(decoding: bytes[$0.start..<$0.end], as: UTF8.self) }
    }

    /// Strings, comments, templates and regular expressions hide what looks like code in them.
    @Test(arguments: [
        ("const a = 'import x'; // export y\n/* import\nz */ let b = \"}\";", ["const", "a", "let", "b"]),
        ("const t = `a ${ {x: '}'} } import ${`in ${y}`} }`;\nexport const u = 1;", ["const", "t", "export", "const", "u"]),
        ("const r = /['`{]\\/[/]/g; export let s;", ["const", "r", "export", "let", "s"]),
        ("function f() { return /}/.test(x) } let g = 1;", ["function", "f", "let", "g"]),
        ("let d = a / b / c; let e = (x) / 2; i++ / 2;", ["let", "d", "a", "b", "c", "let", "e", "i"]),
        ("if (x) {}\n/[)]/.test(s); const q = 1;", ["if", "test", "const", "q"]),
        ("const s = `a\\`${'`'}b`; const n = .5e3, m = x.return / 2;", ["const", "s", "const", "n", "m", "x", "return"]),
    ])
    func theScannerSeesOnlyCodeAsCode(_ source: String, _ words: [String]) throws {
        #expect(try Self.topWords(source) == words)
    }

    /// Which of a text's tokens are regular expressions (a `/` after a value divides).
    @Test func aSlashIsARegexOnlyWhereAValueCannotBe() throws {
        let source = "a = b / c; d = /e/g; return /f/; x = y[0] / 2; z = (w) / 3; v = typeof /g/;"
        let bytes = Array(source.utf8)
        let regexes = try JSScanner.tokens(bytes).filter { $0.kind == .regex }.map { String(decoding: bytes[$0.start..<$0.end], as: UTF8.self) }
        #expect(regexes == ["/e/g", "/f/", "/g/"])
    }

    /// A text the scanner cannot follow is refused, with where.
    @Test(arguments: [
        ("let a = 'open;\n", 8, "a string is not closed on its line"),
        ("let a = `open ${x}", 17, "a template literal is not closed"),
        ("/* open", 0, "a comment is not closed"),
        ("f(a));", 4, "`)` closes nothing open here"),
        ("if (a) {", 8, "`{` is not closed"),
        ("let t = `${a", 12, "a template's `${` is not closed"),
        ("let r = /abc\n/;", 8, "a regular expression is not closed on its line"),
    ])
    func anUnfinishedTextIsRefused(_ source: String, _ offset: Int, _ message: String) {
        #expect(throws: JSScanner.Failure(offset: offset, message: message)) { try JSScanner.tokens(Array(source.utf8)) }
    }

    // MARK: - Joining

    static func folder(_ files: [String: String]) -> [String: [UInt8]] { files.mapValues { Array($0.utf8) } }

    static func text(_ joined: ModuleBundle.Joined?, _ name: String) -> String {
        joined?.files[name].map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    static let page = """
        <head>
        <script type="module" async src="/first.js"></script>
        <link rel="modulepreload" href="/b.js">
        <link rel="stylesheet" href="/app.css">
        <link rel="modulepreload" href="/c.js">
        <script type="module" src="/a.js"></script>
        </head>

        """

    static let app = folder([
        "index.html": page,
        "first.js": "import { get } from './c.js';\nexport const early = get('/rows');\n",
        "a.js": """
            // The entry.
            import { b } from './b.js';
            import {
              get as fetchIt,
              base,
            } from './c.js';
            const lazy = () => import('./lazy.js');
            export function start() { return b() + fetchIt(base); }

            """,
        "b.js": "import { get } from './c.js';\nlet count = 0, last = null;\nexport function b() { count++; return get('/b'); }\nexport { count };\n",
        "c.js": "export const base = '/api';\nexport async function get(p) { return p; }\n",
        "lazy.js": "import { get, base } from './c.js';\nimport { start } from './a.js';\nexport const more = () => import('./c.js').then(() => get(base));\n",
        "app.css": "body {}\n",
    ])

    /// The modules come in the order a browser runs them, each once, without their imports and
    /// `export` words; the script exports what they did; the page loads it alone; a module loaded
    /// later imports from it.
    @Test func modulesAreJoinedInTheOrderTheyRun() throws {
        let joined = try #require(try ModuleBundle.join(Self.app))
        #expect(joined.modules == ["c.js", "first.js", "b.js", "a.js"])
        #expect(joined.topLevelNames == ["b", "base", "count", "early", "fetchIt", "get", "last", "lazy", "start"])
        let script = Self.text(joined, ModuleBundle.name)
        #expect(script.hasSuffix("""
            // ---- c.js
            const base = '/api';
            async function get(p) { return p; }
            // ---- first.js
            const early = get('/rows');
            // ---- b.js
            let count = 0, last = null;
            function b() { count++; return get('/b'); }
            // ---- a.js
            // The entry.
            const fetchIt = get;
            const lazy = () => import('./lazy.js');
            function start() { return b() + fetchIt(base); }

            export { base, get, early, b, count, start };

            """))
        #expect(Self.text(joined, "index.html") == """
            <head>
            <script type="module" fetchpriority="high" src="/app.bundle.js"></script>
            <link rel="stylesheet" href="/app.css">
            </head>

            """)
        #expect(Self.text(joined, "lazy.js") == """
            import { get, base } from './app.bundle.js';
            import { start } from './app.bundle.js';
            export const more = () => import('./app.bundle.js').then(() => get(base));

            """)
        // Every file is still served as it is (a page of an older build may ask for one).
        for name in ["a.js", "b.js", "c.js", "first.js", "app.css"] { #expect(joined.files[name] == Self.app[name]) }
    }

    /// A module the first script's modules start with `import()` and the page preloads is the
    /// rest of the app: a second script, which imports what it uses of the first (one copy of each
    /// module); the page runs the first and preloads the second; a module loaded later imports
    /// from whichever holds what it imports.
    @Test func whatTheFirstScriptStartsIsASecondScript() throws {
        let app = Self.folder([
            "index.html": """
                <head>
                <script type="module" async src="/first.js"></script>
                <link rel="modulepreload" href="/c.js">
                <link rel="stylesheet" href="/app.css">
                <link rel="modulepreload" fetchpriority="low" href="/b.js">
                <link rel="modulepreload" href="/a.js">
                </head>

                """,
            "first.js": "import { get } from './c.js';\nexport const early = get('/rows');\nearly.then(() => import('./a.js'));\n",
            "a.js": "import { b } from './b.js';\nimport { get as fetchIt, base } from './c.js';\nconst lazy = () => import('./lazy.js');\nexport function start() { return b() + fetchIt(base); }\n",
            "b.js": "import { get } from './c.js';\nexport function b() { return get('/b'); }\n",
            "c.js": "export const base = '/api';\nexport async function get(p) { return p; }\n",
            "lazy.js": "import { get, base } from './c.js';\nimport { start } from './a.js';\nexport const more = () => import('./b.js').then(() => get(base));\n",
            "app.css": "body {}\n",
        ])
        let joined = try #require(try ModuleBundle.join(app))
        #expect(joined.scripts == [.init(name: ModuleBundle.firstName, modules: ["c.js", "first.js"]),
                                   .init(name: ModuleBundle.name, modules: ["b.js", "a.js"])])
        #expect(joined.modules == ["c.js", "first.js", "b.js", "a.js"])
        #expect(Self.text(joined, ModuleBundle.firstName).hasSuffix("""
            // ---- c.js
            const base = '/api';
            async function get(p) { return p; }
            // ---- first.js
            const early = get('/rows');
            early.then(() => import('./app.bundle.js'));

            export { base, get, early };

            """))
        let second = Self.text(joined, ModuleBundle.name)
        #expect(second.contains("\nimport { get, base } from './first.bundle.js';\n// ---- b.js\n"))
        #expect(second.hasSuffix("""
            // ---- a.js
            const fetchIt = get;
            const lazy = () => import('./lazy.js');
            function start() { return b() + fetchIt(base); }

            export { b, start };

            """))
        #expect(Self.text(joined, "index.html") == """
            <head>
            <script type="module" async fetchpriority="high" src="/first.bundle.js"></script>
            <link rel="stylesheet" href="/app.css">
            <link rel="modulepreload" fetchpriority="low" href="/app.bundle.js">
            </head>

            """)
        #expect(Self.text(joined, "lazy.js") == """
            import { get, base } from './first.bundle.js';
            import { start } from './app.bundle.js';
            export const more = () => import('./app.bundle.js').then(() => get(base));

            """)
        // A module started with `import()` that the page does not preload stays a file of its own.
        var unpreloaded = app
        unpreloaded["index.html"] = Array("<script type=\"module\" async src=\"/first.js\"></script>\n".utf8)
        let one = try #require(try ModuleBundle.join(unpreloaded))
        #expect(one.scripts == [.init(name: ModuleBundle.name, modules: ["c.js", "first.js"])])
        #expect(Self.text(one, "a.js").hasPrefix("import { b } from './b.js';\nimport { get as fetchIt, base } from './app.bundle.js';"))
        #expect(Self.text(one, "index.html") == "<script type=\"module\" async fetchpriority=\"high\" src=\"/app.bundle.js\"></script>\n")
    }

    /// A page without module scripts is served as it is.
    @Test func aPageWithoutModulesIsNotJoined() throws {
        #expect(try ModuleBundle.join(Self.folder(["index.html": "<p>hi</p>", "a.js": "export const a = 1;"])) == nil)
        #expect(try ModuleBundle.join(Self.folder(["a.js": "export const a = 1;"])) == nil)
    }

    /// What would change meaning in one scope, or is written in a form joining does not know,
    /// is refused, saying which file, which line and what.
    @Test(arguments: [
        (["a.js": "import { x } from './b.js';\nconst y = 1;\nfunction same() {}\n", "b.js": "export const x = 1;\n\nlet same;\n"],
         "a.js:3: `same` is declared at the top level of both b.js and a.js, which the server joins into one script: rename one"),
        (["a.js": "import { x, z } from './b.js';\n", "b.js": "export const x = 1;\n"], "a.js:1: `z` is not exported by b.js"),
        (["a.js": "import b from './b.js';\n", "b.js": "export const x = 1;\n"],
         "a.js:1: only `import { … } from './m.js';` is joined (a default, a namespace or a bare import is not)"),
        (["a.js": "\nimport * as b from './b.js';\n", "b.js": ""],
         "a.js:2: only `import { … } from './m.js';` is joined (a default, a namespace or a bare import is not)"),
        (["a.js": "export default 1;\n"], "a.js:1: only `export` of a declaration or of `{ a, b }` is joined (not a default)"),
        (["a.js": "const x = 1;\nexport { x as y };\n"], "a.js:2: only `export { a, b };` of the module's own names is joined (no `as`, no `from`)"),
        (["a.js": "export { x } from './b.js';\n", "b.js": "export const x = 1;\n"],
         "a.js:1: only `export { a, b };` of the module's own names is joined (no `as`, no `from`)"),
        (["a.js": "const { x, y } = globalThis;\n"], "a.js:1: a top-level declaration names each of its names (no `{ … }` or `[ … ]` pattern)"),
        (["a.js": "import { x } from '../b.js';\n"], "a.js:1: only a module of the same folder (`./name.js`) can be imported, not `../b.js`"),
        (["a.js": "import { x } from './b.js';\n"], "a.js:1: `./b.js` is not a file of the folder"),
        (["a.js": "let s = 'open;\n"], "a.js:1: a string is not closed on its line"),
        (["a.js": "export const x = 1;\n", "later.js": "import { y } from './a.js';\n"], "later.js:1: `y` is not exported by a.js"),
    ])
    func whatCannotBeJoinedIsRefused(_ files: [String: String], _ message: String) {
        var folder = files
        folder["index.html"] = "<script type=\"module\" src=\"/a.js\"></script>"
        #expect(throws: (any Error).self) { try ModuleBundle.join(Self.folder(folder)) }
        do {
            _ = try ModuleBundle.join(Self.folder(folder))
        } catch {
            #expect(error.description == message)
        }
    }

    /// A module the page cannot join is served one by one, as it is: the page still works.
    @Test func aFolderThatCannotBeJoinedIsServedAsItIs() {
        let table = Self.folder(["index.html": "<script type=\"module\" src=\"/a.js\"></script>", "a.js": "export default 1;\n"])
            .mapValues { WebAssets.Asset(bytes: $0, contentType: "text/plain") }
        let (served, failure) = WebAssets.served(table)
        #expect(failure?.file == "a.js")
        #expect(served.mapValues(\.bytes) == table.mapValues(\.bytes))
    }

    // MARK: - The app

    /// The app's page loads one script, made of every module its first screen imports (and
    /// nothing else), the first rows' request first, and preloads a second, the rest of the app
    /// that the first starts; the modules loaded on first use import from them, never from a
    /// start module's own file (that would be a second copy with its own state).
    @Test func theAppsStartModulesAreJoined() throws {
        #expect(WebAssets.joinFailure == nil)
        let joined = try #require(try ModuleBundle.join(WebAssets.files.mapValues(\.bytes)))
        let firstScreen = try WebAssetsTests.bootModules(from: "first.js")
        let start = try WebAssetsTests.bootModules().union(firstScreen)
        #expect(joined.scripts.map(\.name) == [ModuleBundle.firstName, ModuleBundle.name])
        #expect(Set(joined.scripts[0].modules) == firstScreen)
        #expect(joined.scripts[0].modules.count == firstScreen.count)
        #expect(joined.scripts[0].modules.last == "first.js")
        #expect(Set(joined.scripts[1].modules) == start.subtracting(firstScreen))
        #expect(joined.scripts[1].modules.last == "app.js")
        #expect(Set(joined.modules) == start)

        let page = String(decoding: WebAssets.page.bytes, as: UTF8.self)
        #expect(page.components(separatedBy: "<script").count == 2, "one script")
        #expect(page.contains("<script type=\"module\" async fetchpriority=\"high\" src=\"/v/\(WebAssets.version)/\(ModuleBundle.firstName)\"></script>"))
        #expect(page.components(separatedBy: "modulepreload").count == 2, "one preload")
        #expect(page.contains("<link rel=\"modulepreload\" href=\"/v/\(WebAssets.version)/\(ModuleBundle.name)\">"))
        // …the first before the style sheets, so it is asked for first; the rest after them.
        let css = try #require(page.range(of: "app.css")).lowerBound
        #expect(try #require(page.range(of: ModuleBundle.firstName)).lowerBound < css)
        #expect(try #require(page.range(of: ModuleBundle.name)).lowerBound > css)

        for (name, asset) in WebAssets.served where name.hasSuffix(".js") && !start.contains(name) && name != ModuleBundle.name && name != ModuleBundle.firstName {
            let text = String(decoding: asset.bytes, as: UTF8.self)
            for module in start { #expect(!text.contains("'./\(module)'"), "\(name) imports \(module) itself") }
        }
        #expect(joined.topLevelNames.count > 200)
    }
}
