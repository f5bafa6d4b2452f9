"""Morse: blinks a message in International Morse code.

One unit is unit-time milliseconds: a dot is lit for 1 unit, a dash for 3,
with 1 dark unit between the signals of a letter, 3 between letters and 7
between words. After the whole message the strip stays dark for
repeat-pause seconds before starting over. Characters that have no Morse
code are skipped.
"""
import hyperion, time

CODE = {
    'A': '.-', 'B': '-...', 'C': '-.-.', 'D': '-..', 'E': '.', 'F': '..-.',
    'G': '--.', 'H': '....', 'I': '..', 'J': '.---', 'K': '-.-', 'L': '.-..',
    'M': '--', 'N': '-.', 'O': '---', 'P': '.--.', 'Q': '--.-', 'R': '.-.',
    'S': '...', 'T': '-', 'U': '..-', 'V': '...-', 'W': '.--', 'X': '-..-',
    'Y': '-.--', 'Z': '--..',
    '0': '-----', '1': '.----', '2': '..---', '3': '...--', '4': '....-',
    '5': '.....', '6': '-....', '7': '--...', '8': '---..', '9': '----.',
    '.': '.-.-.-', ',': '--..--', '?': '..--..', '!': '-.-.--', '/': '-..-.',
    '-': '-....-', '=': '-...-', '+': '.-.-.', '@': '.--.-.', ':': '---...',
    "'": '.----.', '(': '-.--.', ')': '-.--.-', '&': '.-...', '"': '.-..-.',
}

args = hyperion.args
message = str(args.get('message', 'HELLO GLOWKIT')).upper()
unit = max(40, int(args.get('unit-time', 150))) / 1000.0
color = [int(c) for c in args.get('color', [255, 200, 120])]
background = [int(c) for c in args.get('background-color', [0, 0, 0])]
repeat_pause = max(0.0, float(args.get('repeat-pause', 3.0)))


def timeline(text):
    """List of (lit, units) pairs for the text; dark spans are merged."""
    steps = []

    def add(lit, units):
        if steps and steps[-1][0] == lit:
            steps[-1] = (lit, steps[-1][1] + units)
        else:
            steps.append((lit, units))

    for word in text.split():
        codes = [CODE[ch] for ch in word if ch in CODE]
        for code in codes:
            for signal in code:
                add(True, 1 if signal == '.' else 3)
                add(False, 1)
            add(False, 2)  # letter gap: 1 + 2 = 3 units
        if codes:
            add(False, 4)  # word gap: 3 + 4 = 7 units
    return steps


def wait(seconds):
    """Sleep in short slices so an abort is noticed quickly; False if aborted."""
    remaining = seconds
    while remaining > 0:
        if hyperion.abort():
            return False
        chunk = min(0.1, remaining)
        time.sleep(chunk)
        remaining -= chunk
    return True


steps = [(lit, units * unit) for lit, units in timeline(message)]
steps.append((False, repeat_pause))

hyperion.setColor(*background)
while not hyperion.abort():
    for lit, seconds in steps:
        hyperion.setColor(*(color if lit else background))
        if not wait(seconds):
            break
    if not any(lit for lit, _ in steps):
        wait(1.0)  # nothing to blink: avoid a tight loop
