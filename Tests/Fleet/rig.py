#!/usr/bin/env python3
"""The fleet rig: plays Home Assistant against ten `glance run` daemons over MQTT.

    python3 Tests/Fleet/rig.py --glance .build/debug/glance [--record] [--keep] [--only CHECK,…]

One Mosquitto (a plain and a TLS listener, passwords and the ACL patterns the README
recommends), a fake Open-Meteo server, a heatmap CSV, ten daemons `wall-0` … `wall-9`
(wall-9 over TLS) and three that cannot join (wrong password, a CA that does not verify
the broker, a port where nothing listens). The rig subscribes as Home Assistant would and
checks the contract of docs/mqtt.md: discovery (against golden/discovery-wall-0.json),
states, commands, the last will, reconnects. One line per check, `ok NAME` or
`FAIL NAME: …`; exit status 0 when every check passed.

`--record` writes the discovery golden from wall-0 instead of comparing with it;
`--keep` leaves the temporary folder (logs, configs, frames) and prints where it is.

Needs mosquitto and mosquitto_passwd (Debian's mosquitto package), the openssl command,
and paho-mqtt 2.x (pip install paho-mqtt).
"""

import argparse
import json
import os
import re
import shutil
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import time
import traceback
import uuid
import zlib
from datetime import datetime, timedelta, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, urlparse

try:
    import paho.mqtt.client as mqtt
except ImportError:  # pragma: no cover
    sys.exit("rig.py needs paho-mqtt 2.x: pip install paho-mqtt")

HERE = Path(__file__).resolve().parent
GOLDEN = HERE / "golden" / "discovery-wall-0.json"
NODES = [f"wall-{n}" for n in range(10)]
TLS_NODE = "wall-9"
# wall-5 also serves a TRMNL device: its battery and signal must reach Home Assistant.
TRMNL_NODE = "wall-5"
TRMNL_DEVICE = "A1:B2:C3:D4:E5:F6"
CITIES = ["seoul", "busan", "jeju", "daejeon", "gwangju"]
KEYS = {"A": "reload-all", "B": "reload countdown"}
SLOTS = {"launch": "countdown", "weather": "weather", "activity": "heatmap"}
UTC_OFFSET = 9 * 3600  # Asia/Seoul: no daylight saving time since 1988
SEOUL = timezone(timedelta(seconds=UTC_OFFSET))

# Written exactly as the README quotes it.
ACL_PATTERNS = """\
pattern readwrite glance/%u/#
pattern write homeassistant/device/%u/#
pattern read homeassistant/status
pattern read glance/_all/#
"""

# `glance: 2026-11-24T09:00:00+09:00 launch: reload → none refresh`
WAKE_LINE = re.compile(r"^glance: (\S+) (\S+): (\w+) → (\w+) refresh\s*$")
COMMAND_TOPIC = re.compile(
    r"^glance/(?:_all/reload|[^/]+/(?:reload|full_refresh|notify|slot/[^/]+/[^/]+/set|key/[^/]+/press))$")

# Home Assistant's abbreviations (homeassistant/components/mqtt/abbreviations.py), the
# ones a discovery message of this kind may use.
ABBREVIATIONS = {
    "avty": "availability", "avty_mode": "availability_mode", "avty_t": "availability_topic",
    "cmd_t": "command_topic", "cmd_tpl": "command_template", "cmps": "components", "cont_type": "content_type",
    "dev": "device", "dev_cla": "device_class", "en": "enabled_by_default", "ent_cat": "entity_category",
    "evt_typ": "event_types", "ic": "icon", "img_t": "image_topic", "json_attr_t": "json_attributes_topic",
    "max": "max", "min": "min", "mode": "mode", "o": "origin", "obj_id": "object_id", "def_ent_id": "default_entity_id",
    "ops": "options", "p": "platform", "pl_avail": "payload_available", "pl_not_avail": "payload_not_available",
    "pl_off": "payload_off", "pl_on": "payload_on", "pl_prs": "payload_press", "ret": "retain",
    "stat_cla": "state_class", "stat_off": "state_off", "stat_on": "state_on", "stat_t": "state_topic",
    "step": "step", "uniq_id": "unique_id", "unit_of_meas": "unit_of_measurement", "val_tpl": "value_template",
    "pattern": "pattern",
}
DEVICE_ABBREVIATIONS = {"ids": "identifiers", "mf": "manufacturer", "mdl": "model", "sw": "sw_version",
                        "hw": "hw_version", "sa": "suggested_area", "cns": "connections", "cu": "configuration_url"}
ORIGIN_ABBREVIATIONS = {"sw": "sw_version", "url": "support_url"}


class CheckFailed(Exception):
    """A check's expectation not met: the message says what was expected and what came."""


def wait_for(predicate, timeout, what, got=None, interval=0.05):
    """Polls `predicate` until it returns something true (returned) or `timeout` seconds
    pass (CheckFailed naming `what` and, from `got()`, what there was instead)."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() >= deadline:
            detail = ""
            if got is not None:
                try:
                    detail = f"; got {got()}"
                except Exception as error:  # the description must not hide the failure
                    detail = f"; (describing what came failed: {error})"
            raise CheckFailed(f"expected {what} within {timeout:g} s{detail}")
        time.sleep(interval)


def unexpected(error):
    """A CheckFailed's message without its leading "expected ", for a list of problems."""
    text = str(error)
    return text[len("expected "):] if text.startswith("expected ") else text


def expect(condition, message):
    if not condition:
        raise CheckFailed(message)


def note(message):
    """Something worth knowing that is not a failure: on stderr, apart from the check lines."""
    print(f"note: {message}", file=sys.stderr, flush=True)


def short(payload, limit=120):
    """A payload for a message: text if it is text, clipped."""
    if isinstance(payload, bytes):
        if payload.startswith(b"\x89PNG"):
            return f"<PNG, {len(payload)} bytes>"
        try:
            text = payload.decode("utf-8")
        except UnicodeDecodeError:
            return f"<{len(payload)} bytes, not UTF-8>"
    else:
        text = str(payload)
    text = repr(text)
    return text if len(text) <= limit else text[:limit] + f"…({len(text)} chars)"


def free_port():
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def port_open(port):
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5):
            return True
    except OSError:
        return False


def run(command, **kwargs):
    """A short command that must succeed; its output if it did."""
    result = subprocess.run(command, capture_output=True, text=True, timeout=60, **kwargs)
    if result.returncode != 0:
        raise RuntimeError(f"{' '.join(map(str, command))} failed ({result.returncode}): {result.stderr.strip()[-500:]}")
    return result.stdout


def seoul_now():
    return datetime.now(timezone.utc).astimezone(SEOUL)


def parse_iso(text):
    """An ISO 8601 instant with an offset, or None."""
    try:
        value = datetime.fromisoformat(text)
    except (ValueError, TypeError):
        return None
    return value if value.tzinfo is not None else None


def png_size(data):
    """(width, height) from a PNG's IHDR, or a string saying why it is not a PNG."""
    if not isinstance(data, bytes) or not data.startswith(b"\x89PNG\r\n\x1a\n"):
        return f"no PNG signature (starts {data[:8]!r})" if isinstance(data, bytes) else "no payload"
    if len(data) < 33:
        return "too short for an IHDR"
    length, kind = struct.unpack(">I4s", data[8:16])
    if kind != b"IHDR" or length != 13:
        return f"first chunk is {kind!r} of {length} bytes, not IHDR"
    width, height = struct.unpack(">II", data[16:24])
    crc = struct.unpack(">I", data[29:33])[0]
    if zlib.crc32(data[12:29]) & 0xFFFFFFFF != crc:
        return "IHDR CRC does not match"
    if not data.rstrip(b"\0").endswith(b"IEND\xaeB`\x82"):
        return "no IEND chunk at the end"
    return (width, height)


# --- Home Assistant's view of the broker ---------------------------------------------------

class Message:
    __slots__ = ("at", "topic", "payload", "retain")

    def __init__(self, at, topic, payload, retain):
        self.at, self.topic, self.payload, self.retain = at, topic, payload, retain

    def text(self):
        return self.payload.decode("utf-8", "replace")


def new_client(prefix):
    return mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=f"{prefix}-{uuid.uuid4().hex[:8]}",
                       protocol=mqtt.MQTTv311)


class Observer:
    """Home Assistant: subscribed to `glance/#` and `homeassistant/#` the whole run,
    reconnecting after a broker restart; keeps every message it got."""

    def __init__(self, port, username, password, subscriptions=("glance/#", "homeassistant/#")):
        self.lock = threading.Lock()
        self.messages = []
        self.latest_by_topic = {}
        self.connects = 0
        self.connected = threading.Event()
        self.subscribed = threading.Event()
        self.subscriptions = list(subscriptions)
        self.client = new_client("rig-ha")
        self.client.username_pw_set(username, password)
        self.client.reconnect_delay_set(min_delay=1, max_delay=1)
        self.client.on_connect = self._on_connect
        self.client.on_disconnect = self._on_disconnect
        self.client.on_subscribe = self._on_subscribe
        self.client.on_message = self._on_message
        self.client.connect_async("127.0.0.1", port, keepalive=30)
        self.client.loop_start()

    def _on_connect(self, client, userdata, flags, reason_code, properties):
        if reason_code.is_failure:
            return
        self.connects += 1
        self.connected.set()
        client.subscribe([(topic, 1) for topic in self.subscriptions])

    def _on_disconnect(self, client, userdata, flags, reason_code, properties):
        self.connected.clear()
        self.subscribed.clear()

    def _on_subscribe(self, client, userdata, mid, reason_codes, properties):
        self.subscribed.set()

    def _on_message(self, client, userdata, message):
        record = Message(time.monotonic(), message.topic, bytes(message.payload), bool(message.retain))
        with self.lock:
            self.messages.append(record)
            self.latest_by_topic[message.topic] = record

    def latest(self, topic):
        with self.lock:
            return self.latest_by_topic.get(topic)

    def payload(self, topic):
        message = self.latest(topic)
        return message.payload if message else None

    def since(self, at, topic=None, prefix=None):
        with self.lock:
            return [m for m in self.messages if m.at >= at and (topic is None or m.topic == topic)
                    and (prefix is None or m.topic.startswith(prefix))]

    def first(self, topic, after, where=lambda m: True):
        with self.lock:
            for m in self.messages:
                if m.at >= after and m.topic == topic and where(m):
                    return m
        return None

    def publish(self, topic, payload, retain=False, qos=1):
        info = self.client.publish(topic, payload, qos=qos, retain=retain)
        info.wait_for_publish(timeout=5)
        if not info.is_published():
            raise CheckFailed(f"the rig could not publish on {topic} (rc {info.rc})")

    def stop(self):
        self.client.loop_stop()
        try:
            self.client.disconnect()
        except Exception:
            pass


