"""hunt serve --players at 360 px: a group's card and its members' progress, a live task's two
buttons, "already sent", and a reason written for players (a photo five years old). See
players-browser.sh, which runs it after players-browser.py."""
import os, re, shutil, sys, tempfile, time
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from browser_check import check, failures, wait, serve_players
from exif_photo import photo_at

hunt, example = sys.argv[1], sys.argv[2]
screens = os.environ.get("SCREENS", ".")
work = tempfile.mkdtemp(prefix="hunt-players-words-")

folder = os.path.join(work, "hunt")
shutil.copytree(example, folder)
with open(os.path.join(folder, "hunt.yaml")) as f:
    yaml = f.read()
# The Minnaert building live; three buildings a group that counts once any two are done; a team
# of its own that has sent nothing yet.
yaml = yaml.replace("    clue: Rainwater falls into a pond indoors.\n", "    clue: Rainwater falls into a pond indoors.\n    live: true\n", 1)
yaml = yaml.replace("teams:\n", "teams:\n  - { id: larks, name: Early Larks }\n", 1)
yaml = yaml.rstrip("\n") + "\n  - { id: science, title: Three science buildings, choose: 2, tasks: [kruyt, minnaert, educatorium], points: 30 }\n"
with open(os.path.join(folder, "hunt.yaml"), "w") as f:
    f.write(yaml)
source = os.path.join(example, "submissions/foxes/library/IMG_0002.jpg")
kruyt = os.path.join(work, "phone", "kruyt.jpg")
photo_at(source, kruyt, 52.08645, 5.17352, 5)
old = os.path.join(work, "phone", "old.jpg")
photo_at(source, old, 52.08581, 5.17126, 7, day="2021:04:12")

process, urls = serve_players(hunt, folder, "larks")
driver = None


def choose(driver, selector, path):
    for _ in range(20):
        try:
            return driver.find_element(By.CSS_SELECTOR, selector).send_keys(path)
        except Exception:
            time.sleep(0.1)
    check(False, f"{selector} could be used")


def text(driver, selector):
    """The element's text, read in one script: the page redraws on every state event, and an
    element found first and read after may be gone."""
    return driver.execute_script("const e = document.querySelector(arguments[0]); return e ? e.innerText : ''", selector)


def shot(driver, task, name):
    driver.execute_script("document.getElementById(arguments[0]).scrollIntoView()", "task-" + task)
    driver.save_screenshot(os.path.join(screens, name))


try:
    team_url = urls.get("team larks")
    check(bool(team_url), f"hunt serve printed the larks' URL ({team_url})")
    options = webdriver.ChromeOptions()
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=360,780", "--disable-dev-shm-usage"]:
        options.add_argument(argument)
    options.binary_location = "/usr/bin/chromium"
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 360, "height": 780, "deviceScaleFactor": 1, "mobile": True})
    driver.execute_cdp_cmd("Emulation.setGeolocationOverride", {"latitude": 52.08650, "longitude": 5.17350, "accuracy": 12})
    driver.execute_cdp_cmd("Browser.grantPermissions", {"origin": team_url.split("/t/")[0], "permissions": ["geolocation"]})
    driver.get(team_url)
    wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "article.task")) == 9, "the page lists the 8 tasks and the group")
    fits = driver.execute_script("return [document.documentElement.scrollWidth, innerWidth]")
    check(fits[0] <= fits[1], f"nothing to scroll sideways at 360 px ({fits[0]} of {fits[1]})")

    # The group: its members and progress, no send button; the header counts it once and its members not at all.
    wait(driver, lambda d: "0 of 6 tasks done" in text(d, "#score"), f"the header counts tasks as the sheets do ({text(driver, '#score')!r})")
    check(not driver.find_elements(By.CSS_SELECTOR, "#task-science input[type=file]"), "the group's card has no send button")
    members = [li.text for li in driver.find_elements(By.CSS_SELECTOR, "#task-science ul.members li")]
    check(len(members) == 3 and "The Kruyt tower" in members[0], f"it lists its members ({members})")
    check("Any 2 of these 3" in text(driver, "#task-science"), "and says how many count")
    member = text(driver, "#task-kruyt .group-of")
    check(member == "Counts towards “Three science buildings” — 0 of 2 done", f"a member says what it counts towards ({member!r})")
    check(not driver.find_elements(By.CSS_SELECTOR, "#task-kruyt .points"), "and shows no points of its own")

    # The live task: the camera first; the gallery button plainly won't count.
    gallery = text(driver, "#task-minnaert label.gallery")
    check(text(driver, "#task-minnaert label.camera") == "Take a photo" and "won't count" in gallery, f"the live task's buttons ({gallery!r})")
    check("Only a photo taken now" in text(driver, "#task-minnaert .live"), "its card says only the camera counts")
    shot(driver, "minnaert", "players-words-live.png")

    # A photo at the Kruyt tower: accepted, the group moves to 1 of 2.
    choose(driver, "#task-kruyt input[type=file]", kruyt)
    wait(driver, lambda d: text(d, "#task-kruyt > .state") == "accepted", "the Kruyt photo is accepted", seconds=40)
    wait(driver, lambda d: "1 of 2 done" in text(d, "#task-kruyt .group-of") and "1 of 2 done" in text(d, "#task-science"),
         "the member and the group show 1 of 2 done")
    check(not driver.find_elements(By.CSS_SELECTOR, "#task-kruyt button.withdraw"), "an accepted photo offers no withdraw")
    # The same photo again: the page says it was sent before, and keeps saying so.
    choose(driver, "#task-kruyt input[type=file]", kruyt)
    wait(driver, lambda d: "already sent" in text(d, "#task-kruyt"), "sending it again says \"already sent\"", seconds=10)
    time.sleep(2)
    check("already sent" in text(driver, "#task-kruyt"), "and it does not vanish when the state arrives")
    shot(driver, "science", "players-words-group.png")

    # A photo five years old: its reason in the players' words.
    choose(driver, "#task-wkh input[type=file]", old)
    wait(driver, lambda d: "5 years before the hunt started" in text(d, "#task-wkh"), "a five-year-old photo's reason says 5 years", seconds=40)
    why = text(driver, "#task-wkh ul.why")
    check("on 12 April 2021 at 11:07" in why and "Take a new photo" in why and not re.search(r"\d{4}-\d\d-\d\dT", why),
          f"with its day in words and what to do ({why!r})")
    check(not driver.find_elements(By.CSS_SELECTOR, "#task-wkh button.withdraw"), "a rejected photo offers no withdraw")
    shot(driver, "wkh", "players-words-reason.png")
    fits = driver.execute_script("return [document.documentElement.scrollWidth, innerWidth]")
    check(fits[0] <= fits[1], f"still nothing to scroll sideways ({fits[0]} of {fits[1]})")
finally:
    if driver:
        driver.quit()
    process.terminate()
    process.wait(timeout=10)
    shutil.rmtree(work, ignore_errors=True)

if failures:
    print(f"{len(failures)} check(s) failed", file=sys.stderr)
    sys.exit(1)
print(f"players' words: all checks passed; screenshots in {screens}")
