"""The baseline of the engine benchmark: a `hyperion` module that throws frames away.

It runs a bundled effect script with no engine behind it (frames go to /dev/null), so that the
benchmark can tell the effects' own CPU from what the engine adds. Set GLOWKIT_NULL_ARGS to the
JSON {"ledCount", "args", "seconds"} before running the script with this folder on PYTHONPATH.
"""
import json, os, time

_config = json.loads(os.environ['GLOWKIT_NULL_ARGS'])
ledCount = _config['ledCount']
args = _config['args']
latchTime = 0
_end = time.monotonic() + _config['seconds']
_null = os.open(os.devnull, os.O_WRONLY)


def abort():
    return time.monotonic() >= _end


def lowestUpdateInterval():
    return 0.005


def setColor(*values):
    if len(values) == 1:
        os.write(_null, bytes(values[0]))
    else:
        os.write(_null, bytes(values) * ledCount)
