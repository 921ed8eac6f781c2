#!/usr/bin/env python3
"""Assembles an animated picture from PNG frames that dynskin wrote (scripts/screenshots.sh),
with Python's standard library alone (no image tools to install):

  png_frames.py apng OUT.png FPS FRAME1.png FRAME2.png ...     an animated PNG that loops

An animated PNG (APNG) shows as a moving picture on GitHub and in every current browser, and
as its first frame elsewhere. After the first frame, each frame stores only the rectangle
that changed, so a wobble on a still background stays small.
"""
import struct
import sys
import zlib

SIGNATURE = b"\x89PNG\r\n\x1a\n"


def chunks(data):
    if data[:8] != SIGNATURE:
        raise ValueError("not a PNG file")
    at = 8
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        yield kind, data[at + 8:at + 8 + length]
        at += 12 + length


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def read_png(path):
    """(width, height, rows): rows are bytearrays of RGB bytes."""
    with open(path, "rb") as f:
        data = f.read()
    idat = b""
    for kind, body in chunks(data):
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or colour not in (2, 6) or interlace:
                raise ValueError(f"{path}: only 8-bit RGB or RGBA, not interlaced, is read")
        elif kind == b"IDAT":
            idat += body
    channels = 3 if colour == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        row = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        if kind == 1:
            for i in range(channels, stride):
                row[i] = (row[i] + row[i - channels]) & 255
        elif kind == 2:
            row = bytearray((r + p) & 255 for r, p in zip(row, previous))
        elif kind == 3:
            for i in range(stride):
                left = row[i - channels] if i >= channels else 0
                row[i] = (row[i] + ((left + previous[i]) >> 1)) & 255
        elif kind == 4:
            for i in range(stride):
                left = row[i - channels] if i >= channels else 0
                up_left = previous[i - channels] if i >= channels else 0
                row[i] = (row[i] + paeth(left, previous[i], up_left)) & 255
        previous = row
        rows.append(row if channels == 3 else bytearray(b for i, b in enumerate(row) if i % 4 != 3))
    return width, height, rows


def chunk(kind, body):
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def compressed(rows):
    # Filter "Up" on every row: cheap, and it packs a still background well.
    out, previous = bytearray(), bytearray(len(rows[0]))
    for row in rows:
        out.append(2)
        out += bytes((r - p) & 255 for r, p in zip(row, previous))
        previous = row
    return zlib.compress(bytes(out), 9)


def header(width, height):
    return chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))


def changed_rectangle(a, b, width):
    """The smallest rectangle (x, y, w, h) holding every pixel that differs; None when none does."""
    ys = [y for y in range(len(a)) if a[y] != b[y]]
    if not ys:
        return None
    left, right = width, -1
    for y in ys:
        ra, rb = a[y], b[y]
        x = 0
        while x < width and ra[3 * x:3 * x + 3] == rb[3 * x:3 * x + 3]:
            x += 1
        left = min(left, x)
        x = width - 1
        while x >= 0 and ra[3 * x:3 * x + 3] == rb[3 * x:3 * x + 3]:
            x -= 1
        right = max(right, x)
    return left, ys[0], right - left + 1, ys[-1] - ys[0] + 1


def write_apng(out, fps, paths):
    frames = [read_png(p) for p in paths]
    width, height = frames[0][0], frames[0][1]
    if any(f[0] != width or f[1] != height for f in frames):
        raise ValueError("the frames must all have the same size")
    delay = struct.pack(">HH", 1, int(fps))
    sequence = 0
    body = SIGNATURE + header(width, height) + chunk(b"acTL", struct.pack(">II", len(frames), 0))
    previous = None
    for _, _, rows in frames:
        if previous is None:
            x, y, w, h = 0, 0, width, height
        else:
            # A frame equal to the one before still needs a frame: one unchanged pixel.
            x, y, w, h = changed_rectangle(previous, rows, width) or (0, 0, 1, 1)
        # dispose 0 (keep), blend 0 (replace): the rectangle overwrites what was there.
        body += chunk(b"fcTL", struct.pack(">IIIII", sequence, w, h, x, y) + delay + b"\x00\x00")
        sequence += 1
        data = compressed([row[3 * x:3 * (x + w)] for row in rows[y:y + h]])
        if previous is None:
            body += chunk(b"IDAT", data)
        else:
            body += chunk(b"fdAT", struct.pack(">I", sequence) + data)
            sequence += 1
        previous = rows
    with open(out, "wb") as f:
        f.write(body + chunk(b"IEND", b""))


def main(argv):
    try:
        if len(argv) >= 5 and argv[1] == "apng":
            write_apng(argv[2], float(argv[3]), argv[4:])
        else:
            print(__doc__, file=sys.stderr)
            return 2
    except (OSError, ValueError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
