"""hunt serve, end to end in headless Chromium. See serve-browser.sh."""
import json, math, os, re, shutil, struct, subprocess, sys, tempfile, threading, time, urllib.request
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select
from browser_check import check, failures, wait
from exif_photo import photo_at

hunt, example = sys.argv[1], sys.argv[2]
screens = os.environ.get("SCREENS", ".")
work = tempfile.mkdtemp(prefix="hunt-serve-browser-")


def offset(lat, lon, north, east):
    """lat, lon moved by metres north and east (a sphere is plenty for placing test photos)."""
    return lat + north / 111_195, lon + east / (111_195 * math.cos(math.radians(lat)))


def serve(folder, *extra):
    """hunt serve on a folder; its judge and leaderboard URLs, and its stdout lines as they come."""
    process = subprocess.Popen([hunt, "serve", os.path.join(folder, "hunt.yaml"), os.path.join(folder, "submissions"),
                                "--listen", "127.0.0.1:0", *extra], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    urls, lines = {}, []
    for line in process.stdout:
        name, _, url = line.partition(":")
        urls[name] = url.strip()
        if name == "leaderboard":
            break

    def pump():
        for line in process.stdout:
            lines.append(line.rstrip("\n"))
    threading.Thread(target=pump, daemon=True).start()
    return process, urls.get("judge"), urls.get("leaderboard"), lines

others = []
NAMES = ["Red Foxes", "Night Owls", "The Quick Brown Foxes of Zuilen", "Herons", "Oude Gracht Otters", "Bikes & Bells",
         "Team Domtoren", "Lombok Lions", "Wittevrouwen Wanderers", "Maliebaan Marmots", "Kanaleneiland Kites", "Griftpark Geese"]


def map_check(driver):
    """A hunt with a circle, an area and places, photos at known places, and 30 teams: the WHERE
    map draws each photo at the judge's distance and bearing; the leaderboard fits 1920×1080."""
    folder = os.path.join(work, "map")
    source = os.path.join(example, "submissions/foxes/library/IMG_0002.jpg")
    tower, cafes = (52.0907, 5.1213), [("Anker", 52.0930, 5.1250), ("Bolk", 52.0934, 5.1258), ("Kade", 52.0925, 5.1240)]
    teams = [(f"t{n:02}", f"{NAMES[n % len(NAMES)]} {n}") for n in range(1, 31)]
    os.makedirs(folder)
    with open(os.path.join(folder, "hunt.yaml"), "w") as f:
        f.write("hunt: Map check\ntimezone: Europe/Amsterdam\nwindow: { start: 2026-05-02 10:00, end: 2026-05-02 16:00 }\nteams:\n")
        f.write("".join(f"  - {{ id: {i}, name: {json.dumps(name)} }}\n" for i, name in teams))
        f.write(f"tasks:\n  - {{ id: tower, title: The tower, at: '{tower[0]}, {tower[1]}', radius: 30 m }}\n"
                "  - { id: cafe, title: A café, places: cafes.geojson, radius: 25 m }\n  - { id: park, title: The park, area: park.geojson }\n")
    with open(os.path.join(folder, "cafes.geojson"), "w") as f:
        json.dump({"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {"name": n},
                   "geometry": {"type": "Point", "coordinates": [lon, lat]}} for n, lat, lon in cafes]}, f)
    with open(os.path.join(folder, "park.geojson"), "w") as f:
        json.dump({"type": "Polygon", "coordinates": [[[5.1150, 52.0850], [5.1180, 52.0850], [5.1180, 52.0868], [5.1150, 52.0868], [5.1150, 52.0850]]]}, f)
    photos = {"t01/tower/near.jpg": offset(*tower, 28.3, 28.3), "t01/cafe/east.jpg": offset(52.0930, 5.1250, 0, 28),
              "t01/cafe/far.jpg": offset(52.0930, 5.1250, -10_017_000, 0), "t01/park/inside.jpg": (52.0855, 5.1160),
              "t01/park/outside.jpg": (52.0875, 5.1165)}
    for n, (i, _) in enumerate(teams[1:12]):
        photos[f"{i}/tower/IMG_{n:04}.jpg"] = offset(*tower, n, -n)
    for minute, (path, (lat, lon)) in enumerate(sorted(photos.items())):
        photo_at(source, os.path.join(folder, "submissions", path), lat, lon, minute % 60)
    process, judge, board, lines = serve(folder, "--quiet")
    others.append(process)
    check(judge and board, "hunt serve --quiet printed its URLs")

    driver.get(judge)
    # Queue ids are keyed by the server (unguessable from paths): asked for, as the page does.
    origin, token = "/".join(judge.split("/")[:3]), judge.split("token=")[1].split("&")[0]
    request = urllib.request.Request(origin + "/api/queue?verdict=all&limit=1000", headers={"Authorization": "Bearer " + token})
    ids = {item["path"]: item["id"] for item in json.load(urllib.request.urlopen(request, timeout=30))["items"]}
    for path in ["t01/tower/near.jpg", "t01/cafe/east.jpg", "t01/cafe/far.jpg", "t01/park/inside.jpg", "t01/park/outside.jpg"]:
        driver.get(judge.split("?")[0] + "?verdict=all&id=" + ids[path])
        drawn = lambda d: d.execute_script("""
            const svg = document.querySelector('#radar svg');
            if (!svg || !Q.item || !Q.item.path || Q.item.path !== arguments[0]) return null;
            const middle = (el) => { const r = el.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; };
            const photo = svg.querySelector('.photo'), label = svg.querySelector('.off-scale-label');
            return { kind: Q.item.radar.kind, reach: Q.item.radar.reach_m, width: svg.getBoundingClientRect().width, photo: middle(photo),
                     measured: middle(svg.querySelector('.measured')), off: photo.classList.contains('off-scale'),
                     label: label && label.textContent, others: svg.querySelectorAll('.target.other').length, evidence: Q.item.evidence };""", path)
        if not wait(driver, drawn, f"{path}: the map is drawn"):
            continue
        m = drawn(driver)
        e = m["evidence"]
        judged = abs(e["edge_distance_m"]) if m["kind"] == "area" else e["distance_m"]
        metres_per_pixel = m["reach"] / (110 * m["width"] / 240)
        east = (m["photo"][0] - m["measured"][0]) * metres_per_pixel
        north = -(m["photo"][1] - m["measured"][1]) * metres_per_pixel
        turn = lambda a, b: abs((a - b + 540) % 360 - 180)
        bearing = math.degrees(math.atan2(-east, -north)) % 360
        if m["off"]:
            check(turn(bearing, e["bearing_deg"]) < 3 and f"{round(judged / 1000)} km" in (m["label"] or ""),
                  f"{path}: an off-scale marker in the photo's direction says its distance ({m['label']}; bearing {bearing:.1f}° vs the judge's {e['bearing_deg']:.1f}°)")
        else:
            distance = math.hypot(east, north)
            check(abs(distance - judged) <= 1.5 * metres_per_pixel + 0.01 * judged and turn(bearing, e["bearing_deg"]) < 3,
                  f"{path}: drawn {distance:.1f} m towards {bearing:.1f}°, the judge's {judged:.1f} m towards {e['bearing_deg']:.1f}° ({m['kind']})")
        if path == "t01/cafe/east.jpg":
            check(m["others"] >= 2 and not m["off"], f"the other cafés are drawn as their own circles ({m['others']})")
        driver.save_screenshot(os.path.join(screens, "map-" + path.split("/")[-2] + "-" + path.split("/")[-1].replace(".jpg", ".png")))

    # Walking the queue (its items come without maps), each item shown gets its own map.
    driver.get(judge.split("?")[0] + "?verdict=all&task=cafe")
    for _ in range(2):
        wait(driver, lambda d: d.execute_script("const s = document.querySelector('#radar svg'); return s && Q.item && Q.item.radar && s.classList.contains(Q.item.radar.kind)"),
             f"walking the queue, {driver.find_element(By.ID, 'position').text or 'the item'} has its map")
        driver.find_element(By.TAG_NAME, "body").send_keys("j")
        time.sleep(0.3)

    # The projector: 30 teams on a 1920×1080 screen, nothing to scroll.
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 1920, "height": 1080, "deviceScaleFactor": 1, "mobile": False})
    driver.get(board)
    wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#ranks tr")) == 30, "the leaderboard lists 30 teams")
    time.sleep(1)
    fits = driver.execute_script("""const rows = document.querySelectorAll('#ranks tr'), last = rows[rows.length - 1].getBoundingClientRect();
        return [last.bottom, innerHeight, document.documentElement.scrollHeight, document.documentElement.scrollWidth, innerWidth];""")
    check(fits[0] <= fits[1] and fits[2] <= fits[1] and fits[3] <= fits[4],
          f"30 teams fit 1920×1080 (last row ends at {fits[0]:.0f} px of {fits[1]}; the page is {fits[3]}×{fits[2]})")
    size = driver.execute_script("return parseFloat(getComputedStyle(document.querySelector('#ranks td.name')).fontSize)")
    check(size >= 18, f"the ranks are at least 18 px ({size:.1f} px)")
    driver.save_screenshot(os.path.join(screens, "leaderboard-30-teams.png"))
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    # --quiet: a photo arrives, and nothing is printed.
    photo_at(source, os.path.join(folder, "submissions", "t05/tower/late.jpg"), *tower, 59)
    time.sleep(3)
    check(lines == [], f"hunt serve --quiet logs nothing ({lines[:3]})")


