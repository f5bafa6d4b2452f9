"""Chase: blocks of colour separated by dark gaps march along the strip.

Each colour of the list is drawn as block-size LEDs followed by gap dark
LEDs; the whole pattern moves one LED per step.
"""
import hyperion, time

led_count = hyperion.ledCount
args = hyperion.args
colors = [[int(c) for c in col] for col in args.get('colors', [[255, 0, 0], [0, 255, 0], [0, 0, 255]])]
if not colors:
    colors = [[255, 255, 255]]
block_size = max(1, int(args.get('block-size', 3)))
gap = max(0, int(args.get('gap', 2)))
step_time = max(5, int(args.get('step-time', 120))) / 1000.0
reverse = bool(args.get('reverse', False))

pattern = []
for color in colors:
    pattern += [color] * block_size + [[0, 0, 0]] * gap

offset = 0
step = -1 if reverse else 1
while not hyperion.abort():
    data = bytearray()
    for i in range(led_count):
        data += bytearray(pattern[(i - offset) % len(pattern)])
    hyperion.setColor(data)
    offset = (offset + step) % len(pattern)
    time.sleep(step_time)
