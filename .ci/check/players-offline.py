"""The team page on a phone that loses its signal, in headless Chromium (DevTools offline): a photo
chosen with no signal is shown as waiting and kept on the phone, nothing reaches the server, and it
is sent and judged when the signal comes back; one chosen offline and left when the page is closed
is sent when the page is opened again; the phone's storage is empty once the server kept both.
See players-browser.sh."""
import os, re, shutil, sys, tempfile, time
from selenium.webdriver.common.by import By
from browser_check import check, stop, choose_file, failures, finish, offline, phone, serve_players, wait
from exif_photo import photo_at

hunt, example = sys.argv[1], sys.argv[2]
screens = os.environ.get("SCREENS", ".")
work = tempfile.mkdtemp(prefix="hunt-players-offline-")
folder = os.path.join(work, "hunt")
shutil.copytree(example, folder)
submissions = os.path.join(folder, "submissions")
source = os.path.join(example, "submissions/foxes/library/IMG_0002.jpg")
# Two photos taken at the Kruyt and the Minnaert buildings at 11:05 and 11:20 on the hunt's day.
kruyt, minnaert = os.path.join(work, "kruyt.jpg"), os.path.join(work, "minnaert.jpg")
photo_at(source, kruyt, 52.08645, 5.17352, 5)
photo_at(source, minnaert, 52.08774, 5.17264, 20)


def files_of(team):
    """The photos under the team's folder in the submissions folder (what the server kept; the
    browser's fix beside each is a sidecar, not counted)."""
    found = []
    for root, _, names in os.walk(os.path.join(submissions, team)):
        found += [os.path.join(root, n) for n in names if n.lower().endswith(".jpg")]
    return sorted(found)





def task_text(driver, task):
    return driver.find_element(By.ID, "task-" + task).text


def kept_on_phone(driver):
    """How many files the page keeps in the phone's storage (IndexedDB) for sending."""
    return driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        inOutbox('readonly', (s) => s.count()).then((n) => done(n === null ? -1 : n));""")


process, urls = serve_players(hunt, folder, "herons")
driver = None
try:
    team_url = urls.get("team owls")
    check(bool(team_url), f"hunt serve --players printed the owls' URL ({team_url})")
    before = files_of("owls")
    driver = phone(360, 780)
    origin = team_url.split("/t/")[0]
    driver.execute_cdp_cmd("Emulation.setGeolocationOverride", {"latitude": 52.08650, "longitude": 5.17350, "accuracy": 12})
    driver.execute_cdp_cmd("Browser.grantPermissions", {"origin": origin, "permissions": ["geolocation"]})
    driver.set_script_timeout(10)
    driver.get(team_url)
    wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "article.task")) >= 8, "the team page lists the tasks")

    # The signal goes: a photo chosen now waits on the phone, and says so.
    offline(driver, True)
    wait(driver, lambda d: d.execute_script("return navigator.onLine") is False, "the phone knows it has no signal")
    choose_file(driver, "#task-kruyt input[type=file]", kruyt)
    wait(driver, lambda d: "no signal: waiting" in task_text(d, "kruyt"), "a photo chosen with no signal is shown as waiting")
    check("Kept on this phone" in task_text(driver, "kruyt"), "and as kept on this phone, sent by itself later")
    chip = driver.find_element(By.CSS_SELECTOR, "#task-kruyt ul.uploads li .state").text
    check(chip == "no signal: waiting", f"its own line says so, never sent ({chip!r})")
    wait(driver, lambda d: kept_on_phone(d) == 1, "the photo is in the phone's storage")
    time.sleep(1.5)
    check(files_of("owls") == before, "nothing reached the server while offline")
    driver.execute_script("document.getElementById('task-kruyt').scrollIntoView()")
    driver.save_screenshot(os.path.join(screens, "players-offline-waiting-360.png"))

    # The signal comes back: it goes by itself, is kept by the server, judged on the page.
    offline(driver, False)
    sent = lambda d, task: [u for u in (d.execute_script(
        "const t = P.state && P.state.tasks.find(t => t.id === arguments[0]); return t && t.uploads", task) or [])
        if re.fullmatch(r"sent at \d\d:\d\d:\d\d", u["name"])]
    wait(driver, lambda d: any(u["state"] == "accepted" for u in sent(d, "kruyt")),
         "back online, it is sent and judged on the page without a tap", seconds=20)
    check(len(files_of("owls")) == len(before) + 1, "the server kept it once")
    wait(driver, lambda d: kept_on_phone(d) == 0, "and the phone's storage let it go")
    driver.save_screenshot(os.path.join(screens, "players-offline-sent-360.png"))

    # Chosen offline, then the page is closed before the signal returns: opening it again sends it.
    offline(driver, True)
    choose_file(driver, "#task-minnaert input[type=file]", minnaert)
    wait(driver, lambda d: kept_on_phone(d) == 1, "a second photo chosen offline is kept on the phone")
    driver.get("about:blank")
    offline(driver, False)
    time.sleep(1)
    check(len(files_of("owls")) == len(before) + 1, "with the page closed nothing is sent")
    driver.get(team_url)
    wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "article.task")) >= 8, "the page opens again")
    wait(driver, lambda d: any(u["state"] in ("accepted", "review", "rejected") for u in sent(d, "minnaert")),
         "the photo left waiting is sent and judged when the page opens again", seconds=20)
    check(len(files_of("owls")) == len(before) + 2, "the server kept it once")
    wait(driver, lambda d: kept_on_phone(d) == 0, "and the phone's storage is empty")
    driver.execute_script("document.getElementById('task-minnaert').scrollIntoView()")
    driver.save_screenshot(os.path.join(screens, "players-offline-reopened-360.png"))
finally:
    stop(process, work, driver)

finish("players' page offline", screens)
