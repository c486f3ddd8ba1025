#!/usr/bin/env python3
"""Opens the invite landing page in headless Chromium at phone and desktop width.

    landing_browser.py PAGE_URL INVITE_LINK OUT_DIR

Checks, at 390 and 1280 CSS pixels: the page's one inline script ran (the
"Copy invite" button, hidden without script, is shown), clicking it puts
exactly INVITE_LINK on the clipboard, the QR code shows only at desktop width,
nothing overflows sideways, the heading uses the system font stack, and the
browser console holds no Content-Security-Policy violation or other error.
Saves OUT_DIR/landing-phone.png and OUT_DIR/landing-desktop.png (the whole
page). Exits 1 with every failed check listed.
"""
import sys
import time
from urllib.parse import urlsplit

from selenium.webdriver.common.by import By

from headless_chromium import browser, check_fits, viewport

WIDTHS = (("phone", 390, 844), ("desktop", 1280, 900))


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
        for name, width, height in WIDTHS:
            check_width(driver, name, width, height, url, link, out_dir, failures)
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
        print(f"landing-screenshots: ok; {out_dir}/landing-phone.png and landing-desktop.png written")
    return 1 if failures else 0


if __name__ == "__main__":
    if len(sys.argv) != 4:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    sys.exit(main(*sys.argv[1:]))