def retained_now(port, username, password, topic_filter, timeout=5.0):
    """What a client that subscribes now gets from the broker's retained store:
    {topic: payload}. A marker published after the SUBACK ends the collection, since the
    broker sends the retained messages before it."""
    client = new_client("rig-fresh")
    client.username_pw_set(username, password)
    marker = f"rig/marker/{uuid.uuid4().hex}"
    got = {}
    done = threading.Event()
    failed = []

    def on_connect(c, userdata, flags, reason_code, properties):
        if reason_code.is_failure:
            failed.append(str(reason_code))
            done.set()
            return
        c.subscribe([(topic_filter, 0), (marker, 0)])

    def on_subscribe(c, userdata, mid, reason_codes, properties):
        c.publish(marker, b"end", qos=0)

    def on_message(c, userdata, message):
        if message.topic == marker:
            done.set()
        elif message.retain:
            got[message.topic] = bytes(message.payload)

    client.on_connect, client.on_subscribe, client.on_message = on_connect, on_subscribe, on_message
    try:
        client.connect("127.0.0.1", port, keepalive=30)
    except OSError as error:
        raise CheckFailed(f"a fresh subscriber could not connect to the broker: {error}")
    client.loop_start()
    try:
        if not done.wait(timeout):
            raise CheckFailed(f"a fresh subscriber to {topic_filter} got no end marker within {timeout:g} s")
        if failed:
            raise CheckFailed(f"a fresh subscriber was refused: {failed[0]}")
        return dict(got)
    finally:
        client.loop_stop()
        client.disconnect()


# --- the fake Open-Meteo ----------------------------------------------------------------------

def forecast_body(latitude, longitude):
    """An Open-Meteo `/v1/forecast` answer (the fields OpenMeteo.swift reads) for today in
    Asia/Seoul; its temperatures and weather codes depend on the latitude, so a change of
    city changes the picture."""
    local = datetime.now(timezone.utc) + timedelta(seconds=UTC_OFFSET)
    today = local.date()
    base = round(latitude - 30.0, 1)
    codes = [0, 1, 2, 3, 45, 61, 71, 95]
    code = codes[int(round(latitude * 10)) % len(codes)]
    hours = [f"{(today + timedelta(days=h // 24)).isoformat()}T{h % 24:02d}:00" for h in range(48)]
    days = [(today + timedelta(days=d)).isoformat() for d in range(6)]
    return {
        "latitude": latitude, "longitude": longitude, "utc_offset_seconds": UTC_OFFSET, "timezone": "Asia/Seoul",
        "current": {"time": local.strftime("%Y-%m-%dT%H:%M"), "interval": 900, "temperature_2m": base,
                    "weather_code": code, "is_day": 1 if 7 <= local.hour < 18 else 0,
                    "apparent_temperature": round(base - 2.5, 1), "wind_speed_10m": round(latitude / 3, 1)},
        "hourly": {"time": hours,
                   "temperature_2m": [round(base + (h % 24) / 4 - 3, 1) for h in range(48)],
                   "weather_code": [codes[(int(latitude) + h) % len(codes)] for h in range(48)],
                   "is_day": [1 if 7 <= h % 24 < 18 else 0 for h in range(48)]},
        "daily": {"time": days,
                  "weather_code": [codes[(int(latitude) + d) % len(codes)] for d in range(6)],
                  "temperature_2m_max": [round(base + 4 + d, 1) for d in range(6)],
                  "temperature_2m_min": [round(base - 4 - d, 1) for d in range(6)]},
    }


class WeatherServer:
    def __init__(self):
        server = self
        self.requests = []

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self):
                url = urlparse(self.path)
                query = parse_qs(url.query)
                server.requests.append(self.path)
                if url.path.rstrip("/") != "/v1/forecast":
                    return self._answer(404, {"error": True, "reason": f"no route {url.path}"})
                try:
                    latitude = float(query["latitude"][0])
                    longitude = float(query.get("longitude", ["127"])[0])
                except (KeyError, ValueError):
                    return self._answer(400, {"error": True, "reason": "latitude missing or not a number"})
                self._answer(200, forecast_body(latitude, longitude))

            def _answer(self, status, body):
                data = json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json; charset=utf-8")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *args):
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.port = self.httpd.server_address[1]
        self.thread = threading.Thread(target=self.httpd.serve_forever, name="open-meteo", daemon=True)
        self.thread.start()

    @property
    def base_url(self):
        return f"http://127.0.0.1:{self.port}"

    def stop(self):
        self.httpd.shutdown()
        self.httpd.server_close()


# --- processes ----------------------------------------------------------------------------

class LogFile:
    def __init__(self, path):
        self.path = Path(path)

    def size(self):
        try:
            return self.path.stat().st_size
        except FileNotFoundError:
            return 0

    def text(self, since=0):
        try:
            with open(self.path, "rb") as file:
                file.seek(since)
                return file.read().decode("utf-8", "replace")
        except FileNotFoundError:
            return ""

    def lines(self, since=0):
        return self.text(since).splitlines()

    def tail(self, count=30):
        return self.lines()[-count:]


class Daemon:
    """One `glance run` in its own folder, its stderr (and stdout) appended to glance.log."""

    def __init__(self, rig, node, folder, port, password, tls_ca=None, login=None, trmnl_port=None):
        self.rig, self.node, self.folder = rig, node, Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        self.config = self.folder / f"cfg-{node.split('-', 1)[1]}.yaml"
        self.password_file = self.folder / f"password-{node.split('-', 1)[1]}"
        self.password_file.write_text(password + "\n")
        self.password_file.chmod(0o600)
        self.log = LogFile(self.folder / "glance.log")
        self.process = None
        self.processes = []
        login = login or node
        tls = f", tls: {{ca: {json.dumps(str(tls_ca))}}}" if tls_ca else ""
        number = node.split("-", 1)[1]
        self.config.write_text(
            "timezone: Asia/Seoul\n"
            "display: {backend: file, path: out, size: 400x300, colors: bw}\n"
            "state_dir: state\n"
            "slots:\n"
            '  - name: launch\n'
            '    family: systemSmall\n'
            '    origin: [0, 0]\n'
            '    size: 200x150\n'
            '    stack:\n'
            '      - {name: launch, kind: countdown, params: {title: Launch, target: "2027-01-03"}}\n'
            '      - {name: days, kind: weekday}\n'
            f'  - {{name: weather, kind: weather, family: systemSmall, origin: [200, 0], size: 200x150, params: {{city: seoul, base_url: "{rig.weather.base_url}"}}}}\n'
            f"  - {{name: activity, kind: heatmap, family: systemMedium, origin: [0, 150], size: 400x150, params: {{file: {json.dumps(str(rig.csv))}, show_streak: true}}}}\n"
            "keys: {A: reload-all, B: reload countdown}\n"
            f"mqtt: {{host: 127.0.0.1, port: {port}, username: {login}, password_file: {json.dumps(str(self.password_file))}, "
            f'node_id: {node}, keepalive: 60, name: "Wall {number}"{tls}}}\n'
            + (f"trmnl:\n  listen: 127.0.0.1\n  port: {trmnl_port}\n  devices:\n"
               f'    - {{id: "{TRMNL_DEVICE}", name: hall, slots: [{{name: launch, kind: countdown, family: systemMedium, '
               f'params: {{title: Hall, target: "2027-01-03"}}}}]}}\n' if trmnl_port else ""))

    @property
    def frame_file(self):
        return self.folder / "out" / "frame.png"

    def start(self):
        with open(self.log.path, "ab") as log:
            log.write(f"--- rig: start at {seoul_now().isoformat(timespec='seconds')} ---\n".encode())
            log.flush()
            self.process = subprocess.Popen([self.rig.glance, "run", "--config", str(self.config)], cwd=self.folder,
                                            stdin=subprocess.DEVNULL, stdout=log, stderr=log)
        self.processes.append(self.process)
        return self.process

    def alive(self):
        return self.process is not None and self.process.poll() is None

    def stop(self, timeout=3.0):
        """SIGTERM, then SIGKILL after `timeout`; the exit status."""
        if self.process is None or self.process.poll() is not None:
            return None if self.process is None else self.process.returncode
        self.process.send_signal(signal.SIGTERM)
        try:
            return self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            return self.process.wait(5)

    def kill(self):
        if self.alive():
            self.process.kill()
            self.process.wait(5)

    def status(self):
        """`glance status --config … --json`, parsed."""
        result = subprocess.run([self.rig.glance, "status", "--config", str(self.config), "--json"], cwd=self.folder,
                                capture_output=True, text=True, timeout=15)
        if result.returncode != 0:
            raise CheckFailed(f"glance status --config {self.config.name} --json exited {result.returncode}: "
                              f"{(result.stderr or result.stdout).strip()[-300:]}")
        try:
            return json.loads(result.stdout.strip().splitlines()[-1])
        except (ValueError, IndexError):
            raise CheckFailed(f"glance status --json printed no JSON: {result.stdout[-300:]!r}")

    def cpu_seconds(self):
        """User and system CPU time the running process has used, in seconds."""
        try:
            fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
            return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        except (OSError, IndexError, ValueError, AttributeError):
            return 0.0

    def wakes(self, since=0):
        """(slot, reason, refresh) of the wake lines logged after byte `since`."""
        found = []
        for line in self.log.lines(since):
            match = WAKE_LINE.match(line)
            if match:
                found.append((match.group(2), match.group(3), match.group(4)))
        return found

    def lines_with(self, needle, since=0):
        needle = needle.lower()
        return [line for line in self.log.lines(since) if needle in line.lower()]


