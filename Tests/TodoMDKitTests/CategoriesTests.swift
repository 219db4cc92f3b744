import Foundation
import Testing
import TodoMDTestSupport
@testable import TodoMDKit

@Suite("Categories (§15)")
struct CategoriesTests {
    @Test func theDefaultsAreWrittenOnceAndNeverReplaceAFile() throws {
        let v = try TemporaryVault()
        let vault = try v.open()
        #expect(try vault.writeDefaultCategories())
        let categories = try vault.categories()
        #expect(categories.map(\.tag) == ["house", "garage", "printing", "vehicle", "tech", "finance", "shopping", "travel"])
        #expect(categories.allSatisfy { $0.icon != nil && TagCategory.isHexColor($0.color ?? "") })
        #expect(Set(categories.map { $0.name.lowercased() }).count == 8)
        let text = try v.text(".tags.json")
        #expect(text.hasPrefix("{\n  \"version\": 1,\n  \"order\": [\n    \"house\",\n"))
        #expect(text.contains("\"house\": {\n      \"name\": \"House\",\n      \"icon\": \"🏠\",\n      \"color\": \"#e07a5f\"\n    }"))
        try v.write(".tags.json", #"{"version": 1, "tags": {"work": {"name": "Work"}}}"#)
        #expect(try vault.writeDefaultCategories() == false)
        #expect(try vault.categories().map(\.tag) == ["work"])
    }

    @Test func editValidatesAndKeepsUnknownKeys() throws {
        let v = try TemporaryVault()
        try v.write(".tags.json", ##"{"version": 1, "theme": "x", "order": ["house"], "tags": {"house": {"name": "House", "icon": "🏠", "color": "#E07A5F", "sort": 3}, "tech": {"name": "Tech"}}}"##)
        let vault = try v.open()
        let edited = try vault.editCategory("HOUSE", CategoryChanges(name: "Home", color: "#00AA55"))
        #expect(edited == TagCategory(tag: "house", name: "Home", icon: "🏠", color: "#00aa55"))
        let json = try JSONValue.parse(try v.text(".tags.json"))
        #expect(json["theme"] == .string("x"))
        #expect(json["tags"]?["house"]?["sort"] == .number(3))
        #expect(json["tags"]?["house"]?["color"] == .string("#00aa55"))
        // By name, too; an empty icon removes it.
        #expect(try vault.editCategory("home", CategoryChanges(icon: "")).icon == nil)
        #expect(throws: CategoryError.invalidCategory(field: "color", value: "red", reason: "a colour is written #rrggbb, e.g. #e07a5f")) {
            try vault.editCategory("house", CategoryChanges(color: "red"))
        }
        #expect(throws: CategoryError.self) { try vault.editCategory("house", CategoryChanges(color: "#12345")) }
        #expect(throws: CategoryError.self) { try vault.editCategory("house", CategoryChanges(icon: "way too long")) }
        #expect(throws: CategoryError.self) { try vault.editCategory("house", CategoryChanges(name: " ")) }
        #expect(throws: CategoryError.categoryNotFound("nope")) { try vault.editCategory("nope", CategoryChanges(name: "x")) }
    }

    @Test func namesAreUniqueIgnoringCase() throws {
        let v = try TemporaryVault()
        let vault = try v.open()
        try vault.writeDefaultCategories()
        #expect(throws: CategoryError.self) { try vault.editCategory("garage", CategoryChanges(name: "HOUSE")) }
        #expect(throws: CategoryError.self) { try vault.addCategory(tag: "home", CategoryChanges(name: "house")) }
        #expect(throws: CategoryError.self) { try vault.addCategory(tag: "House") }
        // Renaming a category to its own name in another case is fine.
        #expect(try vault.editCategory("house", CategoryChanges(name: "HOUSE")).name == "HOUSE")
    }

    @Test func aTagTasksUseGetsACategoryOnEdit() throws {
        let v = try TemporaryVault()
        try v.task("a.md", title: "Oil change", "tags: [car]")
        let vault = try v.open()
        let car = try vault.editCategory("car", CategoryChanges(icon: "🚙"))
        #expect(car == TagCategory(tag: "car", name: "car", icon: "🚙"))
        let added = try vault.addCategory(tag: "#garden", CategoryChanges(color: "#2a9d8f"))
        #expect(added == TagCategory(tag: "garden", name: "Garden", color: "#2a9d8f"))
        let summaries = try vault.tagSummaries().tags
        #expect(summaries.map(\.tag) == ["car", "garden"])
        #expect(summaries.map(\.count) == [1, 0])
    }

    @Test func reorderAndRemove() throws {
        let v = try TemporaryVault()
        try v.task("a.md", title: "T", "tags: [house, misc]")
        let vault = try v.open()
        try vault.writeDefaultCategories()
        try vault.reorderCategory("travel", before: "house")
        try vault.reorderCategory("House", before: nil)
        #expect(try vault.categories().map(\.tag) == ["travel", "garage", "printing", "vehicle", "tech", "finance", "shopping", "house"])
        try vault.removeCategory("garage")
        #expect(try vault.categories().count == 7)
        #expect(throws: CategoryError.categoryNotFound("nope")) { try vault.reorderCategory("nope", before: nil) }
        let tags = try vault.tagSummaries().tags
        #expect(tags.last == TagSummary(tag: "misc", name: "misc", icon: nil, color: nil, count: 1, isCategory: false))
        #expect(tags.first { $0.tag == "house" }?.count == 1)
    }

    @Test(arguments: [
        "not json", "[1, 2]", #"{"version": 2}"#, #"{"order": "house"}"#, #"{"tags": {"house": "House"}}"#,
        #"{"tags": {"house": {"name": 5}}}"#,
    ])
    func aMalformedFileIsAClearErrorAndNeverOverwritten(text: String) throws {
        let v = try TemporaryVault()
        try v.write(".tags.json", text)
        try v.task("a.md", title: "T", "tags: [house]")
        let vault = try v.open()
        #expect(throws: TodoError.self) { try vault.editCategory("house", CategoryChanges(icon: "🏠")) }
        #expect(throws: TodoError.self) { try vault.reorderCategory("house", before: nil) }
        #expect(try vault.writeDefaultCategories() == false)
        #expect(try v.text(".tags.json") == text)
        // Listing still works, with a warning that names the file.
        let (tags, warning) = try vault.tagSummaries()
        #expect(tags.map(\.tag) == ["house"])
        #expect(warning?.contains(".tags.json could not be read") == true)
    }

    @Test func aFileChangedUnderneathIsAConflict() throws {
        let v = try TemporaryVault()
        let vault = try v.open()
        try vault.writeDefaultCategories()
        let snapshot = try vault.categoryFile()
        try v.write(".tags.json", #"{"version": 1, "tags": {}}"#)
        var changed = snapshot.value
        changed.reorder(tag: "travel", before: "house")
        #expect(throws: TodoError.conflict(path: ".tags.json")) {
            try vault.sideFile(CategoryFile.self).save(changed, over: snapshot)
        }
    }
}
