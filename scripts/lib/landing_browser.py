#!/usr/bin/env python3
"""Opens the invite landing page in headless Chromium at phone and desktop width.

    landing_browser.py PAGE_URL INVITE_LINK OUT_DIR

Checks, at 390 and 1280 CSS pixels: the page's one inline script ran (the
"Copy invite" button, hidden without script, is shown), clicking it puts
exactly INVITE_LINK on the clipboard, the QR code shows only at desktop width,
nothing overflows sideways, the heading uses the system font stack, and the
browser console holds no Content-Security-Policy violation or other error,
and axe-core (axe-selenium-python) finds no WCAG 2 A or AA violation.
Then the page in other languages at 390 px (``?lang=``): Arabic is
``<html lang="ar" dir="rtl">`` with the heading's first line against the
right edge, the invite link still left to right, and nothing overflowing;
Japanese is ``lang="ja"``, shows its heading, and fits. Hebrew is checked as
Arabic is. Saves OUT_DIR/landing-phone-ar.png, -he.png and -ja.png too.
Then the store links by platform, with real user agents: an iPhone gets
only the App Store, an Android phone only Google Play (whose ``referrer``
decodes to the invite's ``baton_token``) and the ``intent://`` link, a
desktop both stores; saves OUT_DIR/landing-phone-android.png. The phone
and language checks run with the iPhone's agent, the desktop's with a
desktop agent.
Saves OUT_DIR/landing-phone.png and OUT_DIR/landing-desktop.png (the whole
page). Exits 1 with every failed check listed.
"""
import sys
import time
from urllib.parse import parse_qs, urlsplit

from axe_selenium_python import Axe
from selenium.webdriver.common.by import By

from headless_chromium import browser, check_fits, viewport

WIDTHS = (("phone", 390, 844, "iphone"), ("desktop", 1280, 900, "desktop"))

AGENTS = {
    "iphone": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 "
    "(KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
    "android": "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 "
    "(KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36",
    "desktop": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
}


def use_agent(driver, platform):
    """Sends the user agent of PLATFORM (a key of AGENTS) from the next page load on."""
    driver.execute_cdp_cmd("Emulation.setUserAgentOverride", {"userAgent": AGENTS[platform]})


def store_links(driver):
    """The page's App Store, Google Play and intent:// links, in that order."""
    hrefs = [a.get_attribute("href") or "" for a in driver.find_elements(By.CSS_SELECTOR, "a[href]")]
    return ([h for h in hrefs if h.startswith("https://apps.apple.com/")],
            [h for h in hrefs if h.startswith("https://play.google.com/")],
            [h for h in hrefs if h.startswith("intent://")])


def check_platforms(driver, url, token, out_dir, failures):
    """Each platform's store links; the Android page's Play referrer carries the invite's token."""
    for platform, width, height, expected in (("iphone", 390, 844, (1, 0, 0)), ("android", 390, 844, (0, 1, 1)),
                                               ("desktop", 1280, 900, (1, 1, 0))):
        use_agent(driver, platform)
        viewport(driver, width, height)
        driver.get(url)
        apple, play, intent = store_links(driver)
        counts = (len(apple), len(play), len(intent))
        if counts != expected:
            failures.append(f"{platform}: App Store, Google Play and intent links {counts}, expected {expected}")
        if platform == "android" and play:
            referrer = parse_qs(urlsplit(play[0]).query).get("referrer", [""])[0]
            if parse_qs(referrer).get("baton_token") != [token]:
                failures.append(f"android: the Play link's referrer {referrer!r} does not carry baton_token={token}")
            check_fits(driver, "android phone", width, failures)
            check_accessibility(driver, "android phone", failures)
            viewport(driver, width, max(height, driver.execute_script("return document.documentElement.scrollHeight")))
            driver.save_screenshot(f"{out_dir}/landing-phone-android.png")

# The heading's first line box and the heading's own content box, in CSS px.
HEADING_LINE = """
const h1 = document.querySelector('h1'), range = document.createRange();
range.selectNodeContents(h1);
const line = range.getClientRects()[0], box = h1.getBoundingClientRect();
return {lineLeft: line.left, lineRight: line.right, left: box.left, right: box.right, text: h1.textContent};
"""


