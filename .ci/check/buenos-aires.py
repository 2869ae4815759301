"""Examples/buenos-aires on a phone (360 px) in Chromium: the team page in the language the phone
asks for (Accept-Language, set through the DevTools protocol), the page's switch remembered, the
Spanish reason of a photo taken the day before with its Spanish date; then a pseudo-language
(every catalog text accented and 40 % longer, made here from en.yaml into a copy of Templates/)
and Arabic laid out at 360 px with nothing wider than the screen and no text cut. See
buenos-aires.sh, which runs it after the sheets' checks."""
import json, os, re, shutil, sys, tempfile, time
from selenium.webdriver.common.by import By
from browser_check import check, finish, phone, wait, serve_players

hunt, example = sys.argv[1], sys.argv[2]
screens = os.environ.get("SCREENS", ".")
work = tempfile.mkdtemp(prefix="hunt-buenos-aires-")
folder = os.path.join(work, "hunt")
shutil.copytree(example, folder)
with open(os.path.join(folder, "hunt.yaml")) as f:
    text = f.read()
text = text.replace("languages: [es, en]", "languages: [es, en, ar, en-XA]")
with open(os.path.join(folder, "hunt.yaml"), "w") as f:
    f.write(text)

# The pseudo-language: each letter accented, each text 40 % longer (in words that wrap), placeholders kept.
templates = os.path.join(work, "Templates")
shutil.copytree("Templates", templates)
ACCENTS = str.maketrans("aeiouycnsrlzAEIOUYCNSRLZ", "áéîöüÿçñšřłžÅÉÎÖÜŸÇÑŠŘŁŽ")


