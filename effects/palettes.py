"""Palettes: shows colour palettes one after another with soft cross-fades.

palettes picks which of the built-in palettes take part (none picked = all).
layout spreads a palette as a smooth gradient or as solid blocks.
"""
import hyperion, time, random

FRAME_TIME = 0.05

PALETTES = {
    'sunset': [(255, 94, 20), (230, 30, 70), (120, 20, 110), (255, 170, 40)],
    'ocean': [(0, 40, 120), (0, 120, 170), (20, 200, 190), (0, 70, 140)],
    'forest': [(20, 90, 10), (90, 160, 20), (30, 60, 20), (160, 200, 60)],
    'candy': [(255, 60, 160), (120, 220, 255), (255, 220, 60), (180, 90, 255)],
    'ice': [(200, 240, 255), (90, 170, 255), (255, 255, 255), (40, 90, 200)],
    'lava': [(255, 30, 0), (120, 0, 0), (255, 110, 0), (60, 0, 0)],
    'aurora': [(0, 255, 120), (40, 80, 255), (170, 0, 255), (0, 200, 200)],
    'pastel': [(255, 180, 190), (180, 230, 200), (190, 200, 255), (255, 240, 180)],
}
ORDER = ['sunset', 'ocean', 'forest', 'candy', 'ice', 'lava', 'aurora', 'pastel']

led_count = hyperion.ledCount
args = hyperion.args
chosen = [name for name in (args.get('palettes') or []) if name in PALETTES] or list(ORDER)
layout = args.get('layout', 'gradient')
hold_time = max(0.5, float(args.get('hold-time', 8.0)))
fade_time = max(0.1, float(args.get('fade-time', 2.0)))
shuffle = bool(args.get('shuffle', False))
brightness = min(100, max(1, int(args.get('brightness', 100)))) / 100.0


def render(colors):
    """One [r, g, b] float triple per LED for the given palette."""
    pixels = []
    count = len(colors)
    for i in range(led_count):
        pos = float(i) * count / led_count
        index = int(pos) % count
        if layout == 'blocks':
            pixels.append([c * brightness for c in colors[index]])
        else:
            low, high = colors[index], colors[(index + 1) % count]
            t = pos - int(pos)
            pixels.append([(low[k] + (high[k] - low[k]) * t) * brightness for k in range(3)])
    return pixels


def show(pixels):
    data = bytearray()
    for pixel in pixels:
        data += bytearray(min(255, max(0, int(round(c)))) for c in pixel)
    hyperion.setColor(data)


def playlist(last=None):
    names = list(chosen)
    if shuffle:
        random.shuffle(names)
        if len(names) > 1 and names[0] == last:
            names.append(names.pop(0))  # never show the same palette twice in a row
    return names


queue = playlist()
current_name = queue.pop(0)
current = render(PALETTES[current_name])
upcoming = None
clock = 0.0

while not hyperion.abort():
    if len(chosen) == 1 or clock < hold_time:
        frame = current
    else:
        if upcoming is None:
            if not queue:
                queue = playlist(current_name)
            upcoming_name = queue.pop(0)
            upcoming = render(PALETTES[upcoming_name])
        t = (clock - hold_time) / fade_time
        if t >= 1.0:
            current, current_name, upcoming = upcoming, upcoming_name, None
            clock = 0.0
            frame = current
        else:
            frame = [[a[k] + (b[k] - a[k]) * t for k in range(3)] for a, b in zip(current, upcoming)]
    show(frame)
    time.sleep(FRAME_TIME)
    clock += FRAME_TIME
