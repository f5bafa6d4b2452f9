"""Pulse: the whole strip slowly breathes in a single colour.

Options: color, period (s), min-brightness (%), waveform (sine/triangle/sawtooth).
"""
import hyperion, time, math

FRAME_TIME = 0.02  # 50 updates per second keep the fade smooth

color = [int(c) for c in hyperion.args.get('color', [255, 96, 0])]
period = max(0.5, float(hyperion.args.get('period', 4.0)))
floor = min(100, max(0, int(hyperion.args.get('min-brightness', 10)))) / 100.0
waveform = hyperion.args.get('waveform', 'sine')


def envelope(phase):
    """Map a phase in [0, 1) to a level in [0, 1]."""
    if waveform == 'triangle':
        return 1.0 - abs(2.0 * phase - 1.0)
    if waveform == 'sawtooth':
        return phase
    return 0.5 - 0.5 * math.cos(2.0 * math.pi * phase)


phase = 0.0
phase_step = FRAME_TIME / period

while not hyperion.abort():
    level = floor + (1.0 - floor) * envelope(phase)
    hyperion.setColor(*[int(round(c * level)) for c in color])
    phase = (phase + phase_step) % 1.0
    time.sleep(FRAME_TIME)
