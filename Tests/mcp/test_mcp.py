#!/usr/bin/env python3
"""`todomd mcp` driven by a real MCP client (the `mcp` package from PyPI) over stdio.

Runs the built binary: $TODOMD_BIN, else `$(swift build --show-bin-path)/todomd`.
Each test gets its own vault and cache; the clock is fixed at 2026-11-21 09:00 Europe/Berlin.
"""
import asyncio
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.types import Implementation

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FULL = "Morning region full (1 Must-Do, 3 Complementary, 5 Misc)"


def binary():
    if os.environ.get("TODOMD_BIN"):
        return os.environ["TODOMD_BIN"]
    path = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, check=True,
                          capture_output=True, text=True).stdout.strip()
    return os.path.join(path, "todomd")


BIN = binary()


def field(obj, snake, camel):
    """Result attributes are snake_case in mcp 2.x and camelCase in 1.x."""
    return getattr(obj, snake, getattr(obj, camel, None))


def text_of(result):
    return "".join(c.text for c in result.content if getattr(c, "type", "") == "text")


def task_file(title, lines="", created="2026-11-01T10:00:00Z", body=""):
    text = f'---\ntitle: "{title}"\nstatus: "todo"\n{lines}created: "{created}"\nsource: "user"\n---\n'
    return text + ("\n" + body if body else "")


class MCPTestCase(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="todomd-mcp-")
        self.vault = os.path.join(self.tmp, "vault")
        os.makedirs(os.path.join(self.vault, ".todomd"))
        self.addCleanup(shutil.rmtree, self.tmp, ignore_errors=True)

    def write(self, name, text):
        with open(os.path.join(self.vault, name), "w", encoding="utf-8") as f:
            f.write(text)

    def read(self, name):
        with open(os.path.join(self.vault, name), encoding="utf-8") as f:
            return f.read()

    def session(self, scenario, client="test-agent", source=None):
        """Runs `scenario(session)` against `todomd --vault VAULT mcp [--source S]`."""
        args = ["--vault", self.vault, "mcp"] + (["--source", source] if source else [])
        env = {"TODOMD_NOW": "2026-11-21T09:00:00", "TZ": "Europe/Berlin", "NO_COLOR": "1",
               "XDG_CACHE_HOME": os.path.join(self.tmp, "cache"), "HOME": self.tmp,
               "PATH": os.environ.get("PATH", "")}

        async def run():
            params = StdioServerParameters(command=BIN, args=args, env=env)
            async with stdio_client(params) as (read, write):
                async with ClientSession(read, write,
                                         client_info=Implementation(name=client, version="1.0")) as session:
                    await session.initialize()
                    return await asyncio.wait_for(scenario(session), timeout=60)

        return asyncio.run(run())

    async def call(self, session, tool, arguments=None, error=False):
        """Calls `tool`; checks isError, that the text is the structured content, and returns it."""
        result = await session.call_tool(tool, arguments or {})
        text = text_of(result)
        self.assertEqual(bool(field(result, "is_error", "isError")), error, f"{tool}: {text}")
        structured = field(result, "structured_content", "structuredContent")
        if not error:
            self.assertEqual(structured, json.loads(text), tool)
            return structured
        self.assertEqual(structured.get("message"), text)
        return text

    @staticmethod
    def ids(listing):
        return [t["id"] for g in listing["groups"] for t in g["tasks"]]


