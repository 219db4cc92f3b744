import Foundation
import Testing
import TodoMDTestSupport
@testable import TodoMDKit

/// File names for new tasks (§4, §21 "Files").
@Suite struct SlugTests {
    // MARK: - Slug.make

    @Test(arguments: [
        ("Buy groceries for meal prep", "buy-groceries-for-meal-prep"),
        ("HELLO World", "hello-world"),
        ("Task 42", "task-42"),
        ("  Hello,   World!! ", "hello-world"),
        ("Don't panic", "don-t-panic"),
        ("a/b\\c:d*e?f", "a-b-c-d-e-f"),
        ("100% done", "100-done"),
        ("--already--dashed--", "already-dashed"),
        ("snake_case_name", "snake-case-name"),
        ("🚀 Launch 🚀", "launch"),
        ("tab\tand\nnewline", "tab-and-newline"),
    ])
    func replacesRunsOfOtherCharactersWithOneDash(title: String, slug: String) {
        #expect(Slug.make(title) == slug)
    }

    @Test(arguments: [
        ("Café crème", "cafe-creme"),
        ("Ünïcödé", "unicode"),
        ("Crème brûlée", "creme-brulee"),
        ("Straße", "strasse"),
        ("STRASSE ẞ", "strasse-ss"),
        ("Ærø", "aero"),
        ("æble", "aeble"),
        ("Œuvre cœur", "oeuvre-coeur"),
        ("Søren Ø", "soren-o"),
        ("Łódź", "lodz"),
        ("Đorđe", "dorde"),
        ("Ðoe ð", "doe-d"),
        ("Þór þing", "thor-thing"),
        ("ﬁle", "file"),
        ("Ｆｕｌｌ ｗｉｄｔｈ", "full-width"),
        ("x² + y³", "x2-y3"),
        ("Ǆemal", "dzemal"),
        ("İstanbul", "istanbul"),
    ])
    func foldsLettersToASCII(title: String, slug: String) {
        #expect(Slug.make(title) == slug)
    }

    @Test(arguments: [
        ("日本語", "task"),
        ("日本語 notes", "notes"),
        ("Привет мир", "task"),
        ("Meeting с Иваном", "meeting"),
        ("עברית and English", "and-english"),
        ("", "task"),
        ("---", "task"),
        ("   ", "task"),
        ("!!!", "task"),
        ("🎉", "task"),
    ])
    func otherScriptsCountAsOtherCharacters(title: String, slug: String) {
        #expect(Slug.make(title) == slug)
    }

    /// §4: the title is lower-cased and letters folded to ASCII, so an ASCII letter the NFKD
    /// compatibility mapping produces is kept, lower-cased: `ℂ` → `C` → `c`, `㎒` → `MHz` → `mhz`.
    @Test(arguments: [
        ("ℂafé", "cafe"),
        ("ℍotel", "hotel"),
        ("5 ㎒", "5-mhz"),
    ])
    func lettersFoldedByCompatibilityMappingAreLowerCase(title: String, slug: String) {
        #expect(Slug.make(title) == slug)
    }

    @Test func cutsToSixtyCharacters() {
        let slug = Slug.make(String(repeating: "a", count: 70))
        #expect(slug == String(repeating: "a", count: 60))
    }

    @Test func keepsExactlySixtyCharacters() {
        let title = String(repeating: "b", count: 60)
        #expect(Slug.make(title) == title)
    }

    @Test func trimsTheDashLeftAtTheCut() {
        // The 60th character is the dash between the words: trimmed again after the cut.
        let title = String(repeating: "a", count: 59) + " bcd"
        #expect(Slug.make(title) == String(repeating: "a", count: 59))
    }

    @Test func cutsAfterFolding() {
        // `ß` becomes two letters; the cut counts the folded slug.
        let title = String(repeating: "a", count: 59) + "ß"
        #expect(Slug.make(title) == String(repeating: "a", count: 59) + "s")
    }

