"""hunt serve --players, end to end in headless Chromium on an emulated phone. See players-browser.sh."""
import os, re, shutil, subprocess, sys, tempfile, threading, time
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from browser_check import check, failures, wait
from exif_photo import photo_at

hunt, example, fixtures = sys.argv[1], sys.argv[2], sys.argv[3]
screens = os.environ.get("SCREENS", ".")
work = tempfile.mkdtemp(prefix="hunt-players-browser-")


def choose(driver, task, path):
    """Chooses `path` in the task's file input (found again if the page redrew it meanwhile)."""
    for _ in range(20):
        try:
            return driver.find_element(By.CSS_SELECTOR, f"#task-{task} input[type=file]").send_keys(path)
        except Exception:
            time.sleep(0.1)
    check(False, f"the file input of {task} could be used")


folder = os.path.join(work, "hunt")
shutil.copytree(example, folder)
# The Minnaert building as a live task: its photo must come from the page's camera.
with open(os.path.join(folder, "hunt.yaml")) as f:
    yaml = f.read()
with open(os.path.join(folder, "hunt.yaml"), "w") as f:
    f.write(yaml.replace("    clue: Rainwater falls into a pond indoors.\n", "    clue: Rainwater falls into a pond indoors.\n    live: true\n", 1)
            # A ninth task no team has done: "sent" on it can only come from the page.
            + "  - id: observatory\n    title: The old observatory\n    at: 52.08700, 5.17900\n")
# The photos a phone sends: one without any EXIF (its position comes from the browser), one whose
# EXIF puts it at the Kruyt building, taken at 11:05 on the hunt's day.
no_gps = os.path.join(work, "phone", "no-gps.jpg")
os.makedirs(os.path.dirname(no_gps))
shutil.copy(os.path.join(fixtures, "photos/jpeg-no-exif.jpg"), no_gps)
with_gps = os.path.join(work, "phone", "kruyt.jpg")
photo_at(os.path.join(example, "submissions/foxes/library/IMG_0002.jpg"), with_gps, 52.08645, 5.17352, 5)
third = os.path.join(work, "phone", "third.jpg")
# 30 m from the van Unnik building's centre, ±20 m: on the edge, so it waits for a judge (a photo
# the rules accepted or rejected is settled, and offers no withdraw).
photo_at(os.path.join(example, "submissions/foxes/library/IMG_0002.jpg"), third, 52.08608, 5.17126, 7, accuracy=20)
fourth = os.path.join(work, "phone", "fourth.jpg")
photo_at(os.path.join(example, "submissions/foxes/library/IMG_0002.jpg"), fourth, 52.0870, 5.1790, 8)
not_a_photo = os.path.join(work, "phone", "notes.jpg")
with open(not_a_photo, "w") as f:
    f.write("a shopping list saved with a photo's name, long enough to be sniffed as what it is\n" * 2)

