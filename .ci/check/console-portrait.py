"""The judges' console with a portrait photo (900×2400) first in the queue, at 1400×900, where the
header takes two lines: the photo is fitted inside the window, and the page does not scroll
(issue 38: portrait photos overflowed the console). See serve-browser.sh, which runs it."""
import base64, os, shutil, subprocess, sys, tempfile
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from browser_check import check, failures, wait

hunt, example = sys.argv[1], sys.argv[2]
screens = os.environ.get("SCREENS", ".")
work = tempfile.mkdtemp(prefix="hunt-console-portrait-")
folder = os.path.join(work, "hunt")
shutil.copytree(example, folder)
options = webdriver.ChromeOptions()
for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1400,900", "--disable-dev-shm-usage"]:
    options.add_argument(argument)
options.binary_location = "/usr/bin/chromium"
driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
process = None
try:
    # A tall JPEG drawn by the browser itself; "0tall" sorts first in the queue's path order.
    data = driver.execute_script("""const c = document.createElement('canvas'); c.width = 900; c.height = 2400;
        const g = c.getContext('2d'), fill = g.createLinearGradient(0, 0, 0, 2400);
        fill.addColorStop(0, 'blue'); fill.addColorStop(1, 'yellow'); g.fillStyle = fill; g.fillRect(0, 0, 900, 2400);
        return c.toDataURL('image/jpeg');""")
    with open(os.path.join(folder, "submissions/foxes/0tall.jpg"), "wb") as f:
        f.write(base64.b64decode(data.split(",", 1)[1]))
    process = subprocess.Popen([hunt, "serve", os.path.join(folder, "hunt.yaml"), os.path.join(folder, "submissions"), "--listen", "127.0.0.1:0"],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    judge = next((line.split(": ", 1)[1].strip() for line in process.stdout if line.startswith("judge")), None)
    driver.get(judge)
    driver.get(judge.split("?")[0] + "?verdict=all")
    loaded = "const i = document.getElementById('photo-img'); return !!i && i.complete && i.naturalHeight > i.naturalWidth"
    wait(driver, lambda d: d.execute_script(loaded), "the portrait photo is shown first", seconds=30)
    box = driver.execute_script("const b = document.getElementById('photo-img').getBoundingClientRect(); "
                                "return [b.bottom, innerHeight, document.documentElement.scrollHeight]")
    check(box[0] <= box[1] + 0.5 and box[2] <= box[1], f"it fits the window: its bottom at {box[0]:.0f} px of {box[1]}, the page {box[2]} px high")
    driver.save_screenshot(os.path.join(screens, "console-portrait.png"))
finally:
    driver.quit()
    if process:
        process.terminate()
        process.wait(timeout=10)
    shutil.rmtree(work, ignore_errors=True)

if failures:
    print(f"{len(failures)} check(s) failed", file=sys.stderr)
    sys.exit(1)
print(f"console portrait: all checks passed; screenshots in {screens}")
