"""hunt serve --players at 360 px: answer and choice tasks on a team's page (Examples/orientation-day).
"Seven" typed for `number: 7` accepted on the spot; a wrong answer says how many tries are left; a
choice task shows its choices in the team's own order, and its one try; what is typed survives the
page being drawn again; the answers are lines of answers.jsonl and `hunt judge` agrees with the page.
See players-browser.sh, which runs it after players-words.py."""
import json, os, shutil, subprocess, sys, tempfile, threading, time
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from browser_check import check, failures, finish, offline, phone, serve_players, wait

hunt, example = sys.argv[1], sys.argv[2]
screens = os.environ.get("SCREENS", ".")
work = tempfile.mkdtemp(prefix="hunt-players-answers-")
folder = os.path.join(work, "hunt")
shutil.copytree(example, folder)
with open(os.path.join(folder, "hunt.yaml")) as f:
    yaml = f.read()
# Answers are judged at the time they are sent: a window around today. A team that has sent nothing.
yaml = yaml.replace("window: { start: 2026-05-02 10:00, end: 2026-05-02 16:00 }", "window: { start: 2020-01-01 00:00, end: 2035-12-31 23:59 }", 1)
yaml = yaml.replace("teams:\n", "teams:\n  - { id: larks, name: Early Larks }\n", 1)
with open(os.path.join(folder, "hunt.yaml"), "w") as f:
    f.write(yaml)

process, urls = serve_players(hunt, folder, "herons")
driver = None


def text(driver, selector):
    """The element's text, read in one script (the page redraws on every state event)."""
    return driver.execute_script("const e = document.querySelector(arguments[0]); return e ? e.innerText : ''", selector)


def answer(driver, task, typed):
    """Types `typed` in the task's box and sends it with the keyboard's Enter."""
    for _ in range(20):
        try:
            box = driver.find_element(By.CSS_SELECTOR, f"#task-{task} form.answer input[type=text]")
            box.clear()
            box.send_keys(typed)
            box.send_keys(Keys.ENTER)
            return
        except Exception:
            time.sleep(0.1)
    check(False, f"the answer box of {task} could be used")


def shot(driver, task, name):
    driver.execute_script("document.getElementById(arguments[0]).scrollIntoView()", "task-" + task)
    driver.save_screenshot(os.path.join(screens, name))


