import Foundation
import Testing
import TodoMDKit
import TodoMDTestSupport
@testable import TodoMDCLI

@Suite("todomd tag and init's categories")
struct TagCLITests {
    @Test func initWritesTheDefaultsUnlessToldNot() async throws {
        let v = try TemporaryVault()
        let first = await v.run("init")
        #expect(first.code == 0)
        #expect(first.stdout.contains("Added 8 categories"))
        #expect(v.exists(".tags.json"))
        let before = try v.text(".tags.json")
        _ = await v.run("tag", "move", "travel", "--before", "house")
        let moved = try v.text(".tags.json")
        #expect(moved != before)
        // A second init never replaces the file.
        #expect(!(await v.run("init").stdout.contains("Added 8 categories")))
        #expect(try v.text(".tags.json") == moved)

        let bare = try TemporaryVault()
        #expect(await bare.run("init", "--no-categories").code == 0)
        #expect(!bare.exists(".tags.json"))
    }

    @Test func listShowsCategoriesWithIconColourAndCountsThenOtherTags() async throws {
        let v = try TemporaryVault()
        _ = await v.run("init")
        try v.task("a.md", title: "Fix roof", "tags: [house, diy]")
        try v.task("b.md", title: "Paint door", "tags: [house]")
        let list = await v.run("tag", "list")
        let lines = list.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "  🏠 House     house     2  #e07a5f")
        #expect(lines.last == "     diy       diy       1  (no category)")
        #expect(lines.count == 9)
        let json = await v.run("tag", "list", "--json")
        let tags = json.json["tags"] as? [[String: Any]] ?? []
        #expect(tags.first?["icon"] as? String == "🏠")
        #expect(tags.first?["count"] as? Int == 2)
        #expect(tags.last?["category"] as? Bool == false)
        // The old `tags` command is unchanged.
        #expect(await v.run("tags").stdout == "  diy    1\n  house  2\n")
    }

    @Test func editMoveAddRemove() async throws {
        let v = try TemporaryVault()
        _ = await v.run("init")
        let edit = await v.run("tag", "edit", "house", "--name", "Home", "--icon", "🏡", "--color", "#336699")
        #expect(edit.code == 0)
        #expect(edit.stdout == "Updated: 🏡 Home  house  #336699\n")
        let clash = await v.run("tag", "edit", "garage", "--name", "home")
        #expect(clash.code == 2)
        #expect(clash.stderr.contains("names are unique, ignoring case"))
        let badColour = await v.run("tag", "edit", "garage", "--color", "blue")
        #expect(badColour.code == 2)
        #expect(badColour.stderr == "error: `color: blue` is not valid: a colour is written #rrggbb, e.g. #e07a5f\n")
        let move = await v.run("tag", "move", "finance", "--before", "home")
        #expect(move.stdout.hasPrefix("💰 Finance  ·  🏡 Home  ·  🔧 Garage"))
        #expect(await v.run("tag", "add", "garden", "--icon", "🌱", "--json").json["name"] as? String == "Garden")
        #expect(await v.run("tag", "remove", "garden").code == 0)
        #expect(await v.run("tag", "edit", "nothing-like-it", "--icon", "🌱").code == 2)
    }

    @Test func aMalformedFileIsNamedAndLeftAlone() async throws {
        let v = try TemporaryVault()
        try v.write(".tags.json", "{\"version\": 1, \"tags\": ")
        try v.task("a.md", title: "Fix roof", "tags: [house]")
        let edit = await v.run("tag", "edit", "house", "--icon", "🏠")
        #expect(edit.code == 1)
        #expect(edit.stderr.hasPrefix("error: .tags.json could not be read ("))
        #expect(edit.stderr.hasSuffix("fix or remove it — it was left unchanged\n"))
        let list = await v.run("tag", "list")
        #expect(list.code == 0)
        #expect(list.stdout.contains("house"))
        #expect(list.stderr.hasPrefix("warning: .tags.json could not be read"))
        #expect(try v.text(".tags.json") == "{\"version\": 1, \"tags\": ")
    }
}
