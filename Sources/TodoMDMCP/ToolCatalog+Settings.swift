import MCP

extension ToolCatalog {
    /// The vault's look: tag categories and the web app's theme.
    static let settingsTools: [Tool] = [
        Tool(name: "list_categories", title: "List tag categories",
             description: """
                 Tag categories (a tag with a display name, icon and colour, in the user's order) and every tag \
                 with its open-task count: {"categories": [...], "tags": [...]}.
                 """,
             inputSchema: schema([:]),
             annotations: .init(readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false)),
        Tool(name: "set_category", title: "Create or change a tag category",
             description: """
                 Give tag `tag` a category's name, icon (an emoji) and/or colour (#RRGGBB); creates the category \
                 when the tag has none. An empty string removes the icon or colour. Returns the category.
                 """,
             inputSchema: schema(["tag": string("The tag (without #)."), "name": string("Display name."),
                                  "icon": string("An emoji, or \"\" to remove it."),
                                  "color": string("#RRGGBB, or \"\" to remove it.")], required: ["tag"]),
             annotations: .init(readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false)),
        Tool(name: "remove_category", title: "Remove a tag category",
             description: "Remove a tag's category (name, icon, colour); the tasks keep the tag.",
             inputSchema: schema(["tag": string("The tag or the category's name.")], required: ["tag"]),
             annotations: .init(readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false)),
        Tool(name: "set_theme", title: "Set the web app's theme",
             description: """
                 Choose the web app's theme: `preset` (classic, focus, minimal, system, ink, dark-pro) and optional \
                 colour `overrides` ({"accent": "#4A90D9", …}). Returns the theme.
                 """,
             inputSchema: schema(["preset": string("A preset name."),
                                  "overrides": ["type": "object", "description": "Colours by key: accent, background, surface, text, muted, border, overdue, success."]]),
             annotations: .init(readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false)),
    ]
}
