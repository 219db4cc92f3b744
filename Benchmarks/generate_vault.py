#!/usr/bin/env python3
"""Generate a realistic, deterministic todo.md vault for benchmarks.

    generate_vault.py N OUTDIR [--seed S] [--nested FRACTION]

Writes N task files (SPEC §3 format, §4 filenames) into OUTDIR. The same N and seed always
produce byte-identical files with identical paths and modification times (mtime = the task's
`modified`), so index timings are comparable between runs and machines.

Mix: mostly `todo`, some `in-progress`/`done`/`cancelled`/`someday`; dates around "today"
(2026-11-21: overdue, due today, upcoming, deferred, scheduled); priorities, flags, ~15 areas,
~60 projects, tags, estimates, descriptions, bodies of 0-2 KB, a few planner fields, some
unknown keys, and a few files written by "other tools" (minimal frontmatter, §21; Obsidian-style
plain scalars). About 20 % of the files sit in subfolders (Work/, Personal/Home/, Archive/, ...).

Python 3 standard library only.
"""

import argparse
import datetime as dt
import os
import random
import sys
import unicodedata

TODAY = dt.date(2026, 11, 21)
# "now" of the benchmarks is 2026-11-21T09:00 Europe/Berlin = 08:00Z; nothing is created after it.
NOW = dt.datetime(2026, 11, 21, 8, 0, 0, tzinfo=dt.timezone.utc)
EARLIEST = dt.datetime(2025, 1, 1, 0, 0, 0, tzinfo=dt.timezone.utc)

# ---------------------------------------------------------------------------------------------
# Vocabulary

AREAS = [
    "Work", "Personal", "Home", "Health", "Finance", "Family", "Learning", "Side Projects",
    "Travel", "Errands", "Garden", "Community", "Admin", "Fitness", "Café Société",
]

# ~60 projects, each with the area most of its tasks carry.
PROJECTS = {
    "Work": ["Q4 Planning", "Website Redesign", "Hiring: Backend", "Client: Acme Corp", "Client: Globex",
             "Onboarding Docs", "Budget 2027", "Security Audit", "Mobile App v2", "Customer Interviews",
             "Data Migration", "Conference Talk"],
    "Personal": ["Meal Prep", "Digital Declutter", "Birthday Party", "Photo Archive", "Journal"],
    "Home": ["Kitchen Renovation", "Move Out", "Bathroom Tiles", "Smart Home", "Spring Cleaning"],
    "Health": ["Dentist", "Physio Plan", "Sleep Better"],
    "Finance": ["Taxes 2026", "Retirement Plan", "Insurance Review", "Budget Tracker"],
    "Family": ["School Stuff", "Holiday Plans", "Grandma's 90th"],
    "Learning": ["Learn Rust", "Spanish B1", "Piano", "Read 24 Books", "Machine Learning Course"],
    "Side Projects": ["Blog", "todo.md Plugin", "Podcast", "Etsy Shop", "Open Source"],
    "Travel": ["Japan Trip", "Weekend in Lisbon", "Camping Gear"],
    "Errands": ["Groceries", "Returns"],
    "Garden": ["Vegetable Beds", "Greenhouse"],
    "Community": ["Neighborhood Council", "Food Bank", "Run Club"],
    "Admin": ["Passport Renewal", "Car Registration"],
    "Fitness": ["Marathon 2027", "Strength Program"],
    "Café Société": ["Menu Überarbeitung", "Événement de Noël"],
}
PROJECT_LIST = [(area, p) for area in AREAS for p in PROJECTS[area]]

TAGS = [
    "errands", "food", "phone", "email", "computer", "deep-work", "quick", "waiting", "home",
    "office", "meeting", "reading", "writing", "review", "urgent", "someday-maybe", "health",
    "money", "family", "kids", "garden", "travel", "car", "shopping", "admin", "learning",
    "music", "fitness", "low-energy", "high-energy", "weekend", "Q4", "2026", "client", "bug",
    "idea", "research", "follow-up", "draft", "résumé",
]