class ToolTests(MCPTestCase):
    def test_every_tool_is_listed_with_a_schema_and_a_description(self):
        async def scenario(s):
            return (await s.list_tools()).tools

        tools = {t.name: t for t in self.session(scenario)}
        self.assertEqual(set(tools), {"add_task", "complete_task", "get_tasks", "get_overdue_tasks",
                                      "update_task", "search_tasks", "list_perspectives", "plan_day",
                                      "get_task", "delete_task", "skip_task", "check_item",
                                      "list_areas", "list_projects", "list_tags", "list_notes", "read_note",
                                      "create_note", "append_to_note", "task_from_note_line", "unplan_task",
                                      "create_perspective", "delete_perspective", "move_task",
                                      "update_perspective", "undo_complete", "reschedule_overdue", "edit_note",
                                      "pin_note", "delete_note", "list_categories", "set_category",
                                      "remove_category", "plan_add", "plan_review", "reorder", "set_theme",
                                      "get_agenda", "find_free_time", "ramble", "list_templates",
                                      "add_from_template", "list_calendars", "add_calendar", "remove_calendar",
                                      "start_timer", "stop_timer", "time_report", "get_stats", "restore_tasks", "get_trash", "restore_notes",
                                      "save_template", "duplicate_task", "delete_template"})
        for tool in tools.values():
            schema = field(tool, "input_schema", "inputSchema")
            self.assertEqual(schema["type"], "object", tool.name)
            self.assertIn("properties", schema, tool.name)
            self.assertGreater(len(tool.description or ""), 30, tool.name)
        add = field(tools["add_task"], "input_schema", "inputSchema")["properties"]
        for key in ["text", "title", "due", "tags", "priority", "area", "project"]:
            self.assertIn(key, add)
        self.assertEqual(field(tools["complete_task"], "input_schema", "inputSchema")["required"], ["task"])
        self.assertEqual(field(tools["search_tasks"], "input_schema", "inputSchema")["required"], ["query"])

    def test_add_task_from_a_quick_entry_line_and_from_fields_carries_the_client_name(self):
        async def scenario(s):
            line = await self.call(s, "add_task", {"text": "Buy milk tomorrow #errands !1"})
            fields = await self.call(s, "add_task", {"title": "Write report", "due": "2026-11-25",
                                                     "area": "Work", "tags": ["writing"],
                                                     "estimated_minutes": 30, "body": "Outline first.\n"})
            return line, fields

        line, fields = self.session(scenario, client="test-agent")
        self.assertEqual(line["title"], "Buy milk")
        self.assertEqual(line["due"], "2026-11-22")
        self.assertEqual(line["tags"], ["errands"])
        self.assertEqual(line["priority"], "high")
        self.assertEqual(line["source"], "test-agent")
        text = self.read(line["id"])
        self.assertIn('title: "Buy milk"\n', text)
        self.assertIn('source: "test-agent"\n', text)
        self.assertEqual(fields["area"], "Work")
        self.assertEqual(fields["estimated_minutes"], 30)
        text = self.read(fields["id"])
        for expected in ['due: "2026-11-25"\n', 'area: "Work"\n', '  - writing\n', "estimated_minutes: 30\n",
                         'source: "test-agent"\n']:
            self.assertIn(expected, text)
        self.assertTrue(text.endswith("---\n\nOutline first.\n"))

    def test_an_agent_gives_times_of_day(self):
        """§24: a quick-entry line with a time, a field with a time, and an update of the time."""
        async def scenario(s):
            line = await self.call(s, "add_task", {"text": "Call mom tomorrow 3pm"})
            field = await self.call(s, "add_task", {"title": "Dentist", "due": "2026-11-27 09:30"})
            moved = await self.call(s, "update_task", {"task": field["id"], "due": "fri at 11am"})
            return line, field, moved

        line, field, moved = self.session(scenario)
        self.assertEqual((line["title"], line["due"]), ("Call mom", "2026-11-22T15:00"))
        self.assertEqual(field["due"], "2026-11-27T09:30")
        self.assertEqual(moved["due"], "2026-11-27T11:00")
        self.assertIn('due: "2026-11-27T11:00"\n', self.read(field["id"]))

    def test_an_agent_reads_the_agenda_and_time_blocks_a_free_slot(self):
        """§25: the calendar's events beside the tasks, the free slots, and a task moved into one."""
        with open(os.path.join(self.vault, "work.ics"), "w", encoding="utf-8") as f:
            f.write("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:1\r\n"
                    "DTSTART;TZID=Europe/Berlin:20261123T090000\r\nDTEND;TZID=Europe/Berlin:20261123T140000\r\n"
                    "SUMMARY:Workshop\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")
        os.makedirs(os.path.join(self.vault, ".todomd"), exist_ok=True)
        with open(os.path.join(self.vault, ".todomd", "config.json"), "w", encoding="utf-8") as f:
            json.dump({"calendars": [{"name": "Work", "path": "work.ics"}]}, f)

        async def scenario(s):
            task = await self.call(s, "add_task", {"title": "Write the report", "scheduled": "2026-11-23"})
            agenda = await self.call(s, "get_agenda", {"from": "2026-11-23", "days": 1})
            free = await self.call(s, "find_free_time", {"duration": "90m", "date": "2026-11-23"})
            blocked = await self.call(s, "update_task", {"task": task["id"], "scheduled": free["slots"][0]["start"],
                                                         "estimated_minutes": 90})
            after = await self.call(s, "find_free_time", {"duration": "90m", "date": "2026-11-23"})
            bad = await self.call(s, "find_free_time", {"duration": "soon"}, error=True)
            return agenda, free, blocked, after, bad

        agenda, free, blocked, after, bad = self.session(scenario)
        day = agenda["days"][0]
        self.assertEqual([e["title"] for e in day["events"]], ["Workshop"])
        self.assertEqual([t["title"] for t in day["tasks"]], ["Write the report"])
        self.assertEqual(free["slots"], [{"start": "2026-11-23T14:00", "end": "2026-11-23T18:00"}])
        self.assertEqual(blocked["scheduled"], "2026-11-23T14:00")
        self.assertEqual(after["slots"], [{"start": "2026-11-23T15:30", "end": "2026-11-23T18:00"}])
        self.assertIn("duration", bad)

    def test_an_agent_turns_a_brain_dump_into_tasks(self):
        """§26: proposals first (nothing written), then commit."""
        dump = ("I need to pick up dry cleaning before Friday, oh and I should call the dentist sometime next week "
                "but it's not urgent, and also I need to start working on Q3 deck on Monday, that's for work.")

        async def scenario(s):
            proposed = await self.call(s, "ramble", {"text": dump})
            before = sorted(os.listdir(self.vault))
            committed = await self.call(s, "ramble", {"text": dump, "commit": True})
            return proposed, before, committed

        proposed, before, committed = self.session(scenario)
        self.assertEqual(proposed["tasks"], [
            {"title": "Pick up dry cleaning", "due": "2026-11-27"},
            {"title": "Call the dentist", "scheduled": "2026-11-23", "priority": "low"},
            {"title": "Start working on Q3 deck", "scheduled": "2026-11-23", "area": "Work"}])
        self.assertFalse([n for n in before if n.endswith(".md")], "proposals write nothing")
        self.assertEqual([t["source"] for t in committed["tasks"]], ["voice-ramble"] * 3)

    def test_an_agent_reads_the_weeks_statistics_for_a_review(self):
        """§27: completions per day, area and project, the Must-Do streak, the carry average."""
        self.write("ship.md", task_file("Ship it", 'status: "done"\narea: "Work"\ncompleted: "2026-11-20T10:00:00Z"\n')
                   .replace('status: "todo"\n', ""))
        self.write("must.md", task_file("Today's Must-Do", 'status: "done"\nregion: "morning"\nbucket: "must"\n'
                                        'plan_date: "2026-11-21"\ncompleted: "2026-11-21T07:00:00Z"\n')
                   .replace('status: "todo"\n', ""))
        self.write("carried.md", task_file("Carried", 'region: "backlog"\nbucket: "none"\ncarry_count: 3\n'))

        async def scenario(s):
            return (await self.call(s, "get_stats", {"weeks": 1}), await self.call(s, "get_stats"),
                    await self.call(s, "get_stats", {"weeks": 60}, error=True))

        week, month, bad = self.session(scenario)
        self.assertEqual(week["completed_per_day"], {"2026-11-15": 0, "2026-11-16": 0, "2026-11-17": 0, "2026-11-18": 0,
                                                     "2026-11-19": 0, "2026-11-20": 1, "2026-11-21": 1})
        self.assertEqual(week["completed_by_area"], {"Work": 1, "": 1})
        self.assertEqual(week["completed_by_project"], {"": 2})
        self.assertEqual(week["must_do_streak"], 1)
        self.assertEqual(week["average_carry_count"], 1.5)
        self.assertEqual(week["this_week"], {"from": "2026-11-16", "to": "2026-11-21", "completed": 2})
        self.assertEqual(len(month["completed_per_day"]), 28)
        self.assertIn("weeks", bad)

    def test_an_agent_uses_templates_and_manages_calendars(self):
        """§26 templates and §25 calendars: what the web app can do, an agent can."""
        os.makedirs(os.path.join(self.vault, ".templates", "trip"), exist_ok=True)
        with open(os.path.join(self.vault, ".templates", "trip", "trip.md"), "w", encoding="utf-8") as f:
            f.write('---\ntitle: "Plan the trip"\ndue: "{{date:+14d}}"\n---\n')
        with open(os.path.join(self.vault, ".templates", "trip", "flights.md"), "w", encoding="utf-8") as f:
            f.write('---\ntitle: "Book flights for {{title}}"\nparent: trip\n---\n')
        with open(os.path.join(self.vault, "home.ics"), "w", encoding="utf-8") as f:
            f.write("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:1\r\nDTSTART;VALUE=DATE:20261124\r\n"
                    "SUMMARY:Holiday\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")

        async def scenario(s):
            templates = await self.call(s, "list_templates")
            made = await self.call(s, "add_from_template", {"name": "trip", "text": "Lisbon"})
            copied = await self.call(s, "duplicate_task", {"task": made["tasks"][0]["id"]})
            saved = await self.call(s, "save_template", {"task": made["tasks"][0]["id"], "name": "lisbon"})
            taken = await self.call(s, "save_template", {"task": made["tasks"][0]["id"], "name": "Lisbon"}, error=True)
            gone = await self.call(s, "delete_template", {"name": "lisbon"})
            added = await self.call(s, "add_calendar", {"name": "Home", "path": "home.ics", "color": "#ff9500"})
            twice = await self.call(s, "add_calendar", {"name": "home", "path": "x.ics"}, error=True)
            agenda = await self.call(s, "get_agenda", {"from": "2026-11-24", "days": 1})
            removed = await self.call(s, "remove_calendar", {"name": "Home"})
            return templates, made, copied, saved, taken, gone, added, twice, agenda, removed

        templates, made, copied, saved, taken, gone, added, twice, agenda, removed = self.session(scenario)
        self.assertEqual([t["title"] for t in copied["tasks"]], ["Lisbon", "Book flights for Lisbon"])
        self.assertNotEqual(copied["tasks"][0]["id"], made["tasks"][0]["id"])
        self.assertEqual(copied["tasks"][1]["parent_id"], copied["tasks"][0]["id"])
        self.assertEqual(copied["tasks"][0]["source"], "test-agent", "the copy is the agent's")
        self.assertEqual(templates["templates"], [{"name": "trip", "title": "Plan the trip", "tasks": 2, "project": True,
                                                   "needs_title": False}])
        self.assertEqual(saved, {"name": "lisbon", "title": "Lisbon", "tasks": 2, "project": True, "needs_title": False})
        self.assertIn("a template of that name exists", taken)
        self.assertEqual(gone, {"trashed_to": ".trash/Templates/lisbon"})
        with open(os.path.join(self.vault, ".trash", "Templates", "lisbon", "book-flights-for-lisbon.md"), encoding="utf-8") as f:
            self.assertEqual(f.read(), '---\ntitle: "Book flights for Lisbon"\nparent: "lisbon"\n---\n')
        self.assertEqual([t["title"] for t in made["tasks"]], ["Lisbon", "Book flights for Lisbon"])
        self.assertEqual(made["tasks"][1]["parent"], made["tasks"][0]["id"])
        self.assertEqual(made["tasks"][0]["due"], "2026-12-05")
        self.assertEqual([(c["name"], c["events"], c["error"]) for c in added["calendars"]], [("Home", 1, None)])
        self.assertIn("name", twice)
        self.assertEqual([e["title"] for e in agenda["days"][0]["events"]], ["Holiday"])
        self.assertEqual(removed["calendars"], [])

    def test_a_bad_field_is_an_error_the_agent_can_read_and_nothing_is_written(self):
        async def scenario(s):
            return await self.call(s, "add_task", {"title": "X", "priority": "urgent"}, error=True)

        message = self.session(scenario)
        self.assertIn("priority", message)
        self.assertIn("none, low, medium, high", message)
        self.assertEqual([n for n in os.listdir(self.vault) if n.endswith(".md")], [])

    def test_get_tasks_overdue_and_search_return_listings(self):
        self.write("today.md", task_file("Pay rent", 'scheduled: "2026-11-21"\narea: "Home"\n'))
        self.write("late.md", task_file("File taxes", 'due: "2026-11-19"\narea: "Home"\n'))
        self.write("later.md", task_file("Book flights", 'due: "2026-12-10"\narea: "Travel"\n'))
        self.write("teeth.md", task_file("Call the clinic", body="Ask about the dentist appointment.\n"))

        async def scenario(s):
            return (await self.call(s, "get_tasks", {"view": "today"}),
                    await self.call(s, "get_tasks", {"area": "Home"}),
                    await self.call(s, "get_overdue_tasks"),
                    await self.call(s, "search_tasks", {"query": "DENTIST"}),
                    await self.call(s, "get_tasks", {"view": "nowhere"}, error=True),
                    await self.call(s, "get_tasks", {"view": "today", "limit": 1}),
                    await self.call(s, "get_tasks", {"view": "today", "limit": 0}, error=True))

        today, home, overdue, search, bad, first, zero = self.session(scenario)
        self.assertEqual(today["view"], "today")
        self.assertIn("today.md", self.ids(today))
        self.assertIn("late.md", self.ids(today))  # overdue tasks show in Today (§6)
        self.assertNotIn("later.md", self.ids(today))
        self.assertEqual(home["view"], "area:Home")
        self.assertEqual(sorted(self.ids(home)), ["late.md", "today.md"])
        self.assertEqual(overdue["view"], "overdue")
        self.assertEqual(self.ids(overdue), ["late.md"])
        self.assertEqual(search["view"], "search")
        self.assertEqual(self.ids(search), ["teeth.md"])
        self.assertIn("not a view", bad)
        # `limit`: the listing's first task, and how many it has.
        self.assertEqual(self.ids(first), self.ids(today)[:1])
        self.assertEqual(first["total"], len(self.ids(today)))
        self.assertNotIn("total", today)
        self.assertIn("limit", zero)

    def test_update_task_sets_fields_and_null_clears_them(self):
        self.write("report.md", task_file("Quarterly report", 'due: "2026-11-30"\npriority: "low"\n'))

        async def scenario(s):
            changed = await self.call(s, "update_task", {"task": "report.md", "due": "friday",
                                                         "priority": "high", "tags": "work, q4"})
            after_change = self.read("report.md")
            cleared = await self.call(s, "update_task", {"task": "Quarterly", "due": None, "tags": None})
            return changed, after_change, cleared

        changed, after_change, cleared = self.session(scenario)
        self.assertEqual(changed["due"], "2026-11-27")
        self.assertEqual(changed["priority"], "high")
        self.assertEqual(changed["tags"], ["work", "q4"])
        self.assertIn('due: "2026-11-27"\n', after_change)
        self.assertIsNone(cleared["due"])
        self.assertEqual(cleared["tags"], [])
        text = self.read("report.md")
        self.assertNotIn("due:", text)
        self.assertIn('priority: "high"\n', text)

    def test_an_agent_sets_reminders_and_nagging(self):
        """§24: reminders in ISO form (short forms accepted), TaskNotes' objects kept, nag fields."""
        self.write("call.md", task_file("Call mom", 'due: "2026-11-24T15:00"\n'))

        async def scenario(s):
            changed = await self.call(s, "update_task", {
                "task": "call.md", "nag": True, "nag_interval": 10,
                "reminders": ["-15m", {"id": "rem_1", "type": "relative", "relatedTo": "due", "offset": "-P1D"}]})
            refused = await self.call(s, "update_task", {"task": "call.md", "reminders": ["soon"]}, error=True)
            return changed, refused

        changed, refused = self.session(scenario)
        self.assertEqual(changed["reminders"], ["-PT15M", {"id": "rem_1", "type": "relative", "relatedTo": "due", "offset": "-P1D"}])
        self.assertEqual((changed["nag"], changed["nag_interval"]), (True, 10))
        self.assertIn("reminder", refused)
        # The object is written back as a mapping (MCP hands its keys over in its own order).
        text = self.read("call.md")
        self.assertIn('reminders:\n  - "-PT15M"\n  - {id: "rem_1", ', text)
        self.assertIn('offset: "-P1D"', text)
        self.assertIn("nag: true\nnag_interval: 10\n", text)

    def test_an_agent_tracks_time(self):
        """§27: start_timer (one timer per vault), stop_timer, time_report, time_entries by update_task."""
        self.write("report.md", task_file("Write report", 'project: "Q4"\n'))
        self.write("mail.md", task_file("Answer mail", 'area: "Work"\n'))

        async def scenario(s):
            started = await self.call(s, "start_timer", {"task": "report", "note": "draft"})
            switched = await self.call(s, "start_timer", {"task": "mail.md"})
            stopped = await self.call(s, "stop_timer")
            none = await self.call(s, "stop_timer")
            logged = await self.call(s, "update_task", {"task": "report.md", "time_entries": [
                {"start": "2026-11-20T07:00:00Z", "end": "2026-11-20T08:30:00Z", "note": "research"}]})
            refused = await self.call(s, "update_task", {"task": "report.md", "time_entries": [{"start": "soon"}]},
                                      error=True)
            report = await self.call(s, "time_report", {"by": "day"})
            by_project = await self.call(s, "time_report", {"from": "2026-11-20", "to": "2026-11-21"})
            bad = await self.call(s, "time_report", {"by": "week"}, error=True)
            return started, switched, stopped, none, logged, refused, report, by_project, bad

        started, switched, stopped, none, logged, refused, report, by_project, bad = self.session(scenario)
        self.assertEqual(started["timer"]["task"]["id"], "report.md")
        self.assertEqual((started["timer"]["start"], started["timer"]["note"]), ("2026-11-21T08:00:00Z", "draft"))
        self.assertEqual(started["stopped"], [])
        self.assertEqual([t["id"] for t in switched["stopped"]], ["report.md"])
        self.assertEqual([t["id"] for t in stopped["stopped"]], ["mail.md"])
        self.assertEqual(stopped["stopped"][0]["time_entries"],
                         [{"start": "2026-11-21T08:00:00Z", "end": "2026-11-21T08:00:00Z", "note": None}])
        self.assertEqual(none, {"stopped": []})
        self.assertEqual(logged["time_spent_minutes"], 90)
        self.assertIn("time entry", refused)
        self.assertEqual(report, {"from": "2026-11-15", "to": "2026-11-21", "by": "day",
                                  "rows": [{"key": "2026-11-20", "minutes": 90}], "total_minutes": 90})
        self.assertEqual(by_project["rows"], [{"key": "Q4", "minutes": 90}])
        self.assertIn("by", bad)
        self.assertIn('time_entries:\n  - {start: "2026-11-20T07:00:00Z", end: "2026-11-20T08:30:00Z", note: "research"}\n',
                      self.read("report.md"))

    def test_complete_task_by_fuzzy_title(self):
        self.write("groceries.md", task_file("Buy groceries for the week"))

        async def scenario(s):
            return await self.call(s, "complete_task", {"task": "GROCERIES"})

        done = self.session(scenario)
        self.assertEqual(done["id"], "groceries.md")
        self.assertEqual(done["status"], "done")
        self.assertEqual(done["completed"], "2026-11-21T08:00:00Z")
        self.assertIn('status: "done"\n', self.read("groceries.md"))

    def test_an_ambiguous_or_unknown_task_changes_nothing_and_lists_the_candidates(self):
        self.write("alice.md", task_file("Call Alice"))
        self.write("bob.md", task_file("Call Bob"))
        before = {n: self.read(n) for n in ["alice.md", "bob.md"]}

        async def scenario(s):
            result = await s.call_tool("complete_task", {"task": "call"})
            missing = await self.call(s, "complete_task", {"task": "walk the dog"}, error=True)
            return result, missing

        result, missing = self.session(scenario)
        self.assertTrue(field(result, "is_error", "isError"))
        text = text_of(result)
        for expected in ["alice.md", "Call Alice", "bob.md", "Call Bob"]:
            self.assertIn(expected, text)
        structured = field(result, "structured_content", "structuredContent")
        self.assertEqual(structured["candidates"], [{"id": "alice.md", "title": "Call Alice"},
                                                    {"id": "bob.md", "title": "Call Bob"}])
        self.assertIn("No task matches `walk the dog`", missing)
        self.assertEqual({n: self.read(n) for n in before}, before)

    def test_list_perspectives(self):
        async def scenario(s):
            return await self.call(s, "list_perspectives")

        perspectives = self.session(scenario)["perspectives"]
        ids = [p["id"] for p in perspectives]
        self.assertEqual(ids[:3], ["inbox", "today", "upcoming"])
        self.assertTrue(all(p["built_in"] for p in perspectives))

    def test_an_agent_breaks_a_trip_into_subtasks_and_reads_deletes_skips(self):
        self.write("trip.md", task_file("Plan the trip", 'project: "Travel"\n'))
        self.write("water.md", task_file("Water plants", 'due: "2026-11-21"\nrecurrence: "FREQ=WEEKLY"\n',
                                         body="- [ ] balcony\n- [ ] kitchen\n"))

        async def scenario(s):
            kid = await self.call(s, "add_task", {"title": "Book flights", "parent": "Plan the trip"})
            trip = await self.call(s, "get_task", {"task": "trip.md"})
            refused = await self.call(s, "complete_task", {"task": "trip.md"}, error=True)
            projects = await self.call(s, "list_projects")
            checked = await self.call(s, "check_item", {"task": "water.md", "item": 2})
            skipped = await self.call(s, "skip_task", {"task": "water.md"})
            kept = await self.call(s, "delete_task", {"task": "trip.md", "keep_subtasks": True})
            trash = await self.call(s, "get_trash")
            restored = await self.call(s, "restore_tasks", {"deleted": kept["deleted"]})
            return kid, trip, refused, projects, checked, skipped, kept, trash, restored

        kid, trip, refused, projects, checked, skipped, kept, trash, restored = self.session(scenario)
        self.assertEqual(kid["parent_id"], "trip.md")
        self.assertEqual(trip["children"], [kid["id"]])
        self.assertEqual(trip["progress"], {"done": 0, "total": 1})
        self.assertIn("open subtask", refused)
        self.assertEqual(projects, {"projects": [{"name": "Travel", "area": None, "count": 1, "sequential": False}]})
        self.assertEqual(checked["checklist"], {"done": 1, "total": 2})
        self.assertEqual(skipped["task"]["status"], "cancelled")
        self.assertEqual(skipped["next"]["due"], "2026-11-28")
        self.assertEqual(kept, {"id": "trip.md", "trashed_to": ".trash/trip.md",
                                "deleted": [{"id": "trip.md", "trashed_to": ".trash/trip.md", "kept_subtasks": [kid["id"]]}]})
        # The trash lists it with where it was and the server's (fixed) time.
        self.assertEqual(trash, {"trash": [{"trashed_to": ".trash/trip.md", "kind": "task", "id": "trip.md", "title": "Plan the trip",
                                            "status": "todo", "readable": True, "deleted": "2026-11-21T08:00:00Z"}]})
        # The agent's undo: the file is back where it was, and the subtask it kept is its subtask again.
        self.assertEqual([t["id"] for t in restored["tasks"]], ["trip.md"])
        self.assertTrue(os.path.exists(os.path.join(self.vault, "trip.md")))
        self.assertIn('parent: "trip.md"', self.read(kid["id"]))

    def test_an_agent_keeps_notes_and_makes_a_task_from_a_line(self):
        async def scenario(s):
            note = await self.call(s, "create_note", {"title": "Trip ideas", "body": "Places to see.\n"})
            appended = await self.call(s, "append_to_note", {"note": "Trip ideas", "line": "Book the museum friday"})
            bad = await self.call(s, "append_to_note", {"note": "Trip ideas", "line": "two\nlines"}, error=True)
            task = await self.call(s, "task_from_note_line", {"note": note["id"], "line": 2})
            read = await self.call(s, "read_note", {"note": "Trip"})
            listed = await self.call(s, "list_notes")
            return note, appended, bad, task, read, listed

        note, appended, bad, task, read, listed = self.session(scenario)
        self.assertEqual(appended["body"], "Places to see.\nBook the museum friday\n")
        self.assertIn("without line breaks", bad)
        self.assertEqual(task["title"], "Book the museum friday")
        self.assertEqual(task["note_line"], 2)
        self.assertEqual([t["id"] for t in read["tasks"]], [task["id"]])
        self.assertEqual([n["title"] for n in listed["notes"]], ["Trip ideas"])
        # The note's line links to the task (§15).
        self.assertIn("Book the museum friday [[", self.read(note["path"]))

    def test_an_agent_saves_a_perspective_and_reorders_tasks(self):
        self.write("a.md", task_file("Alpha", 'area: "Work"\npriority: "high"\n', created="2026-11-01T10:00:00Z"))
        self.write("b.md", task_file("Beta", 'area: "Work"\n', created="2026-11-01T11:00:00Z"))

        async def scenario(s):
            created = await self.call(s, "create_perspective", {
                "name": "Urgent work", "rules": {"operator": "AND", "conditions": [
                    {"field": "area", "op": "equals", "value": "Work"},
                    {"field": "priority", "op": "equals", "value": "high"}]}})
            listed = await self.call(s, "get_tasks", {"perspective": created["id"]})
            moved = await self.call(s, "move_task", {"task": "b.md", "view": "area:Work", "before": "a.md"})
            work = await self.call(s, "get_tasks", {"view": "area:Work"})
            deleted = await self.call(s, "delete_perspective", {"id": created["id"]})
            return created, listed, moved, work, deleted

        created, listed, moved, work, deleted = self.session(scenario)
        self.assertEqual(created["name"], "Urgent work")
        self.assertEqual(self.ids(listed), ["a.md"])
        self.assertEqual(moved["before"], "a.md")
        self.assertEqual(self.ids(work), ["b.md", "a.md"])
        self.assertEqual(deleted, {"deleted": created["id"]})
        self.assertNotIn(created["id"], self.read(".perspectives.json"))

    def test_an_agent_undoes_a_completion_reschedules_and_manages_notes(self):
        self.write("water.md", task_file("Water plants", 'due: "2026-11-21"\nrecurrence: "FREQ=WEEKLY"\n'))
        self.write("late.md", task_file("Pay the bill", 'due: "2026-11-18"\n'))

        async def scenario(s):
            done = await self.call(s, "complete_task", {"task": "water.md"})
            undone = await self.call(s, "undo_complete", {"task": done["id"], "undo": done["undo"]})
            moved = await self.call(s, "reschedule_overdue", {"date": "tomorrow"})
            note = await self.call(s, "create_note", {"title": "Ideas"})
            edited = await self.call(s, "edit_note", {"note": note["id"], "title": "Better ideas", "body": "One.\n"})
            pinned = await self.call(s, "pin_note", {"note": note["id"], "pinned": True})
            trashed = await self.call(s, "delete_note", {"note": note["id"]})
            back = await self.call(s, "restore_notes", {"deleted": trashed["deleted"]})
            trashed = await self.call(s, "delete_note", {"note": note["id"]})
            persp = await self.call(s, "create_perspective", {"name": "High", "rules": {"operator": "AND", "conditions": [
                {"field": "priority", "op": "equals", "value": "high"}]}})
            changed = await self.call(s, "update_perspective", {"id": persp["id"], "name": "Low", "rules": {
                "operator": "AND", "conditions": [{"field": "priority", "op": "equals", "value": "low"}]}})
            return done, undone, moved, edited, pinned, trashed, back, changed

        done, undone, moved, edited, pinned, trashed, back, changed = self.session(scenario)
        self.assertEqual(done["status"], "done")
        self.assertEqual(undone["task"]["status"], "todo")
        self.assertEqual(undone["task"]["recurrence"], "FREQ=WEEKLY")
        self.assertIsNotNone(undone["next_removed"])
        self.assertEqual([t["id"] for t in moved["tasks"]], ["late.md"])
        self.assertEqual(moved["tasks"][0]["due"], "2026-11-22")
        self.assertEqual((edited["title"], edited["body"]), ("Better ideas", "One.\n"))
        self.assertTrue(pinned["pinned"])
        self.assertTrue(trashed["trashed_to"].startswith(".trash/Notes/"))
        # Undone once, with what the delete answered: the note was back under its id.
        self.assertEqual(back, {"notes": [{"id": trashed["deleted"][0]["id"], "title": "Better ideas"}]})
        self.assertEqual(changed["name"], "Low")

    def test_an_agent_manages_tag_categories(self):
        self.write("a.md", task_file("Fix the shelf", 'tags:\n  - house\n'))

        async def scenario(s):
            made = await self.call(s, "set_category", {"tag": "house", "name": "Home", "icon": "🏠"})
            changed = await self.call(s, "set_category", {"tag": "house", "color": "#336699"})
            listed = await self.call(s, "list_categories")
            removed = await self.call(s, "remove_category", {"tag": "house"})
            after = await self.call(s, "list_categories")
            return made, changed, listed, removed, after

        made, changed, listed, removed, after = self.session(scenario)
        self.assertEqual((made["name"], made["icon"]), ("Home", "🏠"))
        self.assertEqual(changed["color"], "#336699")
        self.assertEqual([c["tag"] for c in listed["categories"]], ["house"])
        self.assertEqual(removed, {"removed": "house"})
        self.assertEqual(after["categories"], [])
        self.assertIn("house", self.read("a.md"))

    def test_an_agent_plans_into_buckets_reviews_reorders_and_sets_the_theme(self):
        self.write("a.md", task_file("Alpha", 'project: "One"\n'))
        self.write("b.md", task_file("Beta", 'project: "Two"\n'))

        async def scenario(s):
            first = await self.call(s, "plan_add", {"text": "Write the report", "region": "morning", "bucket": "misc"})
            second = await self.call(s, "plan_add", {"title": "Call the bank", "region": "morning", "bucket": "misc"})
            await self.call(s, "reorder", {"kind": "planned", "item": second["id"], "before": first["id"]})
            board = await self.call(s, "plan_day", {})
            review = await self.call(s, "plan_review")
            await self.call(s, "reorder", {"kind": "projects", "order": ["Two", "One"]})
            projects = await self.call(s, "list_projects")
            bad = await self.call(s, "reorder", {"kind": "nothing"}, error=True)
            theme = await self.call(s, "set_theme", {"preset": "ink", "overrides": {"accent": "#123456"}})
            return first, board, review, projects, bad, theme

        first, board, review, projects, bad, theme = self.session(scenario)
        self.assertEqual((first["region"], first["bucket"], first["plan_date"]), ("morning", "misc", "2026-11-21"))
        self.assertEqual([t["title"] for t in board["regions"][0]["misc"]], ["Call the bank", "Write the report"])
        self.assertEqual(review["total"], 2)
        self.assertEqual([p["name"] for p in projects["projects"]], ["Two", "One"])
        self.assertIn("planned, perspective, category or projects", bad)
        self.assertEqual(theme["preset"], "ink")
        self.assertIn("#123456", self.read(".theme.json"))

    def test_plan_day_fills_the_board_and_refuses_a_fourth_complementary(self):
        for n in range(1, 6):
            self.write(f"t{n}.md", task_file(f"Task {n}", created=f"2026-11-01T10:0{n}:00Z"))

        async def scenario(s):
            board = await self.call(s, "plan_day", {"tasks": [
                {"task": "t1.md", "region": "morning", "bucket": "must"},
                {"task": "Task 2", "region": "morning", "bucket": "complementary"},
                {"task": "t3.md", "region": "morning", "bucket": "complementary"},
                {"task": "t4.md", "region": "morning", "bucket": "complementary"},
            ]})
            refused = await self.call(s, "plan_day", {"tasks": [
                {"task": "t5.md", "region": "morning", "bucket": "complementary"}]}, error=True)
            read = await self.call(s, "plan_day", {"date": "2026-11-21"})
            unplanned = await self.call(s, "unplan_task", {"task": "t4.md"})
            return board, refused, read, unplanned

        before = self.read("t5.md")
        board, refused, read, unplanned = self.session(scenario)
        self.assertEqual((unplanned["region"], unplanned["bucket"], unplanned["plan_date"]), ("backlog", "none", None))
        self.assertEqual(board["date"], "2026-11-21")
        morning = board["regions"][0]
        self.assertEqual(morning["region"], "morning")
        self.assertEqual([t["id"] for t in morning["must"]], ["t1.md"])
        self.assertEqual([t["id"] for t in morning["complementary"]], ["t2.md", "t3.md", "t4.md"])
        self.assertEqual(morning["counts"], {"must": 1, "complementary": 3, "misc": 0})
        self.assertEqual(board["total"], 4)
        self.assertEqual(board["done"], 0)
        self.assertIn(FULL, refused)
        self.assertEqual(self.read("t5.md"), before)
        self.assertEqual(read, board)
        text = self.read("t2.md")
        for expected in ['region: "morning"\n', 'bucket: "complementary"\n', 'plan_date: "2026-11-21"\n']:
            self.assertIn(expected, text)


