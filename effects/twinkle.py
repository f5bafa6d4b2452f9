"""Twinkle: stars light up and fade out at random places over a background.

The alpha of star-color sets how strongly a star covers the background at
its brightest moment. With random-colors every star gets its own hue.
"""
import hyperion, time, colorsys, random

FRAME_TIME = 0.04

led_count = hyperion.ledCount
args = hyperion.args
background = [int(c) for c in args.get('background-color', [0, 0, 24])]
random_colors = bool(args.get('random-colors', False))
star = args.get('star-color', [255, 236, 190, 0.85])
star_rgb = [int(c) for c in star[:3]]
star_alpha = min(1.0, max(0.0, float(star[3]))) if len(star) > 3 else 1.0
density = min(100, max(1, int(args.get('density', 15)))) / 100.0
fade_time = max(0.1, float(args.get('fade-time', 1.5)))

# A star lives for fade_time seconds (fade in, then fade out). An idle LED
# starts a star with probability p per frame; with a lifetime of L frames
# the busy share settles at pL / (1 + pL), so solve that for `density`.
life_frames = max(2, int(round(fade_time / FRAME_TIME)))
if density >= 1.0:
    start_chance = 1.0
else:
    start_chance = min(1.0, density / (life_frames * (1.0 - density)))

stars = {}  # LED index -> [age in frames, colour, alpha]


def new_star():
    if random_colors:
        r, g, b = colorsys.hsv_to_rgb(random.random(), 1.0, 1.0)
        return [0, [r * 255, g * 255, b * 255], 1.0]
    return [0, star_rgb, star_alpha]


while not hyperion.abort():
    for index in range(led_count):
        if index not in stars and random.random() < start_chance:
            stars[index] = new_star()

    data = bytearray(background * led_count)
    for index, entry in list(stars.items()):
        age, colour, alpha = entry
        progress = float(age) / life_frames
        level = alpha * (1.0 - abs(2.0 * progress - 1.0))
        for k in range(3):
            value = background[k] + (colour[k] - background[k]) * level
            data[3 * index + k] = min(255, max(0, int(round(value))))
        if age + 1 >= life_frames:
            del stars[index]
        else:
            entry[0] = age + 1

    hyperion.setColor(data)
    time.sleep(FRAME_TIME)
