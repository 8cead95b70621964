#!/usr/bin/env python3
"""The second computation the calendar tests compare Glance's expansion with: Python's
icalendar and recurring-ical-events (PyPI; scripts/bootstrap installs them), an
implementation that shares nothing with libical.

    oracle.py FILE ZONE FROM TO

prints, as JSON, the occurrences of FILE that overlap [FROM, TO) (UTC, ISO 8601 with Z),
floating times and all-day events read in ZONE (an IANA name): uid, start and end in UTC
(ISO 8601 with Z), allDay; sorted by start, end, uid. Cancelled events and instances
(STATUS:CANCELLED) are left out, as the agenda leaves them out."""
import datetime
import json
import sys
import zoneinfo

import icalendar
import recurring_ical_events

path, zone_name, start_text, stop_text = sys.argv[1:5]
zone = zoneinfo.ZoneInfo(zone_name)
utc = datetime.timezone.utc
window_start = datetime.datetime.fromisoformat(start_text.replace("Z", "+00:00"))
window_stop = datetime.datetime.fromisoformat(stop_text.replace("Z", "+00:00"))

with open(path, "rb") as file:
    calendar = icalendar.Calendar.from_ical(file.read())


def instant(value):
    """A UTC datetime: dates at the zone's midnight, floating times in the zone."""
    if not isinstance(value, datetime.datetime):
        value = datetime.datetime.combine(value, datetime.time())
    if value.tzinfo is None:
        value = value.replace(tzinfo=zone)
    return value.astimezone(utc)


# Asked for two days more either side (floating times and dates are compared with the
# window in its own zone there), then cut exactly as Glance cuts.
query = recurring_ical_events.of(calendar)
found = []
for event in query.between(window_start.date() - datetime.timedelta(days=2), window_stop.date() + datetime.timedelta(days=2)):
    if str(event.get("STATUS", "")).upper() == "CANCELLED":
        continue
    dtstart = event["DTSTART"].dt
    all_day = not isinstance(dtstart, datetime.datetime)
    start = instant(dtstart)
    end = instant(event["DTEND"].dt) if "DTEND" in event else start
    if not (start < window_stop and (end > window_start or (end == start and start >= window_start))):
        continue
    found.append({
        "uid": str(event["UID"]),
        "start": start.strftime("%Y-%m-%dT%H:%M:%SZ"),
        "end": end.strftime("%Y-%m-%dT%H:%M:%SZ"),
        "allDay": all_day,
    })
found.sort(key=lambda o: (o["start"], o["end"], o["uid"]))
json.dump(found, sys.stdout, indent=1)
print()