class OneShotTests(MCPTestCase):
    def test_requests_written_just_before_stdin_closes_are_answered(self):
        """A script pipes its requests and closes stdin at once (`printf … | todomd mcp`): every
        request is answered before the server stops (the SDK used to stop at the end of input,
        losing the answers still being worked out)."""
        self.write("milk.md", task_file("Buy milk"))
        env = {"TODOMD_NOW": "2026-11-21T09:00:00", "TZ": "Europe/Berlin", "NO_COLOR": "1",
               "XDG_CACHE_HOME": os.path.join(self.tmp, "cache"), "HOME": self.tmp,
               "PATH": os.environ.get("PATH", "")}
        lines = [
            {"jsonrpc": "2.0", "id": 1, "method": "initialize",
             "params": {"protocolVersion": "2025-03-26", "capabilities": {},
                        "clientInfo": {"name": "a-script", "version": "1"}}},
            {"jsonrpc": "2.0", "method": "notifications/initialized"},
            {"jsonrpc": "2.0", "id": "inbox", "method": "tools/call",
             "params": {"name": "get_tasks", "arguments": {"view": "inbox"}}},
            {"jsonrpc": "2.0", "id": 3, "method": "tools/call",
             "params": {"name": "add_task", "arguments": {"text": "Call the bank friday"}}},
        ]
        stdin = "".join(json.dumps(line) + "\n" for line in lines)
        for attempt in range(3):  # losing them was a race: it lost the last answers most times
            done = subprocess.run([BIN, "--vault", self.vault, "mcp"], input=stdin, env=env, capture_output=True,
                                  text=True, timeout=60)
            self.assertEqual(done.returncode, 0, done.stderr)
            answers = {a["id"]: a for a in map(json.loads, done.stdout.splitlines())}
            self.assertEqual(sorted(answers, key=str), [1, 3, "inbox"], f"attempt {attempt}: {done.stdout}")
            inbox = json.loads(answers["inbox"]["result"]["content"][0]["text"])
            self.assertIn("milk.md", self.ids(inbox))
            added = json.loads(answers[3]["result"]["content"][0]["text"])
            self.assertEqual(added["source"], "a-script")
            self.assertIn('source: "a-script"', self.read(added["id"]))


