import Foundation
import Testing
import TodoMDTestSupport
@testable import TodoMDKit

/// The brain dump of §26: realistic dumps and the tasks they propose. Today is Saturday
/// 2026-11-21 (next week's Monday is the 23rd); the vault knows the areas Work, Home and Deep Work.
@Suite struct RambleTests {
    static let today = PhraseDays.saturday
    static let areas = ["Work", "Home", "Deep Work"]

    /// `title | field=value …` for each proposal, fields in a fixed order.
    static func summary(_ text: String) -> [String] {
        Ramble.proposals(text, today: today, now: TimeOfDay("09:00"), knownAreas: areas, knownProjects: ["Q3 Deck"],
                         firstOccurrence: { _, day in day }).map { p in
            var parts = [p.title]
            if let due = p.dueAt { parts.append("due=\(due)") }
            if let s = p.scheduledAt { parts.append("scheduled=\(s)") }
            if p.priority != .none { parts.append("priority=\(p.priority.rawValue)") }
            if let a = p.area { parts.append("area=\(a)") }
            if let pr = p.project { parts.append("project=\(pr)") }
            if !p.tags.isEmpty { parts.append("tags=\(p.tags.joined(separator: ","))") }
            if let r = p.recurrence { parts.append("every=\(r)") }
            return parts.joined(separator: " | ")
        }
    }

    /// A reminder said in the dump is the piece's reminder (quick entry reads it, §24).
    @Test func aReminderInTheDump() {
        let proposals = Ramble.proposals("I need to pack bags friday 7pm remind me 30 minutes before. Also call mom",
                                         today: Self.today, now: TimeOfDay("09:00"), knownAreas: Self.areas,
                                         knownProjects: [], firstOccurrence: { _, day in day })
        #expect(proposals.map(\.title) == ["Pack bags", "Call mom"])
        #expect(proposals.map(\.reminders) == [["-PT30M"], []])
    }

