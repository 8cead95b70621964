#!/usr/bin/env python3
"""The peer of `glance bench photo`: a photo dithered to a panel's inks with Pillow, as a
maker's script (and InkyPi, and Pimoroni's library) does it today:
Image.quantize(palette=P, dither=Image.Dither.FLOYDSTEINBERG) against a palette image of
the inks (RGB distance, Floyd-Steinberg in sRGB).
Usage: python3 pillow_photo.py PHOTO.png FRAMES FOLDER NAME=R,G,B;R,G,B;... [NAME=...]
Each NAME's inks are quantized to FRAMES times (the first untimed); the last result is
written to FOLDER/NAME.bin, one ink index a pixel.
Last line: photo=FILE NAME_ms=M ... (medians per quantize)."""
import os, statistics, sys, time
from PIL import Image

photo, frames, folder = sys.argv[1], int(sys.argv[2]), sys.argv[3]
image = Image.open(photo).convert("RGB")
summary = [f"photo={os.path.basename(photo)}"]
for spec in sys.argv[4:]:
    name, inks = spec.split("=", 1)
    colours = [tuple(int(c) for c in ink.split(",")) for ink in inks.split(";")]
    palette = Image.new("P", (1, 1))
    # The inks, then the first ink repeated: Pillow's palette has 256 entries, and
    # entries past the inks must not be chosen over them.
    flat = [c for ink in colours for c in ink]
    palette.putpalette(flat + list(colours[0]) * (256 - len(colours)))
    times = []
    for frame in range(frames):
        start = time.perf_counter()
        result = image.quantize(palette=palette, dither=Image.Dither.FLOYDSTEINBERG)
        elapsed = (time.perf_counter() - start) * 1000
        if frame > 0:
            times.append(elapsed)
    with open(os.path.join(folder, name + ".bin"), "wb") as out:
        out.write(bytes(min(index, len(colours) - 1) if index < len(colours) else 0 for index in result.tobytes()))
    summary.append(f"{name}_ms={statistics.median(times):.3f}")
print(" ".join(summary))