shutil.copytree(example, os.path.join(work, "hunt"))
folder = os.path.join(work, "hunt")
submissions = os.path.join(folder, "submissions")
# A copy of one team's photo in another team's folder: a duplicate-of to compare side by side.
shutil.copy(os.path.join(submissions, "foxes/library/IMG_0002.jpg"), os.path.join(submissions, "owls/library-copy.jpg"))
reviews = os.path.join(folder, "reviews.yaml")
with open(reviews, "w") as f:
    f.write("# decisions of the day; hunt serve keeps this comment\n")

server, judge_url, board_url, log = serve(folder, "--reviews", reviews)
check(judge_url and board_url, "hunt serve printed a judge and a leaderboard URL")

options = webdriver.ChromeOptions()
for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1400,900", "--disable-dev-shm-usage"]:
    options.add_argument(argument)
options.binary_location = "/usr/bin/chromium"
driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
try:
    # The leaderboard, in its own window, with the read-only token.
    driver.get(board_url)
    board = driver.current_window_handle
    wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#ranks tr")) >= 3, "the leaderboard lists the teams")
    check("token=" not in driver.current_url, "the token left the address bar (it is a cookie now)")
    summary = lambda d: d.find_element(By.ID, "summary").text
    summary_before = summary(driver)
    driver.save_screenshot(os.path.join(screens, "leaderboard.png"))
    # The viewer token cannot open the queue.
    driver.get(board_url.replace("/leaderboard", "/queue"))
    check("only the leaderboard" in driver.find_element(By.TAG_NAME, "body").text, "the leaderboard token does not open the queue")
    driver.get(board_url)

    driver.switch_to.new_window("window")
    queue = driver.current_window_handle
    driver.get(judge_url)
    wait(driver, lambda d: d.find_element(By.ID, "task-title").text != "", "the queue shows its first item")
    left = lambda d: int(re.match(r"\d+", d.find_element(By.ID, "left").text).group(0))
    left_before = left(driver)
    first = driver.find_element(By.ID, "position").text
    check("herons" in first or "Herons" in first, f"the first item is a Herons photo ({first})")
    wait(driver, lambda d: d.execute_script("const i = document.getElementById('photo-img'); return i && i.complete && i.naturalWidth > 0"),
         "the photo is shown")
    driver.save_screenshot(os.path.join(screens, "queue.png"))

    # Accept with the key; the first decision asks the judge's name.
    driver.find_element(By.TAG_NAME, "body").send_keys("a")
    wait(driver, lambda d: d.find_element(By.ID, "name-dialog").get_attribute("open") is not None, "the first decision asks for a name")
    driver.find_element(By.ID, "name-input").send_keys("Ann Judge" + Keys.ENTER)
    wait(driver, lambda d: left(d) == left_before - 1, "the count of what is left goes down")
    wait(driver, lambda d: d.find_element(By.ID, "position").text != first, "the next item is shown")
    path = first.split(" · ")[-1]
    status = lambda d: d.find_element(By.ID, "status").text
    wait(driver, lambda d: "accepted, was review" in status(d), f"the confirmation says what changed ({status(driver)})")
    wait(driver, lambda d: any(re.fullmatch(rf"\d\d:\d\d:\d\d decided {re.escape(path)}: accepted, was review \(Ann Judge\)", l) for l in log),
         "hunt serve logs the decision on stdout")
    with open(reviews) as f:
        text = f.read()
    check(f'"{path}":' in text and "decision: accept" in text and 'by: "Ann Judge"' in text, "the decision is in the reviews file")
    check(text.startswith("# decisions of the day"), "the organizer's comment is kept")
    check(os.path.exists(os.path.join(folder, "reviews.audit.jsonl")), "the decision is in the audit log")

    # The leaderboard window changed without a reload.
    driver.switch_to.window(board)
    wait(driver, lambda d: summary(d) != summary_before, "the leaderboard updates live")
    print(f"     ({summary_before} → {summary(driver)})")
    driver.switch_to.window(queue)

    # Undo puts it back.
    driver.find_element(By.TAG_NAME, "body").send_keys("u")
    wait(driver, lambda d: left(d) == left_before, "undo puts the item back in the queue")
    with open(reviews) as f:
        check(f'"{path}":' not in f.read(), "undo removed the entry from the reviews file")
    wait(driver, lambda d: "undone" in status(d) and "review, was accepted" in status(d), f"undo says what changed ({status(driver)})")
    wait(driver, lambda d: any(l.endswith(f" undone {path}: review, was accepted (Ann Judge)") for l in log), "hunt serve logs the undo")

    # Filters: the item shown follows them, and the keys still work after one is used.
    shown = lambda d: d.execute_script("return Q.item && Q.item.id")
    own_team = driver.execute_script("return Q.item.team")
    other = next(o.get_attribute("value") for o in Select(driver.find_element(By.ID, "filter-team")).options if o.get_attribute("value") not in ("", own_team))
    kept = shown(driver)
    Select(driver.find_element(By.ID, "filter-verdict")).select_by_value("all")
    time.sleep(0.5)
    check(shown(driver) == kept, "a filter that still shows the item keeps it on screen")
    Select(driver.find_element(By.ID, "filter-team")).select_by_value(other)
    wait(driver, lambda d: d.execute_script("return Q.item && Q.item.team") == other and d.find_element(By.ID, "position").text.startswith("1 of"),
         f"a filter that hides the item shows its first one ({driver.find_element(By.ID, 'position').text})")
    check(driver.switch_to.active_element.tag_name != "select", "the filter lets go of the keyboard after a choice")
    before = driver.execute_script("return Q.item.path")
    driver.switch_to.active_element.send_keys("a")
    wait(driver, lambda d: re.search(r"accepted, was \w+|still accepted", status(d)) and before.split("/")[-1] in status(d),
         f"a accepts right after a filter was chosen ({status(driver)})")
    with open(reviews) as f:
        check(f'"{before}":' in f.read(), "that decision is in the reviews file")
    check(Select(driver.find_element(By.ID, "filter-team")).first_selected_option.get_attribute("value") == other, "the team filter is as chosen")
    # Even with a filter focused (tabbed to), a letter is a key of the queue, not the select's type-ahead.
    driver.execute_script("document.getElementById('filter-reason').focus()")
    before = driver.execute_script("return Q.item.path")
    driver.switch_to.active_element.send_keys("a")
    wait(driver, lambda d: re.search(r"accepted, was \w+|still accepted", status(d)) and before.split("/")[-1] in status(d),
         f"a accepts with the reason filter focused ({status(driver)})")
    check(Select(driver.find_element(By.ID, "filter-reason")).first_selected_option.get_attribute("value") == "",
          "a did not change the reason filter")

    # The duplicate, side by side.
    driver.get(judge_url.split("?")[0] + "?reason=duplicate-of&verdict=all")
    wait(driver, lambda d: "Same photo as" in d.find_element(By.ID, "related").text, "a duplicate shows the photo it copies")
    driver.find_element(By.TAG_NAME, "body").send_keys("c")
    wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, ".compare img")) == 2, "c shows both photos side by side")
    time.sleep(0.5)
    driver.save_screenshot(os.path.join(screens, "duplicate.png"))

    # A new photo in the folder is judged and shows on the leaderboard.
    driver.switch_to.window(board)
    count = lambda d: int(re.match(r"\d+", d.find_element(By.ID, "summary").text).group(0))
    photos_before = count(driver)
    shutil.copy(os.path.join(submissions, "foxes/educatorium/IMG_0001.jpg"), os.path.join(submissions, "herons/new-arrival.jpg"))
    start = time.time()
    wait(driver, lambda d: count(d) == photos_before + 1, "a photo dropped into the folder is judged and shown", seconds=5)
    print(f"     (on the page after {time.time() - start:.2f} s)")
    wait(driver, lambda d: any(re.fullmatch(r"\d\d:\d\d:\d\d arrived herons/new-arrival\.jpg: \w+ \(.+\)", l) for l in log),
         f"hunt serve logs the arrival on stdout ({[l for l in log if 'arrived' in l]})")

    # The WHERE map, for a circle, places and an area, and a leaderboard of 30 teams.
    map_check(driver)
finally:
    driver.quit()
    for extra in others:
        extra.terminate()
        extra.wait(timeout=10)
    server.terminate()
    try:
        server.wait(timeout=10)
        check(server.returncode in (0, -15, 143), f"hunt serve stops cleanly on SIGTERM (status {server.returncode})")
    except subprocess.TimeoutExpired:
        server.kill()
        check(False, "hunt serve stops within 10 s of SIGTERM")
    shutil.rmtree(work, ignore_errors=True)

print(f"serve in the browser: {'all held' if not failures else str(len(failures)) + ' failed'}; screenshots in {screens}")
sys.exit(1 if failures else 0)
