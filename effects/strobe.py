"""Strobe: flashes the whole strip, optionally following a rhythm.

rhythm is free text read one character per beat (a beat lasts 1/frequency
seconds): 'x', 'X', '*', '#' or '1' is a flash, any other character is a
silent beat. An empty rhythm flashes on every beat. duty-cycle is the share
of a flashing beat during which the light is on.
"""
import hyperion, time

FLASH_CHARACTERS = 'xX*#1'

args = hyperion.args
color = [int(c) for c in args.get('color', [255, 255, 255])]
frequency = min(25.0, max(0.5, float(args.get('frequency', 4.0))))
duty = min(95, max(5, int(args.get('duty-cycle', 30)))) / 100.0
rhythm = str(args.get('rhythm', 'x'))

beat = 1.0 / frequency
beats = [character in FLASH_CHARACTERS for character in rhythm] or [True]

hyperion.setColor(0, 0, 0)
while not hyperion.abort():
    for flash in beats:
        if hyperion.abort():
            break
        if flash:
            hyperion.setColor(*color)
            time.sleep(beat * duty)
            hyperion.setColor(0, 0, 0)
            time.sleep(beat * (1.0 - duty))
        else:
            time.sleep(beat)
