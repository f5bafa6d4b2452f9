"""A rotating conical-gradient swirl drawn on the effect canvas: the drawing benchmark's effect."""
import hyperion, time

fps = int(hyperion.args.get('fps', 25))
width, height = hyperion.imageWidth(), hyperion.imageHeight()
stops = bytearray((
    0, 255, 0, 0, 255,
    85, 0, 255, 0, 255,
    170, 0, 0, 255, 255,
    255, 255, 0, 0, 255,
))
angle = 0
while not hyperion.abort():
    hyperion.imageConicalGradient(width // 2, height // 2, angle, stops)
    hyperion.imageShow()
    angle = (angle + 3) % 360
    time.sleep(1.0 / fps)
