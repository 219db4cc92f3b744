import Testing
@testable import TodoMDKit

/// The line a search shows under each task: where it matched, case and accents ignored.
@Suite struct SearchSnippetTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let query: String
        let title: String
        let description: String?
        let body: String
        /// The field, then the snippet with the match in [brackets]; nil for no match.
        let expected: (String, String)?
        var testDescription: String { "\(query) in \(title)" }
    }

    @Test(arguments: [
        Case(query: "dentist", title: "Call the Dentist", description: nil, body: "",
             expected: ("title", "Call the [Dentist]")),
        Case(query: "kase", title: "Groceries", description: "Käse and bread", body: "",
             expected: ("description", "[Käse] and bread")),
        Case(query: "STRASSE", title: "Post", description: nil, body: "Hauptstraße 5",
             expected: ("body", "Haupt[straße] 5")),
        Case(query: "crown", title: "Teeth", description: nil, body: "line one\n   ask about the crown fitting  \nthird",
             expected: ("body", "ask about the [crown] fitting")),
        Case(query: "needle", title: "Hay", description: nil,
             body: String(repeating: "hay ", count: 30) + "needle" + String(repeating: " hay", count: 30),
             expected: ("body", "…" + String(String(repeating: "hay ", count: 30).suffix(27)) + "[needle]"
                        + String(String(repeating: " hay", count: 30).prefix(27)) + "…")),
        Case(query: "absent", title: "Nothing", description: "here", body: "either", expected: nil),
        Case(query: "  ", title: "Blank query", description: nil, body: "", expected: nil),
    ])
    func theSnippetShowsTheFirstMatchInItsLine(_ c: Case) {
        let snippet = SearchSnippet.find(c.query, title: c.title, description: c.description, body: c.body)
        guard let expected = c.expected else {
            #expect(snippet == nil)
            return
        }
        let found = snippet.map { s -> (String, String) in
            let (before, match, after) = s.parts
            return (s.field, before + "[" + match + "]" + after)
        }
        #expect(found?.0 == expected.0)
        #expect(found?.1 == expected.1)
    }
}
