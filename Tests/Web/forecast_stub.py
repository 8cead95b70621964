#!/usr/bin/env python3
"""An Open-Meteo stand-in for the browser check: /v1/forecast answers a forecast for the
place's today and the days after (standard library only), so the weather widget draws
its refresh button without the network.

    forecast_stub.py --port-file FILE    (listens on a free loopback port, writes it to FILE)
"""
import argparse
import datetime
import http.server
import json
import threading


def forecast(offset_seconds):
    now = datetime.datetime.now(datetime.timezone(datetime.timedelta(seconds=offset_seconds)))
    first = now.date()
    times, temperatures, codes, days = [], [], [], []
    for index in range(8 * 24):
        moment = datetime.datetime.combine(first, datetime.time()) + datetime.timedelta(hours=index)
        times.append(moment.strftime("%Y-%m-%dT%H:00"))
        temperatures.append(round(4 + 6 * ((index % 24) / 23), 1))
        codes.append(61 if index % 24 in (15, 16) else 2)
    for index in range(8):
        days.append((first + datetime.timedelta(days=index)).isoformat())
    return {
        "latitude": 37.55, "longitude": 127.0, "utc_offset_seconds": offset_seconds, "timezone": "Asia/Seoul",
        "current": {"time": now.strftime("%Y-%m-%dT%H:%M"), "interval": 900, "temperature_2m": 7.5, "weather_code": 2,
                    "is_day": 1, "apparent_temperature": 5.5, "wind_speed_10m": 12.6},
        "hourly": {"time": times, "temperature_2m": temperatures, "weather_code": codes,
                   "is_day": [1 if 7 <= i % 24 < 18 else 0 for i in range(len(times))]},
        "daily": {"time": days, "weather_code": [2, 61, 3, 0, 71, 95, 2, 3],
                  "temperature_2m_max": [9.1, 7.9, 4.0, 2.2, 0.5, 6.0, 5.0, 4.0],
                  "temperature_2m_min": [-3.2, 0.4, -1.0, -6.8, -8.1, -2.5, -1.0, -2.0]},
    }


class Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        if not self.path.startswith("/v1/forecast"):
            self.send_error(404)
            return
        body = json.dumps(forecast(9 * 3600)).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port-file", required=True)
    options = parser.parse_args()
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    with open(options.port_file, "w") as file:
        file.write(str(server.server_address[1]))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    threading.Event().wait()


if __name__ == "__main__":
    main()
