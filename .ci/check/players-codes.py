"""hunt serve --players at 360 px: codes posted at a place (Examples/orientation-day). The posters are
made with `hunt sheets --posters --players-url <server>`; the sundial poster's QR code, read with zbarimg,
opened in the browser that opened its team's page lands on that page with the code in the sundial's
box; sent, it is accepted. A wrong code on the bike shed says so and how many tries are left. A phone
that never opened a team page is told to open its team's link first. The team's state never holds a
code. See players-browser.sh."""
import glob, json, os, shutil, subprocess, sys, tempfile, time
from urllib.parse import urlsplit
from browser_check import check, finish, phone, serve_players, stop, wait

hunt, example = sys.argv[1], sys.argv[2]
screens = os.environ.get("SCREENS", ".")
work = tempfile.mkdtemp(prefix="hunt-players-codes-")
folder = os.path.join(work, "hunt")
shutil.copytree(example, folder)
with open(os.path.join(folder, "hunt.yaml")) as f:
    yaml = f.read()
# Codes are judged at the time they are sent: a window around today.
yaml = yaml.replace("window: { start: 2026-05-02 10:00, end: 2026-05-02 16:00 }", "window: { start: 2020-01-01 00:00, end: 2035-12-31 23:59 }", 1)
with open(os.path.join(folder, "hunt.yaml"), "w") as f:
    f.write(yaml)

process, urls = serve_players(hunt, folder, "herons")
driver = stranger = None


def text(driver, selector):
    """The element's text, read in one script (the page redraws on every state event)."""
    return driver.execute_script("const e = document.querySelector(arguments[0]); return e ? e.innerText : ''", selector)


def box(driver, task):
    return driver.execute_script("const e = document.querySelector(arguments[0]); return e ? e.value : null", f"#task-{task} form.answer input[type=text]")


def shot(driver, task, name):
    driver.execute_script("document.getElementById(arguments[0]).scrollIntoView({block: 'center'})", "task-" + task)
    driver.save_screenshot(os.path.join(screens, name))


try:
    team_url = urls.get("team herons", "")
    check(team_url.startswith("http://127.0.0.1:"), f"hunt serve --players printed the herons' URL ({team_url})")
    base = "{0.scheme}://{0.netloc}".format(urlsplit(team_url))
    made = subprocess.run([hunt, "sheets", os.path.join(folder, "hunt.yaml"), "--posters", "--players-url", base, "-o", os.path.join(work, "posters.pdf")],
                          capture_output=True, text=True, timeout=60)
    check(made.returncode == 0, f"hunt sheets --posters made the posters ({made.stderr.strip()})")
    subprocess.run(["pdftoppm", "-png", "-r", "100", "-f", "1", "-l", "1", os.path.join(work, "posters.pdf"), os.path.join(work, "poster")], check=True, timeout=60)
    scanned = subprocess.run(["zbarimg", "-q", "--raw", *glob.glob(os.path.join(work, "poster-*.png"))], capture_output=True, text=True, timeout=60)
    poster_url = scanned.stdout.strip()
    check(poster_url.startswith(base + "/code#sundial:"), f"the sundial poster's QR code opens /code on the server ({poster_url})")
    code = poster_url.rpartition(":")[2]

    # A phone that opened its team's page once, then scans the poster.
    driver = phone(360, 780)
    driver.get(team_url)
    wait(driver, lambda d: text(d, "#task-sundial") != "", "the team page shows the sundial")
    state = driver.execute_script("return fetch(base + '/api/state').then(r => r.text())")
    check(code not in state and "REED" not in state, "the team's state holds neither code")
    check(not driver.execute_script("return !!document.querySelector('#task-sundial input[type=file]')"), "a code task offers no photo button")
    driver.get(poster_url)
    wait(driver, lambda d: urlsplit(d.current_url).path == urlsplit(team_url).path, "the poster's page goes on to the team's page")
    wait(driver, lambda d: box(d, "sundial") == code, f"with the code {code} in the sundial's box")
    check("#code=" not in driver.current_url, "and the code is dropped from the address bar")
    top = driver.execute_script("return document.getElementById('task-sundial').getBoundingClientRect().top")
    check(0 <= top < 780, f"scrolled to the sundial's card (its top at {top:.0f} px)")
    shot(driver, "sundial", "players-code-filled.png")
    driver.execute_script("document.querySelector('#task-sundial form.answer button[type=submit]').click()")
    wait(driver, lambda d: "Right!" in text(d, "#task-sundial"), "the poster's code is accepted on the spot")
    wait(driver, lambda d: "accepted" in text(d, "#task-sundial .state"), "and the task is accepted once the folder is judged again", seconds=15)

    # A wrong code: what is wrong and the tries left, in the players' words.
    for _ in range(20):
        done = driver.execute_script("""const b = document.querySelector('#task-bike-shed form.answer input[type=text]');
            if (!b) return false; b.value = 'reed-24'; b.dispatchEvent(new Event('input'));
            document.querySelector('#task-bike-shed form.answer button[type=submit]').click(); return true;""")
        if done:
            break
        time.sleep(0.1)
    wait(driver, lambda d: "not this task's code" in text(d, "#task-bike-shed") and "9 tries left" in text(d, "#task-bike-shed"),
         "a wrong code says so, and that 9 tries are left")
    shot(driver, "bike-shed", "players-code-wrong.png")
    fits = driver.execute_script("return [document.documentElement.scrollWidth, innerWidth]")
    check(fits[0] <= fits[1], f"nothing to scroll sideways at 360 px ({fits[0]} of {fits[1]})")

    # A phone that never opened a team page.
    stranger = phone(360, 780)
    stranger.get(poster_url)
    wait(stranger, lambda d: "Open your team's link first" in text(d, "#code-status"), "a phone without a team page is told to open its team's link first")
    check(code not in stranger.page_source, "and the page does not show the code")
    stranger.save_screenshot(os.path.join(screens, "players-code-no-team.png"))

    # `hunt judge` agrees with the page.
    judged = subprocess.run([hunt, "judge", os.path.join(folder, "hunt.yaml"), os.path.join(folder, "submissions"), "--format", "json"],
                            capture_output=True, text=True, timeout=120)
    results = json.loads(judged.stdout)
    verdicts = {s["evidence"]["answer"]: s["verdict"] for s in results["submissions"] if s["team"] == "herons" and s["task"] in ("sundial", "bike-shed")}
    check(verdicts.get(code) == "accepted" and verdicts.get("reed-24") == "rejected", f"hunt judge gives the page's verdicts ({verdicts})")
finally:
    stop(process, work, driver, stranger)

finish("players' codes", screens)
