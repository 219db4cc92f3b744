import MCP

extension ToolCatalog {
    /// Capture (§26): the brain dump and templates.
    static let captureTools: [Tool] = [
        Tool(name: "ramble", title: "Brain dump",
             description: """
                 Turn free text (a brain dump, dictated or typed) into proposed tasks: split at sentence ends \
                 and connectors, filler dropped, cue phrases read ("before friday" due, "sometime next week" \
                 scheduled, "not urgent" low priority, "that's for work" area). Returns {"tasks": [fields…]} \
                 and writes nothing unless `commit` is true (then {"tasks": [TASK]}, source voice-ramble). \
                 You may also read the text yourself and call add_task for each task.
                 """,
             inputSchema: schema(["text": string("The dump."),
                                  "commit": ["type": "boolean", "description": "Create the proposed tasks (default false)."]],
                                 required: ["text"]),
             annotations: .init(readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false)),
        Tool(name: "list_templates", title: "List templates",
             description: "The vault's task and project templates (.templates/), as {\"templates\": [{\"name\", \"title\", \"tasks\", \"project\", \"needs_title\"}]}. Use one with add_from_template.",
             inputSchema: schema([:]),
             annotations: .init(readOnlyHint: true, openWorldHint: false)),
        Tool(name: "add_from_template", title: "Add from a template",
             description: """
                 Create the task (or, for a project template, the parent with its subtasks) of template `name`. \
                 `text`, a quick-entry line, adds its fields, and its words are {{title}} and the (root) title, \
                 or fill that title where it names {{title}} (such a template needs them: see needs_title in \
                 list_templates). Placeholders ({{today}}, {{date:+7d}}, {{title}}) are filled. Returns {"tasks": [TASK]}.
                 """,
             inputSchema: schema(["name": string("The template's name (see list_templates)."),
                                  "text": string("Optional quick-entry line for the title and fields.")],
                                 required: ["name"]),
             annotations: .init(readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false)),
        Tool(name: "save_template", title: "Save a task as a template",
             description: """
                 Save task `task` (with its subtasks) as a template: .templates/NAME.md, or .templates/NAME/ for a task \
                 with subtasks. It keeps the title, fields, unknown keys and notes; dates become placeholders relative to \
                 today ({{date:+4d}}); status, tracked time, planner keys, created and source are left out, checklist \
                 items unchecked. An existing template is never overwritten (a taken name is an error). Returns the \
                 template as list_templates shows it.
                 """,
             inputSchema: schema(["task": string("The task: id, filename or title words."),
                                  "name": string("Optional: the template's name (default: from the task's title).")],
                                 required: ["task"]),
             annotations: .init(readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false)),
        Tool(name: "delete_template", title: "Delete a template",
             description: """
                 Move template `name` (its file or folder) to .trash/Templates/, from where it can be moved back by hand. \
                 Needs the delete permission. Returns {"trashed_to": PATH}.
                 """,
             inputSchema: schema(["name": string("The template's name (see list_templates).")], required: ["name"]),
             annotations: .init(readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false)),
    ]
}