PEOPLE = ["Alice", "Bob", "Carmen", "Dmitri", "Emeka", "Fatima", "Grace", "Hiro", "Ingrid",
          "José", "Kai", "Lena", "Mateo", "Noor", "Olga", "Priya", "Quentin", "Rosa", "Sven", "Zoë",
          "the landlord", "the bank", "Mom", "Dad", "the plumber", "IT support", "the accountant"]
THINGS = ["the quarterly report", "the budget spreadsheet", "slides for Monday", "the contract",
          "pull request #%d", "invoice #%d", "the onboarding checklist", "the design mockups",
          "the travel itinerary", "the insurance claim", "the roadmap", "meeting notes",
          "the API docs", "the test plan", "the lease", "the newsletter", "issue #%d",
          "chapter %d", "the garden plan", "the packing list", "the grocery list", "the tax forms"]
ITEMS = ["milk", "eggs", "light bulbs", "a birthday card", "printer ink", "running shoes",
         "batteries", "coffee beans", "a new charger", "dog food", "sunscreen", "a plant pot",
         "stamps", "AA batteries", "olive oil", "a gift for %s", "tomato seeds", "HDMI cable"]
VERBS_THING = ["Review", "Finish", "Draft", "Update", "Send", "Print", "Sign", "Proofread",
               "Archive", "Share", "Rewrite", "Check", "Submit", "Polish", "Outline"]
TEMPLATES = [
    "{vt} {thing}", "{vt} {thing}", "{vt} {thing}", "Call {person}", "Call {person} about {thing}",
    "Email {person} re: {thing}", "Buy {item}", "Pick up {item}", "Schedule a meeting with {person}",
    "Fix the {broken}", "Book {booking}", "Pay {bill}", "Follow up with {person}",
    "Read \"{book}\"", "Plan {event}", "Clean the {room}", "Water the {plant}", "Renew {doc}",
    "Ask {person} about {thing}", "Research {topic}", "Prepare {thing} for {person}",
    "Task {n}", "{vt} {thing} (v{n})", "Try {topic} — {n} min", "Back up {device}",
]
BROKEN = ["leaky faucet", "login bug", "bike brakes", "garage door", "flaky test", "broken link on /about",
          "CI pipeline", "squeaky hinge", "wifi in the office", "date parser & formatter"]
BOOKINGS = ["flights to Tokyo", "a table for 6", "the dentist", "a haircut", "the car service",
            "a hotel in Lisbon", "the venue", "train tickets", "the vet"]
BILLS = ["the electricity bill", "rent", "the phone bill", "the gym membership", "parking fine",
         "the water bill", "the credit card"]
BOOKS = ["Deep Work", "The Pragmatic Programmer", "Dune", "Atomic Habits", "Thinking, Fast and Slow",
         "Cien años de soledad", "Der Zauberberg", "Project Hail Mary", "SICP"]
EVENTS = ["the team offsite", "Grandma's birthday", "the garage sale", "the sprint review",
          "Saturday's hike", "the book club", "the kids' playdate", "New Year's Eve"]
ROOMS = ["kitchen", "garage", "attic", "bathroom", "balcony", "home office", "basement"]
PLANTS = ["tomatoes", "orchids", "lawn", "herb box", "fig tree"]
DOCS = ["passport", "driver's license", "library card", "car insurance", "domain name", "SSL certificate"]
TOPICS = ["standing desks", "index funds", "sourdough", "SQLite FTS5", "heat pumps", "e-bikes",
          "Japanese grammar", "composting", "Swift concurrency", "noise-cancelling headphones"]
DEVICES = ["the laptop", "the phone", "the NAS", "family photos", "the password vault"]

WORDS = ("the a to and of in for on with at by from about this that it we need should before after "
         "check make sure call email review update draft send list notes idea plan meeting budget "
         "project client team follow up deadline weekend morning evening remember ask confirm order "
         "schedule write read fix test deploy release ship buy pick collect return clean prepare "
         "document agenda invoice receipt contract details numbers options price quote estimate "
         "design copy slides feedback question answer reminder link file folder backup password "
         "travel hotel flight train ticket passport garden water seeds soil kitchen groceries milk "
         "coffee tea bread cheese vegetables fruit dinner lunch breakfast gym run stretch sleep").split()

SENTENCE_ENDS = [".", ".", ".", "!", "?"]

