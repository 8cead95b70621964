#!/usr/bin/env python3
"""The web page of docs/web.md driven in a real browser (Debian's headless Chromium).

  Tests/Web/browser_check.py --url http://127.0.0.1:8080 --artifacts DIR
      [--slot NAME --param P --value V] [--tap X,Y] [--travel ISO8601]
      [--user U --password P]
  Tests/Web/browser_check.py --mock --artifacts DIR

Loads the page, waits for the live frame, changes a slot's parameter through its form
and waits for the frame to change, taps the frame at X,Y (frame pixels) and waits for
status.last_intent to change, travels to an instant and checks the wakes and the frame
there, opens the gallery and the log, checks that the long poll stops while the page is
hidden, that Tab reaches every control with a visible focus, and looks at the page at a
phone's size (412x915) and in dark mode.
Screenshots and frames go to --artifacts. Prints the page's size and its first paint,
one line per step, and exits 1 naming the steps that failed. --mock starts
Tests/Web/mock_server.py and uses its slots (with --user/--password it asks a sign-in).

Chromium and its driver are Debian's (/usr/bin/chromium, /usr/bin/chromedriver), given
to Selenium by path so that it downloads nothing."""
import argparse, base64, json, os, sys, time, urllib.request
from datetime import datetime, timedelta

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

CHROMIUM, CHROMEDRIVER = "/usr/bin/chromium", "/usr/bin/chromedriver"

# Fetches a URL inside the page (with its session cookie) and answers base64 or "ERR: why".
FETCH_BASE64 = """
const done = arguments[arguments.length - 1];
fetch(arguments[0], {credentials: 'same-origin'})
  .then((r) => r.ok ? r.arrayBuffer() : Promise.reject(new Error(r.status + ' ' + r.statusText)))
  .then((buffer) => { const bytes = new Uint8Array(buffer); let text = '';
    for (let i = 0; i < bytes.length; i++) text += String.fromCharCode(bytes[i]); done(btoa(text)); })
  .catch((error) => done('ERR: ' + error));
"""


class Failed(Exception):
    pass


def wait_for(what, check, timeout=30, every=0.25):
    """Polls check() until it answers something true; that answer, or Failed naming what."""
    deadline = time.monotonic() + timeout
    while True:
        answer = check()
        if answer:
            return answer
        if time.monotonic() > deadline:
            raise Failed(f"{what}: not within {timeout} s")
        time.sleep(every)


def on_fresh(driver, css, action, what, timeout=10):
    """Runs action on the element `css` names, found anew and run again where the page
    rebuilt that element in between (the Photos section is redrawn when the state it
    polls changes: an element found a moment before can be gone when it is used)."""
    def attempt():
        try:
            action(driver.find_element(By.CSS_SELECTOR, css))
            return True
        except StaleElementReferenceException:
            return None
    return wait_for(what, attempt, timeout=timeout, every=0.1)


