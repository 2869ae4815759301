"""hunt serve --players at 360 px: a task's hints on a team's page. A hunt whose window starts
now: a hint with `after:` ~20 s says when it opens, its text is nowhere in the team's state
until then, and it appears by itself at its time; a hint for points asks first ("Use this hint?
It costs 4 points."), and accepted shows its text, logs one line in hints.jsonl and lowers the
team's points; a cancelled one costs nothing and logs nothing. `hunt judge` charges the same.
See players-browser.sh, which runs it after players-answers.py."""
import datetime, json, os, re, shutil, subprocess, sys, tempfile, time
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from browser_check import check, finish, phone, serve_players, stop, wait

hunt = sys.argv[1]
screens = os.environ.get("SCREENS", ".")
work = tempfile.mkdtemp(prefix="hunt-players-hints-")
folder = os.path.join(work, "hunt")
os.makedirs(os.path.join(folder, "submissions"))
now = datetime.datetime.now(datetime.timezone.utc)
start = now.replace(second=0, microsecond=0)
# The timed hint opens about 20 s from now, counted from the window's start (a whole minute).
after = int((now - start).total_seconds()) + 20
with open(os.path.join(folder, "hunt.yaml"), "w") as f:
    f.write(f"""hunt: Hint Check
timezone: UTC
window: {{ start: {start:%Y-%m-%d %H:%M}, end: {start + datetime.timedelta(hours=2):%Y-%m-%d %H:%M} }}
teams:
  - {{ id: larks, name: Early Larks }}
tasks:
  - id: gate
    title: The gate
    clue: What colour is the gate?
    answer: green
  - id: riddle
    title: The riddle
    clue: What has keys but opens no locks?
    answer: piano
    hints:
      - {{ text: You can play it., after: {after} s }}
      - {{ text: It has 88 of them., cost: 4 }}
  - id: bridge
    title: The bridge
    clue: How many arches does the old bridge have?
    number: 3
    hints:
      - {{ text: Count them from the east bank., cost: 3 }}
""")

process, urls = serve_players(hunt, folder, "larks")
driver = None
log = os.path.join(folder, "submissions", "hints.jsonl")


def text(driver, selector):
    """The element's text, read in one script (the page redraws on every state event)."""
    return driver.execute_script("const e = document.querySelector(arguments[0]); return e ? e.innerText : ''", selector)


def state(driver):
    return driver.execute_script("return fetch(base + '/api/state').then(r => r.text())")


def tap_hint(driver, task):
    """Taps the task's hint button after this script returns: the confirm it opens would block the script."""
    driver.execute_script("setTimeout(() => document.querySelector(arguments[0]).click(), 0)", f"#task-{task} button.hint-buy")
    for _ in range(50):
        try:
            return driver.switch_to.alert
        except Exception:
            time.sleep(0.1)
    check(False, f"tapping {task}'s hint asks first")
    return None


def lines():
    return [json.loads(l) for l in open(log)] if os.path.exists(log) else []


def shot(driver, task, name):
    driver.execute_script("document.getElementById(arguments[0]).scrollIntoView()", "task-" + task)
    driver.save_screenshot(os.path.join(screens, name))


try:
    team_url = urls.get("team larks")
    check(bool(team_url), f"hunt serve --players printed the larks' URL ({team_url})")
    driver = phone(360, 780)
    driver.get(team_url)
    wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "article.task")) == 3, "the team page lists the 3 tasks")
    wait(driver, lambda d: "A hint opens at" in text(d, "#task-riddle .hints"), "the timed hint says when it opens")
    check("You can play it" not in state(driver) and "88 of them" not in state(driver) and "east bank" not in state(driver),
          "no closed hint's text is in the team's state")
    check("Hint (costs 4 points)" in text(driver, "#task-riddle button.hint-buy"), "the hint for sale is a button with its cost")
    shot(driver, "riddle", "players-hints-closed.png")

    # Points to spend: the gate answered.
    driver.find_element(By.CSS_SELECTOR, "#task-gate form.answer input[type=text]").send_keys("green", Keys.ENTER)
    wait(driver, lambda d: "10 points" in text(d, "#score"), "the answer scores 10 points", seconds=15)

    # Cancelled: nothing bought, nothing logged, no text.
    alert = tap_hint(driver, "bridge")
    if alert:
        check(alert.text == "Use this hint? It costs 3 points.", f"it asks in the players' words ({alert.text!r})")
        alert.dismiss()
    time.sleep(1.5)
    check(lines() == [], "a cancelled hint writes nothing")
    check("east bank" not in text(driver, "#task-bridge") and "10 points" in text(driver, "#score"), "and costs nothing")

    # Accepted: the text shows, the points drop by 4, one line is logged.
    alert = tap_hint(driver, "riddle")
    if alert:
        check(alert.text == "Use this hint? It costs 4 points.", f"it asks first ({alert.text!r})")
        alert.accept()
    wait(driver, lambda d: "It has 88 of them." in text(d, "#task-riddle .hints"), "the bought hint's text shows")
    wait(driver, lambda d: "6 points" in text(d, "#score"), "and the team's points are 4 lower", seconds=15)
    bought = lines()
    check([(l["team"], l["task"], l["hint"], l["cost"]) for l in bought] == [("larks", "riddle", 1, 4)], f"hints.jsonl holds the purchase once ({bought})")
    again = driver.execute_script(
        "return fetch(base + '/hint', {method: 'POST', headers: {'Content-Type': 'application/json'}, body: JSON.stringify({task: 'riddle', hint: 1})}).then(r => r.text())")
    check(again.startswith("{") and json.loads(again).get("cost") == 0 and len(lines()) == 1, f"asked again, it costs nothing more ({again})")
    driver.refresh()
    wait(driver, lambda d: "It has 88 of them." in text(d, "#task-riddle .hints"), "after a reload the bought hint is still shown")
    shot(driver, "riddle", "players-hints-bought.png")
    fits = driver.execute_script("return [document.documentElement.scrollWidth, innerWidth]")
    check(fits[0] <= fits[1], f"nothing to scroll sideways at 360 px ({fits[0]} of {fits[1]})")

    # The timed hint opens by itself at its time.
    seconds = max(0, (start + datetime.timedelta(seconds=after) - datetime.datetime.now(datetime.timezone.utc)).total_seconds())
    wait(driver, lambda d: "You can play it." in text(d, "#task-riddle .hints"), f"the timed hint appears by itself at its time ({seconds:.0f} s on)",
         seconds=seconds + 8)
    shot(driver, "riddle", "players-hints-open.png")

    judged = subprocess.run([hunt, "judge", os.path.join(folder, "hunt.yaml"), os.path.join(folder, "submissions"), "--format", "json"],
                            capture_output=True, text=True)
    results = json.loads(judged.stdout)
    larks = next(t for t in results["teams"] if t["id"] == "larks")
    check(larks["points"] == 6 and [(h["task"], h["hint"], h["cost"]) for h in larks.get("hints_used", [])] == [("riddle", 1, 4)],
          f"hunt judge charges the hint as the page did ({larks['points']}, {larks.get('hints_used')})")
finally:
    stop(process, work, driver)

finish("players' hints", screens)
