"""Guided tasks on the team's page at 360 px in headless Chromium, the phone's position moved
through the DevTools protocol: `live: bands` says cold, warm, hot and found with warmer or colder
as the phone walks (never a distance or a way), `live: direction` turns an arrow towards the
target and counts the distance down; a position that is no position is refused. See
players-browser.sh."""
import json, math, os, shutil, sys, tempfile, time, urllib.error, urllib.request
from selenium.webdriver.common.by import By
from browser_check import check, stop, finish, phone, serve_players, wait

hunt, example = sys.argv[1], sys.argv[2]
screens = os.environ.get("SCREENS", ".")
work = tempfile.mkdtemp(prefix="hunt-players-guide-")
folder = os.path.join(work, "hunt")
shutil.copytree(example, folder)
CACHE = (52.08700, 5.17900)
WAY = (52.08800, 5.17600)
with open(os.path.join(folder, "hunt.yaml"), "a") as f:
    f.write(f"  - id: cache\n    title: The hidden cache\n    at: {CACHE[0]}, {CACHE[1]}\n    live: bands\n"
            f"  - id: way\n    title: Find the way\n    at: {WAY[0]}, {WAY[1]}\n    live: direction\n"
            # Locked: one opens in 2099, one unlocks once the hidden cache is done.
            "  - id: later\n    title: Later\n    clue: A secret clue\n    at: 52.087, 5.179\n    opens: 2099-01-01 10:00\n"
            "  - id: beyond\n    title: Beyond\n    clue: Another secret\n    at: 52.087, 5.179\n    unlocked_by: [cache]\n")


def north_of(point, metres):
    return (point[0] + metres / 111_200, point[1])


def move(driver, point):
    driver.execute_cdp_cmd("Emulation.setGeolocationOverride", {"latitude": point[0], "longitude": point[1], "accuracy": 5})


def press(driver, selector):
    """Clicks the button at `selector` as it is now (the page redraws on every state event)."""
    driver.execute_script("document.querySelector(arguments[0]).click()", selector)


def text(driver, selector):
    """The text at `selector` as the page has it now ("" when nothing is there)."""
    return driver.execute_script("const e = document.querySelector(arguments[0]); return e ? e.innerText : ''", selector)


def guide_text(driver, task):
    return text(driver, f"#guide-{task} .guide-now")


process, urls = serve_players(hunt, folder, "herons")
driver = None
try:
    team_url = urls["team owls"]
    driver = phone(360, 780)
    origin = team_url.split("/t/")[0]
    driver.execute_cdp_cmd("Browser.grantPermissions", {"origin": origin, "permissions": ["geolocation"]})
    move(driver, north_of(CACHE, 700))
    driver.get(team_url)
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#guide-cache button"), "a live: bands task has a Hot or cold? button")
    later, beyond = text(driver, "#task-later"), text(driver, "#task-beyond")
    check("Opens on" in later and "2099" in later and "secret" not in later and not driver.find_elements(By.CSS_SELECTOR, "#task-later button, #task-later input"),
          f"a task that opens later says when, without its clue or buttons ({later!r})")
    check("Unlocks once your team has done “The hidden cache”" in beyond and "secret" not in beyond, f"one unlocked by another says by which ({beyond!r})")
    driver.execute_script("document.getElementById('task-later').scrollIntoView()")
    driver.save_screenshot(os.path.join(screens, "players-locked-360.png"))
    check(text(driver, "#guide-cache button") == "Hot or cold?", "in the players' words")
    driver.execute_script("document.getElementById('task-cache').scrollIntoView()")
    press(driver, "#guide-cache button")
    wait(driver, lambda d: guide_text(d, "cache") == "Cold", "700 m away: cold", seconds=8)
    for metres, band, trend in [(400, "Warm", "warmer"), (150, "Hot", "warmer"), (450, "Warm", "colder"), (20, "You're there!", "warmer")]:
        move(driver, north_of(CACHE, metres))
        wait(driver, lambda d: guide_text(d, "cache") == f"{band}\n{trend}" or guide_text(d, "cache") == f"{band} {trend}",
             f"{metres} m away: {band}, {trend}", seconds=10)
        if metres == 150:
            driver.save_screenshot(os.path.join(screens, "players-guide-hot-360.png"))
    shown = text(driver, "#guide-cache")
    check(" m" not in shown and "°" not in shown and not driver.find_elements(By.CSS_SELECTOR, "#guide-cache .arrow"),
          f"never a distance or a way ({shown!r})")
    press(driver, "#guide-cache button")
    wait(driver, lambda d: text(d, "#guide-cache button") == "Hot or cold?" and not guide_text(d, "cache"), "Stop stops it")

    # Direction: 300 m south-west of the target, then 100 m north of it.
    start = (WAY[0] - 300 / 111_200 / math.sqrt(2), WAY[1] - 300 / (111_200 * math.cos(math.radians(WAY[0]))) / math.sqrt(2))
    move(driver, start)
    driver.execute_script("document.getElementById('task-way').scrollIntoView()")
    press(driver, "#guide-way button")
    rotation = lambda d: d.execute_script("const a = document.querySelector('#guide-way .arrow'); return a && a.style.transform")
    wait(driver, lambda d: rotation(d), "live: direction shows an arrow", seconds=8)
    degrees = float(rotation(driver).split("(")[1].split("deg")[0])
    check(abs(degrees - 45) < 2, f"towards the target: north-east ({degrees}°)")
    to_go = guide_text(driver, "way").split("\n")[-1]
    check(to_go.endswith(" m to go") and 265 <= int(to_go.split()[0]) <= 275,
          f"with the distance to its edge: 300 m to the centre less the 30 m radius ({to_go!r})")
    driver.save_screenshot(os.path.join(screens, "players-guide-direction-360.png"))
    move(driver, north_of(WAY, 100))
    wait(driver, lambda d: rotation(d) and abs(float(rotation(d).split("(")[1].split("deg")[0]) - 180) < 2, "from the north the arrow turns south", seconds=10)
    check("70 m to go" in guide_text(driver, "way"), f"and the distance counts down ({guide_text(driver, 'way')!r})")

    # Positions that are no positions, sent straight to the route.
    token_path = team_url.split(origin)[1]
    for body, what in [({"task": "way", "lat": float("nan"), "lon": 5}, "NaN"), ({"task": "way", "lat": 1e308, "lon": 5}, "1e308"),
                       ({"task": "kruyt", "lat": 52, "lon": 5}, "a task that guides nowhere")]:
        time.sleep(1.1)
        raw = json.dumps(body).replace("NaN", "NaN")
        request = urllib.request.Request(origin + token_path + "/guide", data=raw.encode(), method="POST", headers={"Content-Type": "application/json"})
        try:
            urllib.request.urlopen(request, timeout=5)
            check(False, f"{what} is refused")
        except urllib.error.HTTPError as error:
            check(error.code in (400, 404), f"{what} is refused (HTTP {error.code}: {error.read().decode().strip()[:70]})")
finally:
    stop(process, work, driver)

finish("guided tasks", screens)
