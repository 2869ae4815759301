"""What the real-browser checks (serve-browser.py, players-browser.py) share: a line per check
that says ok or FAIL, the failures kept for the exit status, and waiting for the page."""
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