class Broker:
    def __init__(self, folder, plain_port, tls_port):
        self.folder = Path(folder)
        self.plain_port, self.tls_port = plain_port, tls_port
        self.config = self.folder / "mosquitto.conf"
        self.log = LogFile(self.folder / "mosquitto.log")
        self.process = None
        self.processes = []

    def write_config(self, certs):
        lines = [
            "per_listener_settings false",
            "allow_anonymous false",
            f"password_file {self.folder / 'passwd'}",
            f"acl_file {self.folder / 'acl'}",
            "persistence false",
            "log_dest stderr",
            "log_type error", "log_type warning", "log_type notice", "log_type information",
            "log_type subscribe", "log_type unsubscribe",
            "connection_messages true",
            "log_timestamp_format %H:%M:%S",
            # Root would otherwise become the mosquitto user, who cannot read the temporary folder.
            "user root" if os.geteuid() == 0 else "",
            "",
            f"listener {self.plain_port} 127.0.0.1",
            "",
            f"listener {self.tls_port} 127.0.0.1",
            f"cafile {certs / 'ca.crt'}",
            f"certfile {certs / 'server.crt'}",
            f"keyfile {certs / 'server.key'}",
            "",
        ]
        self.config.write_text("\n".join(lines))

    def start(self, timeout=10):
        with open(self.log.path, "ab") as log:
            self.process = subprocess.Popen(["mosquitto", "-c", str(self.config)], stdin=subprocess.DEVNULL,
                                            stdout=log, stderr=log)
        self.processes.append(self.process)
        wait_for(lambda: port_open(self.plain_port) and port_open(self.tls_port) or self.process.poll() is not None,
                 timeout, "mosquitto listening")
        if self.process.poll() is not None:
            raise RuntimeError(f"mosquitto exited {self.process.returncode}: " + " | ".join(self.log.tail(10)))

    def stop(self):
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5)


def make_certificates(folder):
    """A CA, the broker's certificate for localhost / 127.0.0.1 signed by it, and an
    unrelated CA, with the openssl command."""
    folder.mkdir(parents=True, exist_ok=True)
    ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
    for name, subject in (("ca", "/CN=Glance fleet test CA"), ("other-ca", "/CN=Some other CA")):
        run(["openssl", "req", "-x509", *ec, "-keyout", folder / f"{name}.key", "-out", folder / f"{name}.crt",
             "-days", "2", "-subj", subject, "-addext", "basicConstraints=critical,CA:TRUE",
             "-addext", "keyUsage=critical,keyCertSign,cRLSign"])
    run(["openssl", "req", *ec, "-keyout", folder / "server.key", "-out", folder / "server.csr", "-subj", "/CN=localhost"])
    (folder / "server.ext").write_text("basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature,keyEncipherment\n"
                                      "extendedKeyUsage=serverAuth\nsubjectAltName=IP:127.0.0.1,DNS:localhost\n")
    run(["openssl", "x509", "-req", "-in", folder / "server.csr", "-CA", folder / "ca.crt", "-CAkey", folder / "ca.key",
         "-CAcreateserial", "-out", folder / "server.crt", "-days", "2", "-extfile", folder / "server.ext"])
    run(["openssl", "verify", "-CAfile", folder / "ca.crt", folder / "server.crt"])
    for path in folder.glob("*.key"):
        path.chmod(0o600)


def write_activity_csv(path):
    """Some days of activity, the last eight up to today (in Seoul) in a row: a streak."""
    today = seoul_now().date()
    rows = ["date,count", "# the fleet rig's activity"]
    for back in range(40, -1, -1):
        if back <= 7 or back % 3 == 0:
            rows.append(f"{(today - timedelta(days=back)).isoformat()},{(back * 7) % 11 + 1}")
    path.write_text("\n".join(rows) + "\n")


# --- discovery payloads ---------------------------------------------------------------------

def expand(payload):
    """A discovery message with Home Assistant's abbreviations and `~` written out."""
    def expand_keys(value, table):
        return {table.get(key, key): item for key, item in value.items()} if isinstance(value, dict) else value

    def topics(value, base):
        if not isinstance(value, dict):
            return value
        base = value.get("~", base)
        out = {}
        for key, item in value.items():
            if key == "~":
                continue
            if isinstance(item, str) and key.endswith("_topic") and base is not None:
                if item.startswith("~"):
                    item = base + item[1:]
                elif item.endswith("~"):
                    item = item[:-1] + base
            out[key] = item
        return out

    top = expand_keys(payload, ABBREVIATIONS)
    if "device" in top:
        top["device"] = expand_keys(top["device"], DEVICE_ABBREVIATIONS)
    if "origin" in top:
        top["origin"] = expand_keys(top["origin"], ORIGIN_ABBREVIATIONS)
    base = top.get("~")
    components = top.get("components")
    top = topics(top, None)
    if isinstance(components, dict):
        top["components"] = {cid: topics(expand_keys(c, ABBREVIATIONS), base) for cid, c in components.items()}
    return top


def normalized(payload, rig):
    """The discovery message with what varies between runs replaced by placeholders:
    the temporary folder, the ports, the origin's and device's software version."""
    replacements = [(str(rig.tmp), "<TMP>"), (f":{rig.weather.port}", ":<HTTP_PORT>"),
                    (f":{rig.plain_port}", ":<MQTT_PORT>"), (f":{rig.tls_port}", ":<MQTTS_PORT>")]

    def walk(value, key=None, parent=None):
        if isinstance(value, dict):
            return {k: walk(v, k, key) for k, v in value.items()}
        if isinstance(value, list):
            return [walk(v, key, parent) for v in value]
        if isinstance(value, str):
            if key in ("sw", "sw_version") and parent in ("o", "origin", "dev", "device"):
                return "<VERSION>"
            for old, new in replacements:
                value = value.replace(old, new)
        return value

    return walk(payload)


def for_node(payload, node):
    """wall-0's payload as another node's: its node id and name substituted."""
    number = node.split("-", 1)[1]
    text = json.dumps(payload, sort_keys=True)
    text = text.replace("wall-0", node).replace("wall_0", node.replace("-", "_")).replace("Wall 0", f"Wall {number}")
    return json.loads(text)


def json_differences(expected, got, path="$", out=None, limit=12):
    """Where two JSON values differ, as lines `path: expected X, got Y`."""
    out = [] if out is None else out
    if len(out) >= limit:
        return out
    if isinstance(expected, dict) and isinstance(got, dict):
        for key in sorted(set(expected) | set(got)):
            if key not in got:
                out.append(f"{path}.{key}: missing (expected {short(json.dumps(expected[key]), 80)})")
            elif key not in expected:
                out.append(f"{path}.{key}: unexpected {short(json.dumps(got[key]), 80)}")
            else:
                json_differences(expected[key], got[key], f"{path}.{key}", out, limit)
    elif isinstance(expected, list) and isinstance(got, list) and len(expected) == len(got):
        for index, (a, b) in enumerate(zip(expected, got)):
            json_differences(a, b, f"{path}[{index}]", out, limit)
    elif expected != got:
        out.append(f"{path}: expected {short(json.dumps(expected), 80)}, got {short(json.dumps(got), 80)}")
    return out[:limit]


# --- the rig --------------------------------------------------------------------------------

