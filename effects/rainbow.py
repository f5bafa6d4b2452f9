"""Rainbow: a band of hues travels along the strip.

Options: hue-step-time (s per degree of hue), wavelength (LEDs for one full
rainbow), saturation (%), brightness (%), reverse, fps.
"""
import hyperion, time, colorsys

led_count = hyperion.ledCount
step_time = max(0.001, float(hyperion.args.get('hue-step-time', 0.02)))
wavelength = max(1, int(hyperion.args.get('wavelength', 60)))
saturation = min(100, max(0, int(hyperion.args.get('saturation', 100)))) / 100.0
brightness = min(100, max(1, int(hyperion.args.get('brightness', 100)))) / 100.0
reverse = bool(hyperion.args.get('reverse', False))
fps = min(60, max(1, int(hyperion.args.get('fps', 30))))

frame_time = 1.0 / fps
degrees_per_frame = frame_time / step_time  # how far the hue moves each frame
if reverse:
    degrees_per_frame = -degrees_per_frame

offset = 0.0
while not hyperion.abort():
    data = bytearray()
    for i in range(led_count):
        hue = (offset / 360.0 + float(i) / wavelength) % 1.0
        r, g, b = colorsys.hsv_to_rgb(hue, saturation, brightness)
        data += bytearray((int(r * 255), int(g * 255), int(b * 255)))
    hyperion.setColor(data)
    offset = (offset + degrees_per_frame) % 360.0
    time.sleep(frame_time)