class Check:
    def __init__(self, args):
        self.args, self.base = args, args.url.rstrip("/")
        self.passed, self.failed = 0, []
        os.makedirs(args.artifacts, exist_ok=True)
        options = webdriver.ChromeOptions()
        options.binary_location = CHROMIUM
        for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,900",
                     "--disable-gpu", "--no-first-run"):
            options.add_argument(flag)
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        self.driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
        self.driver.set_script_timeout(60)

    def shot(self, name):
        self.driver.save_screenshot(os.path.join(self.args.artifacts, name + ".png"))

    def save(self, name, data):
        with open(os.path.join(self.args.artifacts, name), "wb") as file:
            file.write(data)

    def step(self, name, action):
        try:
            note = action()
            print(f"ok    {name}: {note}", flush=True)
            self.passed += 1
        except Exception as error:  # any failure is the step's: name it, keep a picture, go on
            if isinstance(error, Failed):
                detail = str(error)
            else:  # Selenium's messages end in the driver's stack: keep their first line
                text = getattr(error, "msg", None) or str(error) or repr(error)
                detail = f"{type(error).__name__}: {text.strip().splitlines()[0]}"
            print(f"FAIL  {name}: {detail}", flush=True)
            self.failed.append(name)
            try:
                self.shot(f"fail-{name}")
            except Exception:
                pass

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def fetch(self, url):
        """A URL's bytes as the page gets them (its cookie, its origin)."""
        answer = self.driver.execute_async_script(FETCH_BASE64, url)
        if answer.startswith("ERR:"):
            raise Failed(f"GET {url}: {answer[5:]}")
        return base64.b64decode(answer)

    def state(self):
        return json.loads(self.fetch(self.base + "/ui/state"))

    def frame_src(self):
        return self.js("const f = document.querySelector('#frame');"
                       "return f && f.complete && f.naturalWidth > 0 ? f.currentSrc : null;")

    # The steps.

    def size(self):
        sizes = {}
        for path in ("/", "/ui/app.js", "/ui/app.css"):
            with urllib.request.urlopen(self.base + path, timeout=10) as answer:
                sizes[path] = len(answer.read())
        return " ".join(f"{path}={size}B" for path, size in sizes.items()) + f" total={sum(sizes.values())}B"

    def load(self):
        self.driver.get(self.base + "/")
        wait_for("the page shows the app or the sign-in form",
                 lambda: self.js("return !document.querySelector('#app').hidden || !document.querySelector('#login').hidden"))
        if self.js("return !document.querySelector('#login').hidden"):
            self.shot("00-login")
            if not self.args.user:
                raise Failed("the page asks to sign in: give --user and --password")
            self.driver.find_element(By.ID, "login-user").send_keys(self.args.user)
            self.driver.find_element(By.ID, "login-password").send_keys(self.args.password or "")
            self.driver.find_element(By.CSS_SELECTOR, "#login button[type=submit]").click()
        src = wait_for("#frame loads (naturalWidth > 0)", self.frame_src)
        self.frame = self.fetch(src)
        self.save("frame-before.png", self.frame)
        size = self.js("const f = document.querySelector('#frame'); return [f.naturalWidth, f.naturalHeight];")
        paints = {entry["name"]: entry["startTime"] for entry in
                  self.js("return performance.getEntriesByType('paint').map((e) => ({name: e.name, startTime: e.startTime}));")}
        frame_at = self.js("const e = performance.getEntriesByType('resource').find((r) => r.name.includes('/ui/frame.png'));"
                           "return e ? e.responseEnd : -1;")
        self.shot("01-load")
        print(f"paint first-paint={paints.get('first-paint', -1):.0f}ms "
              f"first-contentful-paint={paints.get('first-contentful-paint', -1):.0f}ms "
              f"frame-loaded={frame_at:.0f}ms", flush=True)
        signed = " (signed in)" if self.args.user and self.js("return !document.querySelector('#logout').hidden") else ""
        return f"#frame {size[0]}x{size[1]}, {len(self.frame)} bytes{signed}"

    def set_param(self):
        args = self.args
        form = self.driver.find_element(By.CSS_SELECTOR, f"form.slot[data-slot='{args.slot}']")
        field = form.find_element(By.CSS_SELECTOR, f"[name='{args.param}']")
        self.js("arguments[0].scrollIntoView({block: 'center'})", field)
        kind = field.get_attribute("type")
        if field.tag_name == "select":
            Select(field).select_by_value(args.value)
        elif kind == "checkbox":
            if field.is_selected() != (args.value.lower() in ("true", "yes", "on", "1")):
                field.click()
        elif kind in ("date", "datetime-local", "number"):
            # Typing into date fields depends on the browser's locale: set the value as a script would.
            self.js("arguments[0].value = arguments[1];"
                    "arguments[0].dispatchEvent(new Event('input', {bubbles: true}));", field, args.value)
        else:
            field.clear()
            field.send_keys(args.value)
        before_src = self.frame_src()
        form.find_element(By.CSS_SELECTOR, "button.save").click()

        def changed():
            src = self.frame_src()
            if not src or src == before_src:
                return None
            data = self.fetch(src)
            return data if data != self.frame else None
        self.frame = wait_for("the frame changes after the save", changed, timeout=60)
        self.save("frame-after-set.png", self.frame)
        self.shot("02-set")
        return f"{args.slot}.{args.param} = {args.value!r}; the frame changed; #message: {self.message()!r}"

    def message(self):
        return self.driver.find_element(By.ID, "message").text

    def tap(self):
        x, y = (int(v) for v in self.args.tap.split(","))
        before = json.dumps(self.state()["status"].get("last_intent"))
        frame = self.driver.find_element(By.ID, "frame")
        self.js("arguments[0].scrollIntoView({block: 'center'})", frame)
        box = self.js("const f = arguments[0], r = f.getBoundingClientRect();"
                      "return [r.width, r.height, f.naturalWidth, f.naturalHeight];", frame)
        width, height, natural_width, natural_height = box
        # Selenium's offsets are from the element's centre; aim at the middle of the frame pixel.
        dx = round((x + 0.5) * width / natural_width - width / 2)
        dy = round((y + 0.5) * height / natural_height - height / 2)
        ActionChains(self.driver).move_to_element_with_offset(frame, dx, dy).click().perform()

        def intent():
            now = self.state()["status"].get("last_intent")
            return now if now is not None and json.dumps(now) != before else None
        done = wait_for("status.last_intent changes after the tap", intent, timeout=30)
        self.shot("03-tap")
        return f"tapped {x},{y} (offset {dx},{dy} from the centre); last_intent {json.dumps(done)}"

    def photos(self):
        """A picture uploaded through the page's file input is listed and changes the frame;
        a file that is not a picture is refused with one line; a delete takes it away."""
        wait_for("the Photos section shows an album", lambda: self.js(
            "return !document.querySelector('#photos').hidden && !!document.querySelector('form.upload[data-album]')"), timeout=30)
        album = self.js("return document.querySelector('form.upload[data-album]').dataset.album")
        self.js("document.querySelector('form.upload[data-album]').scrollIntoView({block: 'center'})")
        before_src, before = self.frame_src(), self.frame

        def upload(path):
            def choose_and_send(form):
                form.find_element(By.CSS_SELECTOR, "input[type=file]").send_keys(os.path.abspath(path))
                form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
            on_fresh(self.driver, "form.upload[data-album]", choose_and_send, f"{os.path.basename(path)} sent")
        upload(self.args.upload)
        name = os.path.basename(self.args.upload)
        wait_for(f"{name} is listed in the album {album}", lambda: self.js(
            "return !!document.querySelector(`.album li[data-name='${arguments[0]}']`)", name), timeout=30)

        def changed():
            src = self.frame_src()
            if not src or src == before_src:
                return None
            data = self.fetch(src)
            return data if data != before else None
        self.frame = wait_for("the frame changes after the upload", changed, timeout=60)
        self.save("frame-after-upload.png", self.frame)
        self.shot("05-upload")
        uploaded = self.message()
        # A text file named like a picture.
        upload(self.args.reject)
        wait_for("the text file is refused", lambda: "not a picture Glance reads" in self.message() or None, timeout=30)
        refused = self.message()
        if self.js("return !!document.querySelector(`.album li[data-name='${arguments[0]}']`)", os.path.basename(self.args.reject)):
            raise Failed("the refused file is listed")
        on_fresh(self.driver, f".album li[data-name='{name}'] button.delete", lambda button: button.click(), f"{name}'s Delete pressed")
        wait_for(f"{name} is gone after Delete", lambda: self.js(
            "return !document.querySelector(`.album li[data-name='${arguments[0]}']`)", name), timeout=30)
        return f"uploaded {name} to {album} ({uploaded!r}); the frame changed; refused: {refused!r}; deleted"

    def inks(self):
        """The measured inks' swatches; the saturation slider changes the preview, and Keep
        keeps it (the state's saturation says so afterwards)."""
        wait_for("the Inks section shows swatches", lambda: self.js(
            "return !document.querySelector('#inks').hidden && document.querySelectorAll('#ink-swatches .swatch').length >= 4"), timeout=30)
        slider = self.driver.find_element(By.ID, "saturation")
        self.js("arguments[0].scrollIntoView({block: 'center'})", slider)
        wait_for("the preview loads", lambda: self.js("const p = document.querySelector('#ink-preview'); return p.complete && p.naturalWidth > 0"))
        before = self.js("return document.querySelector('#ink-preview').currentSrc")
        target = "0.9" if float(slider.get_attribute("value")) < 0.9 else "0.1"
        self.js("arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('input', {bubbles: true}));", slider, target)
        wait_for("the preview follows the slider", lambda: self.js(
            "const p = document.querySelector('#ink-preview');"
            "return p.currentSrc !== arguments[0] && p.currentSrc.includes('saturation=' + arguments[1]) && p.complete && p.naturalWidth > 0",
            before, target), timeout=30)
        self.save("ink-preview.png", self.fetch(self.js("return document.querySelector('#ink-preview').currentSrc")))
        keep = self.driver.find_element(By.ID, "saturation-keep")
        self.js("arguments[0].scrollIntoView({block: 'center'})", keep)
        keep.click()
        wait_for("Keep is answered", lambda: "saturation" in self.message() or None, timeout=30)
        kept = json.loads(self.fetch(self.base + "/ui/inks"))["saturation"]
        if abs(float(kept) - float(target)) > 1e-6:
            raise Failed(f"the saturation kept is {kept}, not {target}")
        self.shot("05-inks")
        return f"{len(self.driver.find_elements(By.CSS_SELECTOR, '#ink-swatches li'))} inks; preview at {target}; kept ({self.message()!r})"

    def travel(self):
        at = self.args.travel
        local = self.js("const d = new Date(arguments[0]);"
                        "return new Date(d.getTime() - d.getTimezoneOffset() * 60000).toISOString().slice(0, 16);", at)
        field = self.driver.find_element(By.ID, "travel-at")
        self.js("arguments[0].scrollIntoView({block: 'center'}); arguments[0].value = arguments[1];"
                "arguments[0].dispatchEvent(new Event('input', {bubbles: true}));", field, local)
        self.driver.find_element(By.ID, "travel-go").click()
        wakes = wait_for("#wakes has an item", lambda: self.js("return document.querySelectorAll('#wakes li').length"))
        src = wait_for("#travel-frame loads", lambda: self.js(
            "const f = document.querySelector('#travel-frame');"
            "return !f.hidden && f.complete && f.naturalWidth > 0 ? f.src : null;"))
        if not src.startswith("data:image/png;base64,"):
            raise Failed(f"#travel-frame is not a PNG data URL: {src[:40]}")
        later = base64.b64decode(src.split(",", 1)[1])
        self.save("travel-frame.png", later)
        live = self.fetch(self.base + f"/ui/frame.png?look=panel&v={self.state()['frame']['version']}")
        if later == live:
            raise Failed("#travel-frame is the live frame, byte for byte")
        self.js("document.querySelector('#wakes').scrollIntoView({block: 'center'})")
        self.shot("04-travel")
        return f"{at} (local {local}): {wakes} wakes, the frame there differs from the live one"

    def gallery_and_log(self):
        self.js("document.querySelector('#gallery').open = true; document.querySelector('#log').open = true;")
        images = wait_for("#gallery shows images", lambda: self.js("return document.querySelectorAll('#gallery img').length"))
        lines = wait_for("#log shows lines", lambda: self.js("return document.querySelector('#log pre').textContent.split('\\n').length"))
        if self.js("return document.querySelectorAll('#log pre *').length"):
            raise Failed("#log's text became markup")
        wait_for("the first gallery image loads", lambda: self.js(
            "const i = document.querySelector('#gallery img'); return i.complete && i.naturalWidth > 0;"))
        self.js("document.querySelector('#gallery').scrollIntoView()")
        self.shot("05-gallery-log")
        return f"{images} gallery images, {lines} log lines"

    def controls(self):
        buttons = self.js("return [...document.querySelectorAll('#controls button')].map((b) => b.dataset.action || 'key ' + b.dataset.key)")
        self.js("document.querySelector('#message').textContent = ''")
        self.driver.find_element(By.CSS_SELECTOR, "#controls button[data-action=refresh]").click()
        said = wait_for("#message answers the full refresh", self.message)
        return f"{', '.join(buttons)}; refresh answered {said!r}"

    def phone(self):
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                    {"width": 412, "height": 915, "deviceScaleFactor": 1, "mobile": True})
        self.js("window.scrollTo(0, 0)")
        time.sleep(0.5)
        self.shot("06-phone")
        for part in ("slots", "travel"):  # the rest of the page, a screen at a time
            self.js(f"document.querySelector('#{part}').closest('section').scrollIntoView()")
            self.shot(f"06-phone-{part}")
        self.js("window.scrollTo(0, 0)")
        overflow = self.js("return document.documentElement.scrollWidth - window.innerWidth")
        small = self.js("""return [...document.querySelectorAll('button, select, input:not([type=checkbox]), summary')]
            .filter((e) => e.offsetParent !== null && e.getBoundingClientRect().height < 40)
            .map((e) => e.id || e.name || e.textContent.trim());""")
        frame_width = self.js("return document.querySelector('#frame').getBoundingClientRect().width")
        height = self.js("return document.documentElement.scrollHeight")
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                    {"width": 412, "height": height, "deviceScaleFactor": 1, "mobile": True})
        time.sleep(0.3)
        self.shot("06-phone-full")
        self.driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        if overflow > 0:
            raise Failed(f"the page is {overflow}px wider than a 412px phone")
        if small:
            raise Failed(f"touch targets under 40px high: {small}")
        return f"no sideways scroll, #frame {frame_width:.0f}px wide, page {height}px long"

    def look(self):
        Select(self.driver.find_element(By.ID, "look")).select_by_value("colour")
        src = wait_for("#frame loads in colour", lambda: (self.frame_src() or "").find("look=colour") >= 0 and self.frame_src())
        colour = self.fetch(src)
        self.save("frame-colour.png", colour)
        Select(self.driver.find_element(By.ID, "look")).select_by_value("panel")
        wait_for("#frame loads as the panel shows it again", lambda: "look=panel" in (self.frame_src() or ""))
        return f"colour {len(colour)} bytes" + (", the same bytes as the panel's" if colour == self.frame else "")

    def hidden(self):
        """The long poll stops while the page is hidden and comes back when it shows."""
        # Counts the page's /ui/events requests; the page calls the global fetch each time.
        self.js("""window.eventsAsked = 0; const fetchBefore = window.fetch;
            window.fetch = (...args) => { if (String(args[0]).includes('/ui/events')) window.eventsAsked++;
              return fetchBefore(...args); };""")
        self.js(self.VISIBILITY, "hidden")
        time.sleep(0.5)
        asked, src, version = self.js("return window.eventsAsked"), self.frame_src(), self.state()["frame"]["version"]
        keys = self.driver.find_elements(By.CSS_SELECTOR, "#controls button[data-key]")
        if keys:  # a key may change the frame, which the hidden page must not fetch
            self.js("arguments[0].scrollIntoView({block: 'center'})", keys[0])
            keys[0].click()
        time.sleep(3)
        if self.js("return window.eventsAsked") != asked:
            raise Failed("the page asked /ui/events while hidden")
        if self.frame_src() != src:
            raise Failed("the frame reloaded while the page was hidden")
        self.js(self.VISIBILITY, "visible")
        wait_for("the page asks /ui/events again once visible", lambda: self.js("return window.eventsAsked") > asked)
        if self.state()["frame"]["version"] != version:
            wait_for("the frame catches up once visible", lambda: self.frame_src() not in (None, src))
            return "no request while hidden; polling and the frame came back when visible"
        return "no request while hidden; polling came back when visible (the key changed no frame)"

    # Makes the page believe it is hidden or visible, as a switched tab or a locked phone does.
    VISIBILITY = """Object.defineProperty(document, 'visibilityState', {configurable: true, get: () => arguments[0]});
        document.dispatchEvent(new Event('visibilitychange'));"""

    def keyboard(self):
        """Tab reaches every control in reading order and shows where the focus is."""
        # A click on the heading starts the Tab order at the top, as a fresh page would.
        self.js("window.scrollTo(0, 0)")
        self.driver.find_element(By.TAG_NAME, "h1").click()
        seen, outline_missing = [], []
        for _ in range(80):
            ActionChains(self.driver).send_keys("\ue004").perform()  # Tab
            focused = self.js("""const e = document.activeElement; if (!e || e === document.body) return null;
                const s = getComputedStyle(e);
                return [e.id || (e.dataset.action || e.dataset.key ? 'button:' + (e.dataset.action || e.dataset.key)
                        : e.className === 'save' ? 'save' : e.tagName.toLowerCase() + (e.name ? ':' + e.name : '')),
                        s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2];""")
            if not focused or (seen and focused[0] == seen[0]):
                break
            if seen and focused[0] == seen[-1]:
                continue  # a date field's day, month and year are one control
            seen.append(focused[0])
            if not focused[1]:
                outline_missing.append(focused[0])
        wanted = ["look", "button:refresh", "travel-at", "travel-go"]
        if self.js("return document.querySelector('button.save') !== null"):
            wanted.insert(2, "save")
        missing = [name for name in wanted if name not in seen]
        if missing:
            raise Failed(f"Tab never reaches {missing}; it went {seen}")
        order = [seen.index(name) for name in wanted]
        if order != sorted(order):
            raise Failed(f"Tab goes out of reading order: {seen}")
        if outline_missing:
            raise Failed(f"no visible focus on {outline_missing}")
        return f"{len(seen)} stops, each with a visible focus ring: {' '.join(seen[:12])} …"

    def dark(self):
        self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                                    {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
        self.js("window.scrollTo(0, 0)")
        time.sleep(0.3)
        self.shot("07-dark")
        self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
        return "screenshot 07-dark.png"

    def console(self):
        entries = [entry for entry in self.driver.get_log("browser") if entry["level"] == "SEVERE"]
        bad = [entry["message"] for entry in entries
               if "Content Security Policy" in entry["message"] or "Uncaught" in entry["message"]]
        if bad:
            raise Failed("; ".join(bad)[:600])
        others = "; ".join(entry["message"][:120] for entry in entries)
        return f"no script errors or CSP violations" + (f" (other severe lines: {others})" if others else "")

    def run(self):
        args = self.args
        self.step("size", self.size)
        self.step("load", self.load)
        if "load" in self.failed:
            return
        if args.slot and args.param and args.value is not None:
            self.step("set", self.set_param)
        else:
            print("skip  set: no --slot/--param/--value")
        if args.tap:
            self.step("tap", self.tap)
        else:
            print("skip  tap: no --tap")
        if self.js("return !!document.querySelector('#inks')"):
            self.step("inks", self.inks) if json.loads(self.fetch(self.base + "/ui/inks")).get("measured") else print("skip  inks: no measured inks")
        if args.upload:
            self.step("photos", self.photos)
        else:
            print("skip  photos: no --upload")
        self.step("look", self.look)
        self.step("hidden", self.hidden)
        self.step("travel", self.travel)
        self.step("gallery-log", self.gallery_and_log)
        self.step("controls", self.controls)
        self.step("keyboard", self.keyboard)
        self.step("phone", self.phone)
        self.step("dark", self.dark)
        self.step("console", self.console)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--url", help="the daemon's web address, e.g. http://127.0.0.1:8080")
    parser.add_argument("--mock", action="store_true", help="start Tests/Web/mock_server.py and check against it")
    parser.add_argument("--artifacts", required=True, help="where screenshots and frames go")
    parser.add_argument("--slot"), parser.add_argument("--param"), parser.add_argument("--value")
    parser.add_argument("--tap", help="X,Y in frame pixels, on a control")
    parser.add_argument("--travel", help="an instant within the next seven days (default: a day from now)")
    parser.add_argument("--user"), parser.add_argument("--password")
    parser.add_argument("--upload", help="a picture to upload to the first album of the Photos section")
    parser.add_argument("--reject", help="a file that is not a picture, whose upload must be refused")
    args = parser.parse_args()
    here = os.path.dirname(os.path.abspath(__file__))
    args.upload = args.upload or os.path.join(here, "..", "GlanceGraphicsTests", "Pictures", "card-orientation-6.jpg")
    args.reject = args.reject or os.path.join(here, "not-a-picture.jpg")
    if args.mock:
        sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
        import mock_server
        login = f"{args.user}:{args.password}" if args.user else None  # the sign-in form too
        _, port = mock_server.serve(0, login)
        args.url = f"http://127.0.0.1:{port}"
        args.slot, args.param = args.slot or "clock", args.param or "title"
        args.value = args.value if args.value is not None else "Osaka <b>not markup</b>"
        args.tap = args.tap or "20,100"
    elif not args.url:
        parser.error("give --url BASE or --mock")
    if not args.travel:
        args.travel = (datetime.now().astimezone() + timedelta(days=1)).replace(second=0, microsecond=0).isoformat()
    print(f"browser_check: {args.url}", flush=True)
    check = Check(args)
    try:
        check.run()
    finally:
        check.driver.quit()
    if check.failed:
        print(f"browser_check: failed steps: {', '.join(check.failed)}")
    print(f"browser_check: {check.passed} passed, {len(check.failed)} failed")
    sys.exit(1 if check.failed else 0)


if __name__ == "__main__":
    main()