process = subprocess.Popen([hunt, "serve", os.path.join(folder, "hunt.yaml"), os.path.join(folder, "submissions"), "--listen", "127.0.0.1:0",
                            "--players", "--players-see", "leaderboard", "--players-list", os.path.join(work, "teams.csv"),
                            # A name the browser reaches over plain HTTP, which is no secure context (see --host-resolver-rules).
                            "--allow-host", "hunt.test"],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
urls, lines = {}, []
for line in process.stdout:
    name, _, url = line.partition(": ")
    urls[name.strip()] = url.strip()
    if name == "team herons":
        break
threading.Thread(target=lambda: [lines.append(l.rstrip("\n")) for l in process.stdout], daemon=True).start()
driver = None
try:
    team_url, judge_url = urls.get("team owls"), urls.get("judge")
    check(team_url and re.fullmatch(r"http://127\.0\.0\.1:\d+/t/[0-9a-f]{32}", team_url or ""), f"hunt serve --players printed the team URLs ({team_url})")
    with open(os.path.join(work, "teams.csv")) as f:
        listed = f.read()
    check(listed.startswith("team,name,url\n") and team_url in listed, "--players-list wrote them as CSV")
    secret = os.path.join(folder, ".hunt-players-secret")
    check(os.path.exists(secret) and os.stat(secret).st_mode & 0o777 == 0o600, "the secret beside the hunt is mode 0600")

    options = webdriver.ChromeOptions()
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=390,844", "--disable-dev-shm-usage",
                     "--host-resolver-rules=MAP hunt.test 127.0.0.1"]:
        options.add_argument(argument)
    options.binary_location = "/usr/bin/chromium"
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    origin = team_url.split("/t/")[0]
    # A phone: 390×844, touch, the position the page will ask for (near the Kruyt building), allowed.
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
    driver.execute_cdp_cmd("Emulation.setGeolocationOverride", {"latitude": 52.08650, "longitude": 5.17350, "accuracy": 12})
    driver.execute_cdp_cmd("Browser.grantPermissions", {"origin": origin, "permissions": ["geolocation"]})
    driver.get(team_url)
    wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "article.task")) == 9, "the team page lists the 9 tasks")
    check(driver.find_element(By.ID, "team").text == "Night Owls", "it is the Night Owls' page")
    check(driver.execute_script("return window.isSecureContext") and driver.find_element(By.ID, "insecure").get_attribute("hidden") is not None,
          "loopback is a secure context: no note about positions")
    fits = driver.execute_script("return [document.documentElement.scrollWidth, innerWidth]")
    check(fits[0] <= fits[1], f"nothing to scroll sideways at 390 px ({fits[0]} of {fits[1]})")
    sizes = driver.execute_script("return Array.from(document.querySelectorAll('.send label')).map(l => l.getBoundingClientRect().height)")
    check(min(sizes) >= 44, f"the send buttons are large targets ({min(sizes):.0f} px high)")
    accept = driver.find_element(By.CSS_SELECTOR, "#task-kruyt input[type=file]").get_attribute("accept")
    check("image/*" not in accept and "image/heic" in accept and ".mov" in accept, f"the accept list names types ({accept})")
    driver.save_screenshot(os.path.join(screens, "players-start.png"))
    # A live task opens the camera (the rear one), one photo at a time; the others the phone's photos.
    live = driver.find_elements(By.CSS_SELECTOR, "#task-minnaert input[type=file]")
    check(len(live) == 2 and live[0].get_attribute("capture") == "environment" and live[0].get_attribute("multiple") is None,
          f"the live task's first input opens the camera (capture={live[0].get_attribute('capture') if live else None})")
    check(driver.find_element(By.CSS_SELECTOR, "#task-minnaert label.camera").text == "Take a photo", "and says so")
    check(not driver.find_elements(By.CSS_SELECTOR, "#task-kruyt input[capture]"), "a task that is not live does not open the camera")
    driver.execute_script("document.getElementById('task-minnaert').scrollIntoView()")
    driver.save_screenshot(os.path.join(screens, "players-live.png"))
    driver.execute_script("window.scrollTo(0, 0)")

    # Two photos: the one without GPS for the educatorium, the one with GPS for the kruyt.
    sent_at = {}
    for task, path in [("educatorium", no_gps), ("kruyt", with_gps)]:
        choose(driver, task, path)
        sent_at[task] = time.monotonic()
    state = lambda d, task: d.execute_script("const t = P.state && P.state.tasks.find(t => t.id === arguments[0]); return t && t.uploads", task)
    # The example's owls already sent photos for these tasks: the page's own uploads go by when they arrived.
    sent = lambda d, task: [u for u in (state(d, task) or []) if re.fullmatch(r"sent at \d\d:\d\d:\d\d", u["name"])]
    judged = lambda task, verdict: lambda d: any(u["state"] == verdict for u in sent(d, task))
    wait(driver, judged("kruyt", "accepted"), "the photo with GPS is accepted on the page", seconds=15)
    kruyt_seconds = time.monotonic() - sent_at["kruyt"]
    wait(driver, lambda d: any(u["state"] in ("review", "rejected") for u in sent(d, "educatorium")),
         "the photo without GPS is judged on the page", seconds=15)
    educatorium = sent(driver, "educatorium")[0]
    text = driver.find_element(By.ID, "task-educatorium").text
    check(educatorium["why"] and educatorium["why"][0] in text, f"its reason is on the page: {educatorium['why']}")
    check(kruyt_seconds < 2, f"chosen to judged on the page in {kruyt_seconds:.2f} s (upload, judgement, event; the issue: 2 s)")
    sidecars = [n for n in os.listdir(os.path.join(folder, "submissions/owls/educatorium")) if n.endswith(".browser.xmp")]
    with open(os.path.join(folder, "submissions/owls/educatorium", sidecars[0]) if sidecars else os.devnull) as f:
        xmp = f.read()
    check('huntkit:Latitude="52.0865000"' in xmp and 'huntkit:AccuracyMetres="12.0"' in xmp, "the browser's position is in the sidecar beside the photo")
    check(any(re.search(r"arrived owls/kruyt/\d{8}T\d{6}Z-[0-9a-f]{12}\.jpg: accepted", l) for l in lines), "the console logs the arrival")
    driver.execute_script("document.getElementById('task-educatorium').scrollIntoView()")
    driver.save_screenshot(os.path.join(screens, "players-judged.png"))

    # A judge decides the first photo in the console; the team page changes within a second.
    team = driver.current_window_handle
    driver.switch_to.new_window("window")
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 1400, "height": 900, "deviceScaleFactor": 1, "mobile": False})
    driver.get(judge_url)
    driver.get(judge_url.split("?")[0] + "?verdict=all&id=" + educatorium["id"])
    wait(driver, lambda d: re.search(r"owls/educatorium/\d{8}T\d{6}Z-[0-9a-f]{12}\.jpg", d.find_element(By.ID, "position").text),
         "the console shows which team sent it, and when")
    driver.find_element(By.TAG_NAME, "body").send_keys("a")
    wait(driver, lambda d: d.find_element(By.ID, "name-dialog").get_attribute("open") is not None, "the decision asks for a name")
    driver.find_element(By.ID, "name-input").send_keys("Ann Judge" + Keys.ENTER)
    decided = time.monotonic()
    driver.switch_to.window(team)
    wait(driver, lambda d: any(u["id"] == educatorium["id"] and u["state"] == "accepted" for u in (state(d, "educatorium") or [])),
         "the team page shows the judge's decision", seconds=5)
    seconds = time.monotonic() - decided
    check(seconds < 1.5, f"the decision reached the team page in {seconds:.2f} s")
    check("The judges accepted it" in driver.find_element(By.ID, "task-educatorium").text, "in words")
    check(driver.find_element(By.CSS_SELECTOR, "#task-educatorium .state").text == "accepted", "and the task is done")
    driver.save_screenshot(os.path.join(screens, "players-decided.png"))
    driver.execute_script("document.getElementById('board-section').scrollIntoView()")
    driver.save_screenshot(os.path.join(screens, "players-leaderboard.png"))
    # A withdrawal: a third photo, taken back before anyone decides it.
    choose(driver, "wkh", third)
    wait(driver, lambda d: any(u.get("can_withdraw") for u in sent(d, "wkh")), "an upload can be withdrawn while undecided", seconds=10)
    withdraw = driver.find_element(By.CSS_SELECTOR, "#task-wkh button.withdraw")
    # In the middle of the screen: scrolled to the top, the sticky header would take the click.
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", withdraw)
    withdraw.click()
    driver.switch_to.alert.accept()
    wait(driver, lambda d: not sent(d, "wkh"), "withdrawn, it leaves the page")
    check(os.path.isdir(os.path.join(folder, "submissions/.withdrawn/owls/wkh")), "and waits in .withdrawn/")

    # At 360 px: the server cannot keep uploads (its submissions folder gone). The page says at once
    # that it is the organizers' problem, not the phone's signal, never calls the task sent, and the
    # organizer's terminal has a line; once the folder is back, Try again sends it.
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 360, "height": 780, "deviceScaleFactor": 1, "mobile": True})
    # A task still to do, so "sent" on it can only come from the page.
    todo = "observatory"
    submissions = os.path.join(folder, "submissions")
    os.rename(submissions, submissions + ".away")
    try:
        chosen = time.monotonic()
        choose(driver, todo, fourth)
        # Read by script: the page redraws as events come, which can leave a found element stale.
        task_text = lambda d, task: d.execute_script("const t = document.getElementById(arguments[0]); return t ? t.innerText : ''", "task-" + task)
        failed = lambda d: "organizers' server could not keep this photo" in task_text(d, todo)
        wait(driver, failed, "a server error is told as the organizers' problem", seconds=10)
        seconds = time.monotonic() - chosen
        check(seconds < 3, f"at once, not after retries meant for a lost signal ({seconds:.1f} s)")
        text = task_text(driver, todo)
        check("tell the organizers" in text and "not your phone or your signal" in text and "cannot take uploads" in text,
              f"with what to do and the server's reason: {text!r}")
        chip = driver.execute_script("return document.querySelector('#task-' + arguments[0] + ' > .state').textContent", todo)
        check(chip not in ("sent", "sending…"), f"the task is not called sent ({chip!r})")
        check(driver.find_elements(By.CSS_SELECTOR, "#task-" + todo + " button.retry"), "and it can be tried again")
        wait(driver, lambda d: any(re.fullmatch(r"\d\d:\d\d:\d\d upload failed owls/" + todo + ": 500 the submissions folder cannot take uploads: .+", l) for l in lines),
             "the organizer's terminal has a line for the failed upload", seconds=5)
        fits = driver.execute_script("return [document.documentElement.scrollWidth, innerWidth]")
        check(fits[0] <= fits[1], f"nothing to scroll sideways at 360 px ({fits[0]} of {fits[1]})")
        driver.execute_script("document.getElementById('task-' + arguments[0]).scrollIntoView()", todo)
        driver.save_screenshot(os.path.join(screens, "players-server-error-360.png"))
    finally:
        os.rename(submissions + ".away", submissions)
    driver.find_element(By.CSS_SELECTOR, "#task-" + todo + " button.retry").click()
    wait(driver, lambda d: "Sent. Waiting for the judge" in task_text(d, todo) or
         any(u["state"] in ("accepted", "review", "rejected") for u in sent(d, todo)), "once fixed, Try again sends it", seconds=15)
    # A file the server refuses (4xx): what the player must change, in the server's words, no Try again.
    choose(driver, "bridge", not_a_photo)
    wait(driver, lambda d: "Not sent: this is not a photo or a video the judges can read" in task_text(d, "bridge"),
         "a refused file says what the player must change")
    check("send the JPEG, HEIC, PNG" in task_text(driver, "bridge"), "and what to send instead")
    check(not driver.find_elements(By.CSS_SELECTOR, "#task-bridge button.retry"), "with no Try again (the same file would be refused again)")
    driver.execute_script("document.getElementById('task-bridge').scrollIntoView()")
    driver.save_screenshot(os.path.join(screens, "players-refused-360.png"))

    # Over plain HTTP under a name (no secure context) the browser gives no position: the page says
    # so before anything is sent, and what to switch on instead.
    driver.get(team_url.replace("127.0.0.1", "hunt.test", 1))
    wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "article.task")) == 9, "the team page opens over plain HTTP")
    note = driver.find_element(By.ID, "insecure")
    check(driver.execute_script("return window.isSecureContext") is False and note.is_displayed(), "it is no secure context, and the page says so")
    check("only the" in note.text and "location saved in each photo" in note.text and "switch on location" in note.text,
          f"in plain words, with what to switch on: {note.text!r}")
    top = driver.execute_script("return arguments[0].getBoundingClientRect().bottom", note)
    check(top <= 844, f"where it is seen without scrolling (its end at {top:.0f} px)")
    driver.save_screenshot(os.path.join(screens, "players-insecure.png"))

finally:
    if driver:
        driver.quit()
    process.terminate()
    process.wait(timeout=10)
    shutil.rmtree(work, ignore_errors=True)

if failures:
    print(f"{len(failures)} check(s) failed", file=sys.stderr)
    sys.exit(1)
print(f"players' page: all checks passed; screenshots in {screens}")