SUBFOLDERS = ["Work", "Work/Clients", "Work/Meetings", "Personal", "Personal/Home", "Personal/Health",
              "Projects/Side", "Inbox", "Archive"]

UNKNOWN_KEYS = [
    ("energy", lambda r: r.choice(["low", "medium", "high"])),
    ("context", lambda r: r.choice(["@phone", "@computer", "@errands", "@home", "@office"])),
    ("uuid", lambda r: "%08x-%04x-4%03x-%04x-%012x" % (r.getrandbits(32), r.getrandbits(16), r.getrandbits(12),
                                                      0x8000 | r.getrandbits(14), r.getrandbits(48))),
    ("location", lambda r: r.choice(["Berlin", "Home office", "Café Einstein", "Room 4.12"])),
    ("effort", lambda r: r.choice([1, 2, 3, 5, 8, 13])),
    ("aliases", lambda r: [r.choice(["todo", "chore", "thing", "job"]), r.choice(["x", "y", "z"])]),
    ("reviewed", lambda r: r.choice([True, False])),
]

RRULES = ["FREQ=DAILY", "FREQ=WEEKLY", "FREQ=WEEKLY;BYDAY=MO", "FREQ=WEEKLY;BYDAY=SA",
          "FREQ=WEEKLY;BYDAY=MO,WE,FR", "FREQ=MONTHLY;BYMONTHDAY=1", "FREQ=MONTHLY;BYMONTHDAY=15",
          "FREQ=YEARLY", "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU", "FREQ=MONTHLY;COUNT=6"]

# ---------------------------------------------------------------------------------------------
# Helpers (mirroring the codec's canonical writer, TaskFileCodec.encodeNew)


def quoted(s):
    """A YAML double-quoted string, escaped as TaskFileCodec.quoted does."""
    out = ['"']
    for ch in s:
        v = ord(ch)
        if ch == '"':
            out.append('\\"')
        elif ch == "\\":
            out.append("\\\\")
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\r":
            out.append("\\r")
        elif ch == "\t":
            out.append("\\t")
        elif v < 0x20 or v == 0x7F or 0x80 <= v <= 0x9F or v in (0xFEFF, 0x2028, 0x2029):
            out.append("\\u%04X" % v)
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


RESERVED = {"true", "false", "yes", "no", "null", "on", "off", "y", "n"}


def list_item(s):
    """A tag as a list item: plain when an unambiguous word (as `- errands`), else quoted."""
    def safe(ch):
        if ("a" <= ch <= "z") or ("A" <= ch <= "Z") or ("0" <= ch <= "9") or ch in "-_/":
            return True
        return ord(ch) > 0x7F and ch.isalpha()
    plain = bool(s) and all(safe(c) for c in s)
    numeric = True
    try:
        float(s)
    except ValueError:
        numeric = False
    if plain and s.lower() not in RESERVED and not s.startswith("-") and not numeric:
        return s
    return quoted(s)


