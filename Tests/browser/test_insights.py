"""Insights (#/insights, §27): the sidebar leads there; the cards and charts show the seeded vault's
counts (completed per day, by area and project, the Must-Do streak, the carry average, this week
against last, estimate against tracked time); each chart is an image described in words with a hidden table of its numbers; the
period can be changed; a task completed by another program is counted live; axe at phone and
desktop, light and dark, and no sideways scroll on a phone; screenshots under /tmp."""

import json
import os
import time

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from harness import DESKTOP, PHONE, BrowserTestCase, set_dark, set_viewport, task_files, wait_for


SHOTS = os.environ.get("INSIGHTS_SHOTS", "/tmp/insights-shots")


def write(vault, name, title, status="todo", completed=None, **fields):
    """A task file with any fields (`completed` an ISO instant)."""
    lines = ["---", "title: " + json.dumps(title), "status: " + json.dumps(status)]
    for key, value in fields.items():
        lines.append("%s: %s" % (key, json.dumps(value)))
    lines += ['created: "2026-10-01T08:00:00Z"', "completed: " + (json.dumps(completed) if completed else "null"),
              'source: "user"', "---", ""]
    with open(os.path.join(vault, name), "w", encoding="utf-8") as fh:
        fh.write("\n".join(lines))


class InsightsTest(BrowserTestCase):
    """Now is Saturday 2026-11-21 09:00 in Berlin; the default period is the 4 weeks from Sun 25 Oct."""

    @classmethod
    def write_fixtures(cls, vault):
        write(vault, "ship.md", "Ship the release", "done", "2026-11-20T10:00:00Z", area="Work", project="Launch")
        write(vault, "notes.md", "Write the release notes", "done", "2026-11-20T14:00:00Z", area="Work", project="Launch")
        write(vault, "fence.md", "Fix the fence", "done", "2026-11-19T09:00:00Z", area="Home")
        write(vault, "bank.md", "Call the bank", "done", "2026-11-16T09:00:00Z")
        write(vault, "old.md", "Something long ago", "done", "2026-10-01T09:00:00Z", area="Work")
        # The planner: a Must-Do done on each of the last three days, today's included.
        for day, name in (("19", "m1"), ("20", "m2"), ("21", "m3")):
            write(vault, name + ".md", "Must-Do of the " + day + "th", "done", "2026-11-%sT07:30:00Z" % day,
                  region="morning", bucket="must", plan_date="2026-11-" + day)
        write(vault, "waiting.md", "Carried twice", region="backlog", bucket="none", carry_count=2)
        write(vault, "open.md", "Still to do", area="Work")
        # Tracked time against estimates: one over, one under.
        write(vault, "report.md", "Write the report", estimated_minutes=60,
              time_entries=[{"start": "2026-11-20T09:00:00Z", "end": "2026-11-20T10:30:00Z"}])
        write(vault, "reply.md", "Reply to Sam", estimated_minutes=30,
              time_entries=[{"start": "2026-11-20T11:00:00Z", "end": "2026-11-20T11:20:00Z", "note": "draft"}])

    def tearDown(self):
        set_dark(self.driver, False)
        set_viewport(self.driver, *DESKTOP)
        self.check_console()

    # ---- helpers ----
    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def open_insights(self):
        self.driver.get(self.url + "#/insights")
        self.wait_insights()

    def wait_insights(self):
        wait_for(lambda: self.js("const v = document.getElementById('insights-view');"
                                 "return v && v.getAttribute('aria-busy') === 'false' && !!v.querySelector('svg')"),
                 message="the insights page")

    def cards(self):
        """{label: value} of the headline cards."""
        return dict(self.js("return [...document.querySelectorAll('.ins-card')].map(c => "
                            "[c.querySelector('.ins-label').textContent, c.querySelector('.ins-value').textContent])"))

    def table(self, chart):
        """The hidden table of a chart: [(row header, cells…)]."""
        return [tuple(r) for r in self.js(
            "return [...document.querySelectorAll('#' + arguments[0] + ' table tbody tr')].map(tr => "
            "[...tr.children].map(c => c.textContent))", chart)]

    def image(self, chart):
        """(accessible name, description) of a chart's SVG, as its aria-labelledby says."""
        return self.js("const s = document.querySelector('#' + arguments[0] + ' svg[role=img]');"
                       "const [t, d] = s.getAttribute('aria-labelledby').split(' ').map(id => document.getElementById(id).textContent);"
                       "return [t, d]", chart)

    def shot(self, name):
        os.makedirs(SHOTS, exist_ok=True)
        time.sleep(0.3)
        self.driver.save_screenshot(os.path.join(SHOTS, name + ".png"))

    # ---- tests ----
    def test_1_the_sidebar_leads_to_the_cards_with_the_vaults_numbers(self):
        self.open()
        link = self.driver.find_element(By.CSS_SELECTOR, '#sidebar a.nav-item[href="#/insights"]')
        self.assertEqual(link.text, "Insights")
        link.click()
        self.wait_insights()
        self.assertEqual(self.js("return document.getElementById('view-title').textContent"), "Insights")
        self.assertEqual(self.js("return document.querySelector('#sidebar a[href=\"#/insights\"]').getAttribute('aria-current')"), "page")
        self.assertEqual(self.cards(), {"Must-Do streak": "3", "This week": "7", "Completed": "7", "Average carry": "0.5"})
        note = self.js("return document.querySelector('.ins-card:nth-child(2) .ins-note').textContent")
        self.assertIn("7 more than last week (0)", note)
        # The list's parts are gone; the quick entry too.
        self.assertFalse(self.js("return document.getElementById('task-list').offsetParent !== null"))
        self.shot("insights-desktop-light")

    def test_2_completed_per_day_has_a_bar_for_each_day_with_completions_and_every_day_in_its_table(self):
        self.open_insights()
        rows = self.table("ins-days")
        self.assertEqual(len(rows), 28)
        self.assertEqual(rows[0], ("Sun 25 Oct", "0"))
        self.assertEqual(rows[-1], ("Sat 21 Nov", "1"))
        counted = {r[0]: int(r[1]) for r in rows if r[1] != "0"}
        self.assertEqual(counted, {"Mon 16 Nov": 1, "Thu 19 Nov": 2, "Fri 20 Nov": 3, "Sat 21 Nov": 1})
        # One bar per day with completions, the tallest on the 20th, today's marked.
        bars = self.js("return [...document.querySelectorAll('#ins-days rect.ins-bar')].map(r => "
                       "[r.querySelector('title').textContent, r.getBBox().height, r.classList.contains('is-today')])")
        self.assertEqual([b[0] for b in bars], ["Mon 16 Nov: 1 completed", "Thu 19 Nov: 2 completed",
                                                 "Fri 20 Nov: 3 completed", "Sat 21 Nov: 1 completed"])
        heights = [b[1] for b in bars]
        self.assertEqual(max(heights), heights[2])
        self.assertAlmostEqual(heights[1], heights[2] * 2 / 3, delta=1)
        self.assertEqual([b[2] for b in bars], [False, False, False, True])
        name, desc = self.image("ins-days")
        self.assertEqual(name, "Completed per day")
        self.assertEqual(desc, "7 tasks completed from Sun 25 Oct to Sat 21 Nov; the most on Fri 20 Nov (3); "
                               "24 days without a completion.")

    def test_3_by_area_and_by_project_largest_first_with_the_tasks_without_one(self):
        self.open_insights()
        self.assertEqual(self.table("ins-areas"), [("No area", "4"), ("Work", "2"), ("Home", "1")])
        self.assertEqual(self.table("ins-projects"), [("No project", "5"), ("Launch", "2")])
        self.assertEqual(self.image("ins-areas"), ["By area", "Tasks completed by area: No area 4, Work 2, Home 1."])
        labels = self.js("return [...document.querySelectorAll('#ins-areas svg text.ins-label-text')].map(t => t.firstChild.nodeValue)")
        self.assertEqual(labels, ["No area", "Work", "Home"])
        widths = self.js("return [...document.querySelectorAll('#ins-areas rect.ins-bar')].map(r => r.getBBox().width)")
        self.assertAlmostEqual(widths[1], widths[0] / 2, delta=1)

    def test_3_estimate_against_tracked_time_two_bars_a_task(self):
        self.open_insights()
        self.assertEqual(self.table("ins-estimates"), [("Write the report", "1h", "1h 30m"), ("Reply to Sam", "30m", "20m")])
        self.assertEqual(self.image("ins-estimates"), [
            "Estimate vs tracked time",
            "2 tasks with an estimate and tracked time: 1 took longer than estimated; 1h 30m estimated, 1h 50m tracked in all."])
        bars = self.js("return [...document.querySelectorAll('#ins-estimates rect')].map(r => [r.getAttribute('class'), r.getBBox().width])")
        self.assertEqual([b[0] for b in bars], ["ins-est", "ins-bar is-over", "ins-est", "ins-bar"])
        # Widths against the longest (90 minutes): 60, 90, 30, 20.
        self.assertAlmostEqual(bars[0][1] / bars[1][1], 60 / 90, delta=0.02)
        self.assertAlmostEqual(bars[3][1] / bars[1][1], 20 / 90, delta=0.02)

    def test_4_the_period_can_be_changed(self):
        self.open_insights()
        Select(self.driver.find_element(By.ID, "insights-weeks")).select_by_visible_text("Last 7 days")
        wait_for(lambda: len(self.table("ins-days")) == 7, message="a week of days")
        self.assertEqual(self.table("ins-days")[0], ("Sun 15 Nov", "0"))
        self.assertEqual(self.cards()["Completed"], "7")
        # Kept for the next visit.
        self.driver.refresh()
        self.wait_insights()
        self.assertEqual(len(self.table("ins-days")), 7)
        Select(self.driver.find_element(By.ID, "insights-weeks")).select_by_visible_text("Last 4 weeks")
        wait_for(lambda: len(self.table("ins-days")) == 28, message="four weeks of days")

    def test_5_a_task_completed_elsewhere_is_counted_live(self):
        self.open_insights()
        write(self.vault, "later.md", "Done in another app", "done", "2026-11-21T08:00:00Z", area="Home")
        try:
            wait_for(lambda: self.cards()["Completed"] == "8", timeout=8, message="the new completion")
            self.assertEqual(self.table("ins-areas"), [("No area", "4"), ("Home", "2"), ("Work", "2")])
        finally:
            os.remove(os.path.join(self.vault, "later.md"))
            wait_for(lambda: self.cards()["Completed"] == "7", timeout=8, message="the file's removal")
        self.assertNotIn("later.md", task_files(self.vault))

    # ---- accessibility and layout ----
    def audit(self, size, dark):
        set_viewport(self.driver, *size)
        set_dark(self.driver, dark)
        self.driver.get("about:blank")
        self.open_insights()
        where = "%dx%d %s" % (size[0], size[1], "dark" if dark else "light")
        self.shot("insights-%dx%d-%s" % (size[0], size[1], "dark" if dark else "light"))
        self.axe_check(where)
        # Every chart is an image with a name and a description, and has its table.
        for chart in ("ins-days", "ins-areas", "ins-projects", "ins-estimates"):
            name, desc = self.image(chart)
            self.assertTrue(name and len(desc) > 20, chart)
            self.assertTrue(self.table(chart), chart)
        # Nothing wider than the screen.
        self.assertLessEqual(self.js("return document.documentElement.scrollWidth"), size[0])
        self.assertLessEqual(self.js("return document.getElementById('scroll').scrollWidth"),
                             self.js("return document.getElementById('scroll').clientWidth"))
        for w in self.js("return [...document.querySelectorAll('#insights-view svg')].map(s => s.getBoundingClientRect().right)"):
            self.assertLessEqual(w, size[0])

    def test_6_axe_desktop_light(self):
        self.audit(DESKTOP, False)

    def test_6_axe_desktop_dark(self):
        self.audit(DESKTOP, True)
        # The bars take the dark theme's accent, not the light one's.
        fill = self.js("return getComputedStyle(document.querySelector('#ins-days rect.is-today')).fill")
        self.assertEqual(fill, self.js("return getComputedStyle(document.documentElement).getPropertyValue('--accent').trim() && "
                                       "(() => { const d = document.createElement('div'); d.style.color = 'var(--accent)'; document.body.append(d);"
                                       " const c = getComputedStyle(d).color; d.remove(); return c; })()"))

    def test_6_axe_phone_light(self):
        self.audit(PHONE, False)
        # Two cards a row, the streak across both.
        widths = self.js("return [...document.querySelectorAll('.ins-card')].map(c => Math.round(c.getBoundingClientRect().width))")
        self.assertGreater(widths[0], widths[1] * 1.8)

    def test_6_axe_phone_dark(self):
        self.audit(PHONE, True)
