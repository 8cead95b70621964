#!/usr/bin/env python3
"""Writes the picture decoder's test fixtures (run once; the files are checked in).

Every picture is drawn here: an upright 60x40 card with a red block at its top left and a
blue block at its bottom right, stored turned as each EXIF orientation says, so that a
decoder that stands it upright finds red top left. Needs Pillow with WebP.
"""
from PIL import Image, ImageDraw
import io, struct

def card(w=60, h=40):
    im = Image.new("RGB", (w, h), "white")
    d = ImageDraw.Draw(im)
    d.rectangle([0, 0, w // 3 - 1, h // 3 - 1], fill=(220, 0, 0))
    d.rectangle([w - w // 3, h - h // 3, w - 1, h - 1], fill=(0, 0, 220))
    return im

# What each orientation does to the stored rows to stand them upright, undone.
STORE = {
    1: lambda im: im,
    2: lambda im: im.transpose(Image.FLIP_LEFT_RIGHT),
    3: lambda im: im.transpose(Image.ROTATE_180),
    4: lambda im: im.transpose(Image.FLIP_TOP_BOTTOM),
    5: lambda im: im.transpose(Image.TRANSPOSE),
    6: lambda im: im.transpose(Image.ROTATE_90),
    7: lambda im: im.transpose(Image.TRANSVERSE),
    8: lambda im: im.transpose(Image.ROTATE_270),
}

def exif(orientation):
    e = Image.Exif()
    e[0x0112] = orientation
    return e.tobytes()

for o in range(1, 9):
    STORE[o](card()).save(f"card-orientation-{o}.jpg", quality=95, exif=exif(o))
STORE[8](card()).save("card-orientation-8.webp", lossless=True, exif=exif(8))
STORE[3](card()).save("card-orientation-3.png", exif=exif(3))
# When each was taken: EXIF DateTimeOriginal in the Exif IFD, with and without the
# camera's offset from UTC (OffsetTimeOriginal).
def taken(when, orientation, offset=None):
    e = Image.Exif()
    e[0x0112] = orientation
    ifd = e.get_ifd(0x8769)
    ifd[0x9003] = when
    if offset:
        ifd[0x9011] = offset
    return e.tobytes()

STORE[6](card()).save("card-taken.jpg", quality=95, exif=taken("2024:07:14 18:30:05", 6, "+02:00"))
card().save("card-taken-local.webp", lossless=True, exif=taken("2023:12:31 23:59:59", 1))
card().save("card.webp", lossless=True)
card().save("card-progressive.jpg", quality=95, progressive=True)
card().convert("L").save("card-grey.jpg", quality=95)
card().convert("CMYK").save("card-cmyk.jpg", quality=95)

# A larger picture for scaled decoding: 1200x800, the same card.
card(1200, 800).save("card-1200x800.jpg", quality=90)
card(1200, 800).save("card-1200x800.webp", quality=90)

# A progressive JPEG whose last scan is repeated 300 times: each repeat is only a warning
# to libjpeg, and together they cost it a full pass each.
data = open("card-progressive.jpg", "rb").read()
scans = []
i = 2
while i < len(data):
    assert data[i] == 0xFF
    marker = data[i + 1]
    if marker == 0xD9:
        break
    length = struct.unpack(">H", data[i + 2:i + 4])[0]
    end = i + 2 + length
    if marker == 0xDA:
        j = end
        while not (data[j] == 0xFF and data[j + 1] not in (0x00,) and not (0xD0 <= data[j + 1] <= 0xD7)):
            j += 1
        scans.append((i, j))
        end = j
    i = end
start, stop = scans[-1]
open("many-scans.jpg", "wb").write(data[:stop] + data[start:stop] * 300 + b"\xff\xd9")

# A JPEG that declares 60000x60000 in its frame header (the rest is the card's).
data = bytearray(open("card-orientation-1.jpg", "rb").read())
i = 2
while True:
    marker = data[i + 1]
    length = struct.unpack(">H", data[i + 2:i + 4])[0]
    if marker in (0xC0, 0xC1, 0xC2):
        data[i + 5:i + 9] = struct.pack(">HH", 60000, 60000)
        break
    i += 2 + length
open("declares-60000x60000.jpg", "wb").write(bytes(data))

# The first half of a JPEG.
data = open("card-1200x800.jpg", "rb").read()
open("truncated.jpg", "wb").write(data[: len(data) // 2])

# A HEIC and an AVIF of the card, encoded by Debian's libheif (x265) through its C API: Pillow has no
# HEIF writer without a plugin from outside Debian.
def heic(image, path, compression=1):
    import ctypes
    lib = ctypes.CDLL("libheif.so.1")

    class Error(ctypes.Structure):
        _fields_ = [("code", ctypes.c_int), ("subcode", ctypes.c_int), ("message", ctypes.c_char_p)]

    def check(error):
        if error.code:
            raise RuntimeError(error.message.decode())

    for name in ("heif_context_get_encoder_for_format", "heif_image_create", "heif_image_add_plane",
                 "heif_context_encode_image", "heif_context_write_to_file", "heif_encoder_set_lossy_quality"):
        getattr(lib, name).restype = Error
    lib.heif_context_alloc.restype = ctypes.c_void_p
    lib.heif_image_get_plane.restype = ctypes.POINTER(ctypes.c_uint8)
    context = ctypes.c_void_p(lib.heif_context_alloc())
    encoder, picture, handle = ctypes.c_void_p(), ctypes.c_void_p(), ctypes.c_void_p()
    check(lib.heif_context_get_encoder_for_format(context, compression, ctypes.byref(encoder)))  # 1 HEVC, 4 AV1
    check(lib.heif_encoder_set_lossy_quality(encoder, 95))
    width, height = image.size
    check(lib.heif_image_create(width, height, 1, 10, ctypes.byref(picture)))  # RGB, interleaved RGB
    check(lib.heif_image_add_plane(picture, 10, width, height, 8))
    stride = ctypes.c_int()
    plane = lib.heif_image_get_plane(picture, 10, ctypes.byref(stride))
    for y in range(height):
        for x in range(width):
            for channel, value in enumerate(image.getpixel((x, y))):
                plane[y * stride.value + 3 * x + channel] = value
    check(lib.heif_context_encode_image(context, picture, encoder, None, ctypes.byref(handle)))
    check(lib.heif_context_write_to_file(context, path.encode()))


heic(card(), "card.heic")
heic(card(), "card.avif", compression=4)