class Rig:
    def __init__(self, glance, record, keep):
        self.glance = str(Path(glance).resolve())
        self.record = record
        self.keep = keep
        self.tmp = Path(tempfile.mkdtemp(prefix="glance-fleet-"))
        self.results = []
        self.daemons = {}
        self.extras = {}
        self.broker = None
        self.weather = None
        self.ha = None
        self.trmnl_port = None
        self.discovery = {}
        self.extra_seen = {}
        self.monitor_stop = threading.Event()
        self.started = time.monotonic()

    # setup

    def setup(self):
        self.plain_port, self.tls_port, self.dead_port = free_port(), free_port(), free_port()
        while len({self.plain_port, self.tls_port, self.dead_port}) < 3:
            self.tls_port, self.dead_port = free_port(), free_port()
        self.certs = self.tmp / "certs"
        make_certificates(self.certs)
        self.passwords = {"homeassistant": "ha-" + uuid.uuid4().hex[:12]}
        for node in NODES + ["wall-x1", "wall-x2", "wall-x3"]:
            self.passwords[node] = f"pw-{node}-" + uuid.uuid4().hex[:8]
        passwd = self.tmp / "passwd"
        first = True
        for user, password in self.passwords.items():
            run(["mosquitto_passwd", *(["-c"] if first else []), "-b", str(passwd), user, password])
            first = False
        passwd.chmod(0o600)
        (self.tmp / "acl").write_text("user homeassistant\ntopic readwrite #\n\n" + ACL_PATTERNS)
        (self.tmp / "acl").chmod(0o600)
        self.broker = Broker(self.tmp, self.plain_port, self.tls_port)
        self.broker.write_config(self.certs)
        self.broker.start()

        self.weather = WeatherServer()
        self.csv = self.tmp / "activity.csv"
        write_activity_csv(self.csv)

        self.ha = Observer(self.plain_port, "homeassistant", self.passwords["homeassistant"])
        wait_for(lambda: self.ha.subscribed.is_set(), 10, "the Home Assistant client subscribed")

        for node in NODES:
            tls = node == TLS_NODE
            if node == TRMNL_NODE:
                self.trmnl_port = free_port()
            self.daemons[node] = Daemon(self, node, self.tmp / node, self.tls_port if tls else self.plain_port,
                                        self.passwords[node], tls_ca=self.certs / "ca.crt" if tls else None,
                                        trmnl_port=self.trmnl_port if node == TRMNL_NODE else None)
        self.extras = {
            "wall-x1": Daemon(self, "wall-x1", self.tmp / "wall-x1", self.plain_port, "not-the-password"),
            "wall-x2": Daemon(self, "wall-x2", self.tmp / "wall-x2", self.tls_port, self.passwords["wall-x2"],
                              tls_ca=self.certs / "other-ca.crt"),
            "wall-x3": Daemon(self, "wall-x3", self.tmp / "wall-x3", self.dead_port, self.passwords["wall-x3"]),
        }
        for daemon in list(self.daemons.values()) + list(self.extras.values()):
            daemon.start()
        self.extras_started = time.monotonic()
        threading.Thread(target=self._watch_extras, name="extras", daemon=True).start()

    def _watch_extras(self):
        """When each extra daemon first wrote its frame and first logged about MQTT (other than
        its `mqtt: joining …` at the start)."""
        while not self.monitor_stop.is_set():
            now = time.monotonic()
            for node, daemon in self.extras.items():
                seen = self.extra_seen.setdefault(node, {})
                if "frame" not in seen and daemon.frame_file.exists():
                    seen["frame"] = now - self.extras_started
                if "mqtt" not in seen and [l for l in daemon.lines_with("mqtt") if "mqtt: joining " not in l]:
                    seen["mqtt"] = now - self.extras_started
                if "died" not in seen and daemon.process and daemon.process.poll() is not None:
                    seen["died"] = now - self.extras_started
            self.monitor_stop.wait(0.1)

    def wait_ready(self, timeout=60):
        """Every node online, announced and showing a frame: the checks' starting point.
        Not a check itself: a node that never gets there fails the checks that need it."""
        def missing():
            gone = []
            for node in NODES:
                if self.ha.payload(f"glance/{node}/availability") != b"online":
                    gone.append(f"{node} not online")
                elif self.ha.latest(f"homeassistant/device/{node}/config") is None:
                    gone.append(f"{node} no discovery")
                elif self.ha.latest(f"glance/{node}/frame") is None:
                    gone.append(f"{node} no frame")
            return gone
        def dead():
            return [f"{d.node} exited {d.process.returncode}" for d in self.daemons.values() if not d.alive()]
        try:
            wait_for(lambda: not missing() or len(dead()) == len(self.daemons), timeout,
                     "all ten daemons online with discovery and a frame", got=lambda: ", ".join(missing()))
        except CheckFailed as error:
            note(f"setup: {error}")
        if dead():
            note(f"setup: not running: {', '.join(dead())}")
        note(f"setup: ready after {time.monotonic() - self.started:.1f} s")

    # running checks

    def check(self, name, function, involved=()):
        started = time.monotonic()
        try:
            gone = [f"{d.node} (exited {d.process.returncode})" for d in involved
                    if isinstance(d, Daemon) and d.process is not None and not d.alive()]
            if gone:
                raise CheckFailed(f"expected the daemons running; not running: {', '.join(gone)}")
            function()
            line = f"ok {name}"
            passed = True
        except CheckFailed as error:
            line = f"FAIL {name}: {error}"
            passed = False
        except Exception as error:
            line = f"FAIL {name}: the rig itself failed: {type(error).__name__}: {error}\n" + traceback.format_exc().rstrip()
            passed = False
        print(line, flush=True)
        note(f"{name}: {time.monotonic() - started:.1f} s")
        if not passed:
            # The daemons the message names, or all involved when it names none.
            # (The broker's log, when involved, always.)
            named = [who for who in involved if isinstance(who, Daemon) and re.search(rf"\b{re.escape(who.node)}\b", line)]
            shown = (named + [who for who in involved if not isinstance(who, Daemon)]) if named else involved
            for who in shown:
                log = who.log if hasattr(who, "log") else who
                label = getattr(who, "node", "mosquitto")
                print(f"--- last 30 lines of {label}'s stderr ({log.path}) ---")
                for text in log.tail(30):
                    print(f"    {text}")
            sys.stdout.flush()
        self.results.append((name, passed))
        return passed

    def cleanup(self):
        self.monitor_stop.set()
        if self.ha is not None:
            self.ha.stop()
        everyone = list(self.daemons.values()) + list(self.extras.values())
        for daemon in everyone:
            for process in daemon.processes:
                if process.poll() is None:
                    process.send_signal(signal.SIGTERM)
        deadline = time.monotonic() + 3
        for daemon in everyone:
            for process in daemon.processes:
                try:
                    process.wait(max(0.1, deadline - time.monotonic()))
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait(5)
        if self.broker is not None:
            for process in self.broker.processes:
                if process.poll() is None:
                    process.terminate()
                    try:
                        process.wait(5)
                    except subprocess.TimeoutExpired:
                        process.kill()
                        process.wait(5)
        if self.weather is not None:
            self.weather.stop()
        if self.keep:
            if self.ha is not None:
                with open(self.tmp / "ha-messages.txt", "w") as out:
                    for m in self.ha.messages:
                        out.write(f"{m.at - self.started:8.3f} {'R' if m.retain else '-'} {m.topic} {short(m.payload, 200)}"
                                  f" crc32={zlib.crc32(m.payload):08x}\n")
            print(f"kept: {self.tmp}", flush=True)
        else:
            shutil.rmtree(self.tmp, ignore_errors=True)

    # helpers the checks share

    def fresh(self, topic_filter):
        return retained_now(self.plain_port, "homeassistant", self.passwords["homeassistant"], topic_filter)

    def publish(self, topic, payload, retain=False):
        self.ha.publish(topic, payload, retain=retain)

    def discovery_of(self, node):
        message = self.ha.latest(f"homeassistant/device/{node}/config")
        expect(message is not None, f"expected a discovery message on homeassistant/device/{node}/config; none came")
        try:
            return json.loads(message.payload)
        except ValueError as error:
            raise CheckFailed(f"the discovery message of {node} is not JSON ({error}): {short(message.payload)}")

    def settle(self, node, quiet=1.0, timeout=15):
        """Waits until `node`'s frame topic has been quiet for `quiet` seconds."""
        topic = f"glance/{node}/frame"

        def quiet_now():
            message = self.ha.latest(topic)
            return message is not None and time.monotonic() - message.at >= quiet
        wait_for(quiet_now, timeout, f"{topic} quiet for {quiet:g} s")
        return self.ha.payload(topic)

    def wake_reasons(self, daemon, since):
        return [f"{slot}:{reason}" for slot, reason, _ in daemon.wakes(since)]


# --- the checks ------------------------------------------------------------------------------

def check_discovery_golden(rig):
    retained = rig.fresh("homeassistant/device/+/config")
    missing = [n for n in NODES if f"homeassistant/device/{n}/config" not in retained]
    expect(not missing, f"expected a retained discovery message for every node; none for {', '.join(missing)}")
    payloads = {}
    for node in NODES:
        try:
            payloads[node] = json.loads(retained[f"homeassistant/device/{node}/config"])
        except ValueError as error:
            raise CheckFailed(f"the discovery message of {node} is not JSON: {error}")
    rig.discovery = payloads
    actual = normalized(payloads["wall-0"], rig)
    if rig.record:
        GOLDEN.parent.mkdir(parents=True, exist_ok=True)
        GOLDEN.write_text(json.dumps(actual, indent=2, sort_keys=True, ensure_ascii=False) + "\n")
        note(f"recorded {GOLDEN}")
    else:
        expect(GOLDEN.exists(), f"expected the golden {GOLDEN} (run with --record once)")
        golden = json.loads(GOLDEN.read_text())
        differences = json_differences(golden, actual)
        expect(not differences, "wall-0's discovery differs from the golden: " + "; ".join(differences))
    problems = []
    for node in NODES[1:]:
        differences = json_differences(for_node(actual, node), normalized(payloads[node], rig), limit=3)
        if differences:
            problems.append(f"{node}: " + "; ".join(differences))
    expect(not problems, "expected the other nodes' discovery to be wall-0's with the node substituted: "
           + " | ".join(problems))


