"""Check-ins on a team's page at 360 px in headless Chromium, the phone's position set through
the DevTools protocol (as players-guide.py does): "Check in here" from 60 m away says how far and to
get closer; moved inside, the check-in is accepted and the task done; a dwell check-in
(`dwell: 20 s` in this check's own copy of Examples/orientation-day) shows the time stayed and
counts only once the stay is long enough, not before; a check-in without a signal is kept on
the phone and accepted when the signal is back; a position that is no position (NaN,
1e308) is refused with the players' words and nothing written; `hunt judge` agrees with the page.
See players-browser.sh."""
import json, os, shutil, subprocess, sys, tempfile, time, urllib.error, urllib.request
from selenium.webdriver.common.by import By
from browser_check import check, finish, offline, phone, serve_players, stop, wait

hunt, example = sys.argv[1], sys.argv[2]
screens = os.environ.get("SCREENS", ".")
work = tempfile.mkdtemp(prefix="hunt-players-checkin-")
folder = os.path.join(work, "hunt")
shutil.copytree(example, folder)
GATE = (52.08840, 5.16860)
BENCH = (52.08840, 5.17006)  # 100 m east of the gate
WELL = (52.08786, 5.16860)  # 60 m south of the gate
with open(os.path.join(folder, "hunt.yaml")) as f:
    yaml = f.read()
# Check-ins are judged at the time they are sent: a window around today. A team that has sent nothing.
yaml = yaml.replace("window: { start: 2026-05-02 10:00, end: 2026-05-02 16:00 }", "window: { start: 2020-01-01 00:00, end: 2035-12-31 23:59 }", 1)
yaml = yaml.replace("teams:\n", "teams:\n  - { id: larks, name: Early Larks }\n", 1)
yaml += f"  - {{ id: well, title: The old well, at: '{WELL[0]}, {WELL[1]}', radius: 20 m, check_in: true, points: 3 }}\n"
yaml += f"  - id: bench\n    title: Twenty seconds on the bench\n    at: {BENCH[0]}, {BENCH[1]}\n    radius: 30 m\n    check_in: true\n    dwell: 20 s\n"
with open(os.path.join(folder, "hunt.yaml"), "w") as f:
    f.write(yaml)
log = os.path.join(folder, "submissions", "answers.jsonl")


def north_of(point, metres):
    return (point[0] + metres / 111_200, point[1])


def move(driver, point, accuracy=5):
    driver.execute_cdp_cmd("Emulation.setGeolocationOverride", {"latitude": point[0], "longitude": point[1], "accuracy": accuracy})


def press(driver, selector):
    """Clicks the button at `selector` as it is now (the page redraws on every state event)."""
    driver.execute_script("const b = document.querySelector(arguments[0]); if (b) b.click()", selector)


def text(driver, selector):
    return driver.execute_script("const e = document.querySelector(arguments[0]); return e ? e.innerText : ''", selector)


def state(driver, task):
    return driver.execute_script("const e = document.querySelector('#task-' + arguments[0] + ' > .state'); return e ? e.className : ''", task)


def shot(driver, task, name):
    driver.execute_script("document.getElementById(arguments[0]).scrollIntoView()", "task-" + task)
    driver.save_screenshot(os.path.join(screens, name))


def lines():
    return open(log).read().count("\n") if os.path.exists(log) else 0


