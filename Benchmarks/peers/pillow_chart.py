#!/usr/bin/env python3
"""The peer of `glance bench chart`: the same 800x480 frame drawn with Python + Pillow, as
a maker's script draws a chart for an e-paper panel today (ImageDraw, a TrueType font).
A bold title and a line chart of 500 hourly readings over dates (the numbers
Sources/GlanceCommandLine/ChartScene.swift computes, frame i from day i): light grid
lines and labels at nice values (1, 2 or 5 x 10^k, zero included) on y, at midnights every
one, two or seven days on x, "Nov 18" labels, y labels on the right as Swift Charts puts
them, a 2-pixel line. Each frame is drawn in RGB and made into a panel's bytes twice:
1 bit (Image.convert("1"), Floyd-Steinberg, packed MSB-first) and the seven inks of an
ACeP panel (Image.quantize to the palette, Floyd-Steinberg, two pixels a byte).
Usage: python3 pillow_chart.py [FRAMES] [OUT.png]   (needs: pip install pillow)
Last line: frames=N bw_ms=B colour_ms=C peak_rss_kib=K (medians per frame)."""
import datetime, math, resource, statistics, sys, time
from PIL import Image, ImageDraw, ImageFont

W, H = 800, 480
POINTS = 500
START = 1_795_000_000 - 1_795_000_000 % 86_400  # 2026-11-18 00:00 UTC
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
BOLD = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
label_font = ImageFont.truetype(FONT, 11)
title_font = ImageFont.truetype(BOLD, 18)
INKS = [(0, 0, 0), (255, 255, 255), (0, 255, 0), (0, 0, 255), (255, 0, 0), (255, 255, 0), (255, 128, 0)]
ink_palette = Image.new("P", (1, 1))
ink_palette.putpalette([c for ink in INKS for c in ink] + [0] * 3 * (256 - len(INKS)))
HIGH = bytes((v << 4) & 0xFF for v in range(256))  # a byte's low nibble moved up


def readings(frame):
    values = []
    for index in range(POINTS):
        hour = index + frame * 24
        wobble = ((hour * 7919) % 101) / 50 - 1
        values.append((START + hour * 3600, 12 + 6 * math.sin(hour * 2 * math.pi / 24) + 3 * math.sin(hour / 97) + wobble))
    return values


def nice_step(low, high, count):
    # d3-scale's rule, as Swift Charts' automatic scale: 1, 2, 5 or 10 x 10^k, nearest.
    raw = (high - low) / max(1, count)
    power = 10 ** math.floor(math.log10(raw))
    error = raw / power
    factor = 10 if error >= math.sqrt(50) else 5 if error >= math.sqrt(10) else 2 if error >= math.sqrt(2) else 1
    return factor * power


def render(frame):
    data = readings(frame)
    im = Image.new("RGB", (W, H), "white")
    d = ImageDraw.Draw(im)
    d.text((16, 16), "Outside temperature, \u00b0C", font=title_font, fill="black")
    # y: zero included, nice ticks about every 40 pixels; labels on the right.
    values = [v for _, v in data]
    low, high = min(0, min(values)), max(0, max(values))
    top, bottom, left = 50, 464 - 20, 16
    step = nice_step(low, high, (bottom - top) // 40)
    low, high = math.floor(low / step) * step, math.ceil(high / step) * step
    labels = [f"{v:g}" for v in [low + k * step for k in range(int(round((high - low) / step)) + 1)]]
    right = 784 - 6 - max(d.textlength(text, font=label_font) for text in labels)
    y_of = lambda v: bottom - (v - low) / (high - low) * (bottom - top)
    for k, text in enumerate(labels):
        y = y_of(low + k * step)
        d.line([(left, y), (right, y)], fill=(220, 220, 220), width=1)
        d.text((right + 6, y), text, font=label_font, fill=(108, 108, 112), anchor="lm")
    # x: midnights every 1, 2 or 7 days, about one tick every 50 pixels.
    first, last = data[0][0], data[-1][0]
    x_of = lambda t: left + (t - first) / (last - first) * (right - left)
    days = next(n for n in (1, 2, 7, 14) if (last - first) / (n * 86_400) <= (right - left) // 50)
    tick = first - first % 86_400 + (0 if first % 86_400 == 0 else 86_400)
    while tick <= last:
        x = x_of(tick)
        d.line([(x, top), (x, bottom)], fill=(220, 220, 220), width=1)
        day = datetime.datetime.fromtimestamp(tick, datetime.timezone.utc)
        d.text((x, bottom + 4), f"{day:%b} {day.day}", font=label_font, fill=(108, 108, 112), anchor="ma")
        tick += days * 86_400
    d.line([(x_of(t), y_of(v)) for t, v in data], fill=(0, 122, 255), width=2, joint="curve")
    return im


def bw_frame(frame):
    return render(frame).convert("1", dither=Image.Dither.FLOYDSTEINBERG).tobytes()


def colour_frame(frame):
    inks = render(frame).quantize(palette=ink_palette, dither=Image.Dither.FLOYDSTEINBERG).tobytes()
    # Two pixels a byte, the left one in the high nibble (as ACeP panels take them).
    high = int.from_bytes(inks[0::2].translate(HIGH), "big")
    return (high | int.from_bytes(inks[1::2], "big")).to_bytes(W * H // 2, "big")


def timed(draw, n):
    draw(0)
    times, last = [], None
    for i in range(n):
        t = time.perf_counter(); last = draw(i); times.append(time.perf_counter() - t)
    return statistics.median(times) * 1000, last


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 30
    bw, packed = timed(bw_frame, n)
    colour, inks = timed(colour_frame, n)
    assert len(packed) == W * H // 8 and len(inks) == W * H // 2
    if len(sys.argv) > 2:
        Image.frombytes("1", (W, H), packed).save(sys.argv[2])
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(f"frames={n} bw_ms={bw:.3f} colour_ms={colour:.3f} peak_rss_kib={rss}")


main()
