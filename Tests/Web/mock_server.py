#!/usr/bin/env python3
"""A stand-in for the daemon's web server, to try the page without it.

  Tests/Web/mock_server.py [--port 8080] [--login USER:PASSWORD]

Serves the page as it ships (Sources/GlanceFleet/Web/Page/) and
fake answers for every route of docs/web.md: a 250x122 frame drawn from the slots'
params (so a change shows), a long poll, a tap that "presses" inside the first slot,
time travel, the gallery and the log. Standard library only. With --login every /ui/
route but the page's files and /ui/login wants the session cookie."""
import argparse, base64, hashlib, json, os, re, secrets, struct, sys, threading, time, zlib
from datetime import datetime, timedelta, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PAGE = os.path.join(ROOT, "Sources", "GlanceFleet", "Web", "Page")
CSP = "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'"
WIDTH, HEIGHT = 250, 122
ZONE = timezone(timedelta(hours=9))


def page_files():
    """The page's three files as the daemon embeds them."""
    files = {}
    for name, file in (("html", "index.html"), ("css", "app.css"), ("javascript", "app.js")):
        with open(os.path.join(PAGE, file), "rb") as handle:
            files[name] = handle.read()
    return files


def png(pixels, width=WIDTH, height=HEIGHT):
    """An 8-bit RGB PNG of rows of (r, g, b)."""
    raw = b"".join(b"\0" + bytes(c for pixel in row for c in pixel) for row in pixels)
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def now():
    return datetime.now(ZONE).replace(microsecond=0)