    @Test func cutsAfterCollapsingRuns() {
        // 30 words of one letter separated by long runs: the runs count as one dash each.
        let title = Array(repeating: "x", count: 40).joined(separator: " — ")
        let slug = Slug.make(title)
        #expect(slug.count <= 60)
        #expect(slug == Array(repeating: "x", count: 30).joined(separator: "-"))
    }

    @Test(arguments: [
        "Make a plan for the quarterly review of all the departments in the company",
        String(repeating: "word ", count: 30),
        String(repeating: "é", count: 80),
        "🚀" + String(repeating: "ab ", count: 40) + "🚀",
    ])
    func slugsAreShortTrimmedAndASCII(title: String) {
        let slug = Slug.make(title)
        #expect(slug.count <= 60)
        #expect(!slug.hasPrefix("-"))
        #expect(!slug.hasSuffix("-"))
        #expect(!slug.contains("--"))
        #expect(slug.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" })
    }

    // MARK: - Slug.filename

    /// 2026-11-21T08:00:00Z (09:00 in Berlin).
    static let created = Date(timeIntervalSince1970: 1_795_248_000)

    @Test func stampIsTheCreationTimeInUTC() throws {
        #expect(DateTimeFormat.string(SlugTests.created) == "2026-11-21T08:00:00Z")
        #expect(Slug.stamp(SlugTests.created) == "20261121-0800")
        #expect(Slug.filename(title: "Buy milk", created: SlugTests.created) { _ in false }
                == "20261121-0800-buy-milk.md")
    }

    @Test(arguments: [
        ("2026-01-02T03:04:05Z", "20260102-0304"),
        ("2026-12-31T23:59:59Z", "20261231-2359"),
        ("2026-11-21T00:30:00+01:00", "20261120-2330"),
        ("2026-07-01T12:05:00-04:00", "20260701-1605"),
    ])
    func stampFormats(instant: String, stamp: String) throws {
        let date = try #require(DateTimeFormat.parse(instant, timeZone: TimeZone(identifier: "UTC")!))
        #expect(Slug.filename(title: "x", created: date) { _ in false } == stamp + "-x.md")
    }

    @Test func collisionsGetNumberedSuffixes() {
        var taken: Set<String> = []
        var names: [String] = []
        for _ in 0..<4 {
            let name = Slug.filename(title: "Buy milk", created: SlugTests.created) { taken.contains($0) }
            taken.insert(name)
            names.append(name)
        }
        #expect(names == [
            "20261121-0800-buy-milk.md", "20261121-0800-buy-milk-2.md",
            "20261121-0800-buy-milk-3.md", "20261121-0800-buy-milk-4.md",
        ])
    }

    @Test func collisionSuffixComesAfterTheCut() {
        let title = String(repeating: "a", count: 70)
        let first = "20261121-0800-" + String(repeating: "a", count: 60) + ".md"
        let name = Slug.filename(title: title, created: SlugTests.created) { $0 == first }
        #expect(name == "20261121-0800-" + String(repeating: "a", count: 60) + "-2.md")
    }

    @Test func emptySlugIsTask() {
        let name = Slug.filename(title: "日本語", created: SlugTests.created) { _ in false }
        #expect(name == "20261121-0800-task.md")
    }

    // MARK: - Names chosen by the vault

    /// The fixed clock's now (09:00 Berlin) is 08:00 UTC.
    static let prefix = "20261121-0800-"

    @Test(arguments: [
        ("2026-11-21T09:00:00", "Europe/Berlin", "20261121-0800"),
        ("2026-11-21T00:30:00", "Europe/Berlin", "20261120-2330"),
        ("2026-07-01T12:05:00", "Europe/Berlin", "20260701-1005"),
        ("2026-07-01T12:05:00", "America/New_York", "20260701-1605"),
        ("2026-12-31T23:59:59Z", "Asia/Tokyo", "20261231-2359"),
    ])
    func vaultNamesNewFilesByCreationTimeInUTC(now: String, zone: String, stamp: String) throws {
        let v = try TemporaryVault(now: now, timeZone: zone)
        let vault = try v.open()
        let task = try vault.add(TodoTask(title: "Buy milk", created: v.clock.now))
        #expect(task.id == stamp + "-buy-milk.md")
        #expect(v.exists(stamp + "-buy-milk.md"))
    }

    @Test func newFilesGoAtTheVaultRoot() throws {
        let v = try TemporaryVault()
        try v.task("Work/other.md", title: "Other", "area: \"Work\"")
        let vault = try v.open()
        var draft = TodoTask(title: "Plan sprint", created: v.clock.now)
        draft.area = "Work"
        draft.project = "Sprint"
        let task = try vault.add(draft)
        #expect(task.id == SlugTests.prefix + "plan-sprint.md")
        #expect(!task.id.contains("/"))
    }

    @Test func aNameTakenAtTheRootGetsASuffix() throws {
        let v = try TemporaryVault()
        try v.task(SlugTests.prefix + "buy-milk.md", title: "Buy milk")
        let vault = try v.open()
        let second = try vault.add(TodoTask(title: "Buy milk", created: v.clock.now))
        let third = try vault.add(TodoTask(title: "Buy  MILK!", created: v.clock.now))
        #expect(second.id == SlugTests.prefix + "buy-milk-2.md")
        #expect(third.id == SlugTests.prefix + "buy-milk-3.md")
        // The first file was not touched.
        #expect(try v.text(SlugTests.prefix + "buy-milk.md").contains("source: \"test\""))
    }

    @Test(arguments: ["Work/", "Work/Deep/Nested/", "Archive/"])
    func aNameTakenInAnyFolderCounts(folder: String) throws {
        let v = try TemporaryVault()
        try v.task(folder + SlugTests.prefix + "buy-milk.md", title: "Buy milk")
        let vault = try v.open()
        let task = try vault.add(TodoTask(title: "Buy milk", created: v.clock.now))
        #expect(task.id == SlugTests.prefix + "buy-milk-2.md")
    }

    @Test func aNameTakenByAnUnparseableFileCounts() throws {
        let v = try TemporaryVault()
        try v.write("Work/" + SlugTests.prefix + "buy-milk.md", "no frontmatter here\n")
        let vault = try v.open()
        let task = try vault.add(TodoTask(title: "Buy milk", created: v.clock.now))
        #expect(task.id == SlugTests.prefix + "buy-milk-2.md")
    }

    /// §4: a name taken by a file in any folder of the vault counts — also one another program
    /// created after the vault was opened (a long-running server or MCP session).
    @Test func aNameTakenInAFolderAfterOpeningCounts() throws {
        let v = try TemporaryVault()
        let vault = try v.open()
        try v.task("Work/" + SlugTests.prefix + "buy-milk.md", title: "Buy milk")
        let task = try vault.add(TodoTask(title: "Buy milk", created: v.clock.now))
        #expect(task.id == SlugTests.prefix + "buy-milk-2.md")
    }

    @Test(arguments: [".trash/", ".obsidian/", ".git/", ".todomd/", "Work/.hidden/"])
    func namesUnderHiddenFoldersAreNotTaken(folder: String) throws {
        let v = try TemporaryVault()
        try v.task(folder + SlugTests.prefix + "buy-milk.md", title: "Buy milk")
        let vault = try v.open()
        let task = try vault.add(TodoTask(title: "Buy milk", created: v.clock.now))
        #expect(task.id == SlugTests.prefix + "buy-milk.md")
        #expect(v.exists(folder + SlugTests.prefix + "buy-milk.md"))
    }

    @Test func aDeletedTasksNameIsFreeAgain() throws {
        let v = try TemporaryVault()
        let vault = try v.open()
        let first = try vault.add(TodoTask(title: "Buy milk", created: v.clock.now))
        try vault.delete(first.id)
        let again = try vault.add(TodoTask(title: "Buy milk", created: v.clock.now))
        #expect(again.id == first.id)
        #expect(v.exists(".trash/" + first.id))
    }
}