def check_discovery_components(rig):
    raw = rig.discovery.get("wall-0") or rig.discovery_of("wall-0")
    payload = expand(raw)
    problems = []

    def want(condition, text):
        if not condition:
            problems.append(text)

    base = "glance/wall-0/"
    components = payload.get("components")
    expect(isinstance(components, dict) and components, f"expected a components object; got {short(json.dumps(raw), 300)}")
    device = payload.get("device") or {}
    identifiers = device.get("identifiers")
    identifiers = [identifiers] if isinstance(identifiers, str) else identifiers or []
    want("glance_wall-0" in identifiers, f"device.identifiers has glance_wall-0 (got {identifiers})")
    want(device.get("name") == "Wall 0", f"device.name is 'Wall 0' (got {device.get('name')!r})")
    origin = payload.get("origin") or {}
    want(origin.get("name") == "glance", f"origin.name is glance (got {origin.get('name')!r})")
    want(bool(origin.get("sw_version")), f"origin has a version (got {origin})")
    availability = payload.get("availability_topic")
    if availability is None and isinstance(payload.get("availability"), list) and payload["availability"]:
        availability = payload["availability"][0].get("topic")
    want(availability == base + "availability", f"availability_topic is {base}availability (got {availability!r})")

    unique_ids = {}
    for cid, component in components.items():
        uid = component.get("unique_id")
        want(bool(uid), f"component {cid} has a unique_id")
        want(uid == f"glance_wall-0_{cid}", f"component {cid}'s unique_id is glance_wall-0_{cid} (got {uid!r})")
        if uid:
            want(uid not in unique_ids, f"unique_id {uid} used once (also by {unique_ids.get(uid)})")
            unique_ids[uid] = cid
        want(bool(component.get("platform")), f"component {cid} has a platform")
        for key, value in component.items():
            if key == "command_topic":
                want(isinstance(value, str) and value.startswith(base), f"{cid}.command_topic under {base} (got {value!r})")
            if key.endswith("_topic") and isinstance(value, str):
                want(value.startswith(base) or value.startswith("glance/_all/"), f"{cid}.{key} under {base} (got {value!r})")

    def component(cid, platform):
        c = components.get(cid)
        if c is None:
            problems.append(f"a {platform} component {cid} (components are {', '.join(sorted(components))})")
            return {}
        want(c.get("platform") == platform, f"{cid} is a {platform} (got {c.get('platform')!r})")
        return c

    for cid, topic in [("reload", "reload"), ("full_refresh", "full_refresh")] + [(f"key_{k}", f"key/{k}/press") for k in KEYS]:
        c = component(cid, "button")
        if c:
            want(c.get("command_topic") == base + topic, f"{cid}.command_topic is {base}{topic} (got {c.get('command_topic')!r})")
    events = [cid for cid, c in components.items() if c.get("platform") == "event"]
    want(bool(events), "an event entity")
    c = component("key_event", "event")
    if c:
        want(c.get("state_topic") == base + "key/event", f"key_event.state_topic is {base}key/event (got {c.get('state_topic')!r})")
        want(sorted(c.get("event_types") or []) == ["long_press", "press"],
             f"key_event.event_types is [press, long_press] (got {c.get('event_types')!r})")
    c = component("notify", "text")
    if c:
        want(c.get("command_topic") == base + "notify", f"notify.command_topic is {base}notify (got {c.get('command_topic')!r})")
        want(c.get("state_topic") == base + "notify/state", f"notify.state_topic is {base}notify/state (got {c.get('state_topic')!r})")

    def parameter(slot, param, platform):
        c = component(f"{slot}_{param}", platform)
        if c:
            for key, suffix in (("command_topic", "set"), ("state_topic", "state")):
                wanted = f"{base}slot/{slot}/{param}/{suffix}"
                want(c.get(key) == wanted, f"{slot}_{param}.{key} is {wanted} (got {c.get(key)!r})")
        return c

    c = parameter("weather", "city", "select")
    if c:
        want(c.get("options") == CITIES, f"weather_city.options are {CITIES} (got {c.get('options')!r})")
    c = parameter("activity", "show_streak", "switch")
    if c:
        on, off = c.get("payload_on", "ON"), c.get("payload_off", "OFF")
        want((on, off) == ("true", "false"), f"activity_show_streak.payload_on/off are true/false (got {on!r}/{off!r})")
        state_on, state_off = c.get("state_on", on), c.get("state_off", off)
        want((state_on, state_off) == ("true", "false"),
             f"activity_show_streak.state_on/off are true/false (got {state_on!r}/{state_off!r})")
    parameter("launch", "title", "text")
    c = component("frame", "image")
    if c:
        want(c.get("image_topic") == base + "frame", f"frame.image_topic is {base}frame (got {c.get('image_topic')!r})")
        want(c.get("content_type") == "image/png", f"frame.content_type is image/png (got {c.get('content_type')!r})")
    for cid in ("last_refresh", "next_wake"):
        c = component(cid, "sensor")
        if c:
            want(c.get("device_class") == "timestamp", f"{cid}.device_class is timestamp (got {c.get('device_class')!r})")
            want(c.get("entity_category") == "diagnostic", f"{cid}.entity_category is diagnostic (got {c.get('entity_category')!r})")
            want(c.get("state_topic") == base + cid, f"{cid}.state_topic is {base}{cid} (got {c.get('state_topic')!r})")
    c = component("refresh_count", "sensor")
    if c:
        want(c.get("state_class") == "total_increasing", f"refresh_count.state_class is total_increasing (got {c.get('state_class')!r})")
        want(c.get("entity_category") == "diagnostic", f"refresh_count.entity_category is diagnostic (got {c.get('entity_category')!r})")
    # Every parameter of the shown widgets: the number ones as a number box.
    for cid, c in components.items():
        if c.get("platform") == "number":
            want(c.get("mode") == "box", f"{cid}.mode is box (got {c.get('mode')!r})")
    numbers = sorted(cid for cid, c in components.items() if c.get("platform") == "number")
    note(f"number components: {', '.join(numbers) or 'none'}; all components: {', '.join(sorted(components))}")
    expect(not problems, "expected " + "; ".join(problems))


def state_topics_of(payload):
    """The topics a node publishes states on, by its discovery message."""
    topics = set()
    for c in (payload.get("components") or {}).values():
        if c.get("platform") in ("event", "button"):
            continue
        for key in ("state_topic", "image_topic"):
            if isinstance(c.get(key), str):
                topics.add(c[key])
    return topics


def check_rediscovery(rig):
    # Every state a node has published so far (an unset optional parameter may have none).
    wanted = {}
    for node in NODES:
        announced = state_topics_of(expand(rig.discovery_of(node)))
        wanted[node] = {t for t in announced if rig.ha.latest(t) is not None}
        if node == "wall-0" and announced - wanted[node]:
            note(f"announced but never published by wall-0: {', '.join(sorted(announced - wanted[node]))}")
    start = time.monotonic()
    rig.publish("homeassistant/status", b"online")

    def configs():
        return {node: rig.ha.first(f"homeassistant/device/{node}/config", start) for node in NODES}

    def describe_configs():
        got = configs()
        return "no new discovery from " + ", ".join(n for n, m in got.items() if m is None)
    wait_for(lambda: all(configs().values()), 8, "every node's discovery again after homeassistant/status online",
             got=describe_configs)
    late = {n: round(m.at - start, 1) for n, m in configs().items()}

    def states_missing():
        missing = []
        for node, message in configs().items():
            after = {m.topic for m in rig.ha.since(message.at, prefix=f"glance/{node}/")}
            lacking = sorted(wanted[node] - after)
            if lacking:
                missing.append(f"{node}: {', '.join(t.split('/', 2)[2] for t in lacking)}")
        return missing
    wait_for(lambda: not states_missing(), 5, "every state after each node's new discovery",
             got=lambda: "; ".join(states_missing()))
    note(f"rediscovery delays (s): {late}")


def check_rediscovery_debounced(rig):
    # A flood of Home Assistant's `online` (a flapping bridge, a hostile publisher) is one
    # announcement per node, not one per message (1,000 onlines made 12,000 publishes).
    time.sleep(0.5)
    start = time.monotonic()
    for _ in range(200):
        rig.ha.client.publish("homeassistant/status", b"online", qos=0)
    time.sleep(0.2)
    rig.publish("homeassistant/status", b"online")
    # The next announcement comes within the debounce interval (10 s) and its jitter (5 s).
    time.sleep(16)
    counts = {node: len(rig.ha.since(start, topic=f"homeassistant/device/{node}/config")) for node in NODES}
    expect(all(count == 1 for count in counts.values()), f"one discovery per node after 201 onlines; got {counts}")


def check_frame_png(rig):
    retained = rig.fresh("glance/+/frame")
    problems = []
    for node in NODES:
        data = retained.get(f"glance/{node}/frame")
        if data is None:
            problems.append(f"{node}: no retained frame")
            continue
        size = png_size(data)
        if size != (400, 300):
            problems.append(f"{node}: {size if isinstance(size, str) else 'IHDR says %dx%d' % size}")
    expect(not problems, "expected a retained 400x300 PNG on glance/wall-N/frame; " + "; ".join(problems))
    file_frame = rig.daemons["wall-0"].frame_file
    if file_frame.exists() and file_frame.read_bytes() != retained.get("glance/wall-0/frame"):
        note("wall-0's frame topic and out/frame.png differ byte for byte (they may be encoded differently)")


def check_next_wake(rig):
    daemon = rig.daemons["wall-0"]
    for _ in range(3):
        published = rig.ha.payload("glance/wall-0/next_wake")
        expect(published is not None, "expected a message on glance/wall-0/next_wake; none came")
        text = published.decode("utf-8", "replace")
        when = parse_iso(text)
        expect(when is not None, f"expected next_wake as ISO 8601 with an offset; got {text!r}")
        status = daemon.status()
        if status.get("next_wake") == text:
            break
        time.sleep(0.5)  # a wake between the two readings moves it on; read both again
    expect(status.get("next_wake") == text, f"expected glance status's next_wake {status.get('next_wake')!r}, "
           f"the topic says {text!r}")
    now = seoul_now()
    midnight = datetime.combine(now.date() + timedelta(days=1), datetime.min.time(), SEOUL)
    expect(when <= midnight, f"expected next_wake ≤ the next midnight in Seoul ({midnight.isoformat()}); got {text}")
    expect(when.utcoffset() == timedelta(hours=9), f"expected next_wake with Seoul's +09:00 offset; got {text}")


def check_command_reload(rig):
    daemon = rig.daemons["wall-0"]
    payload = (expand(rig.discovery_of("wall-0")).get("components", {}).get("reload") or {}).get("payload_press", "PRESS")
    for sent in (payload, ""):
        offset = daemon.log.size()
        rig.publish("glance/wall-0/reload", sent.encode())
        wait_for(lambda: {s for s, r, _ in daemon.wakes(offset) if r == "reload"} >= set(SLOTS), 10,
                 f"a reload wake of every slot after {sent!r} on glance/wall-0/reload",
                 got=lambda: rig.wake_reasons(daemon, offset) or "no wake lines")
    # A kind: that kind's slots only.
    offset = daemon.log.size()
    rig.publish("glance/wall-0/reload", b"weather")
    wait_for(lambda: ("weather", "reload") in [(s, r) for s, r, _ in daemon.wakes(offset)], 10,
             "a reload wake of the weather slot after 'weather' on glance/wall-0/reload",
             got=lambda: rig.wake_reasons(daemon, offset) or "no wake lines")
    others = [f"{s}:{r}" for s, r, _ in daemon.wakes(offset) if r == "reload" and s != "weather"]
    expect(not others, f"expected only the weather slot to reload for 'weather'; got {others}")


def check_command_full_refresh(rig):
    daemon = rig.daemons["wall-0"]
    rig.settle("wall-0", quiet=0.5)
    before = rig.ha.payload("glance/wall-0/refresh_count")
    expect(before is not None and before.decode().isdigit(), f"expected a whole number on refresh_count; got {short(before)}")
    count = int(before)
    offset = daemon.log.size()
    rig.publish("glance/wall-0/full_refresh", b"PRESS")

    def counted():
        value = rig.ha.payload("glance/wall-0/refresh_count")
        return value is not None and value.decode().isdigit() and int(value) > count
    wait_for(counted, 10, f"refresh_count above {count}", got=lambda: short(rig.ha.payload("glance/wall-0/refresh_count")))
    wait_for(lambda: daemon.lines_with("full refresh", offset), 5, "a 'full refresh' line in wall-0's log",
             got=lambda: daemon.log.lines(offset)[-5:] or "no new lines")


