"""Fire: flames flicker up from the first LED, or from both ends with mirror.

Every LED holds a heat value. Each frame the heat cools down a little, drifts
away from the base and new sparks ignite at the base; the heat is then mapped
to a colour palette.
"""
import hyperion, time, random

PALETTES = {
    # heat 0 (cold) ... 1 (hottest), four evenly spaced stops
    'ember': [(0, 0, 0), (170, 25, 0), (255, 120, 0), (255, 225, 130)],
    'gas': [(0, 0, 0), (0, 15, 150), (30, 120, 255), (200, 240, 255)],
    'toxic': [(0, 0, 0), (0, 100, 15), (120, 235, 0), (230, 255, 175)],
}

led_count = hyperion.ledCount
args = hyperion.args
palette_name = args.get('palette', 'ember')
custom = [int(c) for c in args.get('custom-color', [255, 0, 120])]
cooling = min(100, max(1, int(args.get('cooling', 55)))) / 100.0
sparking = min(100, max(0, int(args.get('sparking', 45)))) / 100.0
brightness = min(100, max(1, int(args.get('brightness', 100)))) / 100.0
mirror = bool(args.get('mirror', False))
fps = min(60, max(1, int(args.get('fps', 30))))

if palette_name == 'custom':
    glow = [c + (255 - c) * 0.6 for c in custom]
    palette = [(0, 0, 0), [c * 0.45 for c in custom], custom, glow]
else:
    palette = PALETTES.get(palette_name, PALETTES['ember'])

length = (led_count + 1) // 2 if mirror else led_count
heat = [0.0] * length
max_loss = cooling * (600.0 / max(length, 1) + 10.0)
base = max(1, length // 8)  # sparks ignite in this many cells at the bottom
frame_time = 1.0 / fps


def heat_color(value):
    pos = min(1.0, max(0.0, value / 255.0)) * (len(palette) - 1)
    index = min(int(pos), len(palette) - 2)
    t = pos - index
    low, high = palette[index], palette[index + 1]
    return [int((low[k] + (high[k] - low[k]) * t) * brightness) for k in range(3)]


while not hyperion.abort():
    for k in range(length):
        heat[k] = max(0.0, heat[k] - random.uniform(0.0, max_loss))

    # heat rises: every cell takes a share of the cells below it
    for k in range(length - 1, 1, -1):
        heat[k] = heat[k - 1] * 0.5 + heat[k - 2] * 0.3 + heat[k] * 0.2
    if length > 1:
        heat[1] = heat[0] * 0.6 + heat[1] * 0.4

    if random.random() < sparking:
        k = random.randrange(base)
        heat[k] = min(255.0, heat[k] + random.uniform(120.0, 255.0))

    data = bytearray()
    for i in range(led_count):
        cell = min(i, led_count - 1 - i) if mirror else i
        data += bytearray(heat_color(heat[cell]))
    hyperion.setColor(data)
    time.sleep(frame_time)
