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
}
