"""hunt serve, end to end in headless Chromium. See serve-browser.sh."""
import os, re, shutil, subprocess, sys, tempfile, time
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

hunt, example = sys.argv[1], sys.argv[2]
screens = os.environ.get("SCREENS", ".")
work = tempfile.mkdtemp(prefix="hunt-serve-browser-")
failures = []


def check(condition, what):
    print(("ok   " if condition else "FAIL ") + what, flush=True)
    if not condition:
        failures.append(what)


def wait(driver, predicate, what, seconds=10):
    try:
        WebDriverWait(driver, seconds, poll_frequency=0.1).until(lambda d: predicate(d))
        check(True, what)
        return True
    except Exception:
        check(False, what)
        return False


shutil.copytree(example, os.path.join(work, "hunt"))
folder = os.path.join(work, "hunt")
submissions = os.path.join(folder, "submissions")
# A copy of one team's photo in another team's folder: a duplicate-of to compare side by side.
shutil.copy(os.path.join(submissions, "foxes/library/IMG_0002.jpg"), os.path.join(submissions, "owls/library-copy.jpg"))
reviews = os.path.join(folder, "reviews.yaml")
with open(reviews, "w") as f:
    f.write("# decisions of the day; hunt serve keeps this comment\n")

server = subprocess.Popen([hunt, "serve", os.path.join(folder, "hunt.yaml"), submissions, "--reviews", reviews,
                           "--listen", "127.0.0.1:0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
judge_url = board_url = None
for line in server.stdout:
    if line.startswith("judge:"):
        judge_url = line.split()[1]
    if line.startswith("leaderboard:"):
        board_url = line.split()[1]
        break
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
    with open(reviews) as f:
        text = f.read()
    path = first.split(" · ")[-1]
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
finally:
    driver.quit()
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
