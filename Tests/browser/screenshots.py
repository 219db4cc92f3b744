#!/usr/bin/env python3
"""Takes the README screenshots of the web app (run by hand, not part of the test suite):

    TODOMD_BIN=$(swift build --show-bin-path)/todomd python3 Tests/browser/screenshots.py [OUTDIR]

Builds a sample vault (`todomd init --sample` plus a few more realistic tasks and a custom
perspective), serves it, and saves OUTDIR/{phone,desktop}-{light,dark}.png (375×812 and
1440×900) of Today, and plan-desktop-light.png / plan-phone-dark.png of the day planner.
OUTDIR defaults to docs/screenshots.
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import (DESKTOP, NOW, PHONE, ROOT, TODAY, TodoServer, new_driver, set_dark, set_viewport,  # noqa: E402
                     todomd_bin, wait_for, write_task)

MORE = [
    ("20261121-0700-prepare-slides-for-monday.md", "Prepare slides for Monday", dict(
        due=TODAY, area="Work", project="Q4 Planning", priority="high", estimated_minutes=90,
        description="Roadmap, hiring plan and the budget ask", created="2026-11-18T09:12:00Z")),
    ("20261121-0701-pick-up-dry-cleaning.md", "Pick up the dry cleaning", dict(
        scheduled=TODAY, tags=["errands"], estimated_minutes=20, created="2026-11-19T17:40:00Z")),
    ("20261121-0702-reply-to-landlord.md", "Reply to the landlord about the heating", dict(
        due="2026-11-20", area="Home", tags=["email"], created="2026-11-17T20:05:00Z")),
    ("20261121-0703-morning-run.md", "Morning run, 5 km", dict(
        scheduled=TODAY, area="Health", recurrence="FREQ=DAILY", tags=["fitness"], estimated_minutes=30,
        created="2026-11-01T06:00:00Z")),
    ("20261121-0704-invoice-acme.md", "Send the November invoice to Acme", dict(
        due=TODAY, area="Work", project="Client: Acme", tags=["money"], source="zapier",
        created="2026-11-21T06:30:00Z")),
    ("20261121-0705-water-plants.md", "Water the balcony plants", dict(
        defer=TODAY, area="Home", tags=["home"], estimated_minutes=5, created="2026-11-14T08:00:00Z")),
]

PERSPECTIVES = {
    "version": 1,
    "order": ["deep-work", "quick-wins"],
    "perspectives": {
        "deep-work": {
            "id": "deep-work", "name": "Deep Work", "icon": "bolt", "color": "#6E6AE0",
            "rules": {"operator": "AND", "conditions": [
                {"field": "status", "op": "in", "value": ["todo", "in-progress"]},
                {"field": "estimated_minutes", "op": "greater_than", "value": 60}]},
            "sort": {"field": "due"}, "group_by": "none", "layout": "default", "manual_order": None},
        "quick-wins": {
            "id": "quick-wins", "name": "Quick Wins", "icon": "clock", "color": "#3E9E6B",
            "rules": {"operator": "AND", "conditions": [
                {"field": "status", "op": "in", "value": ["todo", "in-progress"]},
                {"field": "estimated_minutes", "op": "less_than", "value": 21}]},
            "sort": {"field": "estimate"}, "group_by": "none", "layout": "default", "manual_order": None},
    },
}


def make_vault(vault, cache):
    env = dict(os.environ, TODOMD_NOW=NOW, TZ="Europe/Berlin", XDG_CACHE_HOME=cache)
    subprocess.run([todomd_bin(), "--vault", vault, "init", "--sample"], env=env, check=True,
                   stdout=subprocess.DEVNULL)
    for name, title, fields in MORE:
        write_task(vault, name, title, **fields)
    with open(os.path.join(vault, ".perspectives.json"), "w") as fh:
        json.dump(PERSPECTIVES, fh, indent=2)
    # A planned day: yesterday's leftover waits in the backlog; today has a Must-Do per region.
    for name, title, fields in PLAN:
        write_task(vault, name, title, **fields)


def plan(region, bucket, **extra):
    return dict(plan_date=TODAY, region=region, bucket=bucket, created="2026-11-20T08:00:00Z", **extra)


PLAN = [
    ("20261120-0800-draft-the-q4-review.md", "Draft the Q4 review", plan("morning", "must", area="Work")),
    ("20261120-0801-answer-anas-questions.md", "Answer Ana's questions", plan("morning", "complementary", area="Work")),
    ("20261120-0802-book-the-train.md", "Book the train to Hamburg", plan("morning", "complementary")),
    ("20261120-0803-file-receipts.md", "File the receipts", plan("morning", "misc", status="done")),
    ("20261120-0804-renew-the-car-insurance.md", "Renew the car insurance", plan("afternoon", "must", area="Home")),
    ("20261120-0805-call-mum.md", "Call Mum", plan("afternoon", "misc")),
    ("20261120-0806-read-chapter-6.md", "Read chapter 6", plan("evening", "complementary")),
    ("20261120-0807-fix-the-bike-light.md", "Fix the bike light", dict(
        region="backlog", bucket="none", backlog_since="2026-11-20", carry_count=1, created="2026-11-18T08:00:00Z")),
]


def main(argv):
    out = os.path.abspath(argv[0] if argv else os.path.join(ROOT, "docs", "screenshots"))
    os.makedirs(out, exist_ok=True)
    tmp = tempfile.mkdtemp(prefix="todomd-shots-")
    server = driver = None
    try:
        vault, cache = os.path.join(tmp, "vault"), os.path.join(tmp, "cache")
        make_vault(vault, cache)
        server = TodoServer(vault, cache)
        url = server.start()
        driver = new_driver(DESKTOP)
        driver.execute_cdp_cmd("Emulation.setScrollbarsHidden", {"hidden": True})
        for device, size in (("phone", PHONE), ("desktop", DESKTOP)):
            for mode in ("light", "dark"):
                set_viewport(driver, *size, scale=1)
                set_dark(driver, mode == "dark")
                driver.get(url + "#/view/today")
                wait_for(lambda: driver.execute_script(
                    "return document.querySelectorAll('#task-list li.task').length > 3 && "
                    "document.querySelectorAll('#sidebar .nav-item').length > 3"), timeout=10, message="the app")
                time.sleep(0.6)  # fonts, transitions
                path = os.path.join(out, "%s-%s.png" % (device, mode))
                with open(path, "wb") as fh:
                    fh.write(driver.get_screenshot_as_png())
                print("%s (%d KB)" % (os.path.relpath(path), os.path.getsize(path) // 1024))
        for name, size, dark, route in (("plan-desktop-light", DESKTOP, False, "#/plan"),
                                        ("plan-phone-dark", PHONE, True, "#/plan/morning")):
            set_viewport(driver, *size, scale=1)
            set_dark(driver, dark)
            driver.get(url + route)
            wait_for(lambda: driver.execute_script(
                "return document.querySelectorAll('#plan-view .region-card, #plan-view li.ptask').length > 2"),
                timeout=10, message="the planner")
            time.sleep(0.6)
            path = os.path.join(out, name + ".png")
            with open(path, "wb") as fh:
                fh.write(driver.get_screenshot_as_png())
            print("%s (%d KB)" % (os.path.relpath(path), os.path.getsize(path) // 1024))
    finally:
        if driver:
            driver.quit()
        if server:
            server.stop()
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main(sys.argv[1:])