def json_compact(v):
    """JSONValue.compact() for the unknown-key values written by encodeNew."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, list):
        return "[" + ",".join(json_compact(x) for x in v) + "]"
    return quoted(v)


FOLD = {"ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "ł": "l", "đ": "d", "ð": "d", "þ": "th"}


def slug(title):
    """§4/§21 slug: lower-case, NFKD-folded ASCII letters/digits, other runs -> '-', cut to 60."""
    out = []
    pending = False
    for ch in unicodedata.normalize("NFKD", title.lower()):
        if ("a" <= ch <= "z") or ("0" <= ch <= "9"):
            mapped = ch
        elif ch in FOLD:
            mapped = FOLD[ch]
        elif unicodedata.category(ch) in ("Mn", "Mc", "Me"):
            continue
        else:
            pending = True
            continue
        if pending and out:
            out.append("-")
        pending = False
        out.append(mapped)
    s = "".join(out)
    if len(s) > 60:
        s = s[:60].rstrip("-")
    return s or "task"


def iso_z(t):
    return t.strftime("%Y-%m-%dT%H:%M:%SZ")


def stamp(t):
    return t.strftime("%Y%m%d-%H%M")


def rand_instant(r, lo, hi):
    span = int((hi - lo).total_seconds())
    return lo + dt.timedelta(seconds=r.randrange(max(1, span)))


def weighted(r, pairs):
    total = sum(w for _, w in pairs)
    x = r.random() * total
    for value, w in pairs:
        x -= w
        if x < 0:
            return value
    return pairs[-1][0]


def sentence(r, lo=5, hi=16):
    words = [r.choice(WORDS) for _ in range(r.randint(lo, hi))]
    words[0] = words[0].capitalize()
    return " ".join(words) + r.choice(SENTENCE_ENDS)


def make_title(r):
    t = r.choice(TEMPLATES)
    n = r.randint(1, 250)
    thing = r.choice(THINGS)
    if "%d" in thing:
        thing = thing % r.randint(1, 999)
    item = r.choice(ITEMS)
    if "%s" in item:
        item = item % r.choice(PEOPLE)
    title = t.format(vt=r.choice(VERBS_THING), thing=thing, person=r.choice(PEOPLE), item=item,
                     broken=r.choice(BROKEN), booking=r.choice(BOOKINGS), bill=r.choice(BILLS),
                     book=r.choice(BOOKS), event=r.choice(EVENTS), room=r.choice(ROOMS),
                     plant=r.choice(PLANTS), doc=r.choice(DOCS), topic=r.choice(TOPICS),
                     device=r.choice(DEVICES), n=n)
    return title[0].upper() + title[1:]


def make_body(r):
    """0-2 KB of Markdown: paragraphs, checklists, links, the odd heading or code span."""
    kind = weighted(r, [("empty", 35), ("line", 20), ("para", 20), ("checklist", 12), ("long", 13)])
    if kind == "empty":
        return ""
    if kind == "line":
        return sentence(r) + "\n"
    if kind == "para":
        return " ".join(sentence(r) for _ in range(r.randint(2, 5))) + "\n"
    if kind == "checklist":
        lines = [sentence(r, 4, 10), ""]
        for _ in range(r.randint(2, 7)):
            lines.append("- [%s] %s" % (r.choice([" ", " ", "x"]), sentence(r, 2, 6).rstrip(".!?")))
        return "\n".join(lines) + "\n"
    parts = []
    target = r.randint(600, 2000)
    size = 0
    while True:
        choice = r.randint(0, 9)
        if choice == 0:
            block = "## " + sentence(r, 2, 5).rstrip(".!?")
        elif choice == 1:
            block = "See [notes](https://example.com/%d) and `%s`." % (r.randint(1, 9999), r.choice(WORDS))
        elif choice == 2:
            block = "\n".join("- " + sentence(r, 3, 8) for _ in range(r.randint(2, 4)))
        else:
            block = " ".join(sentence(r) for _ in range(r.randint(1, 4)))
        if size + len(block.encode()) + 2 > target:
            break
        parts.append(block)
        size += len(block.encode()) + 2
    if not parts:
        parts.append(sentence(r))
    return "\n\n".join(parts) + "\n"


def rel_date(offset):
    return (TODAY + dt.timedelta(days=offset)).isoformat()


# ---------------------------------------------------------------------------------------------
# Tasks


class Planner:
    """Keeps planned-today tasks within the §14 bucket limits (1/3/5 per region)."""

    LIMITS = {"must": 1, "complementary": 3, "misc": 5}

    def __init__(self):
        self.used = {}

    def place(self, r):
        region = r.choice(["morning", "afternoon", "evening"])
        bucket = r.choice(["must", "complementary", "misc"])
        key = (region, bucket)
        if self.used.get(key, 0) >= self.LIMITS[bucket]:
            return None
        self.used[key] = self.used.get(key, 0) + 1
        return region, bucket


def canonical_task(r, planner):
    """A task as todomd itself would write it (keys in canonical order, strings quoted)."""
    status = weighted(r, [("todo", 66), ("in-progress", 7), ("done", 17), ("cancelled", 4), ("someday", 6)])
    created = rand_instant(r, EARLIEST, NOW - dt.timedelta(hours=1))
    title = make_title(r)
    f = []  # (key, rendered value or list of lines)

    # Dates around today.
    due = defer = scheduled = None
    if r.random() < 0.45:
        due = weighted(r, [(r.randint(-90, -1), 25), (0, 10), (r.randint(1, 14), 35), (r.randint(15, 180), 30)])
    if r.random() < 0.15:
        scheduled = weighted(r, [(r.randint(-10, -1), 30), (0, 25), (r.randint(1, 30), 45)])
    if r.random() < 0.12:
        defer = weighted(r, [(r.randint(1, 60), 70), (0, 10), (r.randint(-30, -1), 20)])
        if due is not None and defer > due:
            defer = due
    priority = weighted(r, [("none", 50), ("low", 15), ("medium", 22), ("high", 13)])
    flagged = r.random() < 0.10

    area = project = None
    roll = r.random()
    if roll < 0.55:
        area, project = r.choice(PROJECT_LIST)
        if r.random() < 0.08:  # a project filed under another area now and then
            area = r.choice(AREAS)
    elif roll < 0.80:
        area = r.choice(AREAS)
    tags = []
    if r.random() < 0.6:
        for _ in range(weighted(r, [(1, 45), (2, 30), (3, 15), (4, 10)])):
            t = r.choice(TAGS)
            if t not in tags:
                tags.append(t)
    recurrence = r.choice(RRULES) if r.random() < 0.07 else None
    recurrence_mode = "after_completion" if recurrence and r.random() < 0.3 else None
    estimate = r.choice([5, 10, 15, 20, 25, 30, 45, 60, 90, 120, 180, 240]) if r.random() < 0.4 else None
    description = None
    if r.random() < 0.4:
        description = " ".join(sentence(r, 4, 14) for _ in range(r.randint(1, 3)))
        if r.random() < 0.05:
            description = 'Quote: "%s" \\ see %s' % (sentence(r, 3, 6), r.choice(["C:\\temp", "a\\b"]))

    modified = created
    if r.random() < 0.6:
        modified = rand_instant(r, created, NOW - dt.timedelta(minutes=5))
    completed = None
    if status == "done" or (status == "cancelled" and r.random() < 0.5):
        completed = rand_instant(r, created, NOW - dt.timedelta(minutes=10))
        if completed > modified:
            modified = completed
    source = weighted(r, [("user", 80), ("shortcut", 8), ("mcp", 5), ("import", 7)])

    region = bucket = plan_date = carry = backlog_since = None
    if status in ("todo", "in-progress") and r.random() < 0.03:
        placed = planner.place(r) if r.random() < 0.3 else None
        if placed:
            region, bucket = placed
            plan_date = rel_date(0)
        else:
            region, bucket = "backlog", "none"
            carry = r.randint(1, 6)
            backlog_since = rel_date(-r.randint(0, 20))

    f.append(("title", quoted(title)))
    f.append(("status", quoted(status)))
    if due is not None:
        f.append(("due", quoted(rel_date(due))))
    if defer is not None:
        f.append(("defer", quoted(rel_date(defer))))
    if scheduled is not None:
        f.append(("scheduled", quoted(rel_date(scheduled))))
    if priority != "none":
        f.append(("priority", quoted(priority)))
    f.append(("flagged", "true" if flagged else "false"))
    if area is not None:
        f.append(("area", quoted(area)))
    if project is not None:
        f.append(("project", quoted(project)))
    if tags:
        f.append(("tags", ["  - " + list_item(t) for t in tags]))
    if recurrence:
        f.append(("recurrence", quoted(recurrence)))
    if recurrence_mode:
        f.append(("recurrence_mode", quoted(recurrence_mode)))
    if estimate is not None:
        f.append(("estimated_minutes", str(estimate)))
    if description is not None:
        f.append(("description", quoted(description)))
    f.append(("created", quoted(iso_z(created))))
    f.append(("modified", quoted(iso_z(modified))))
    f.append(("completed", quoted(iso_z(completed)) if completed else "null"))
    f.append(("source", quoted(source)))
    if region:
        f.append(("region", quoted(region)))
        f.append(("bucket", quoted(bucket)))
    if plan_date:
        f.append(("plan_date", quoted(plan_date)))
    if carry is not None:
        f.append(("carry_count", str(carry)))
    if backlog_since:
        f.append(("backlog_since", quoted(backlog_since)))
    # Unknown keys (kept by todomd, written after the known ones).
    if r.random() < 0.12:
        picks = r.sample(range(len(UNKNOWN_KEYS)), r.randint(1, 2))
        for i in sorted(picks):
            key, gen = UNKNOWN_KEYS[i]
            f.append((key, json_compact(gen(r))))

    lines = ["---"]
    for key, value in f:
        if isinstance(value, list):
            lines.append(key + ":")
            lines.extend(value)
        else:
            lines.append("%s: %s" % (key, value))
    lines.append("---")
    text = "\n".join(lines) + "\n"
    body = make_body(r)
    if body:
        text += "\n" + body
    return title, created, modified, status, text


def other_tool_task(r):
    """A task written by another tool: the §21 shell script, or an Obsidian-ish plain style."""
    title = make_title(r)
    created = rand_instant(r, EARLIEST, NOW - dt.timedelta(hours=1))
    style = r.choice(["script", "script", "obsidian", "agent"])
    if style == "script":
        text = ('---\ntitle: "%s"\nstatus: "todo"\ncreated: "%s"\nsource: "cli-script"\n---\n'
                % (title.replace('"', "'"), iso_z(created)))
        # The script's own slug: tr-based, no folding.
        name_slug = "".join(c for c in title.lower().replace(" ", "-") if c in "abcdefghijklmnopqrstuvwxyz0123456789-")
        return title, created, created, "todo", text, name_slug or "task"
    if style == "obsidian":
        tags = r.sample(TAGS[:30], r.randint(0, 3))
        lines = ["---", "title: %s" % quoted(title), "status: todo", "created: %s" % iso_z(created),
                 "source: obsidian"]
        if r.random() < 0.6:
            lines.append("due: %s" % rel_date(r.randint(-20, 40)))
        if tags:
            lines.append("tags: [%s]" % ", ".join(tags))
        lines.append("---")
        text = "\n".join(lines) + "\n\n" + make_body(r)
        return title, created, created, "todo", text, None
    # An AI agent: canonical-ish keys, single-quoted strings, CRLF line endings.
    status = r.choice(["todo", "todo", "in-progress"])
    area, project = r.choice(PROJECT_LIST)
    lines = ["---", "title: '%s'" % title.replace("'", "''"), "status: %s" % status,
             "priority: %s" % r.choice(["low", "medium", "high"]), "area: '%s'" % area.replace("'", "''"),
             "project: '%s'" % project.replace("'", "''"), "created: '%s'" % iso_z(created), "source: claude", "---"]
    text = "\r\n".join(lines) + "\r\n\r\n" + sentence(r) + "\r\n"
    return title, created, created, status, text, None


def nest(files, fraction, seed):
    """Makes about `fraction` of the canonical tasks subtasks (§23), in place.

    A child's `parent` points at a task written before it (so no cycles), mostly one that is
    not itself a child (two levels, now and then three); a third of the children also wait
    (`blocked_by`) on an earlier sibling or, failing one, an earlier task; a tenth of the
    parents with children are `sequential: true`. References are written in the three styles
    §23 accepts: the id, the filename without `.md`, an Obsidian wikilink. Uses its own random
    stream, so everything else is byte-identical to the vault generated without nesting.
    Returns (children, blocked, sequential parents).
    """
    r = random.Random(seed * 7919 + 23)
    children_of = {}
    is_child = [False] * len(files)
    extra = [[] for _ in files]  # frontmatter lines to add, per file

    def reference(i):
        rel = files[i]["rel"]
        stem = os.path.basename(rel)[:-3]
        style = weighted(r, [("id", 50), ("stem", 30), ("wikilink", 20)])
        return quoted(rel if style == "id" else stem if style == "stem" else "[[%s]]" % stem)

    for i, f in enumerate(files):
        if i == 0 or not f["canonical"] or r.random() >= fraction:
            continue
        # A parent among the last 200 files: mostly a top-level task, sometimes a child.
        lo = max(0, i - 200)
        parent = None
        for _ in range(8):
            k = r.randrange(lo, i)
            if not is_child[k] or r.random() < 0.1:
                parent = k
                break
        if parent is None:
            continue
        is_child[i] = True
        siblings = children_of.setdefault(parent, [])
        extra[i].append("parent: " + reference(parent))
        if r.random() < 1 / 3:
            blockers = [r.choice(siblings)] if siblings else [r.randrange(0, i)]
            if r.random() < 0.15:
                other = r.randrange(0, i)
                if other not in blockers:
                    blockers.append(other)
            extra[i].append("blocked_by:")
            extra[i].extend("  - " + reference(b) for b in blockers)
        siblings.append(i)
    sequential = 0
    for parent in sorted(children_of):
        if files[parent]["canonical"] and r.random() < 0.1:
            extra[parent].append("sequential: true")
            sequential += 1
    for i, f in enumerate(files):
        if extra[i]:
            f["text"] = insert_structure(f["text"], extra[i])
    blocked = sum(1 for lines in extra if "blocked_by:" in lines)
    return sum(is_child), blocked, sequential


def insert_structure(text, lines):
    """Puts §23 keys where the canonical writer puts them: before `description`/`created`."""
    out = text.split("\n")
    for k, line in enumerate(out):
        if k > 0 and (line.startswith("description: ") or line.startswith("created: ")):
            # parent, blocked_by and sequential keep their canonical order among themselves.
            order = {"parent": 0, "blocked_by": 1, "sequential": 2}
            ordered = sorted(_key_groups(lines), key=lambda g: order[g[0].split(":")[0]])
            out[k:k] = [line for group in ordered for line in group]
            return "\n".join(out)
    raise ValueError("no created: line in a canonical task")


def _key_groups(lines):
    """Lines grouped by key (a key line and its `  - ` items)."""
    groups = []
    for line in lines:
        if line.startswith("  - "):
            groups[-1].append(line)
        else:
            groups.append([line])
    return groups


def generate(n, outdir, seed, nested=0.0):
    r = random.Random(seed)
    planner = Planner()
    taken = set()
    os.makedirs(outdir, exist_ok=True)
    count_sub = 0
    files = []
    for _ in range(n):
        name_slug = None
        canonical = True
        if r.random() < 0.02:
            title, created, modified, status, text, name_slug = other_tool_task(r)
            canonical = False
        else:
            title, created, modified, status, text = canonical_task(r, planner)
        base = stamp(created) + "-" + (name_slug if name_slug is not None else slug(title))
        name = base + ".md"
        k = 2
        while name in taken:
            name = "%s-%d.md" % (base, k)
            k += 1
        taken.add(name)
        # ~20% in subfolders; closed tasks favour Archive/.
        folder = ""
        if status in ("done", "cancelled") and r.random() < 0.25:
            folder = "Archive"
        elif r.random() < 0.16:
            folder = r.choice(SUBFOLDERS)
        if folder:
            count_sub += 1
        files.append({"rel": folder + "/" + name if folder else name, "text": text, "canonical": canonical,
                      "mtime": modified.timestamp()})
    structure = nest(files, nested, seed) if nested > 0 else None
    for f in files:
        path = os.path.join(outdir, f["rel"])
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as fh:
            fh.write(f["text"].encode("utf-8"))
        os.utime(path, (f["mtime"], f["mtime"]))
    return count_sub, structure


def main(argv):
    ap = argparse.ArgumentParser(description="Generate a deterministic todo.md benchmark vault.")
    ap.add_argument("n", type=int, help="number of task files")
    ap.add_argument("outdir", help="vault folder to create (must be empty or absent)")
    ap.add_argument("--seed", type=int, default=42, help="random seed (default 42)")
    ap.add_argument("--nested", type=float, default=0.0, metavar="FRACTION",
                    help="make about FRACTION of the tasks subtasks (parent:, some blocked_by:); "
                         "the rest of the vault stays byte-identical to the one without")
    args = ap.parse_args(argv)
    if args.n < 0:
        ap.error("N must be >= 0")
    if os.path.isdir(args.outdir) and os.listdir(args.outdir):
        ap.error("%s exists and is not empty" % args.outdir)
    if not 0.0 <= args.nested < 1.0:
        ap.error("--nested takes a fraction between 0 and 1")
    sub, structure = generate(args.n, args.outdir, args.seed, args.nested)
    nested = ""
    if structure:
        nested = "; %d subtasks, %d with blocked_by, %d sequential parents" % structure
    print("wrote %d tasks to %s (%d in subfolders%s)" % (args.n, args.outdir, sub, nested), file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1:])