try:
    team_url = urls.get("team larks")
    check(bool(team_url), f"hunt serve --players printed the larks' URL ({team_url})")
    driver = phone(360, 780)
    driver.get(team_url)
    wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "article.task")) == 14, "the team page lists the 14 tasks")
    check(not driver.find_elements(By.CSS_SELECTOR, "#task-lions input[type=file]"), "an answer task without a place offers no photo button")
    check("5 tries left" in text(driver, "#task-lions"), "an answer task says 5 tries left")
    height = driver.execute_script("return document.querySelector('#task-lions form.answer input').getBoundingClientRect().height")
    check(height >= 40, f"the answer box is a large target ({height:.0f} px high)")

    # `number: 7`: "Seven" is accepted at once.
    started = time.monotonic()
    answer(driver, "lions", "Seven")
    wait(driver, lambda d: "Right!" in text(d, "#task-lions"), "\"Seven\" for `number: 7` is accepted on the spot")
    seconds = time.monotonic() - started
    check(seconds < 2, f"typed to verdict on the page in {seconds:.2f} s")
    wait(driver, lambda d: "accepted" in text(d, "#task-lions .state"), "and the task is accepted once the folder is judged again", seconds=15)
    shot(driver, "lions", "players-answer-right.png")

    # A wrong answer on a task of two tries: one left, said on the page.
    answer(driver, "bells", "twelve")
    wait(driver, lambda d: "That is not the answer." in text(d, "#task-bells") and "1 try left" in text(d, "#task-bells"),
         "a wrong answer says so, and that 1 try is left")
    wait(driver, lambda d: text(d, "#task-bells > .state") == "to do", "with a try left the task stays to do (the answer is rejected, not the task)", seconds=15)
    # A wrong answer stays in the box to be corrected, and what is typed survives the page being drawn again.
    for _ in range(20):  # the page redraws on each state event: find the box again if it went
        try:
            driver.find_element(By.CSS_SELECTOR, "#task-bells form.answer input[type=text]").send_keys("!")
            break
        except Exception:
            time.sleep(0.1)
    driver.execute_script("render()")
    kept = driver.execute_script("return document.querySelector('#task-bells form.answer input').value")
    check(kept == "twelve!", f"what is typed is kept when the page redraws ({kept!r})")
    shot(driver, "bells", "players-answer-wrong.png")

    # A choice: the choices in this team's own order, one try.
    choices = driver.execute_script("return Array.from(document.querySelectorAll('#task-glass label.choice')).map(l => l.innerText.trim())")
    check(sorted(choices) == ["Bicycles", "Reeds", "Tulips", "Windmills"], f"the choice task shows its 4 choices ({choices})")
    owls = json.loads(driver.execute_script(
        "return fetch(arguments[0] + '/api/state').then(r => r.text())", urls["team owls"].replace("http://", "http://")))
    other = next(t for t in owls["tasks"] if t["id"] == "glass")["choices"]
    check(other != choices, f"another team sees another order ({other})")
    check("1 try left" in text(driver, "#task-glass"), "a choice has one try")
    driver.execute_script("Array.from(document.querySelectorAll('#task-glass label.choice')).find(l => l.innerText.trim() === 'Tulips').click()")
    driver.execute_script("document.querySelector('#task-glass form.answer button[type=submit]').click()")
    wait(driver, lambda d: "No tries left" in text(d, "#task-glass"), "a wrong choice leaves no tries")
    wait(driver, lambda d: text(d, "#task-glass > .state") == "rejected", "and with none left the task is rejected", seconds=15)
    check(driver.execute_script("return document.querySelector('#task-glass form.answer button').disabled"), "and the send button is off")
    shot(driver, "glass", "players-answer-choice.png")
    fits = driver.execute_script("return [document.documentElement.scrollWidth, innerWidth]")
    check(fits[0] <= fits[1], f"nothing to scroll sideways at 360 px ({fits[0]} of {fits[1]})")

    # The log holds the page's answers; `hunt judge` on the folder agrees with what the page said.
    with open(os.path.join(folder, "submissions", "answers.jsonl")) as f:
        mine = [json.loads(l) for l in f if '"larks"' in l]
    check([(a["task"], a["answer"]) for a in mine] == [("lions", "Seven"), ("bells", "twelve"), ("glass", "Tulips")],
          f"answers.jsonl holds the three answers in order ({[(a['task'], a['answer']) for a in mine]})")
    judged = subprocess.run([hunt, "judge", os.path.join(folder, "hunt.yaml"), os.path.join(folder, "submissions"), "--format", "json"],
                            capture_output=True, text=True)
    results = json.loads(judged.stdout)
    verdicts = {s["evidence"]["answer"]: s["verdict"] for s in results["submissions"] if s["team"] == "larks"}
    check(verdicts == {"Seven": "accepted", "twelve": "rejected", "Tulips": "rejected"}, f"hunt judge gives the page's verdicts ({verdicts})")

    # The judges' console shows an answer as an answer: what was typed beside what it is close to,
    # when it was sent, and no map or "no position" (the example's foxes typed "Minaert").
    console = phone(1280, 900)
    try:
        console.get(urls["judge"])
        seen = ""
        for _ in range(30):
            seen = console.execute_script("const p = document.getElementById('photo'); return p ? p.innerText : ''")
            if "Close to" in seen:
                break
            console.execute_script("document.dispatchEvent(new KeyboardEvent('keydown', {key: 'j'}))")
            time.sleep(0.3)
        check("Close to" in seen and "Minaert" in seen and "Minnaert" in seen, f"the console shows the close answer beside the expected one ({seen!r})")
        facts = console.execute_script("return document.getElementById('evidence').innerText + ' | ' + document.getElementById('radar').innerText")
        check("Sent" in facts and "Taken" not in facts and "no position" not in facts, f"and says when it was sent, with no map or position ({facts!r})")
        console.save_screenshot(os.path.join(screens, "console-close-answer.png"))
    finally:
        console.quit()

    # No signal (DevTools offline): the last try is kept on the phone, not lost, and sent when the
    # page opens again with a signal.
    log = os.path.join(folder, "submissions", "answers.jsonl")
    lines = sum(1 for _ in open(log))
    offline(driver, True)
    answer(driver, "bells", "thirteen")
    wait(driver, lambda d: "kept on this phone" in text(d, "#task-bells"), "an answer sent with no signal is kept on the phone, and says so")
    shot(driver, "bells", "players-answer-offline.png")
    check(sum(1 for _ in open(log)) == lines, "nothing reached the server")
    driver.get("about:blank")
    offline(driver, False)
    driver.get(team_url)
    wait(driver, lambda d: sum(1 for _ in open(log)) == lines + 1, "opened again with a signal, the kept answer is sent", seconds=10)
    check(json.loads(open(log).read().splitlines()[-1])["answer"] == "thirteen", "as it was typed")
    wait(driver, lambda d: d.execute_script("return localStorage.getItem('hunt-pending-texts:' + base)") == "[]", "and the phone lets it go")
finally:
    if driver:
        driver.quit()
    process.terminate()
    process.wait(timeout=10)
    shutil.rmtree(work, ignore_errors=True)

finish("players' answers", screens)
