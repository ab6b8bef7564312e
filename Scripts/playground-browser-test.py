#!/usr/bin/env python3
"""Drives the playground page of a running `texture-layout serve` in headless Chromium (Selenium).

Opens the page and, for every example in the menu, checks that every named element of the inline SVG carries the
frame the `layout` command computes for it, that with "outlines" off the picture is the paint `render --format svg`
draws (the same SVG elements in the same order, besides one pointer target per named element), and that turning
"outlines" on changes the picture. On one example (the feed cell: a text, an unpainted spec and a painted node), it
moves the pointer over each of the --hover elements, at a point where no element drawn later covers it, and checks
that the line below the picture shows that element's frame and that its target is outlined. Then it types a broken
document and checks the role="alert" element holds the command line's error line (starting with the JSON path);
fixes it and checks the picture changes; checks the browser console has no errors; saves screenshots. Exits 0 when
every check passed, 1 otherwise (with the reason).

Usage: playground-browser-test.py --url http://127.0.0.1:PORT --tool PATH/texture-layout \
           --examples EXAMPLES_DIR [--example feed-cell] [--hover title,spacer,like] \
           [--screenshot docs/playground.png] [--screenshot-paint docs/playground-paint.png]
"""
import argparse
import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ElementTree

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions
from selenium.webdriver.support.ui import Select, WebDriverWait

BROKEN = '{"root": {"type": "stack", "children": [{"type": "node", "name": "a", "size": [50, "tall"]}]}}'
FIXED = '{"root": {"type": "stack", "children": [{"type": "node", "name": "a", "size": [50, 40]}]}}'
# The browser reports every non-2xx answer as a failed resource load; the 422 of the broken document is the answer
# this test asks for, not an error of the page.
EXPECTED_CONSOLE = "the server responded with a status of 422"


class CheckFailed(Exception):
    pass


def check(condition, message):
    if not condition:
        raise CheckFailed(message)


def run_tool(executable, arguments, text=None):
    return subprocess.run([executable] + arguments, input=text, capture_output=True, text=True)


def page_frames(driver):
    # One script: the picture may be replaced between finding its elements and reading them.
    return driver.execute_script("""
        return Object.fromEntries([...document.querySelectorAll('#picture svg [data-name]')]
            .map(e => [e.dataset.name, e.dataset.frame]));""")


def paint_tags(svg_text):
    """The tags of the top-level elements of an SVG picture: what it draws, in order."""
    return [child.tag.split("}")[-1] for child in ElementTree.fromstring(svg_text)]


# The top-level elements of the picture on the page, besides the pointer targets (rectangles with data-name).
PAGE_PAINT_TAGS = """
const svg = document.querySelector('#picture svg');
return svg ? [...svg.children].filter(e => !e.hasAttribute('data-name')).map(e => e.localName) : null;
"""

# A point (in the page's CSS pixels) inside the pointer target of arguments[0], covered by no target drawn after it,
# or null: the targets are in drawing order, and the last drawn is the one under the pointer.
UNCOVERED_POINT = """
const name = arguments[0];
const targets = [...document.querySelectorAll('#picture svg rect[data-name]')];
const index = targets.findIndex(t => t.dataset.name === name);
if (index < 0) return null;
const box = r => ({ x: r.x.baseVal.value, y: r.y.baseVal.value, w: r.width.baseVal.value, h: r.height.baseVal.value });
const target = box(targets[index]);
const later = targets.slice(index + 1).map(box);
const matrix = targets[index].getScreenCTM();
for (let j = 1; j < 8; j++) for (let i = 1; i < 8; i++) {
  const x = target.x + target.w * i / 8, y = target.y + target.h * j / 8;
  if (later.some(b => x >= b.x && x <= b.x + b.w && y >= b.y && y <= b.y + b.h)) continue;
  return [matrix.a * x + matrix.c * y + matrix.e, matrix.b * x + matrix.d * y + matrix.f];
}
return null;
"""


def set_outlines(driver, wait, on):
    box = driver.find_element(By.ID, "outlines")
    if box.is_selected() != on:
        # Waits for the picture element itself to be replaced: the page's markup changes as soon as the pointer
        # leaves the picture for the checkbox (the outline under it is cleared), long before the new picture comes.
        before = driver.find_element(By.CSS_SELECTOR, "#picture svg")
        box.click()
        wait.until(expected_conditions.staleness_of(before))


def hover(driver, wait, name, frame):
    """Moves the pointer onto the target of `name` where nothing drawn later covers it; checks the line below the
    picture shows `frame` and the target is outlined."""
    point = driver.execute_script(UNCOVERED_POINT, name)
    check(point is not None, f"no point of {name} is free of elements drawn after it")
    actions = ActionChains(driver)
    actions.w3c_actions.pointer_action.move_to_location(int(round(point[0])), int(round(point[1])))
    actions.perform()
    x, y, w, h = frame.split(" ")
    line = f"{name}: x {x}, y {y}, width {w}, height {h}"
    wait.until(lambda d: d.find_element(By.ID, "hover").text == line)
    hovered = driver.find_elements(By.CSS_SELECTOR, "#picture svg .hovered")
    check([e.get_attribute("data-name") for e in hovered] == [name], f"outlined: {hovered}")
    check(hovered[0].value_of_css_property("stroke") != "none", "the target under the pointer is not outlined")
    return line


