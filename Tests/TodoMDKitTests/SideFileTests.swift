import Foundation
import Testing
import TodoMDTestSupport
@testable import TodoMDKit

/// The one side-file abstraction: each document declares what a broken file means, and loading,
/// saving and updating follow it the same way for all of them.
@Suite struct SideFileTests {
    static let broken = "{\"version\": 1, oops"

    /// Loads `Document` from a vault whose file is broken: what came back, or the error.
    func loadBroken<Document: SideDocument>(_: Document.Type) throws -> (TemporaryVault, Vault, Result<SideFileSnapshot<Document>, Error>) {
        let v = try TemporaryVault()
        let vault = try v.open()
        try v.write(Document.path, Self.broken)
        return (v, vault, Result { try vault.sideFile(Document.self).load() })
    }

    @Test func everySideFileDeclaresItsPolicy() {
        #expect(VaultSettings.policy == .refuse)
        #expect(Reminders.State.policy == .refuse)
        #expect(OrderFile.policy == .defaultsKeepFile)
        #expect(CategoryFile.policy == .defaultsKeepFile)
        #expect(Theme.policy == .defaultsKeepFile)
        if case .lastGoodCopy = PerspectiveFile.policy {} else { Issue.record("perspectives keep their last good copy") }
    }

    @Test func refusingDocumentsStopWithTheFileNamed() throws {
        for path in [try refused(Reminders.State.self)] { #expect(path == Reminders.State.path) }
        // Settings are read as the vault opens: a broken file stops it.
        let v = try TemporaryVault()
        try v.write(VaultSettings.path, Self.broken)
        #expect { _ = try v.open() } throws: { error in
            if case let TodoError.unreadableSideFile(path, _) = error { return path == VaultSettings.path }
            return false
        }
    }

    func refused<Document: SideDocument>(_ type: Document.Type) throws -> String? {
        let (v, _, result) = try loadBroken(type)
        #expect(try v.text(Document.path) == Self.broken)
        guard case let .failure(TodoError.unreadableSideFile(path, reason)) = result else { return nil }
        #expect(!reason.isEmpty)
        return path
    }

    @Test func defaultsAreUsedButTheFileIsNeverWrittenOver() throws {
        try keptFile(OrderFile.self) { $0.setOrder(["a.md"], for: "inbox") }
        try keptFile(CategoryFile.self) { $0.set(TagCategory(tag: "house", name: "House")) }
        try keptFile(Theme.self) { $0.preset = "ink" }
    }

    func keptFile<Document: SideDocument>(_ type: Document.Type, change: @escaping (inout Document) -> Void) throws {
        let (v, vault, result) = try loadBroken(type)
        let snapshot = try result.get()
        #expect(snapshot.isBroken)
        #expect(snapshot.warning?.contains("\(Document.path) could not be read") == true)
        #expect(snapshot.value.text == Document().text)
        #expect(throws: TodoError.self) { try vault.sideFile(Document.self).update(change) }
        #expect(throws: TodoError.self) { try vault.sideFile(Document.self).save(Document(), over: snapshot) }
        #expect(try v.text(Document.path) == Self.broken)
        // Fixed, it reads and writes again.
        try v.write(Document.path, Document().text)
        try vault.sideFile(Document.self).update(change)
        #expect(try v.text(Document.path) != Document().text)
    }

    @Test func perspectivesWorkFromTheLastGoodCopyAndBackTheBadFileUp() throws {
        let v = try TemporaryVault()
        try v.write(PerspectiveFile.path, Fixtures.examplePerspectives)
        let vault = try v.open()
        #expect(try vault.loadPerspectives().value.perspective("work-available") != nil)
        try v.write(PerspectiveFile.path, Self.broken)
        let snapshot = try vault.loadPerspectives()
        #expect(snapshot.warning == "Perspectives file could not be read. Using cached version.")
        #expect(snapshot.value.perspective("work-available") != nil)
        #expect(try v.text(PerspectiveFile.path + ".backup") == Self.broken)
        #expect(try v.text(PerspectiveFile.path) == Self.broken)
        // Saving a change is what replaces the broken file (§10).
        _ = try vault.createPerspective(Perspective(id: "", name: "Errands"))
        #expect(try PerspectiveFile(text: v.text(PerspectiveFile.path)).perspectives.count == 2)
    }

    @Test func aFileChangedSinceItWasReadIsAConflict() throws {
        let v = try TemporaryVault()
        let vault = try v.open()
        try v.write(OrderFile.path, "{\"version\": 1, \"views\": {}}\n")
        let snapshot = try vault.sideFile(OrderFile.self).load()
        try v.write(OrderFile.path, "{\"version\": 1, \"views\": {\"inbox\": [\"x.md\"]}}\n")
        var changed = snapshot.value
        changed.setOrder(["a.md"], for: "today")
        #expect(throws: TodoError.conflict(path: OrderFile.path)) {
            try vault.sideFile(OrderFile.self).save(changed, over: snapshot)
        }
        #expect(try v.text(OrderFile.path).contains("x.md"))
    }

    @Test func settingsAreReadAgainOnlyWhenTheFileChanges() throws {
        let v = try TemporaryVault()
        try v.write(VaultSettings.path, "{\"notify_time\": \"08:00\"}")
        let vault = try v.open()
        #expect(try vault.settings().notifyTime.description == "08:00")
        try v.write(VaultSettings.path, "{\"notify_time\": \"07:30\"}")
        #expect(try vault.settings().notifyTime.description == "07:30")
        try FileManager.default.removeItem(atPath: v.root + "/" + VaultSettings.path)
        #expect(try vault.settings().notifyTime == .nine)
    }
}