def check_accessibility(driver, name, failures):
    """Adds a failure for each WCAG 2 A or AA rule axe-core finds the current page breaking."""
    Axe(driver).inject()
    driver.set_script_timeout(60)
    results = driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        axe.run(document, {runOnly: {type: "tag", values: ["wcag2a", "wcag2aa"]}})
            .then(results => done(results), error => done({error: String(error)}));
        """)
    if "error" in results:
        failures.append(f"{name}: axe did not run: {results['error']}")
        return
    if not results["passes"]:
        failures.append(f"{name}: axe passed no rule, so it checked nothing")
    for violation in results["violations"]:
        targets = [", ".join(node["target"]) for node in violation["nodes"]]
        failures.append(f"{name}: axe {violation['id']} ({violation['impact']}): {violation['help']} at {targets}")


def check_language(driver, url, tag, out_dir, failures, heading_words):
    """The page with ?lang=TAG at 390 px: its lang and dir, the heading's side, the link's direction, no overflow;
    saves OUT_DIR/landing-phone-TAG.png."""
    name = f"{tag} phone"
    viewport(driver, 390, 844)
    driver.get(f"{url}?lang={tag}")
    root = driver.execute_script("return [document.documentElement.lang, document.documentElement.dir]")
    rtl = tag in ("ar", "he")
    if root != [tag, "rtl" if rtl else "ltr"]:
        failures.append(f"{name}: <html> has lang and dir {root}")
    line = driver.execute_script(HEADING_LINE)
    if heading_words not in line["text"]:
        failures.append(f"{name}: the heading reads {line['text']!r}, without {heading_words!r}")
    # The first line starts at the inline start: the right edge in a right-to-left page.
    gap = line["right"] - line["lineRight"] if rtl else line["lineLeft"] - line["left"]
    if abs(gap) > 1.5:
        failures.append(f"{name}: the heading's first line is {gap:.1f} px from its {'right' if rtl else 'left'} edge")
    direction = driver.execute_script("return getComputedStyle(document.getElementById('invite-link')).direction")
    if direction != "ltr":
        failures.append(f"{name}: the invite link is {direction}, not ltr")
    check_fits(driver, name, 390, failures)
    check_accessibility(driver, name, failures)
    viewport(driver, 390, max(844, driver.execute_script("return document.documentElement.scrollHeight")))
    driver.save_screenshot(f"{out_dir}/landing-phone-{tag}.png")


def check_width(driver, name, width, height, url, link, out_dir, failures):
    viewport(driver, width, height)
    driver.get(url)
    button = driver.find_element(By.ID, "copy")
    if not button.is_displayed():
        failures.append(f"{name}: the copy button is hidden, so the page's script did not run")
    wide = width >= 768
    if driver.find_element(By.CSS_SELECTOR, ".qr").is_displayed() != wide:
        failures.append(f"{name}: the QR code is {'hidden' if wide else 'shown'} at {width} px")
    check_fits(driver, name, width, failures)
    check_accessibility(driver, name, failures)
    font = driver.execute_script("return getComputedStyle(document.querySelector('h1')).fontFamily")
    if "system-ui" not in font:
        failures.append(f"{name}: the heading's font is {font!r}, not the system font stack")

    page_height = driver.execute_script("return document.documentElement.scrollHeight")
    # The whole page, before the click, as a person first sees it.
    viewport(driver, width, max(height, page_height))
    driver.save_screenshot(f"{out_dir}/landing-{name}.png")
    viewport(driver, width, height)

    if button.is_displayed():
        button.click()
        deadline = time.monotonic() + 5
        while button.text == "Copy invite" and time.monotonic() < deadline:
            time.sleep(0.05)
        copied = driver.execute_async_script(
            "const done = arguments[0]; navigator.clipboard.readText().then(done, e => done('unreadable: ' + e))")
        if copied != link:
            failures.append(f"{name}: the clipboard holds {copied!r} after '{button.text}', not the invite link")


def main(url, link, out_dir):
    driver = browser(console=True)
    failures = []
    try:
        parts = urlsplit(url)
        driver.execute_cdp_cmd("Browser.grantPermissions", {
            "origin": f"{parts.scheme}://{parts.netloc}",
            "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"],
        })
        for name, width, height, platform in WIDTHS:
            use_agent(driver, platform)
            check_width(driver, name, width, height, url, link, out_dir, failures)
        use_agent(driver, "iphone")
        check_language(driver, url, "ar", out_dir, failures, "انضم إلى")
        check_language(driver, url, "he", out_dir, failures, "הצטרפות אל")
        check_language(driver, url, "ja", out_dir, failures, "に参加する")
        check_platforms(driver, url, link.rsplit("/", 1)[1], out_dir, failures)
        for entry in driver.get_log("browser"):
            message = entry["message"]
            # Chromium asks every site for /favicon.ico; Baton has none (a 404).
            if "favicon.ico" in message:
                continue
            if "Content Security Policy" in message or "Content-Security-Policy" in message or entry["level"] == "SEVERE":
                failures.append(f"console {entry['level']}: {message}")
    finally:
        driver.quit()
    for failure in failures:
        print(f"landing-screenshots: {failure}", file=sys.stderr)
    if not failures:
        print(f"landing-screenshots: ok; {out_dir}/landing-phone.png, landing-desktop.png and landing-phone-{{ar,he,ja,android}}.png written")
    return 1 if failures else 0


if __name__ == "__main__":
    if len(sys.argv) != 4:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    sys.exit(main(*sys.argv[1:]))
