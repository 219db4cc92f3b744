import MCP

extension ToolCatalog {
    /// Notes (§15): list, read, create, change, pin, delete and put back, and tasks from their lines.
    static let noteTools: [Tool] = [
        Tool(name: "edit_note", title: "Change a note",
             description: "Change a note's title and/or replace its Markdown body. Returns the NOTE.",
             inputSchema: schema(["note": string("The note's id or part of its title."), "title": string("A new title."),
                                  "body": string("The new body (replaces the old one).")], required: ["note"]),
             annotations: .init(readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false)),
        Tool(name: "pin_note", title: "Pin or unpin a note",
             description: "Pin a note to the top of the list (`pinned` true) or unpin it. Returns the NOTE.",
             inputSchema: schema(["note": string("The note's id or part of its title."),
                                  "pinned": ["type": "boolean", "description": "true to pin, false to unpin."]],
                                 required: ["note", "pinned"]),
             annotations: .init(readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false)),
        Tool(name: "delete_note", title: "Delete a note",
             description: """
                 Move a note to .trash/Notes/ (restorable). Needs the `delete` permission. Returns {"trashed_to", \
                 "deleted": [{"id", "trashed_to"}]}: give `deleted` to restore_notes to undo it.
                 """,
             inputSchema: schema(["note": string("The note's id or part of its title.")], required: ["note"]),
             annotations: .init(readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false)),
        Tool(name: "restore_notes", title: "Undo a note's delete",
             description: """
                 Undo a delete of notes: give the `deleted` list delete_note answered. Each note goes back to \
                 Notes/ (as ID-2.md if a note took its name since). Needs the `delete` permission. \
                 Returns {"notes": [{"id", "title"}…]}.
                 """,
             inputSchema: schema(["deleted": ["type": "array", "description": "The `deleted` list of delete_note.",
                                              "items": ["type": "object"]]],
                                 required: ["deleted"]),
             annotations: .init(readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false)),
        Tool(name: "list_notes", title: "List notes",
             description: "The vault's notes (Notes/): {\"notes\": [NOTE…]}, pinned first, each with an id, title and snippet.",
             inputSchema: schema([:]),
             annotations: .init(readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false)),
        Tool(name: "read_note", title: "Read a note",
             description: "One NOTE with its Markdown body, and the tasks made from its lines: {\"note\", \"tasks\"}.",
             inputSchema: schema(["note": string("The note's id or part of its title.")], required: ["note"]),
             annotations: .init(readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false)),
        Tool(name: "create_note", title: "Create a note",
             description: "Create a note in Notes/ with a title and an optional Markdown body. Returns the NOTE.",
             inputSchema: schema(["title": string("The note's title."), "body": string("Its Markdown body."),
                                  "pinned": ["type": "boolean", "description": "Pin it to the top."]],
                                 required: ["title"]),
             annotations: .init(readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false)),
        Tool(name: "append_to_note", title: "Append a line to a note",
             description: "Add one line at the end of a note's body (nothing else in the file changes). Returns the NOTE.",
             inputSchema: schema(["note": string("The note's id or part of its title."),
                                  "line": string("The line to add (no line breaks), e.g. \"- [ ] Call the venue\".")],
                                 required: ["note", "line"]),
             annotations: .init(readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false)),
        Tool(name: "task_from_note_line", title: "Make a task from a note's line",
             description: """
                 Make a task from line `line` (1-based) of a note: its text without Markdown markers is the title; \
                 the task links back to the note and the line (`note`, `note_line`) and the line gets a \
                 [[wikilink]] to the task. Returns the TASK.
                 """,
             inputSchema: schema(["note": string("The note's id or part of its title."),
                                  "line": ["type": "integer", "minimum": 1, "description": "The line's number, from 1."]],
                                 required: ["note", "line"]),
             annotations: .init(readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false)),
    ]
}
