"""The agenda's work as Python makers do it today: icalendar reads the feed and
recurring-ical-events expands it over a window (the pair InkyPi and Inkycal use).

python3 ical_agenda.py FEED.ics FROM TO   (FROM and TO as ISO 8601 with an offset)

Prints one line: parse_ms=P expand_ms=E occurrences=N peak_rss_kib=K, the times
measured inside the interpreter (its start and imports are not counted).
"""
import datetime
import resource
import sys
import time

import icalendar
import recurring_ical_events


def main():
    path, start, end = sys.argv[1], sys.argv[2], sys.argv[3]
    with open(path, "rb") as feed:
        data = feed.read()
    began = time.perf_counter()
    calendar = icalendar.Calendar.from_ical(data)
    parsed = time.perf_counter()
    occurrences = recurring_ical_events.of(calendar).between(
        datetime.datetime.fromisoformat(start), datetime.datetime.fromisoformat(end))
    expanded = time.perf_counter()
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(f"parse_ms={(parsed - began) * 1000:.1f} expand_ms={(expanded - parsed) * 1000:.1f} "
          f"occurrences={len(occurrences)} peak_rss_kib={peak}")


if __name__ == "__main__":
    main()
