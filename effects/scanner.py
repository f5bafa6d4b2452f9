"""Scanner: a glowing eye sweeps back and forth across the LED layout.

Drawn on the image canvas, so the eye moves across the screen area the LEDs
surround: left/right, or up/down with vertical. eye-width is in canvas
pixels, trail-length is a percentage of the sweep distance.
"""
import hyperion, time

FRAME_TIME = 0.02

args = hyperion.args
color = [int(c) for c in args.get('color', [255, 0, 0])]
background = [int(c) for c in args.get('background-color', [0, 0, 0])]
eye_width = max(1, int(args.get('eye-width', 2)))
trail_share = min(100, max(0, int(args.get('trail-length', 40)))) / 100.0
sweep_time = max(0.2, float(args.get('sweep-time', 2.0)))
vertical = bool(args.get('vertical', False))

width, height = hyperion.imageWidth(), hyperion.imageHeight()
span = height if vertical else width
eye_width = min(eye_width, span)
travel = span - eye_width  # how far the left/top edge of the eye moves
trail = int(round(travel * trail_share))
speed = travel * FRAME_TIME / sweep_time  # pixels per frame


def fill_band(start, size, rgb):
    """Fill a band across the canvas, clipped to it."""
    end = min(span, start + size)
    start = max(0, start)
    if end <= start:
        return
    if vertical:
        hyperion.imageSolidFill(0, start, width, end - start, rgb[0], rgb[1], rgb[2])
    else:
        hyperion.imageSolidFill(start, 0, end - start, height, rgb[0], rgb[1], rgb[2])


def mix(level):
    return [int(round(background[k] + (color[k] - background[k]) * level)) for k in range(3)]


position = 0.0
direction = 1
while not hyperion.abort():
    hyperion.imageSolidFill(background[0], background[1], background[2])
    eye = int(round(position))
    for distance in range(1, trail + 1):
        level = (1.0 - float(distance) / (trail + 1)) ** 2
        if direction > 0:
            fill_band(eye - distance, 1, mix(level))
        else:
            fill_band(eye + eye_width - 1 + distance, 1, mix(level))
    fill_band(eye, eye_width, color)
    hyperion.imageShow()

    position += direction * speed
    if position >= travel or position <= 0:
        position = min(max(position, 0.0), float(travel))
        direction = -direction
    time.sleep(FRAME_TIME)
