"""What the real-browser checks (serve-browser.py, players-browser.py) share: a line per check
that says ok or FAIL, the failures kept for the exit status, and waiting for the page."""
import subprocess, threading, time
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

failures = []


def check(condition, what):
    print(("ok   " if condition else "FAIL ") + what, flush=True)
    if not condition:
        failures.append(what)


def wait(driver, predicate, what, seconds=10):
    """Waits until predicate(driver) holds (checked every 50 ms), as one check."""
    try:
        WebDriverWait(driver, seconds, poll_frequency=0.05).until(lambda d: predicate(d))
        check(True, what)
        return True
    except Exception:
        check(False, what)
        return False


def phone(width=360, height=780):
    """Headless Debian Chromium through chromedriver, as a phone `width` px wide (touch, mobile)."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    options = webdriver.ChromeOptions()
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", f"--window-size={width},{height}", "--disable-dev-shm-usage"]:
        options.add_argument(argument)
    options.binary_location = "/usr/bin/chromium"
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": True})
    return driver


def serve_players(hunt, folder, last_team, *arguments, env=None):
    """Starts `hunt serve --players` on the hunt in `folder` (hunt.yaml, submissions/) on a free
    loopback port; returns the process and the URLs it printed by name ("team owls", "judge"),
    read up to `last_team`'s line, its later output drained."""
    process = subprocess.Popen([hunt, "serve", f"{folder}/hunt.yaml", f"{folder}/submissions", "--listen", "127.0.0.1:0", "--players", *arguments],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    urls = {}
    for line in process.stdout:
        name, _, url = line.partition(": ")
        urls[name.strip()] = url.strip()
        if name == "team " + last_team:
            break
    threading.Thread(target=lambda: [None for _ in process.stdout], daemon=True).start()
    return process, urls


def offline(driver, off):
    """Cuts the page's network (DevTools) when `off`, as a phone that loses its signal; gives it back otherwise."""
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.emulateNetworkConditions", {"offline": off, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})


def choose_file(driver, selector, path):
    """Chooses `path` in the file input at `selector` (found again if the page redrew it meanwhile)."""
    for _ in range(50):
        try:
            return driver.find_element(By.CSS_SELECTOR, selector).send_keys(path)
        except Exception:
            time.sleep(0.1)
    check(False, f"{selector} could be used")


def stop(process, work, *drivers):
    """Closes the browsers, stops the server and removes its folder: what every check's `finally` does."""
    import shutil
    for driver in drivers:
        if driver:
            driver.quit()
    process.terminate()
    process.wait(timeout=10)
    shutil.rmtree(work, ignore_errors=True)


def finish(what, screens):
    """Exits 1 with the count of failed checks, else says `what` passed."""
    import sys
    if failures:
        print(f"{len(failures)} check(s) failed", file=sys.stderr)
        sys.exit(1)
    print(f"{what}: all checks passed; screenshots in {screens}")