class PermissionTests(MCPTestCase):
    def test_a_create_only_source_may_read_and_create_but_not_complete(self):
        self.write(".todomd/config.json", '{"sources": {"claude-agent": {"allow": ["create"]}}}\n')
        self.write("milk.md", task_file("Buy milk"))
        before = self.read("milk.md")

        async def scenario(s):
            refused = await self.call(s, "complete_task", {"task": "milk.md"}, error=True)
            update = await self.call(s, "update_task", {"task": "milk.md", "flagged": True}, error=True)
            plan = await self.call(s, "plan_day", {"tasks": [
                {"task": "milk.md", "region": "evening", "bucket": "misc"}]}, error=True)
            added = await self.call(s, "add_task", {"text": "Call plumber friday"})
            listed = await self.call(s, "get_tasks", {"view": "all"})
            return refused, update, plan, added, listed

        refused, update, plan, added, listed = self.session(scenario, client="some-client", source="claude-agent")
        self.assertIn("`claude-agent` may not complete tasks", refused)
        self.assertIn("allows it: read, create", refused)
        self.assertIn("may not change tasks", update)
        self.assertIn("may not plan the day", plan)
        self.assertEqual(self.read("milk.md"), before)
        self.assertEqual(added["source"], "claude-agent")
        self.assertEqual(added["due"], "2026-11-27")
        self.assertIn('source: "claude-agent"\n', self.read(added["id"]))
        self.assertIn("milk.md", self.ids(listed))

    def test_other_sources_keep_every_permission(self):
        self.write(".todomd/config.json", '{"sources": {"claude-agent": {"allow": ["create"]}}}\n')
        self.write("milk.md", task_file("Buy milk"))

        async def scenario(s):
            return await self.call(s, "complete_task", {"task": "milk"})

        self.assertEqual(self.session(scenario, client="another-agent")["status"], "done")