def type_document(driver, text):
    editor = driver.find_element(By.ID, "document")
    editor.click()
    editor.send_keys(Keys.CONTROL, "a")
    editor.send_keys(Keys.DELETE)
    editor.send_keys(text)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", required=True)
    parser.add_argument("--tool", required=True)
    parser.add_argument("--examples", required=True)
    parser.add_argument("--example", default="feed-cell")
    parser.add_argument("--hover", default="title,spacer,like",
                        help="named elements of the example to point at (comma-separated)")
    parser.add_argument("--screenshot", help="the page with outlines, pointing at the first --hover element")
    parser.add_argument("--screenshot-paint", help="the page without outlines, pointing at the second one")
    parser.add_argument("--chromedriver", default="/usr/bin/chromedriver")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    args = parser.parse_args()

    # What the command line computes: the page must show exactly these frames, this paint and this error line.
    def computed(name):
        path = os.path.join(args.examples, name + ".json")
        layout = run_tool(args.tool, ["layout", path])
        check(layout.returncode == 0, f"layout command failed for {name}: " + layout.stderr)
        frames = {key: " ".join(str(v) for v in frame) for key, frame in json.loads(layout.stdout)["frames"].items()}
        render = run_tool(args.tool, ["render", path, "--format", "svg"])
        check(render.returncode == 0, f"render command failed for {name}: " + render.stderr)
        return frames, paint_tags(render.stdout)
    broken = run_tool(args.tool, ["layout", "-"], BROKEN)
    check(broken.returncode == 2, "the broken document should be a document error")
    expected_line = broken.stderr.strip()

    options = webdriver.ChromeOptions()
    options.binary_location = args.chromium
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--window-size=1280,800", "--hide-scrollbars"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(executable_path=args.chromedriver), options=options)
    wait = WebDriverWait(driver, 30)
    try:
        driver.get(args.url + "/")
        wait.until(lambda d: len(Select(d.find_element(By.ID, "example")).options) > 1)
        names = [option.get_attribute("value") for option in Select(driver.find_element(By.ID, "example")).options
                 if option.get_attribute("value")]
        shipped = sorted(file[:-5] for file in os.listdir(args.examples) if file.endswith(".json"))
        check(names == shipped, f"the menu offers {names}, the examples folder holds {shipped}")
        check(args.example in names, f"no example {args.example}")
        # Every example opens with its paint; the outlines toggle changes the picture.
        for name in names + ([args.example] if names[-1] != args.example else []):
            expected, paint = computed(name)
            check(paint, f"{name}: render draws nothing")
            set_outlines(driver, wait, False)
            Select(driver.find_element(By.ID, "example")).select_by_value(name)
            wait.until(lambda d: page_frames(d) == expected)
            wait.until(lambda d: d.execute_script(PAGE_PAINT_TAGS) == paint)
            targets = driver.execute_script("return document.querySelectorAll('#picture svg [data-name]').length")
            check(targets == len(expected), f"{name}: {targets} pointer targets for {len(expected)} names")
            plain = driver.find_element(By.ID, "picture").get_attribute("innerHTML")
            set_outlines(driver, wait, True)
            wait.until(lambda d: page_frames(d) == expected)
            outlined = driver.execute_script(PAGE_PAINT_TAGS)
            check(outlined[:len(paint)] == paint and len(outlined) > len(paint),
                  f"{name}: the outlines do not come after the paint")
            check(driver.find_element(By.ID, "picture").get_attribute("innerHTML") != plain,
                  f"{name}: the outlines toggle does not change the picture")
            print(f"ok: {name}: {len(expected)} frames equal the layout command's; the paint equals render's "
                  f"({len(paint)} SVG elements); outlines add {len(outlined) - len(paint)}")
        expected, _ = computed(args.example)

        # The frame of the element under the pointer, painted or not, with and without outlines.
        hovered = args.hover.split(",")
        for on in (True, False):
            set_outlines(driver, wait, on)
            wait.until(lambda d: page_frames(d) == expected)
            for index, name in enumerate(hovered):
                check(name in expected, f"{args.example} names no {name}")
                line = hover(driver, wait, name, expected[name])
                print(f"ok: outlines {'on' if on else 'off'}: pointing at {name} shows \"{line}\"")
                screenshot = args.screenshot if on and index == 0 else \
                    args.screenshot_paint if not on and index == min(1, len(hovered) - 1) else None
                if screenshot:
                    os.makedirs(os.path.dirname(os.path.abspath(screenshot)), exist_ok=True)
                    driver.save_screenshot(screenshot)
                    print("ok: screenshot saved to", screenshot)
        before = driver.find_element(By.ID, "picture").get_attribute("innerHTML")

        type_document(driver, BROKEN)
        alert = driver.find_element(By.CSS_SELECTOR, '[role="alert"]')
        wait.until(lambda d: alert.is_displayed() and alert.text.strip() == expected_line)
        check(alert.text.strip().startswith("root.children[0].size"), "the alert should start with the JSON path")
        print("ok: alert shows", alert.text.strip())

        type_document(driver, FIXED)
        wait.until(lambda d: not alert.is_displayed() and page_frames(d) == {"a": "0 0 50 40"})
        after = driver.find_element(By.ID, "picture").get_attribute("innerHTML")
        check(after != before, "the picture did not change")
        print("ok: fixed document drawn, frames", page_frames(driver))

        errors = [entry for entry in driver.get_log("browser")
                  if entry["level"] == "SEVERE" and EXPECTED_CONSOLE not in entry["message"]]
        check(not errors, f"console errors: {errors}")
        print("ok: no console errors")
    except CheckFailed as failure:
        print("FAILED:", failure)
        return 1
    except Exception as failure:  # a wait that timed out names no check: say what the page showed
        print("FAILED:", type(failure).__name__, failure)
        try:
            print("alert:", driver.find_element(By.ID, "error").text, "frames:", page_frames(driver))
        except Exception:
            pass
        return 1
    finally:
        driver.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