    /// The seed's example gives exactly its table.
    @Test func theSeedsExample() {
        let dump = "I need to pick up dry cleaning before Friday, oh and I should call the dentist sometime next week "
            + "but it's not urgent, and also I need to start working on Q3 deck on Monday, that's for work."
        #expect(Self.summary(dump) == [
            "Pick up dry cleaning | due=2026-11-27",
            "Call the dentist | scheduled=2026-11-23 | priority=low",
            "Start working on Q3 deck | scheduled=2026-11-23 | area=Work",
        ])
    }

    @Test(arguments: [
        ("Buy milk", ["Buy milk"]),
        ("Buy milk and eggs", ["Buy milk and eggs"]),
        ("Buy milk. Call mom.", ["Buy milk", "Call mom"]),
        ("buy milk! call mom? water the plants", ["Buy milk", "Call mom", "Water the plants"]),
        ("I need to buy milk tomorrow", ["Buy milk | due=2026-11-22"]),
        ("Remind me to call mom tomorrow at 3pm", ["Call mom | due=2026-11-22T15:00"]),
        ("uh I should um email Sarah about the budget", ["Email Sarah about the budget"]),
        ("Email Sarah, and I need to book the flights by Thursday", ["Email Sarah", "Book the flights | due=2026-11-26"]),
        // A new clause after a comma, without "and", as people speak.
        ("Email Sarah, I need to book the flights by Thursday", ["Email Sarah", "Book the flights | due=2026-11-26"]),
        ("Buy some milk, I should also fix the bike", ["Buy some milk", "Fix the bike"]),
        ("Water the plants, don't forget to feed the cat", ["Water the plants", "Feed the cat"]),
        ("Pay rent, then clean the kitchen", ["Pay rent", "Clean the kitchen"]),
        ("Call the bank, probably tomorrow", ["Call the bank | due=2026-11-22"]),
        ("Renew passport and also book a hotel", ["Renew passport", "Book a hotel"]),
        ("Pay rent and then clean the kitchen", ["Pay rent", "Clean the kitchen"]),
        ("Book the venue plus order the cake", ["Book the venue", "Order the cake"]),
        ("oh and obviously feed the cat", ["Feed the cat"]),
        ("Finish the report before Monday it's urgent", ["Finish the report | due=2026-11-23 | priority=high"]),
        ("Fix the bike whenever", ["Fix the bike | priority=low"]),
        ("Sort the photos, no rush", ["Sort the photos | priority=low"]),
        ("Call the bank asap", ["Call the bank | priority=high"]),
        ("Prepare slides for the board meeting, important", ["Prepare slides for the board meeting | priority=high"]),
        ("Update the roadmap for work", ["Update the roadmap | area=Work"]),
        ("Update the roadmap, that's for work", ["Update the roadmap | area=Work"]),
        ("Clean the gutters for home", ["Clean the gutters | area=Home"]),
        ("Write the essay for deep work on Tuesday", ["Write the essay | due=2026-11-24 | area=Deep Work"]),
        ("Buy a present for mom", ["Buy a present for mom"]),
        ("Start the tax return on Wednesday", ["Start the tax return | scheduled=2026-11-25"]),
        ("Work on the website on friday", ["Work on the website | scheduled=2026-11-27"]),
        ("Start planning the party by Friday", ["Start planning the party | due=2026-11-27"]),
        ("Water the plants every monday", ["Water the plants | due=2026-11-21 | every=FREQ=WEEKLY;BYDAY=MO"]),
        ("Read chapter 3 #reading", ["Read chapter 3 | tags=reading"]),
        ("Plan the budget +q3deck", ["Plan the budget | project=Q3 Deck"]),
        ("Call the plumber sometime next week", ["Call the plumber | scheduled=2026-11-23"]),
        ("I have to return the library books by Tuesday and I should also pick up the kids at 4pm",
         ["Return the library books | due=2026-11-24", "Pick up the kids | due=2026-11-21T16:00"]),
        ("so um basically I need to book a dentist appointment, and I need to cancel the gym membership, and I should renew my car insurance before December 1st",
         ["Book a dentist appointment", "Cancel the gym membership", "Renew my car insurance | due=2026-12-01"]),
        ("Pick up groceries tonight; text Anna about Saturday",
         ["Pick up groceries | due=2026-11-21", "Text Anna | due=2026-11-28"]),
        ("Send the invoice to the client by end of week, that's for work",
         ["Send the invoice to the client | due=2026-11-27 | area=Work"]),
        ("Don't forget to buy batteries", ["Buy batteries"]),
        ("Make sure to back up the laptop on Sunday", ["Back up the laptop | due=2026-11-22"]),
        ("We need to decide on the paint colour. Also order the tiles.", ["Decide on the paint colour", "Order the tiles"]),
        ("Schedule a haircut in 2 days, not urgent", ["Schedule a haircut | due=2026-11-23 | priority=low"]),
        ("Practice the presentation tomorrow 9am it's important", ["Practice the presentation | due=2026-11-22T09:00 | priority=high"]),
        ("Reply to Tom. Reply to Jerry. Reply to Spike.", ["Reply to Tom", "Reply to Jerry", "Reply to Spike"]),
        ("um", [] as [String]),
        ("", [] as [String]),
        ("and also. oh and. plus", [] as [String]),
        ("Get the car washed. I'd like to learn Spanish too", ["Get the car washed", "Learn Spanish too"]),
        ("Call grandma on her birthday march 3rd", ["Call grandma on her birthday | due=2027-03-03"]),
    ] as [(String, [String])])
    func dumps(text: String, expected: [String]) {
        #expect(Self.summary(text) == expected)
    }

    /// Proposals hold only the keys the dump set; committing writes them with the ramble's source.
    @Test func proposalsAreCommittedAllOrNothing() throws {
        let v = try TemporaryVault()
        let vault = try v.open()
        let proposals = try vault.ramble("Buy milk tomorrow, and also call the dentist sometime next week, not urgent")
        #expect(proposals.map { $0.proposalJSON.compact() } == [
            #"{"title":"Buy milk","due":"2026-11-22"}"#,
            #"{"title":"Call the dentist","scheduled":"2026-11-23","priority":"low"}"#,
        ])
        #expect(try vault.list("all").tasks.isEmpty, "nothing is written before the review")
        let bad: [[(String, JSONValue)]] = [[("title", .string("Fine"))], [("title", .string("Bad")), ("due", .string("someday soon"))]]
        #expect(throws: TodoError.self) { try vault.commitRamble(bad) }
        #expect(try vault.list("all").tasks.isEmpty, "a bad proposal stops them all")
        let created = try vault.commitRamble(proposals.map { p in p.proposalJSON.objectValue ?? [] })
        #expect(created.map(\.title) == ["Buy milk", "Call the dentist"])
        #expect(created.allSatisfy { $0.source == "voice-ramble" })
        #expect(created[1].priority == .low)
    }
}