class ResourceAndPromptTests(MCPTestCase):
    def session_with_notifications(self, scenario):
        """Like `session`, collecting the server's notifications in a list passed to `scenario`."""
        args = ["--vault", self.vault, "mcp"]
        env = {"TODOMD_NOW": "2026-11-21T09:00:00", "TZ": "Europe/Berlin", "NO_COLOR": "1",
               "XDG_CACHE_HOME": os.path.join(self.tmp, "cache"), "HOME": self.tmp, "PATH": os.environ.get("PATH", "")}
        seen = []

        async def handler(message):
            root = getattr(message, "root", message)
            method = getattr(root, "method", None)
            if method:
                seen.append((method, getattr(getattr(root, "params", None), "uri", None)))

        async def run():
            params = StdioServerParameters(command=BIN, args=args, env=env)
            async with stdio_client(params) as (read, write):
                async with ClientSession(read, write, message_handler=handler,
                                         client_info=Implementation(name="test-agent", version="1.0")) as session:
                    await session.initialize()
                    return await asyncio.wait_for(scenario(session, seen), timeout=60)

        return asyncio.run(run())

    def test_views_and_tasks_are_resources_that_notify_on_change(self):
        self.write("milk.md", task_file("Buy milk", 'due: "2026-11-21"\n'))

        async def scenario(s, seen):
            listed = await s.list_resources()
            templates = await s.list_resource_templates()
            today = await s.read_resource("todomd://view/today")
            task = await s.read_resource("todomd://task/milk.md")
            await s.subscribe_resource("todomd://view/today")
            await s.subscribe_resource("todomd://task/milk.md")
            # Another program changes the task: both subscriptions hear of it.
            self.write("milk.md", task_file("Buy oat milk", 'due: "2026-11-21"\n'))
            for _ in range(60):
                if {u for m, u in seen if m == "notifications/resources/updated"} >= {"todomd://view/today", "todomd://task/milk.md"}:
                    break
                await asyncio.sleep(0.1)
            return listed, templates, today, task, list(seen)

        listed, templates, today, task, seen = self.session_with_notifications(scenario)
        uris = [str(r.uri) for r in listed.resources]
        self.assertIn("todomd://view/today", uris)
        self.assertIn("todomd://view/logbook", uris)
        self.assertEqual([field(t, "uri_template", "uriTemplate") for t in field(templates, "resource_templates", "resourceTemplates")],
                         ["todomd://task/{id}"])
        self.assertEqual(self.ids(json.loads(today.contents[0].text)), ["milk.md"])
        self.assertEqual(json.loads(task.contents[0].text)["title"], "Buy milk")
        updated = {u for m, u in seen if m == "notifications/resources/updated"}
        self.assertEqual(updated, {"todomd://view/today", "todomd://task/milk.md"}, seen)

    def test_prompts_embed_the_vaults_data(self):
        self.write("milk.md", task_file("Buy milk", 'due: "2026-11-19"\npriority: "high"\n'))
        self.write("essay.md", task_file("Draft the essay", 'project: "Essay"\ndefer: "2026-12-01"\n'))
        self.write("done.md", '---\ntitle: "Filed taxes"\nstatus: "done"\ncompleted: "2026-11-20T10:00:00Z"\n'
                   'created: "2026-11-01T10:00:00Z"\nsource: "user"\n---\n')

        async def scenario(s, seen):
            names = [p.name for p in (await s.list_prompts()).prompts]
            daily = await s.get_prompt("daily_plan", {})
            weekly = await s.get_prompt("weekly_review", {})
            return names, daily, weekly

        names, daily, weekly = self.session_with_notifications(scenario)
        self.assertEqual(names, ["daily_plan", "weekly_review"])
        daily_text = daily.messages[0].content.text
        self.assertIn("## Overdue (1)", daily_text)
        self.assertIn("Buy milk [milk.md] · due 2026-11-19 · high", daily_text)
        weekly_text = weekly.messages[0].content.text
        self.assertIn("Filed taxes [done.md]", weekly_text)
        self.assertIn("- Essay (1 open)", weekly_text)


