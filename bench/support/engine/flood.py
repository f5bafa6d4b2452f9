"""Sends `frames` colour frames of `leds` LEDs as fast as it can, then ends: the bridge benchmark.

Run by the engine, frames go through Glowkit's hyperion module and the pipe; run with the
argument `--null`, the same loop writes the same bytes (with the same 5-byte header) to
/dev/null: the baseline without any bridge.
"""
import os, struct, sys

if len(sys.argv) > 1 and sys.argv[1] == '--null':
    leds, frames = int(sys.argv[2]), int(sys.argv[3])
    fd = os.open(os.devnull, os.O_WRONLY)
    data = bytearray(3 * leds)
    header = struct.pack('<BI', 1, len(data))
    for i in range(frames):
        data[0] = i & 255
        os.write(fd, header + data)
    sys.exit(0)

import hyperion
frames = int(hyperion.args['frames'])
data = bytearray(3 * hyperion.ledCount)
for i in range(frames):
    data[0] = i & 255
    hyperion.setColor(data)
