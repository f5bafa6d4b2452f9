"""Clock: an LED ring around a screen shows the local time like a dial.

start-angle says where 12 o'clock sits, measured in degrees from the first
LED in LED order; reverse makes the hands run against the LED order.
marker-hours lights the given hour positions (0 = 12 o'clock) as dim marks.
"""
import hyperion, time

led_count = hyperion.ledCount
args = hyperion.args
hour_color = [int(c) for c in args.get('hour-color', [255, 40, 0])]
minute_color = [int(c) for c in args.get('minute-color', [0, 160, 255])]
show_seconds = bool(args.get('show-seconds', True))
second_color = [int(c) for c in args.get('second-color', [255, 255, 255])]
background = [int(c) for c in args.get('background-color', [0, 0, 0])]
marker_hours = [int(h) % 12 for h in args.get('marker-hours', [0, 3, 6, 9])]
marker_color = [int(c) for c in args.get('marker-color', [40, 40, 40])]
start_angle = int(args.get('start-angle', 0)) % 360
reverse = bool(args.get('reverse', False))


def led_at(fraction):
    """LED index for a position on the dial (0 = 12 o'clock, 0.5 = 6 o'clock)."""
    sweep = -fraction if reverse else fraction
    angle = (start_angle + sweep * 360.0) % 360.0
    return int(round(angle / 360.0 * led_count)) % led_count


while not hyperion.abort():
    now = time.time()
    local = time.localtime(now)
    seconds = local.tm_sec + (now % 1.0)
    minutes = local.tm_min + seconds / 60.0
    hours = (local.tm_hour % 12) + minutes / 60.0

    pixels = [background] * led_count
    for hour in marker_hours:
        pixels[led_at(hour / 12.0)] = marker_color
    pixels[led_at(hours / 12.0)] = hour_color
    pixels[led_at(minutes / 60.0)] = minute_color
    if show_seconds:
        pixels[led_at(seconds / 60.0)] = second_color

    data = bytearray()
    for pixel in pixels:
        data += bytearray(pixel)
    hyperion.setColor(data)
    time.sleep(0.25)