class HTTPTransportTests(MCPTestCase):
    """`todomd serve` also speaks MCP over Streamable HTTP at /mcp, behind its token."""

    TOKEN = "an-http-test-token-0123"

    def serve(self):
        env = {"TODOMD_NOW": "2026-11-21T09:00:00", "TZ": "Europe/Berlin", "NO_COLOR": "1",
               "XDG_CACHE_HOME": os.path.join(self.tmp, "cache"), "HOME": self.tmp, "PATH": os.environ.get("PATH", "")}
        proc = subprocess.Popen([BIN, "--vault", self.vault, "serve", "--port", "0", "--token", self.TOKEN, "--poll"],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
        self.addCleanup(lambda: (proc.terminate(), proc.communicate(timeout=10)))
        line = proc.stdout.readline()
        self.assertIn("todo.md is serving", line)
        return line.split(" at ")[1].split("?")[0].strip().rstrip("/")

    def test_an_agent_on_another_machine_uses_the_tools_over_http(self):
        from mcp.client.streamable_http import create_mcp_http_client, streamable_http_client
        self.write("milk.md", task_file("Buy milk", 'due: "2026-11-21"\n'))
        base = self.serve()

        async def scenario(headers):
            async with create_mcp_http_client(headers=headers) as http:
                async with streamable_http_client(base + "/mcp", http_client=http) as (read, write):
                    async with ClientSession(read, write, client_info=Implementation(name="remote-agent", version="1")) as s:
                        await s.initialize()
                        tools = [t.name for t in (await s.list_tools()).tools]
                        added = json.loads(text_of(await s.call_tool("add_task", {"text": "Call the bank friday"})))
                        today = json.loads((await s.read_resource("todomd://view/today")).contents[0].text)
                        return tools, added, today

        tools, added, today = asyncio.run(asyncio.wait_for(scenario({"Authorization": "Bearer " + self.TOKEN}), 60))
        self.assertIn("get_task", tools)
        self.assertEqual(added["source"], "remote-agent")
        self.assertEqual(added["due"], "2026-11-27")
        self.assertIn('source: "remote-agent"', self.read(added["id"]))
        self.assertEqual(self.ids(today), ["milk.md"])

        # Without the token nothing is served.
        import urllib.error
        import urllib.request
        request = urllib.request.Request(base + "/mcp", method="POST", data=b'{"jsonrpc":"2.0","id":1,"method":"ping"}',
                                         headers={"Content-Type": "application/json",
                                                  "Accept": "application/json, text/event-stream"})
        with self.assertRaises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(request, timeout=10)
        self.assertEqual(refused.exception.code, 401)


if __name__ == "__main__":
    unittest.main(verbosity=2)