def check_command_key(rig):
    daemon = rig.daemons["wall-0"]
    for payload, event_type in ((b"PRESS", "press"), (b"long", "long_press")):
        start = time.monotonic()
        offset = daemon.log.size()
        rig.publish("glance/wall-0/key/A/press", payload)

        def event():
            for message in rig.ha.since(start, topic="glance/wall-0/key/event"):
                try:
                    if json.loads(message.payload) == {"event_type": event_type, "key": "A"}:
                        return message
                except ValueError:
                    pass
            return None
        message = wait_for(event, 10, f'{{"event_type": "{event_type}", "key": "A"}} on glance/wall-0/key/event',
                           got=lambda: [short(m.payload) for m in rig.ha.since(start, topic="glance/wall-0/key/event")] or "nothing")
        expect(not message.retain, "expected the key event not retained")
        if event_type == "press":  # A has no long: action
            wait_for(lambda: any(r == "intent" for _, r, _ in daemon.wakes(offset)), 10,
                     f"an intent wake in wall-0's log after a {event_type} of A",
                     got=lambda: rig.wake_reasons(daemon, offset) or "no wake lines")
    retained = rig.fresh("glance/wall-0/key/#")
    expect(not retained, f"expected nothing retained under glance/wall-0/key/; got {sorted(retained)}")


def set_parameter(rig, slot, param, value, changes_frame=True):
    daemon = rig.daemons["wall-0"]
    state_topic = f"glance/wall-0/slot/{slot}/{param}/state"
    frame_before = rig.settle("wall-0")
    start = time.monotonic()
    rig.publish(f"glance/wall-0/slot/{slot}/{param}/set", value.encode())
    wait_for(lambda: rig.ha.first(state_topic, start, lambda m: m.payload == value.encode()), 10,
             f"{value!r} on {state_topic}", got=lambda: short(rig.ha.payload(state_topic)))
    retained = rig.fresh(state_topic)
    expect(retained.get(state_topic) == value.encode(),
           f"expected {value!r} retained on {state_topic}; a new subscriber got {short(retained.get(state_topic))}")
    if changes_frame:
        wait_for(lambda: rig.ha.first("glance/wall-0/frame", start, lambda m: m.payload != frame_before), 15,
                 "a different frame on glance/wall-0/frame", got=lambda: "the same frame as before, or none")
    status = daemon.status()
    shown = {s.get("name"): s for s in status.get("slots", [])}.get(slot, {}).get("params", {}).get(param)
    expect(shown == value, f"expected glance status to show {slot}.{param} = {value!r}; it shows {shown!r}")


def check_set_select(rig):
    set_parameter(rig, "weather", "city", "busan")


def check_set_switch(rig):
    set_parameter(rig, "activity", "show_streak", "false")


def check_set_text(rig):
    set_parameter(rig, "launch", "title", "Liftoff")


def check_set_number(rig):
    """The weather widget's number parameters (latitude, longitude) go in pairs: one alone is
    refused by the widget's check, as `glance set` refuses it. So from Home Assistant a number
    can only be refused here; checked: refused with a line naming the topic, nothing changes;
    a word for a number is refused too."""
    daemon = rig.daemons["wall-0"]
    payload = expand(rig.discovery_of("wall-0"))
    numbers = sorted(cid for cid, c in payload.get("components", {}).items() if c.get("platform") == "number")
    expect(numbers, "expected number components for the weather's latitude and longitude; there are none")
    frame_before = rig.settle("wall-0")
    state_topic = "glance/wall-0/slot/weather/latitude/state"
    state_before = rig.ha.payload(state_topic)
    for value in (b"35.5", b"north"):
        offset = daemon.log.size()
        start = time.monotonic()
        topic = "glance/wall-0/slot/weather/latitude/set"
        rig.publish(topic, value)
        wait_for(lambda: daemon.lines_with(topic, offset) or rig.ha.first(state_topic, start), 10,
                 f"a log line naming {topic} (a latitude without a longitude is refused) after {value!r}",
                 got=lambda: daemon.log.lines(offset)[-3:] or "no new lines")
        changed = rig.ha.first(state_topic, start)
        expect(changed is None, f"expected {value!r} refused; {state_topic} became {short(changed.payload) if changed else ''}")
    expect(rig.ha.payload(state_topic) == state_before, f"expected {state_topic} unchanged")
    expect(rig.ha.payload("glance/wall-0/frame") == frame_before, "expected the frame unchanged")
    status = daemon.status()
    weather = {s.get("name"): s for s in status.get("slots", [])}.get("weather", {}).get("params", {})
    expect("latitude" not in weather, f"expected no latitude in glance status's weather params; got {weather}")


def check_command_notify(rig):
    frame_before = rig.settle("wall-0")
    start = time.monotonic()
    rig.publish("glance/wall-0/notify", "Door open".encode())
    wait_for(lambda: rig.ha.first("glance/wall-0/notify/state", start, lambda m: m.payload == b"Door open"), 10,
             "'Door open' on glance/wall-0/notify/state", got=lambda: short(rig.ha.payload("glance/wall-0/notify/state")))
    wait_for(lambda: rig.ha.first("glance/wall-0/frame", start, lambda m: m.payload != frame_before), 10,
             "a different frame with the notification", got=lambda: "the same frame, or none")
    frame_with = rig.settle("wall-0", quiet=0.5)
    start = time.monotonic()
    rig.publish("glance/wall-0/notify", b"")
    wait_for(lambda: rig.ha.first("glance/wall-0/notify/state", start, lambda m: m.payload == b""), 10,
             "an empty glance/wall-0/notify/state", got=lambda: short(rig.ha.payload("glance/wall-0/notify/state")))
    wait_for(lambda: rig.ha.first("glance/wall-0/frame", start, lambda m: m.payload != frame_with), 10,
             "a new frame without the notification", got=lambda: "the frame with the notification")
    frame_after = rig.settle("wall-0", quiet=0.5)
    expect(frame_after == frame_before, f"expected the frame after the dismissal to equal the one before the "
           f"notification byte for byte; got {len(frame_after)} bytes against {len(frame_before)}")


def check_bad_payloads(rig):
    daemon = rig.daemons["wall-2"]
    rig.settle("wall-2", quiet=0.5)
    watched = [t for t in state_topics_of(expand(rig.discovery_of("wall-2")))
               if "/slot/" in t or t.endswith("/notify/state") or t.endswith("/frame")]
    before = {t: rig.ha.payload(t) for t in watched}
    start = time.monotonic()
    cases = [
        ("glance/wall-2/notify", b"x" * (70 * 1024), "a 70 KiB notification"),
        ("glance/wall-2/notify", b"Door \xff\xfe open \xc3", "a notification that is not UTF-8"),
        ("glance/wall-2/slot/activity/show_streak/set", b"maybe", "'maybe' for a Bool"),
        ("glance/wall-2/slot/weather/city/set", b"atlantis", "'atlantis' for a City"),
        ("glance/wall-2/slot/nosuch/title/set", b"x", "an unknown slot"),
        ("glance/wall-2/slot/launch/nosuch/set", b"x", "an unknown parameter"),
        ("glance/wall-2/key/Z/press", b"PRESS", "an unknown key"),
    ]
    problems = []
    for topic, payload, what in cases:
        offset = daemon.log.size()
        rig.publish(topic, payload)
        try:
            wait_for(lambda: daemon.lines_with(topic, offset), 5, f"a log line naming {topic} for {what}",
                     got=lambda: daemon.log.lines(offset)[-3:] or "no new lines")
            lines = daemon.lines_with(topic, offset)
            if len(lines) != 1:
                problems.append(f"one line for {what}, got {len(lines)}: {lines}")
        except CheckFailed as error:
            problems.append(unexpected(error))
        if not daemon.alive():
            problems.append(f"wall-2 alive after {what}; it exited {daemon.process.returncode}")
            break
    # Let anything a refused command might have set going show up, then compare.
    time.sleep(1.0)
    changed = sorted(t for t in before if rig.ha.payload(t) != before[t])
    repeated = sorted({m.topic for m in rig.ha.since(start) if m.topic in before})
    if repeated and not changed:
        note(f"bad-payloads: wall-2 published these again, unchanged: {', '.join(repeated)}")
    if changed:
        problems.append("no state changed; these did: " + ", ".join(
            f"{t} {short(before[t], 40)} → {short(rig.ha.payload(t), 40)}" for t in changed))
    expect(daemon.alive(), "expected wall-2 still running")
    expect(rig.ha.payload("glance/wall-2/availability") == b"online", "expected wall-2 still online")
    expect(not problems, "expected " + "; ".join(problems))


def check_command_flood(rig):
    # 300 notifications of 60 KB (21 s of CPU and 18 MB of log before): a notification is
    # at most 1,024 characters, commands beyond a burst of 20 and 2 a second are dropped
    # with one line, and the daemon goes on.
    daemon = rig.daemons["wall-2"]
    rig.settle("wall-2", quiet=0.5)
    offset = daemon.log.size()
    big = b"y" * (60 * 1000)
    for index in range(300):
        rig.ha.client.publish("glance/wall-2/notify", big if index % 2 else f"note {index}".encode(), qos=0)
    rig.publish("glance/wall-2/notify", b"")
    wait_for(lambda: any("dropped: more than 2 a second" in line for line in daemon.log.lines(offset)), 10,
             "a line saying commands were dropped", got=lambda: daemon.log.lines(offset)[-3:] or "no new lines")
    time.sleep(1.0)
    lines = daemon.log.lines(offset)
    logged = sum(len(line) for line in lines)
    expect(logged < 20_000, f"under 20 kB of log for 300 notifications; got {logged} bytes in {len(lines)} lines")
    expect(any("more than 1024" in line for line in lines), "a notification over 1,024 characters refused")
    expect(daemon.alive(), "expected wall-2 still running")
    # Each source has its own bucket: with the notifications' spent, a reload still runs;
    # and refusals are counted too (300 payloads over the limit are not 300 lines).
    offset = daemon.log.size()
    huge = b"z" * (70 * 1024)
    for _ in range(300):
        rig.ha.client.publish("glance/wall-2/notify", huge, qos=0)
    rig.publish("glance/wall-2/reload", b"")
    wait_for(lambda: daemon.lines_with("glance/wall-2/reload:", offset), 10,
             "the reload run while notifications are being dropped", got=lambda: daemon.log.lines(offset)[-3:] or "no new lines")
    time.sleep(1.0)
    refused = daemon.lines_with("glance/wall-2/notify", offset)
    expect(len(refused) <= 25, f"at most a burst of refusals for 300 payloads over the limit; got {len(refused)} lines")