class World:
    """The fake display: its slots, their params, the frame version and what happened."""

    def __init__(self):
        self.lock = threading.Condition()
        self.version = 1
        self.at = now()
        self.csrf = secrets.token_hex(16)
        self.sessions = set()
        self.last_intent = None
        self.last_refresh = {"at": self.at.isoformat(), "refresh": "full", "window": "0,0 250x122", "why": "start"}
        self.log = [f"{self.at.isoformat()} mock: started"]
        self.pictures = {}  # the album hall: name -> bytes
        self.saturation = 0.5
        self.slots = [
            {"name": "clock", "kind": "clock", "family": "systemSmall", "rect": [0, 0, 122, 122], "params": [
                {"name": "title", "title": "Title", "type": "text", "value": "Tokyo", "default": "", "optional": True, "choices": []},
                {"name": "seconds", "title": "Show seconds", "type": "toggle", "value": False, "default": False, "optional": False, "choices": []},
                {"name": "style", "title": "Style", "type": "choice", "value": "digital", "default": "digital", "optional": False,
                 "choices": [{"value": "digital", "title": "Digital"}, {"value": "analog", "title": "Analog"}]}]},
            {"name": "countdown", "kind": "countdown", "family": "systemMedium", "rect": [122, 0, 128, 122], "params": [
                {"name": "event", "title": "Event", "type": "text", "value": "Holidays", "default": "", "optional": False, "choices": []},
                {"name": "date", "title": "Date", "type": "date", "value": "2026-12-24", "default": None, "optional": False, "choices": []},
                {"name": "relevant_days", "title": "Relevant days", "type": "integer", "value": 7, "default": 7, "optional": False, "choices": []},
                {"name": "scale", "title": "Scale", "type": "number", "value": 1.5, "default": 1, "optional": True, "choices": []},
                {"name": "calendar", "title": "Calendar", "type": "entity", "value": "home", "default": None, "optional": True,
                 "choices": [{"value": "home", "title": "Home"}, {"value": "work", "title": "Work"}]},
                {"name": "tags", "title": "Tags", "type": "list", "value": ["school", "family"], "default": [], "optional": True, "choices": []}]},
        ]

    def bump(self, why):
        with self.lock:
            self.version += 1
            self.at = now()
            self.log.append(f"{self.at.isoformat()} mock: frame {self.version}: {why}")
            del self.log[:-200]
            self.lock.notify_all()

    def frame(self, colour, seed=""):
        """Each slot a box filled with stripes that follow its params (and the seed)."""
        rows = [[(255, 255, 255)] * WIDTH for _ in range(HEIGHT)]
        inks = [(0, 0, 0), (200, 30, 30)] if colour else [(0, 0, 0), (0, 0, 0)]
        for index, slot in enumerate(self.slots):
            x0, y0, w, h = slot["rect"]
            digest = hashlib.sha256((json.dumps(slot["params"], sort_keys=True) + seed).encode()).digest()
            for y in range(y0, y0 + h):
                for x in range(x0, x0 + w):
                    edge = x in (x0, x0 + w - 1) or y in (y0, y0 + h - 1)
                    cell = digest[((y - y0) // 8 * 16 + (x - x0) // 8) % 32] >> ((x + y) % 8) & 1
                    if edge or (y - y0 > 8 and cell and (x + y) % 3 == 0):
                        rows[y][x] = inks[index % 2]
        if self.last_intent and not seed:  # the pressed button, drawn solid in the live frame
            for y in range(90, 110):
                rows[y][10:40] = [inks[1]] * 30
        return png(rows)

    def state(self):
        stamp = now()
        status_slots = []
        for slot in self.slots:
            status = {"name": slot["name"], "kind": slot["kind"], "family": slot["family"], "shows": [slot["name"]],
                      "entry": self.at.isoformat(), "next_wake": (stamp + timedelta(minutes=1)).replace(second=0).isoformat(),
                      "next_reason": "timeline entry"}
            if slot["name"] == "countdown":
                status["problem"] = "countdown: the calendar answered 503; showing the entry of 21:00"
                status["stack"] = "corner"
            status_slots.append(status)
        status = {"ok": True, "now": stamp.isoformat(), "config": "mock.yaml", "slots": status_slots,
                  "stacks": [{"name": "corner", "members": ["countdown", "weather"], "shows": "countdown", "why": "rotation"}],
                  "sleep": "awake; sleeps 23:00–06:00", "next_wake": (stamp + timedelta(minutes=1)).replace(second=0).isoformat(),
                  "last_refresh": self.last_refresh}
        if self.last_intent:
            status["last_intent"] = self.last_intent
        return {"csrf": self.csrf, "display": {"name": "main", "width": WIDTH, "height": HEIGHT, "palette": "bwr"},
                "displays": ["main"], "frame": {"version": self.version, "at": self.at.isoformat()},
                "keys": ["A", "B", "C"], "status": status, "slots": self.slots}

    def set(self, slot_name, param_name, value):
        for slot in self.slots:
            for param in slot["params"] if slot["name"] == slot_name else []:
                if param["name"] == param_name:
                    kind = param["type"]
                    if kind == "integer" and not re.fullmatch(r"\s*-?\d+\s*", value):
                        raise ValueError(f"{slot_name}.{param_name}: '{value}' is not a whole number")
                    if kind == "choice" and value not in [c["value"] for c in param["choices"]] + ([""] if param["optional"] else []):
                        raise ValueError(f"{slot_name}.{param_name}: '{value}' is not one of the choices")
                    param["value"] = {"toggle": value == "true", "list": [v.strip() for v in value.split(",") if v.strip()],
                                      "integer": int(value) if kind == "integer" else None}.get(kind, value)
                    self.bump(f"set {slot_name}.{param_name}")
                    return f"{slot_name}.{param_name} = {value}"
        raise ValueError(f"no param {param_name} in slot {slot_name}")


class Handler(BaseHTTPRequestHandler):
    world = None
    files = None
    login = None  # "user:password", or None for no sign-in
    poll_seconds = 25

    def log_message(self, *args):
        pass

    def send(self, status, body, kind="application/json", headers=()):
        if isinstance(body, (dict, list)):
            body = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Content-Security-Policy", CSP)
        self.send_header("Cache-Control", "no-store")
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        try:
            self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the page gave up on a long poll (hidden, or gone): nobody to answer

    def signed_in(self):
        if self.login is None:
            return True
        cookie = self.headers.get("Cookie", "")
        return any(part.strip().removeprefix("glance_session=") in self.world.sessions
                   for part in cookie.split(";") if part.strip().startswith("glance_session="))

    def do_GET(self):
        url = urlsplit(self.path)
        query = {k: v[-1] for k, v in parse_qs(url.query).items()}
        world, path = self.world, url.path
        if path == "/":
            return self.send(200, self.files["html"], "text/html; charset=utf-8")
        if path == "/ui/app.css":
            return self.send(200, self.files["css"], "text/css; charset=utf-8")
        if path == "/ui/app.js":
            return self.send(200, self.files["javascript"], "text/javascript; charset=utf-8")
        if not self.signed_in():
            return self.send(401, {"error": "sign in first"})
        if path == "/ui/state":
            return self.send(200, world.state())
        if path == "/ui/frame.png":
            if "saturation" in query:
                if not 0 <= float(query["saturation"]) <= 1:
                    return self.send(400, {"error": "saturation is a number from 0 to 1"})
                return self.send(200, world.frame(True, query["saturation"]), "image/png")
            return self.send(200, world.frame(query.get("look") == "colour"), "image/png")
        if path == "/ui/events":
            after = int(query.get("after") or 0)
            with world.lock:
                world.lock.wait_for(lambda: world.version > after, timeout=self.poll_seconds)
                version = world.version
            return self.send(200, {"version": version})
        if path == "/ui/travel":
            try:
                at = datetime.fromisoformat(query.get("at", ""))
                if at.tzinfo is None:
                    raise ValueError
            except ValueError:
                return self.send(400, {"error": f"at: '{query.get('at', '')}' is not an instant like 2026-11-28T00:00:00+09:00"})
            if not now() < at <= now() + timedelta(days=7):
                return self.send(400, {"error": "at: must be after now and at most seven days ahead"})
            at, seed = at.astimezone(ZONE), at.isoformat()  # the daemon answers in the config's zone
            wakes = [{"at": (now() + (at - now()) * k / 3).replace(microsecond=0).isoformat(), "slot": slot, "kind": slot,
                      "reason": "timeline entry", "refresh": "partial"} for k, slot in ((1, "clock"), (2, "countdown"))]
            wakes.append({"at": at.isoformat(), "slot": "countdown", "kind": "countdown", "reason": "stack turn",
                          "refresh": "full", "shows": "weather", "why": "rotation"})
            data = lambda colour: "data:image/png;base64," + base64.b64encode(world.frame(colour, seed)).decode()
            return self.send(200, {"at": at.isoformat(), "image": data(False), "colour": data(True), "wakes": wakes})
        if path == "/ui/gallery":
            return self.send(200, [{"kind": k, "family": f, "image": f"/ui/gallery/{k}/{f}.png"}
                                   for k in ("clock", "countdown", "weather") for f in ("systemSmall", "systemMedium")])
        if match := re.fullmatch(r"/ui/gallery/(\w+)/(\w+)\.png", path):
            rows = [[(0, 0, 0) if (x // 6 + y // 6 + len(match[1])) % 3 == 0 else (255, 255, 255) for x in range(120)]
                    for y in range(60)]
            return self.send(200, png(rows, 120, 60), "image/png")
        if path == "/ui/log":
            return self.send(200, {"lines": world.log + ["<script>alert('not markup')</script>"]})
        if path == "/ui/inks":
            inks = [("black", "#000000", "#14171E"), ("white", "#FFFFFF", "#C8C8C8"), ("yellow", "#FFFF00", "#C8B400"),
                    ("red", "#FF0000", "#A01414"), ("blue", "#0000FF", "#1E3C82"), ("green", "#00FF00", "#3C6E3C")]
            return self.send(200, {"measured": True, "palette": "spectra6", "board": "mock-spectra6", "source": "a mock's guess",
                                   "saturation": world.saturation, "default": 0.5,
                                   "inks": [{"name": n, "ideal": i, "measured": m} for n, i, m in inks]})
        if path == "/ui/photos":
            return self.send(200, {"albums": [{"name": "hall", "slots": ["frame"], "pictures": [
                {"name": name, "bytes": size, "at": now().isoformat()} for name, size in sorted(world.pictures.items())]}],
                "limits": {"upload": 24 << 20, "pictures": 200, "bytes": 512 << 20, "megapixels": 50}})
        self.send(404, {"error": f"no route {path}"})

    def do_POST(self):
        url = urlsplit(self.path)
        world, path = self.world, url.path
        length = int(self.headers.get("Content-Length") or 0)
        if length > (24 << 20 if path == "/ui/photos/upload" else 64 * 1024):
            return self.send(413, {"error": "body too large"})
        raw = self.rfile.read(length)
        body = "" if path == "/ui/photos/upload" else raw.decode()
        if path == "/ui/photos/upload":
            fields = {k: v[-1] for k, v in parse_qs(url.query).items()}
        elif self.headers.get("Content-Type", "").startswith("application/json"):
            fields = json.loads(body or "{}")
        else:
            fields = {k: v[-1] for k, v in parse_qs(body, keep_blank_values=True).items()}
        if path == "/ui/login":
            if self.login and f"{fields.get('user')}:{fields.get('password')}" == self.login:
                session = secrets.token_hex(16)
                world.sessions.add(session)
                return self.send(200, {"ok": True}, headers=[("Set-Cookie", f"glance_session={session}; HttpOnly; SameSite=Strict; Path=/")])
            return self.send(401, {"error": "wrong user or password"})
        if not self.signed_in():
            return self.send(401, {"error": "sign in first"})
        if self.headers.get("X-CSRF-Token") != world.csrf:
            return self.send(403, {"error": "bad CSRF token: reload the page"})
        try:
            if path == "/ui/set":
                return self.send(200, {"ok": True, "message": world.set(fields.get("slot", ""), fields.get("param", ""), fields.get("value", ""))})
            if path == "/ui/reload":
                world.bump("reload")
                return self.send(200, {"ok": True, "message": "reloaded " + (fields.get("kind") or "every widget")})
            if path == "/ui/refresh":
                world.last_refresh = {"at": now().isoformat(), "refresh": "full", "window": "0,0 250x122", "why": "asked"}
                world.bump("full refresh")
                return self.send(200, {"ok": True, "message": "full refresh"})
            if path == "/ui/press":
                world.bump(f"key {fields.get('key')}")
                return self.send(200, {"ok": True, "message": f"pressed {fields.get('key')}"})
            if path == "/ui/tap":
                x, y = int(fields["x"]), int(fields["y"])
                if not (0 <= x < 122 and 80 <= y < 122):
                    return self.send(200, {"ok": True, "message": f"no control at {x},{y}"})
                world.last_intent = {"slot": "clock", "title": f"Lap at {now().strftime('%H:%M:%S')}"}
                world.bump(f"tap {x},{y}")
                return self.send(200, {"ok": True, "message": f"pressed Lap in clock at {x},{y}"})
            if path == "/ui/logout":
                world.sessions.clear()
                return self.send(200, {"ok": True, "message": "signed out"})
            if path == "/ui/inks/saturation":
                value = float(fields["saturation"])
                if not 0 <= value <= 1:
                    return self.send(400, {"error": "saturation is a number from 0 to 1"})
                world.saturation = value
                world.bump("saturation")
                return self.send(200, {"ok": True, "message": f"pictures are dithered with saturation {value} from the next frame"})
            if path == "/ui/photos/upload":
                # The daemon checks the picture itself; the mock, its first bytes.
                if fields.get("album") != "hall":
                    return self.send(404, {"error": "no photo slot shows that album"})
                if not (raw.startswith(b"\xff\xd8\xff") or raw.startswith(b"\x89PNG") or raw[8:12] == b"WEBP"):
                    return self.send(400, {"error": f"{fields.get('name', '')}: not a picture Glance reads (JPEG, PNG, WebP, HEIC, AVIF); not kept"})
                name = re.sub(r"[^A-Za-z0-9._-]", "-", fields.get("name", "picture").split("/")[-1]) or "picture"
                world.pictures[name] = len(raw)
                world.bump("upload")
                return self.send(200, {"ok": True, "name": name, "message": f"kept as {name} in hall"})
            if path == "/ui/photos/delete":
                if world.pictures.pop(fields.get("name", ""), None) is None:
                    return self.send(400, {"error": f"no picture {fields.get('name', '')} in the album hall"})
                world.bump("delete")
                return self.send(200, {"ok": True, "message": f"deleted {fields['name']} from hall"})
        except (KeyError, ValueError) as error:
            return self.send(400, {"error": str(error).strip("'\"")})
        self.send(404, {"error": f"no route {path}"})


def serve(port=0, login=None, poll_seconds=25):
    """Starts the server on a thread; answers it and its port."""
    Handler.world, Handler.files, Handler.login, Handler.poll_seconds = World(), page_files(), login, poll_seconds
    server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, server.server_address[1]


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--port", type=int, default=8080)
    parser.add_argument("--login", help="USER:PASSWORD; without it no sign-in is asked")
    args = parser.parse_args()
    server, port = serve(args.port, args.login)
    print(f"mock_server: http://127.0.0.1:{port}/", flush=True)
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        server.shutdown()
