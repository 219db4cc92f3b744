import Foundation
import Testing
import TodoMDWeb

/// The server serves what `Static/` holds: a module split out of another but left out of the
/// table would be a 404 and a blank page in the browser.
@Suite struct WebAssetsTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Sources/TodoMDWeb/Static").standardizedFileURL

    @Test func everyStaticFileIsServedAsItIs() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { !$0.hasPrefix(".") }.sorted()
        #expect(names.count > 10)
        for name in names {
            let bytes = try Data(contentsOf: Self.folder.appendingPathComponent(name))
            #expect(WebAssets.files[name]?.bytes == [UInt8](bytes), "Static/\(name) is not in WebAssets.files (or differs)")
        }
        #expect(Set(WebAssets.files.keys) == Set(names))
    }

    /// The modules `entry` (itself included) imports, directly or through others: every
    /// `from './…'` of a static `import` or `export`, on one line or several (a dynamic
    /// `import('./…')` loads on first use and has no `from`).
    static func bootModules(from entry: String = "app.js") throws -> Set<String> {
        var seen: Set<String> = []
        var queue = [entry]
        while let name = queue.popLast() {
            guard seen.insert(name).inserted else { continue }
            var text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)[...]
            while let from = text.range(of: "from './") {
                text = text[from.upperBound...]
                guard let end = text.firstIndex(of: "'") else { break }
                queue.append(String(text[..<end]))
            }
        }
        return seen
    }

    /// Every module the first screen needs is asked for while the page is parsed: a module
    /// found only once its importer has loaded costs the page a second round of requests
    /// (about 35 ms in Chromium on 2 cores, Benchmarks/web_bench.py), and a preloaded module
    /// nothing imports at start is a download the first screen waits behind.
    @Test func indexPreloadsExactlyTheModulesTheAppImportsAtStart() throws {
        let html = try String(contentsOf: Self.folder.appendingPathComponent("index.html"), encoding: .utf8)
        var preloaded: Set<String> = []
        for line in html.split(separator: "\n") where line.contains("rel=\"modulepreload\"") {
            guard let start = line.range(of: "href=\"/"), let end = line[start.upperBound...].firstIndex(of: "\"") else { continue }
            preloaded.insert(String(line[start.upperBound..<end]))
        }
        // The page's own module scripts load by their tags.
        var entries: Set<String> = []
        for line in html.split(separator: "\n") where line.contains("<script type=\"module\"") {
            guard let start = line.range(of: "src=\"/"), let end = line[start.upperBound...].firstIndex(of: "\"") else { continue }
            entries.insert(String(line[start.upperBound..<end]))
        }
        #expect(entries == ["first.js"])
        let needed = try Self.bootModules().union(Self.bootModules(from: "first.js")).subtracting(entries)
        #expect(needed.count > 20)
        #expect(needed.subtracting(preloaded).sorted() == [], "imported at start but not preloaded")
        #expect(preloaded.subtracting(needed).sorted() == [], "preloaded but not imported at start")
    }

    /// The first rows are asked for (`early.js`), and drawn, by `first.js`, which runs as soon as
    /// its own modules are in, long before the whole app: those that draw a list's rows, its title
    /// and the theme. A module that imported the list's wiring, the header, the sidebar or the
    /// screens would make the first screen wait for all of them, which is what it is there to
    /// avoid. It starts the app itself, which the page preloads, after the styles.
    @Test func theFirstScreenWaitsForNoMoreThanWhatDrawsItsRows() throws {
        let graph = try Self.bootModules(from: "first.js")
        #expect(graph == ["first.js", "early.js", "api.js", "state.js", "router.js", "util.js", "ui.js", "rows.js", "title.js",
                          "theme.js", "nesting.js", "timer.js", "list-groups.js", "categories.js", "drag.js"])
        let html = try String(contentsOf: Self.folder.appendingPathComponent("index.html"), encoding: .utf8)
        let first = try #require(html.range(of: "<script type=\"module\" async fetchpriority=\"high\" src=\"/first.js\"></script>"))
        #expect(!html.contains("src=\"/app.js\""))
        let app = try #require(html.range(of: "<link rel=\"modulepreload\" href=\"/app.js\">"))
        let styles = try #require(html.range(of: "<link rel=\"stylesheet\""))
        #expect(first.lowerBound < styles.lowerBound && styles.lowerBound < app.lowerBound)
        let text = try String(contentsOf: Self.folder.appendingPathComponent("first.js"), encoding: .utf8)
        #expect(text.contains("import('./app.js')"))
        // The request itself (early.js) waits for no more than the API, the state and the router:
        // first.js imports it before any other, so it runs before the rest of the first screen.
        #expect(try Self.bootModules(from: "early.js") == ["early.js", "api.js", "state.js", "router.js", "util.js"])
        let firstImport = try #require(text.split(separator: "\n").first { $0.hasPrefix("import ") })
        #expect(firstImport.hasSuffix("from './early.js';"))
        // Its modules are asked for first, before the style sheets and the rest, at high priority.
        let asked = html.split(separator: "\n").filter { $0.contains("rel=\"modulepreload\"") || $0.contains("rel=\"stylesheet\"") }
        let before = asked.prefix { !$0.contains("stylesheet") }
        #expect(before.count == graph.count - 1)
        for line in before {
            #expect(line.contains("modulepreload\" fetchpriority=\"high\"") && graph.contains { line.contains("\"/\($0)\"") }, "\(line)")
        }
    }
}