def pseudo(value):
    parts = re.split(r"(\{\w+\})", value)
    out = "".join(p if p.startswith("{") else p.translate(ACCENTS) for p in parts)
    extra = max(1, round(len(value) * 0.4))
    padding = " ".join("ẋẋẋẋ" for _ in range(max(1, extra // 5)))
    return "⟦" + out + " " + padding + "⟧"


lines = []
for line in open(os.path.join(templates, "languages", "en.yaml"), encoding="utf-8"):
    m = re.match(r'^(\s+[\w.\-]+: )(.*)$', line.rstrip("\n"))
    if line.startswith("language:"):
        lines.append("language: en-XA")
    elif line.startswith("name:"):
        lines.append("name: Ƥšéüðö")
    elif m and m.group(2).startswith('"'):
        lines.append(m.group(1) + json.dumps(pseudo(json.loads(m.group(2))), ensure_ascii=False))
    elif m and m.group(2).startswith("{ "):
        forms = re.findall(r'(\w+): ("(?:[^"\\]|\\.)*")', m.group(2))
        lines.append(m.group(1) + "{ " + ", ".join(f"{k}: {json.dumps(pseudo(json.loads(v)), ensure_ascii=False)}" for k, v in forms) + " }")
    elif m and not m.group(2).startswith("#") and m.group(2).strip():
        lines.append(m.group(1) + json.dumps(pseudo(m.group(2).split(" #")[0]), ensure_ascii=False))
    else:
        lines.append(line.rstrip("\n"))
with open(os.path.join(templates, "languages", "en-XA.yaml"), "w", encoding="utf-8") as f:
    f.write("\n".join(lines) + "\n")

env = dict(os.environ, HUNT_TEMPLATES=templates)
process, urls = serve_players(hunt, folder, "teros", env=env)
driver = None


def text(driver, selector):
    return driver.execute_script("const e = document.querySelector(arguments[0]); return e ? e.innerText : ''", selector)


def language(driver, accept):
    agent = driver.execute_script("return navigator.userAgent")
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.setUserAgentOverride", {"userAgent": agent, "acceptLanguage": accept})


# What is wider than the screen, or cut: an element past either edge, or one whose text is
# clipped (its content wider than its box while it hides the rest).
OVERFLOW = """
const out = [];
const width = document.documentElement.clientWidth;
if (document.documentElement.scrollWidth > width) out.push('page ' + document.documentElement.scrollWidth + ' > ' + width);
for (const e of document.querySelectorAll('body *')) {
  const r = e.getBoundingClientRect();
  if (r.width === 0 || getComputedStyle(e).position === 'absolute') continue;
  const name = e.tagName + (e.id ? '#' + e.id : '') + (e.className ? '.' + e.className : '');
  if (r.right > width + 1 || r.left < -1) out.push(name + ' at ' + Math.round(r.left) + '..' + Math.round(r.right));
  const s = getComputedStyle(e);
  if (s.overflowX !== 'visible' && e.tagName !== 'SELECT' && e.scrollWidth > e.clientWidth + 1) out.push(name + ' cut: ' + e.scrollWidth + ' > ' + e.clientWidth);
}
return out;
"""

try:
    teros = urls.get("team teros")
    check(bool(teros), f"hunt serve printed the teros' URL ({teros})")
    driver = phone(360)

    # English asked for: English words and titles.
    language(driver, "en-GB,en;q=0.9")
    driver.get(teros)
    wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "article.task")) == 6, "the page lists the 6 tasks")
    check(driver.execute_script("return document.documentElement.lang") == "en", "Accept-Language en: the page is in English")
    wait(driver, lambda d: "The Obelisk" in text(d, "#task-obelisco h2") and "Send a photo" in text(d, "#task-obelisco"),
         f"with English titles and buttons ({text(driver, '#task-obelisco h2')!r})")
    check("Buenos Aires Centre Hunt" in text(driver, "#title"), "and the hunt's English title")
    driver.save_screenshot(os.path.join(screens, "buenos-aires-en.png"))

    # Spanish asked for: Spanish words, titles, and the reason of a photo taken the day before.
    language(driver, "es-AR,es;q=0.9")
    driver.get(teros)
    wait(driver, lambda d: "La Pirámide de Mayo" in text(d, "#task-plaza-de-mayo h2"), "Accept-Language es: Spanish titles")
    check(driver.execute_script("return document.documentElement.lang") == "es", "the page is in Spanish")
    check("Enviar una foto" in text(driver, "#task-obelisco"), "with Spanish buttons")
    wait(driver, lambda d: "antes de que empezara el juego" in text(d, "#task-cabildo"), "the day-before photo's reason is in Spanish", seconds=30)
    why = text(driver, "#task-cabildo ul.why")
    check("el 4 de diciembre de 2026 a las 11:07" in why and "Toma una foto nueva" in why, f"with a Spanish date and what to do ({why!r})")
    far = text(driver, "#task-tortoni ul.why")
    check("demasiado lejos" in far and "«Café Tortoni»" in far, f"the far photo's reason in Spanish ({far!r})")
    driver.execute_script("document.getElementById('task-cabildo').scrollIntoView()")
    driver.save_screenshot(os.path.join(screens, "buenos-aires-es-reason.png"))

    # The switch: English chosen on a Spanish phone is remembered.
    driver.execute_script("const s = document.getElementById('language'); s.value = 'en'; s.dispatchEvent(new Event('change'))")
    wait(driver, lambda d: d.execute_script("return document.documentElement.lang") == "en", "the switch turns the page English")
    driver.get(teros)
    wait(driver, lambda d: d.execute_script("return document.documentElement.lang") == "en" and "The Obelisk" in text(d, "#task-obelisco h2"),
         "and the choice is remembered on the next visit")

    # The pseudo-language and Arabic at 360 px: nothing past the screen's edges, no text cut.
    for code, name in [("en-XA", "pseudo"), ("ar", "arabic")]:
        driver.execute_script("localStorage.setItem('hunt-language', arguments[0])", code)
        driver.get(teros)
        wait(driver, lambda d: d.execute_script("return document.documentElement.lang") == code and len(d.find_elements(By.CSS_SELECTOR, "article.task")) == 6,
             f"the page in {code}")
        wait(driver, lambda d: text(d, "#task-cabildo ul.why") != "", f"{code}: the reasons are there")
        if code == "ar":
            check(driver.execute_script("return document.documentElement.dir") == "rtl", "Arabic: dir=rtl")
        else:
            check("⟦" in text(driver, "#task-obelisco"), "the pseudo-language's words are on the page")
        problems = driver.execute_script(OVERFLOW)
        check(not problems, f"{code} at 360 px: nothing overflows or is cut ({problems[:5]})")
        driver.save_screenshot(os.path.join(screens, f"buenos-aires-{name}-top.png"))
        driver.execute_script("document.getElementById('task-cabildo').scrollIntoView()")
        driver.save_screenshot(os.path.join(screens, f"buenos-aires-{name}-reason.png"))
    driver.execute_script("localStorage.removeItem('hunt-language')")
finally:
    for stop in [lambda: driver and driver.quit(), process.terminate, lambda: process.wait(timeout=10), lambda: shutil.rmtree(work, ignore_errors=True)]:
        stop()
finish("buenos aires page", screens)