def check_stack_turn(rig):
    # The launch place is a stack (the countdown, then the weekday): Home Assistant's
    # button turns it, its select picks a member, and the state says which shows.
    state = "glance/wall-1/stack/launch/state"
    wait_for(lambda: rig.ha.payload(state) == b"launch", 10, f"{state} = launch", got=lambda: short(rig.ha.payload(state)))
    frame_before = rig.settle("wall-1")
    start = time.monotonic()
    rig.publish("glance/wall-1/stack/launch/next", b"PRESS")
    wait_for(lambda: rig.ha.first(state, start, lambda m: m.payload == b"days"), 10, f"{state} = days after next",
             got=lambda: short(rig.ha.payload(state)))
    wait_for(lambda: rig.ha.first("glance/wall-1/frame", start, lambda m: m.payload != frame_before), 10,
             "a new frame showing the weekday", got=lambda: "the same frame")
    start = time.monotonic()
    rig.publish("glance/wall-1/stack/launch/set", b"launch")
    wait_for(lambda: rig.ha.first(state, start, lambda m: m.payload == b"launch"), 10, f"{state} = launch after the select",
             got=lambda: short(rig.ha.payload(state)))
    wait_for(lambda: rig.ha.first("glance/wall-1/frame", start, lambda m: m.payload == frame_before), 10,
             "the countdown's frame again, byte for byte", got=lambda: "another frame")
    offset = rig.daemons["wall-1"].log.size()
    rig.publish("glance/wall-1/stack/launch/set", b"nosuch")
    wait_for(lambda: rig.daemons["wall-1"].lines_with("launch has no member \"nosuch\"", offset), 5,
             "one line refusing an unknown member", got=lambda: rig.daemons["wall-1"].log.lines(offset)[-3:])


def check_sleep_switch(rig):
    # Home Assistant's switch puts the display to sleep: a reload asked meanwhile draws
    # nothing (no frame is published); off wakes it and the reload's frame follows.
    state = "glance/wall-1/sleep/state"
    wait_for(lambda: rig.ha.payload(state) == b"off", 10, f"{state} = off", got=lambda: short(rig.ha.payload(state)))
    rig.settle("wall-1")
    start = time.monotonic()
    rig.publish("glance/wall-1/sleep/set", b"on")
    wait_for(lambda: rig.ha.first(state, start, lambda m: m.payload == b"on"), 10, f"{state} = on",
             got=lambda: short(rig.ha.payload(state)))
    asleep = time.monotonic()
    rig.publish("glance/wall-1/full_refresh", b"PRESS")
    rig.publish("glance/wall-1/reload", b"PRESS")
    time.sleep(1.5)
    frames = rig.ha.since(asleep, "glance/wall-1/frame")
    expect(not frames, f"no frame while asleep; got {len(frames)}")
    start = time.monotonic()
    rig.publish("glance/wall-1/sleep/set", b"off")
    wait_for(lambda: rig.ha.first(state, start, lambda m: m.payload == b"off"), 10, f"{state} = off again",
             got=lambda: short(rig.ha.payload(state)))
    wait_for(lambda: rig.ha.first("glance/wall-1/frame", start), 10, "a frame once awake (the full refresh asked for meanwhile)",
             got=lambda: "none")


def check_all_reload(rig):
    offsets = {node: rig.daemons[node].log.size() for node in NODES}
    rig.publish("glance/_all/reload", b"")

    def lacking():
        return [n for n in NODES if not any(r == "reload" for _, r, _ in rig.daemons[n].wakes(offsets[n]))]
    wait_for(lambda: not lacking(), 15, "a reload wake in every daemon's log after glance/_all/reload",
             got=lambda: "none from " + ", ".join(lacking()))


def check_no_retained_commands(rig):
    problems = []
    seen = sorted({m.topic for m in rig.ha.messages if m.retain and COMMAND_TOPIC.match(m.topic)})
    if seen:
        problems.append(f"Home Assistant's client got retained messages on command topics: {seen}")
    retained = rig.fresh("glance/#")
    commands = sorted(t for t in retained if COMMAND_TOPIC.match(t))
    if commands:
        problems.append(f"a new subscriber finds retained commands: {commands}")
    expect(not problems, "expected " + "; ".join(problems))

    # A retained command reaches a subscriber as retained only from the store, when it
    # (re)subscribes: so publish one, restart wall-1, and see it refused.
    daemon = rig.daemons["wall-1"]
    topic = "glance/wall-1/reload"
    try:
        offset = daemon.log.size()
        rig.publish(topic, b"PRESS", retain=True)
        wait_for(lambda: daemon.lines_with(topic, offset), 5, f"a log line refusing the retained {topic} as it arrives",
                 got=lambda: daemon.log.lines(offset)[-5:])
        reloads = [f"{s}:{r}" for s, r, _ in daemon.wakes(offset) if r == "reload"]
        expect(not reloads, f"expected wall-1 not to reload for the retained command; it did: {reloads}")
        code = daemon.stop()
        expect(code == 0, f"expected wall-1 to stop with status 0 on SIGTERM; got {code}")
        offset = daemon.log.size()
        start = time.monotonic()
        daemon.start()
        wait_for(lambda: rig.ha.first("glance/wall-1/availability", start, lambda m: m.payload == b"online"), 15,
                 "wall-1 online again after its restart")
        wait_for(lambda: daemon.lines_with(topic, offset), 5, f"a log line refusing the retained {topic}",
                 got=lambda: daemon.log.lines(offset)[-5:])
        # Give a wrongly obeyed command the time to show as a wake.
        wait_for(lambda: daemon.wakes(offset), 10, "wall-1's start wakes")
        time.sleep(1.5)
        reloads = [f"{s}:{r}" for s, r, _ in daemon.wakes(offset) if r == "reload"]
        expect(not reloads, f"expected wall-1 not to reload for the retained command; it did: {reloads}; "
               f"its line: {daemon.lines_with(topic, offset)}")
    finally:
        rig.publish(topic, b"", retain=True)  # clears the retained message


def check_sigkill_will(rig):
    daemon = rig.daemons["wall-3"]
    start = time.monotonic()
    daemon.kill()
    wait_for(lambda: rig.ha.first("glance/wall-3/availability", start, lambda m: m.payload == b"offline"), 10,
             "offline on glance/wall-3/availability after SIGKILL", got=lambda: short(rig.ha.payload("glance/wall-3/availability")))
    retained = rig.fresh("glance/wall-3/availability")
    expect(retained.get("glance/wall-3/availability") == b"offline",
           f"expected offline retained; a new subscriber got {short(retained.get('glance/wall-3/availability'))}")
    start = time.monotonic()
    daemon.start()
    wait_for(lambda: rig.ha.first("glance/wall-3/availability", start, lambda m: m.payload == b"online"), 15,
             "online on glance/wall-3/availability after the restart")


def check_clean_stop(rig):
    daemon = rig.daemons["wall-4"]
    start = time.monotonic()
    daemon.process.send_signal(signal.SIGTERM)
    try:
        code = daemon.process.wait(3)
    except subprocess.TimeoutExpired:
        daemon.kill()
        raise CheckFailed("expected wall-4 to exit within 3 s of SIGTERM; it was still running (killed)")
    expect(code == 0, f"expected exit status 0 after SIGTERM; got {code}")
    wait_for(lambda: rig.ha.first("glance/wall-4/availability", start, lambda m: m.payload == b"offline"), 5,
             "offline on glance/wall-4/availability", got=lambda: short(rig.ha.payload("glance/wall-4/availability")))
    retained = rig.fresh("glance/wall-4/availability")
    expect(retained.get("glance/wall-4/availability") == b"offline",
           f"expected offline retained; a new subscriber got {short(retained.get('glance/wall-4/availability'))}")
    start = time.monotonic()
    daemon.start()
    wait_for(lambda: rig.ha.first("glance/wall-4/availability", start, lambda m: m.payload == b"online"), 15,
             "online on glance/wall-4/availability after the restart")


def check_bad_broker(rig):
    expected = {"wall-x1": ("not authori", "a wrong password"),
                "wall-x2": ("certificate verify failed", "a CA that does not sign the broker's certificate"),
                "wall-x3": ("connection refused", "a port where nothing listens")}
    # Each has had at least a few reconnects by now (they started with the fleet), unless
    # the run is quick: then wait until the third (1 s, 2 s, 4 s, jitter) has been tried.
    wait_for(lambda: time.monotonic() - rig.extras_started >= 8, 10, "8 s since the extra daemons started")
    try:
        check_bad_broker_daemons(rig, expected)
    finally:
        for daemon in rig.extras.values():  # they have said what they had to say
            daemon.stop()


def check_bad_broker_daemons(rig, expected):
    problems = []
    for node, (reason, what) in expected.items():
        daemon = rig.extras[node]
        seen = rig.extra_seen.get(node, {})
        if "died" in seen or not daemon.alive():
            problems.append(f"{node} ({what}) still running; it exited {daemon.process.returncode}")
        if seen.get("frame") is None or seen["frame"] > 10:
            problems.append(f"{node} ({what}) wrote out/frame.png within 10 s; "
                            + ("it never did" if seen.get("frame") is None else f"after {seen['frame']:.1f} s"))
        if seen.get("mqtt") is None or seen["mqtt"] > 10:
            problems.append(f"{node} ({what}) logged about MQTT within 10 s; "
                            + ("it never did" if seen.get("mqtt") is None else f"after {seen['mqtt']:.1f} s"))
        # Lines mentioning mqtt, but for the start's announcement (`mqtt: joining HOST:PORT as NODE …`).
        lines = [line for line in daemon.lines_with("mqtt") if "mqtt: joining " not in line]
        if len(lines) != 1 or reason not in lines[0].lower():
            problems.append(f"{node} ({what}): exactly one line mentioning mqtt (besides 'joining') that says "
                            f"'{reason}'; got {lines}")
        used = daemon.cpu_seconds()
        if used > 3.0:
            problems.append(f"{node} ({what}) idle between attempts; it used {used:.1f} s of CPU in "
                            f"{time.monotonic() - rig.extras_started:.0f} s")
        online = [m for m in rig.ha.messages if m.topic == f"glance/{node}/availability" and m.payload == b"online"]
        if online:
            problems.append(f"{node} never online; it was")
    expect(not problems, "expected " + "; ".join(problems))


