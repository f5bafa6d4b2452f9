"""Comet: a bright head runs along the strip, followed by a fading trail.

The trail runs through the list of trail colours from the head backwards.
Optional sparkles are left behind in the trail; their colour comes from the
trail, from a random hue or from a fixed colour (sparkle-mode).
"""
import hyperion, time, colorsys, random

led_count = hyperion.ledCount
args = hyperion.args
head_color = [int(c) for c in args.get('head-color', [255, 255, 255])]
trail_colors = [[int(c) for c in col] for col in args.get('trail-colors', [[255, 170, 0]])]
if not trail_colors:
    trail_colors = [head_color]
trail_length = max(1, int(args.get('trail-length', 12)))
step_time = max(5, int(args.get('step-time', 40))) / 1000.0
bounce = bool(args.get('bounce', True))
sparkle = bool(args.get('sparkle', False))
sparkle_mode = args.get('sparkle-mode', 'trail')
sparkle_color = [int(c) for c in args.get('sparkle-color', [180, 220, 255])]
sparkle_chance = min(100, max(1, int(args.get('sparkle-chance', 30)))) / 100.0

SPARKLE_FRAMES = 8  # how many frames a sparkle takes to fade out


def blend(a, b, t):
    return [a[k] + (b[k] - a[k]) * t for k in range(3)]


def trail_color(t):
    """Colour at t in [0, 1] along the trail (0 = next to the head)."""
    if len(trail_colors) == 1:
        return list(trail_colors[0])
    pos = t * (len(trail_colors) - 1)
    index = min(int(pos), len(trail_colors) - 2)
    return blend(trail_colors[index], trail_colors[index + 1], pos - index)


def sparkle_rgb(t):
    if sparkle_mode == 'custom':
        return list(sparkle_color)
    if sparkle_mode == 'random':
        r, g, b = colorsys.hsv_to_rgb(random.random(), 1.0, 1.0)
        return [r * 255, g * 255, b * 255]
    return trail_color(t)


position = 0
direction = 1
sparkles = {}  # LED index -> [colour, frames left]

while not hyperion.abort():
    pixels = [[0.0, 0.0, 0.0] for _ in range(led_count)]

    # trail first, so that the head is drawn on top of it
    for distance in range(1, trail_length + 1):
        index = position - direction * distance
        if bounce and not 0 <= index < led_count:
            continue
        t = float(distance) / trail_length
        fade = (1.0 - t) ** 2
        pixels[index % led_count] = [c * fade for c in trail_color(t)]

    if sparkle and random.random() < sparkle_chance:
        distance = random.randint(1, trail_length)
        index = position - direction * distance
        if not bounce or 0 <= index < led_count:
            sparkles[index % led_count] = [sparkle_rgb(float(distance) / trail_length), SPARKLE_FRAMES]

    for index, entry in list(sparkles.items()):
        colour, left = entry
        level = float(left) / SPARKLE_FRAMES
        pixels[index] = [max(pixels[index][k], colour[k] * level) for k in range(3)]
        if left <= 1:
            del sparkles[index]
        else:
            entry[1] = left - 1

    pixels[position % led_count] = list(head_color)

    data = bytearray()
    for pixel in pixels:
        data += bytearray(min(255, max(0, int(round(c)))) for c in pixel)
    hyperion.setColor(data)

    # move the head
    if bounce and led_count > 1:
        if not 0 <= position + direction < led_count:
            direction = -direction
        position += direction
    else:
        position = (position + 1) % led_count

    time.sleep(step_time)