process, urls = serve_players(hunt, folder, "larks")
driver = None
try:
    team_url = urls.get("team larks")
    check(bool(team_url), f"hunt serve --players printed the larks' URL ({team_url})")
    origin = team_url.split("/t/")[0]
    driver = phone(360, 780)
    driver.execute_cdp_cmd("Browser.grantPermissions", {"origin": origin, "permissions": ["geolocation"]})
    move(driver, north_of(GATE, 60))
    driver.get(team_url)
    wait(driver, lambda d: text(d, "#checkin-gate button") == "Check in here", "a check-in task has a Check in here button")
    check(not driver.find_elements(By.CSS_SELECTOR, "#task-gate input[type=file]"), "and no photo button")
    check(text(driver, "#checkin-lawn button") == "Start the stay here", "a dwell check-in's button starts a stay")

    before = lines()
    press(driver, "#checkin-gate button")
    wait(driver, lambda d: "check in again" in text(d, "#checkin-gate .checkin-note"), "60 m away: the reason, and to check in again", seconds=15)
    note = text(driver, "#checkin-gate .checkin-note")
    check("You are about 60 m" in note and "north of “Check in at the gardens' gate”" in note, f"how far, and on which side ({note!r})")
    check("todo" in state(driver, "gate"), f"the task is still to do ({state(driver, 'gate')})")
    shot(driver, "gate", "players-checkin-outside-360.png")

    time.sleep(2)  # walking in: 55 m in no time would be `too-fast`
    move(driver, north_of(GATE, 5))
    press(driver, "#checkin-gate button")
    wait(driver, lambda d: text(d, "#checkin-gate .checkin-note") == "Checked in: this task is done.", "moved inside: accepted on the spot", seconds=15) \
        or print("     the page says: " + text(driver, "#checkin-gate"))
    wait(driver, lambda d: "accepted" in state(d, "gate"), "and the task is done", seconds=10)
    check(not driver.find_elements(By.CSS_SELECTOR, "#checkin-gate button"), "a done check-in offers no button")
    shot(driver, "gate", "players-checkin-accepted-360.png")
    check(lines() == before + 2, f"two lines appended to answers.jsonl ({lines() - before})")

    # No signal at the well: the check-in is kept on the phone and sent, and accepted, when the signal is back.
    time.sleep(3)
    move(driver, north_of(WELL, 2))
    before = lines()
    offline(driver, True)
    press(driver, "#checkin-well button")
    wait(driver, lambda d: text(d, "#checkin-well .checkin-note").startswith("No signal: your check-in is kept"), "no signal: the check-in is kept on the phone", seconds=15)
    check(lines() == before and driver.execute_script("return localStorage.getItem(Object.keys(localStorage).find(k => k.startsWith('hunt-pending-texts')) || '')").count('"check-in"') == 1,
          "nothing reached the server; one check-in waits in the phone's storage")
    shot(driver, "well", "players-checkin-kept-360.png")
    offline(driver, False)
    wait(driver, lambda d: text(d, "#checkin-well .checkin-note") == "Checked in: this task is done.", "the signal back: sent by itself and accepted", seconds=20)
    check(lines() == before + 1, f"one line appended ({lines() - before})")

    # A stay of 20 s: a sample every 5 s (dwell/10, at least 5 s) while the page is on screen.
    # Not at once: 100 m in no time is `too-fast` (a judge would look at it).
    time.sleep(3)
    move(driver, north_of(BENCH, 3), accuracy=6)
    started = time.monotonic()
    press(driver, "#checkin-bench button")
    wait(driver, lambda d: "to go" in text(d, "#checkin-bench .checkin-note"), "the stay shows the time stayed and the time left", seconds=15)
    time.sleep(max(0, 9 - (time.monotonic() - started)))
    note = text(driver, "#checkin-bench .checkin-note")
    check("Stayed 0:" in note and "accepted" not in state(driver, "bench"), f"after ~9 s: staying, not done ({note!r}, {state(driver, 'bench')})")
    shot(driver, "bench", "players-checkin-staying-360.png")
    wait(driver, lambda d: text(d, "#checkin-bench .checkin-note") == "Stay complete: this task is done.", "the stay completes", seconds=40)
    took = time.monotonic() - started
    check(took >= 19, f"not before the dwell: done after {took:.0f} s")
    wait(driver, lambda d: "accepted" in state(d, "bench"), "and the task is done", seconds=10)
    shot(driver, "bench", "players-checkin-done-360.png")

    # Positions that are no positions, sent straight to the route: refused, nothing written.
    before = lines()
    token_path = team_url.split(origin)[1]
    for raw, what in [('{"task":"gate","latitude":NaN,"longitude":5.1,"accuracy":5}', "NaN"),
                      ('{"task":"gate","latitude":1e308,"longitude":5.1,"accuracy":5}', "1e308"),
                      ('{"task":"gate","latitude":52.1,"longitude":5.1,"accuracy":-3}', "a negative accuracy")]:
        time.sleep(1.1)
        request = urllib.request.Request(origin + token_path + "/check-in", data=raw.encode(), method="POST", headers={"Content-Type": "application/json"})
        try:
            urllib.request.urlopen(request, timeout=5)
            check(False, f"{what} is refused")
        except urllib.error.HTTPError as error:
            words = error.read().decode().strip()
            check(error.code == 400 and "Allow location for this page" in words, f"{what} is refused in the players' words (HTTP {error.code}: {words[:60]})")
    check(lines() == before, "and nothing was written")
finally:
    if driver:
        driver.quit()
    process.terminate()
    process.wait(timeout=10)

# The judge reads the same lines the page was told about.
run = subprocess.run([hunt, "judge", os.path.join(folder, "hunt.yaml"), os.path.join(folder, "submissions"), "--format", "json"],
                     capture_output=True, text=True, timeout=120)
results = json.loads(run.stdout)
larks = [s for s in results["submissions"] if s["team"] == "larks"]
gate = sorted((s for s in larks if s["task"] == "gate"), key=lambda s: s["evidence"]["captured_at"])
bench = [s for s in larks if s["task"] == "bench"]
check([s["verdict"] for s in gate] == ["rejected", "accepted"] and gate[0]["reasons"] == ["outside-target"], "hunt judge: outside, then inside")
check(bench and all(s["verdict"] == "accepted" for s in bench) and len(bench) >= 4, f"hunt judge: every check-in of the completed stay accepted ({len(bench)})")
check(all(s["evidence"].get("position_source") == "check-in" for s in larks), "each says it was a check-in")
team = next(t for t in results["teams"] if t["id"] == "larks")
check(team["points"] == 18, f"the three check-in tasks score once each (5 + 3 + 10) ({team['points']})")
shutil.rmtree(work, ignore_errors=True)
finish("check-ins", screens)