def check_broker_restart(rig):
    offsets = {node: rig.daemons[node].log.size() for node in NODES}
    pids = {node: rig.daemons[node].process.pid for node in NODES}
    cpu = {node: rig.daemons[node].cpu_seconds() for node in NODES}
    rig.broker.stop()
    stopped = time.monotonic()
    time.sleep(2.0)
    rig.broker.start()
    started = time.monotonic()

    def offline_nodes():
        return [n for n in NODES if not rig.ha.first(f"glance/{n}/availability", started, lambda m: m.payload == b"online")]
    problems = []
    try:
        wait_for(lambda: not offline_nodes(), 20, "online from every daemon after the broker's return",
                 got=lambda: "nothing from " + ", ".join(offline_nodes()))
    except CheckFailed as error:
        problems.append(unexpected(error))
        # The rest still says something: wait a while longer for the late ones.
        try:
            wait_for(lambda: not offline_nodes(), 20, "")
        except CheckFailed:
            pass
    back = {n: round(m.at - started, 1) for n in NODES
            for m in [rig.ha.first(f"glance/{n}/availability", started, lambda m: m.payload == b"online")] if m}
    note(f"back online after the broker restart (s): {back}")
    for node in NODES:
        daemon = rig.daemons[node]
        if not daemon.alive() or daemon.process.pid != pids[node]:
            problems.append(f"{node} kept running (it died or was restarted)")
        # Connection lines: one saying the broker was lost, then one per change of reason
        # while it is away (`cannot connect …: connection refused`), then `connected again`.
        mqtt_lines = [line for line in daemon.lines_with("mqtt", offsets[node])
                      if re.search(r"mqtt: (lost|cannot connect|connected)", line)]
        lost = [line for line in mqtt_lines if "mqtt: lost " in line]
        if len(lost) != 1:
            problems.append(f"{node}: one line about losing the broker, got {len(lost)}: {mqtt_lines}")
        reasons = [re.sub(r"; trying again in \d+ s.*", "", line) for line in mqtt_lines if "mqtt: cannot connect" in line]
        if len(set(reasons)) != len(reasons):
            problems.append(f"{node}: a reason said once; got {reasons}")
        if [line for line in mqtt_lines if "no answer within" in line]:
            problems.append(f"{node}: an answer once the broker is back, not a connection timeout; got "
                            f"{[line for line in mqtt_lines if 'no answer' in line]}")
        used = daemon.cpu_seconds() - cpu[node]
        if used > 3.0:
            problems.append(f"{node} not busy while the broker is away; it used {used:.1f} s of CPU")
    # Persistence is off: what is retained now was published again.
    def frames_missing():
        return [n for n in NODES if not rig.ha.first(f"glance/{n}/frame", started)]
    try:
        wait_for(lambda: not frames_missing(), 10, "every frame published again",
                 got=lambda: "none from " + ", ".join(frames_missing()))
        retained = rig.fresh("glance/+/frame")
        gone = [n for n in NODES if f"glance/{n}/frame" not in retained]
        if gone:
            problems.append(f"a retained frame again for every node; none for {', '.join(gone)}")
        retained = rig.fresh("homeassistant/device/+/config")
        gone = [n for n in NODES if f"homeassistant/device/{n}/config" not in retained]
        if gone:
            problems.append(f"a retained discovery again for every node; none for {', '.join(gone)}")
    except CheckFailed as error:
        problems.append(unexpected(error))
    note(f"broker down for {started - stopped:.1f} s")
    expect(not problems, "expected " + "; ".join(problems))


def check_trmnl_sensors(rig):
    """A TRMNL device served by wall-5 reports its battery and signal; Home Assistant gets
    them as sensors of a device of its own, with its frame."""
    import urllib.request

    base = f"http://127.0.0.1:{rig.trmnl_port}"

    def get(path, headers):
        request = urllib.request.Request(base + path, headers=headers)
        with urllib.request.urlopen(request, timeout=10) as answer:
            return json.loads(answer.read())

    setup = get("/api/setup", {"ID": TRMNL_DEVICE})
    token = setup.get("api_key")
    expect(isinstance(token, str) and len(token) >= 16, f"expected an api_key from /api/setup; got {setup}")
    display = get("/api/display", {"ID": TRMNL_DEVICE, "Access-Token": token, "Battery-Voltage": "3.87", "RSSI": "-58"})
    expect(display.get("status") == 0 and display.get("image_url"), f"expected a frame from /api/display; got {display}")
    topic = f"glance/{TRMNL_NODE}/trmnl/hall/"
    wait_for(lambda: rig.ha.payload(topic + "battery") == b"3.87", 10, f"{topic}battery = 3.87",
             got=lambda: rig.ha.payload(topic + "battery"))
    wait_for(lambda: rig.ha.payload(topic + "rssi") == b"-58", 10, f"{topic}rssi = -58", got=lambda: rig.ha.payload(topic + "rssi"))
    # last_seen is published after rssi: the broker may not have delivered it yet when
    # rssi arrives (ci23 read the earlier "None" here once).
    wait_for(lambda: parse_iso((rig.ha.payload(topic + "last_seen") or b"").decode("utf-8", "replace")) is not None, 10,
             f"{topic}last_seen as ISO 8601", got=lambda: rig.ha.payload(topic + "last_seen"))
    wait_for(lambda: rig.ha.payload(topic + "frame") is not None, 10, f"a PNG on {topic}frame")
    expect(png_size(rig.ha.payload(topic + "frame")) == (800, 480), f"expected an 800x480 PNG on {topic}frame")
    retained = rig.fresh(f"homeassistant/device/{TRMNL_NODE}/hall/config")
    raw = retained.get(f"homeassistant/device/{TRMNL_NODE}/hall/config")
    expect(raw is not None, f"expected a retained discovery message on homeassistant/device/{TRMNL_NODE}/hall/config")
    message = json.loads(raw)
    components = message.get("components", {})
    expect(components.get("battery", {}).get("device_class") == "voltage"
           and components.get("battery", {}).get("state_topic") == topic + "battery",
           f"expected a voltage sensor on {topic}battery; got {components.get('battery')}")
    expect(components.get("rssi", {}).get("device_class") == "signal_strength", f"expected a signal sensor; got {components.get('rssi')}")
    expect(message.get("device", {}).get("via_device") == f"glance_{TRMNL_NODE}",
           f"expected the device reached via glance_{TRMNL_NODE}; got {message.get('device')}")


CHECKS = [
    ("discovery-golden", check_discovery_golden, ["wall-0"]),
    ("discovery-components", check_discovery_components, ["wall-0"]),
    ("frame-png", check_frame_png, NODES),
    ("next-wake", check_next_wake, ["wall-0"]),
    ("rediscovery", check_rediscovery, NODES),
    ("rediscovery-debounced", check_rediscovery_debounced, NODES),
    ("command-reload", check_command_reload, ["wall-0"]),
    ("command-full-refresh", check_command_full_refresh, ["wall-0"]),
    ("command-key", check_command_key, ["wall-0"]),
    ("command-set-select", check_set_select, ["wall-0"]),
    ("command-set-switch", check_set_switch, ["wall-0"]),
    ("command-set-text", check_set_text, ["wall-0"]),
    ("command-set-number", check_set_number, ["wall-0"]),
    ("command-notify", check_command_notify, ["wall-0"]),
    ("bad-payloads", check_bad_payloads, ["wall-2"]),
    ("command-flood", check_command_flood, ["wall-2"]),
    ("stack-turn", check_stack_turn, ["wall-1"]),
    ("sleep-switch", check_sleep_switch, ["wall-1"]),
    ("all-reload", check_all_reload, NODES),
    ("sigkill-will", check_sigkill_will, ["wall-3"]),
    ("clean-stop", check_clean_stop, ["wall-4"]),
    ("bad-broker", check_bad_broker, ["wall-x1", "wall-x2", "wall-x3"]),
    ("broker-restart", check_broker_restart, NODES + ["mosquitto"]),
    ("no-retained-commands", check_no_retained_commands, ["wall-1"]),
    ("trmnl-sensors", check_trmnl_sensors, [TRMNL_NODE]),
]


def main():
    parser = argparse.ArgumentParser(description="Plays Home Assistant against ten glance daemons over MQTT.")
    parser.add_argument("--glance", required=True, help="the glance executable")
    parser.add_argument("--record", action="store_true", help="write the discovery golden instead of comparing")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder and say where it is")
    parser.add_argument("--only", help="comma-separated checks to run (default: all)")
    args = parser.parse_args()
    if not os.access(args.glance, os.X_OK):
        print(f"FAIL setup: {args.glance} is not an executable", flush=True)
        return 1
    for tool in ("mosquitto", "mosquitto_passwd", "openssl"):
        if shutil.which(tool) is None and not Path(f"/usr/sbin/{tool}").exists():
            print(f"FAIL setup: {tool} is not installed", flush=True)
            return 1
    if shutil.which("mosquitto") is None:
        os.environ["PATH"] += os.pathsep + "/usr/sbin"
    only = set(args.only.split(",")) if args.only else None
    if only and only - {name for name, _, _ in CHECKS}:
        print(f"FAIL setup: unknown checks {sorted(only - {name for name, _, _ in CHECKS})}", flush=True)
        return 1
    rig = Rig(args.glance, args.record, args.keep)
    try:
        try:
            rig.setup()
        except Exception as error:
            print(f"FAIL setup: {type(error).__name__}: {error}", flush=True)
            traceback.print_exc()
            return 1
        rig.wait_ready()
        for name, function, involved in CHECKS:
            if only and name not in only:
                continue
            who = [rig.broker.log if n == "mosquitto" else rig.daemons.get(n) or rig.extras[n] for n in involved]
            rig.check(name, lambda: function(rig), who)
    finally:
        rig.cleanup()
    failed = [name for name, passed in rig.results if not passed]
    print(f"{len(rig.results) - len(failed)} of {len(rig.results)} checks passed in {time.monotonic() - rig.started:.0f} s"
          + (f"; failed: {', '.join(failed)}" if failed else ""), flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
