"""Glowkit's ``hyperion`` module: the Python effect API of Hyperion.ng, for scripts run by Glowkit.

Scripts written for Hyperion.ng run unchanged: the same names, argument forms, return values and
error texts (libsrc/effectengine/EffectModule.cpp). Instead of painting in-process, the module
validates each call and sends it to the engine over the effect pipe (PIPE.md beside this file):
LED colours and pictures as frames, drawing calls as binary operations that the engine replays on
a real canvas. Standard library only.

Where Hyperion.ng has a quirk, Glowkit does what the script's author expects:

- colour channels outside 0-255 are clamped (ng builds an invalid QColor);
- a gradient ``spread`` other than 0, 1 or 2 is 0, pad (ng casts it to an undefined enum value);
- ``imageRadialGradient`` with a focal point uses it (ng ignores it); without one the focus is
  the centre with radius 0;
- ``imageDrawPie`` with a gradient brush draws the pie (ng only sets the brush);
- ``imageCOffset`` with two arguments of the wrong type raises TypeError (ng returns None with
  an exception set, a SystemError);
- ``imageMinSize`` refuses a canvas side over 4096 pixels with RuntimeError (ng allocates it).
"""

import json as _json
import os as _os
import select as _select
import struct as _struct
import time as _time
import _thread

# Set by the runner from INIT before the script starts.
ledCount = 0
latchTime = 0
args = {}

_IN = 0  # engine -> module: INIT, ABORT, REPLY, ERROR
_OUT = 3  # module -> engine: frames, drawing batches, requests

_INIT, _ABORT, _REPLY, _ERROR = 0x81, 0x82, 0x83, 0x84
_COLORS, _IMAGE, _DRAW, _GET_PIXEL, _GET_IMAGE, _READY, _FAILURE = 1, 2, 3, 4, 5, 6, 7

_HEADER = _struct.Struct('<BI')
_IMAGE_HEADER = _struct.Struct('<BIHH')
_U32 = _struct.Struct('<I')
_XY = _struct.Struct('<ii')
_SIZE = _struct.Struct('<HH')

# Drawing operations: op u8, n u8, n f64, m u32, then m bytes (PIPE.md).
_OP_SOLID_FILL = _struct.Struct('<BB8dI')
_OP_LINEAR = _struct.Struct('<BB9dI')
_OP_CONICAL = _struct.Struct('<BB7dI')
_OP_RADIAL = _struct.Struct('<BB11dI')
_OP_LINE = _struct.Struct('<BB9dI')
_OP_POINT = _struct.Struct('<BB7dI')
_OP_RECT = _struct.Struct('<BB9dI')
_OP_POLYGON = _struct.Struct('<BB4dI')
_OP_PIE = _struct.Struct('<BB9dI')
_OP_PIE_GRADIENT = _struct.Struct('<BB5dI')
_OP_SET_PIXEL = _struct.Struct('<BB5dI')
_OP_ONE = _struct.Struct('<BB1dI')
_OP_TWO = _struct.Struct('<BB2dI')
_OP_NONE = _struct.Struct('<BBI')
_NO_NUMBERS = 0

_FLUSH_AT = 64 * 1024
_MAX_SIDE = 4096  # the engine's largest effect canvas (MAX_CANVAS_SIDE in effect-canvas.ts)
_LOWEST_UPDATE_INTERVAL = 1 / 200  # seconds, as Hyperion.ng
_BAD_ARGS = 'Invalid argument count or type.'
_INT_MIN, _INT_MAX = -(2**31), 2**31 - 1
_LONG_MIN, _LONG_MAX = -(2**63), 2**63 - 1

_lock = _thread.RLock()  # one writer at a time, and a reply goes to the thread that asked
_inbuf = bytearray()
_eof = False
_aborted = False
_deadline = None
_poll = None
_ops = bytearray()
_width = 0
_height = 0
_stack = 0
_led_count = 0
_colors_length = 0
_colors_header = b''
_has_image_data = False


# ---------------------------------------------------------------------------------------------
# The pipe


def _write(data):
    view = None
    done = _os.write(_OUT, data)
    # A blocking socket writes everything unless a signal interrupts it; finish the rest then.
    while done < len(data):
        if view is None:
            view = memoryview(data)
        done += _os.write(_OUT, view[done:])


def _send(kind, payload=b''):
    with _lock:
        _write(_HEADER.pack(kind, len(payload)) + payload)


def _read_input():
    """Reads what stdin holds (blocking when it holds nothing). False at end of file."""
    global _eof, _aborted
    data = _os.read(_IN, 65536)
    if not data:
        # The engine is gone: stop like after ABORT.
        _eof = True
        _aborted = True
        return False
    _inbuf.extend(data)
    return True


def _take_message():
    """One complete message from the input buffer, or None."""
    if len(_inbuf) < 5:
        return None
    kind, length = _HEADER.unpack_from(_inbuf, 0)
    end = 5 + length
    if len(_inbuf) < end:
        return None
    payload = bytes(_inbuf[5:end])
    del _inbuf[:end]
    return kind, payload


def _receive():
    """Blocks until the next message; None at end of file."""
    while True:
        message = _take_message()
        if message is not None:
            return message
        if _eof or not _read_input():
            return None


def _drain_input():
    """Takes in what stdin holds after a poll said it is readable (ABORT, or end of file)."""
    global _aborted
    if not _read_input():
        return
    while True:
        message = _take_message()
        if message is None:
            return
        if message[0] == _ABORT:
            _aborted = True


def _request(kind, payload):
    """Sends a request and waits for its REPLY; ERROR raises RuntimeError."""
    global _aborted
    with _lock:
        _flush()
        _write(_HEADER.pack(kind, len(payload)) + payload)
        while True:
            message = _receive()
            if message is None:
                raise RuntimeError('Glowkit ended the effect while it waited for an answer')
            answer, body = message
            if answer == _REPLY:
                return body
            if answer == _ERROR:
                raise RuntimeError(body.decode('utf-8', 'replace'))
            if answer == _ABORT:
                _aborted = True


def _flush():
    """Sends the pending drawing operations as one DRAW message."""
    if _ops:
        with _lock:
            _write(_HEADER.pack(_DRAW, len(_ops)) + _ops)
            del _ops[:]


def _setup(init):
    """Takes the INIT settings (called by the runner before the script runs)."""
    global ledCount, latchTime, args, _led_count, _colors_length, _colors_header
    global _width, _height, _deadline, _poll, _has_image_data
    ledCount = _led_count = int(init['ledCount'])
    latchTime = int(init['latchTime'])
    args = init['args'] if isinstance(init.get('args'), dict) else {}
    _colors_length = 3 * _led_count
    _colors_header = _HEADER.pack(_COLORS, _colors_length)
    _width = max(0, int(init['width']))
    _height = max(0, int(init['height']))
    duration = init.get('durationMs', -1)
    # Like Hyperion.ng: only a negative duration is endless; 0 has expired already.
    _deadline = None if duration is None or duration < 0 else _time.monotonic() + duration / 1000
    _has_image_data = bool(init.get('imageData'))
    _poll = _select.poll()
    _poll.register(_IN, _select.POLLIN)


# ---------------------------------------------------------------------------------------------
# Argument conversion, with the errors of PyArg_ParseTuple


def _index(value):
    if isinstance(value, float):
        raise TypeError("'float' object cannot be interpreted as an integer")
    try:
        value = value.__index__()
    except AttributeError:
        raise TypeError(
            "'%s' object cannot be interpreted as an integer" % type(value).__name__
        ) from None
    if value < _LONG_MIN or value > _LONG_MAX:
        raise OverflowError('Python int too large to convert to C long')
    return value


def _int(value):
    """The "i" format: a C int."""
    if type(value) is not int:
        value = _index(value)
    elif value < _LONG_MIN or value > _LONG_MAX:
        raise OverflowError('Python int too large to convert to C long')
    if value > _INT_MAX:
        raise OverflowError('signed integer is greater than maximum')
    if value < _INT_MIN:
        raise OverflowError('signed integer is less than minimum')
    return value


def _byte(value):
    """The "b" format: an unsigned char."""
    if type(value) is not int:
        value = _index(value)
    elif value < _LONG_MIN or value > _LONG_MAX:
        raise OverflowError('Python int too large to convert to C long')
    if value < 0:
        raise OverflowError('unsigned byte integer is less than minimum')
    if value > 255:
        raise OverflowError('unsigned byte integer is greater than maximum')
    return value


def _ints(values):
    return [_int(v) for v in values]


def _channel(value):
    return 0 if value < 0 else 255 if value > 255 else value


def _clamp(value, low, high):
    return low if value < low else high if value > high else value


def _no_args(name, given):
    if given:
        raise TypeError('%s() takes no arguments (%d given)' % (name, len(given)))


def _queue(packed, data=None):
    _ops.extend(packed)
    if data is not None:
        _ops.extend(data)
    if len(_ops) > _FLUSH_AT:
        _flush()


# ---------------------------------------------------------------------------------------------
# LEDs


def setColor(*arguments):
    """setColor(r, g, b) sets every LED; setColor(bytearray) sets each LED (3·ledCount bytes)."""
    count = len(arguments)
    if count == 1:
        data = arguments[0]
        if not isinstance(data, bytearray):
            raise RuntimeError('Argument is not a bytearray')
        if len(data) != _colors_length:
            raise RuntimeError('Length of bytearray argument should be 3*ledCount')
        with _lock:
            _write(_colors_header + data)
        return None
    if count == 3:
        rgb = bytes((_byte(arguments[0]), _byte(arguments[1]), _byte(arguments[2])))
        with _lock:
            _write(_colors_header + rgb * _led_count)
        return None
    raise RuntimeError('Function expect 1 or 3 arguments')


def setImage(*arguments):
    """setImage(width, height, bytearray): an RGB picture, mapped to the LEDs by the layout."""
    if len(arguments) != 3:
        raise TypeError('function takes exactly 3 arguments (%d given)' % len(arguments))
    width = _int(arguments[0])
    height = _int(arguments[1])
    data = arguments[2]
    if not isinstance(data, bytearray):
        raise RuntimeError('Argument 3 is not a bytearray')
    if len(data) != 3 * width * height:
        raise RuntimeError('Length of bytearray argument should be 3*width*height')
    if width < 1 or height < 1 or width > 0xFFFF or height > 0xFFFF:
        raise RuntimeError('Image width and height should be 1 to 65535 pixels')
    with _lock:
        _write(_IMAGE_HEADER.pack(_IMAGE, 4 + len(data), width, height) + data)
    return None


def abort(*arguments):
    """1 once the effect should end (stopped, its duration is over, or the engine is gone), else 0."""
    global _aborted
    if arguments:
        _no_args('abort', arguments)
    if _aborted:
        return 1
    if _deadline is not None and _time.monotonic() >= _deadline:
        _aborted = True
        return 1
    if _poll.poll(0):
        with _lock:
            _drain_input()
    return 1 if _aborted else 0


def lowestUpdateInterval(*arguments):
    """The shortest sensible pause between frames, in seconds (1/200, as Hyperion.ng)."""
    _no_args('lowestUpdateInterval', arguments)
    return _LOWEST_UPDATE_INTERVAL


def getImage(*arguments):
    """getImage(source[, cropLeft, cropTop, cropRight, cropBottom, grayscale]): the frames of a
    picture as ``[{"imageWidth", "imageHeight", "imageData": bytearray}]``. ``source`` is a path
    or ``:name`` of the effect resources; with embedded image data it may be left out."""
    count = len(arguments)
    if _has_image_data:
        if count > 6:
            raise TypeError('function takes at most 6 arguments (%d given)' % count)
        source = arguments[0] if count > 0 else ''
        if not isinstance(source, str):
            raise TypeError('argument 1 must be str, not %s' % type(source).__name__)
        crop = _ints(arguments[1:5])
    else:
        if count < 1 or count > 6 or not isinstance(arguments[0], str):
            raise TypeError('String required')
        source = arguments[0]
        try:
            crop = _ints(arguments[1:5])
        except (TypeError, OverflowError):
            raise TypeError('String required') from None
    crop += [0] * (4 - len(crop))
    grayscale = bool(arguments[5]) if count > 5 else False
    request = _json.dumps({'source': source, 'crop': crop, 'grayscale': grayscale})
    reply = _request(_GET_IMAGE, request.encode('utf-8'))
    (frames,) = _U32.unpack_from(reply, 0)
    at = 4
    result = []
    for _ in range(frames):
        width, height = _SIZE.unpack_from(reply, at)
        at += 4
        end = at + 3 * width * height
        result.append(
            {'imageWidth': width, 'imageHeight': height, 'imageData': bytearray(reply[at:end])}
        )
        at = end
    return result


# ---------------------------------------------------------------------------------------------
# The canvas


def imageShow(*arguments):
    """imageShow([imageId]): sends the canvas, or a picture saved by imageSave(), to the LEDs."""
    count = len(arguments)
    if count == 0:
        image = -1
    elif count == 1:
        image = _int(arguments[0])
    else:
        raise TypeError(_BAD_ARGS)
    if image > -1 and image >= _stack:
        raise IndexError('Image id out of range.')
    _ops.extend(_OP_ONE.pack(19, 1, image if image >= 0 else -1, 0))
    _flush()
    return None


def imageLinearGradient(*arguments):
    """imageLinearGradient([x, y, w, h,] startX, startY, endX, endY, bytearray, spread)."""
    count = len(arguments)
    if count == 10:
        x, y, w, h, sx, sy, ex, ey = _ints(arguments[:8])
        stops, spread = arguments[8], _int(arguments[9])
    elif count == 6:
        sx, sy, ex, ey = _ints(arguments[:4])
        stops, spread = arguments[4], _int(arguments[5])
        x, y, w, h = 0, 0, _width, _height
    else:
        raise TypeError(_BAD_ARGS)
    if not isinstance(stops, bytearray):
        raise RuntimeError('No bytearray properly defined')
    if len(stops) % 5:
        raise RuntimeError('Length of bytearray argument should multiple of 5')
    spread = spread if 0 <= spread <= 2 else 0
    _queue(_OP_LINEAR.pack(2, 9, x, y, w, h, sx, sy, ex, ey, spread, len(stops)), stops)
    return None


def imageConicalGradient(*arguments):
    """imageConicalGradient([x, y, w, h,] centerX, centerY, angle, bytearray); angle 0..360."""
    count = len(arguments)
    if count == 8:
        x, y, w, h, cx, cy, angle = _ints(arguments[:7])
        stops = arguments[7]
    elif count == 4:
        cx, cy, angle = _ints(arguments[:3])
        stops = arguments[3]
        x, y, w, h = 0, 0, _width, _height
    else:
        raise TypeError(_BAD_ARGS)
    if not isinstance(stops, bytearray):
        raise RuntimeError('Argument 8 is not a bytearray')
    if len(stops) % 5:
        raise RuntimeError('Length of bytearray argument should multiple of 5')
    angle = _clamp(angle, 0, 360)
    _queue(_OP_CONICAL.pack(3, 7, x, y, w, h, cx, cy, angle, len(stops)), stops)
    return None


def imageRadialGradient(*arguments):
    """imageRadialGradient([x, y, w, h,] centerX, centerY, radius, [focalX, focalY,
    focalRadius,] bytearray, spread): 12, 9, 8 or 5 arguments; stops of 4 bytes."""
    count = len(arguments)
    x, y, w, h = 0, 0, _width, _height
    if count == 12:
        x, y, w, h, cx, cy, radius, fx, fy, fr = _ints(arguments[:10])
    elif count == 9:
        x, y, w, h, cx, cy, radius = _ints(arguments[:7])
    elif count == 8:
        cx, cy, radius, fx, fy, fr = _ints(arguments[:6])
    elif count == 5:
        cx, cy, radius = _ints(arguments[:3])
    else:
        raise TypeError(_BAD_ARGS)
    stops, spread = arguments[-2], _int(arguments[-1])
    if count in (9, 5):
        fx, fy, fr = cx, cy, 0
    if not isinstance(stops, bytearray):
        raise RuntimeError('Last argument is not a bytearray')
    if len(stops) % 4:
        raise RuntimeError('Length of bytearray argument should multiple of 4')
    spread = spread if 0 <= spread <= 2 else 0
    _queue(
        _OP_RADIAL.pack(
            4, 11, x, y, w, h, cx, cy, max(radius, 0), fx, fy, max(fr, 0), spread, len(stops)
        ),
        stops,
    )
    return None


def imageSolidFill(*arguments):
    """imageSolidFill([x, y, w, h,] r, g, b[, a])."""
    count = len(arguments)
    if count == 8:
        x, y, w, h, r, g, b, a = _ints(arguments)
    elif count == 7:
        x, y, w, h, r, g, b = _ints(arguments)
        a = 255
    elif count == 4:
        r, g, b, a = _ints(arguments)
        x, y, w, h = 0, 0, _width, _height
    elif count == 3:
        r, g, b = _ints(arguments)
        x, y, w, h, a = 0, 0, _width, _height, 255
    else:
        raise TypeError(_BAD_ARGS)
    _queue(
        _OP_SOLID_FILL.pack(
            1, 8, x, y, w, h, _channel(r), _channel(g), _channel(b), _channel(a), 0
        )
    )
    return None


def _geometry_and_colour(arguments, geometry):
    """The `geometry` leading integers and the colour r, g, b[, a] (alpha 255 when left out):
    the argument form of every outline call."""
    if len(arguments) not in (geometry + 3, geometry + 4):
        raise TypeError(_BAD_ARGS)
    values = _ints(arguments)
    colour = [_channel(v) for v in values[geometry:]]
    if len(colour) == 3:
        colour.append(255)
    return values[:geometry], colour


def imageDrawLine(*arguments):
    """imageDrawLine(x1, y1, x2, y2, thickness, r, g, b[, a])."""
    geometry, colour = _geometry_and_colour(arguments, 5)
    _queue(_OP_LINE.pack(5, 9, *geometry, *colour, 0))
    return None


def imageDrawPoint(*arguments):
    """imageDrawPoint(x, y, thickness, r, g, b[, a])."""
    geometry, colour = _geometry_and_colour(arguments, 3)
    _queue(_OP_POINT.pack(6, 7, *geometry, *colour, 0))
    return None


def imageDrawRect(*arguments):
    """imageDrawRect(x, y, w, h, thickness, r, g, b[, a]): the outline of a rectangle."""
    geometry, colour = _geometry_and_colour(arguments, 5)
    _queue(_OP_RECT.pack(7, 9, *geometry, *colour, 0))
    return None


def imageDrawPolygon(*arguments):
    """imageDrawPolygon(bytearray of x, y pairs, r, g, b[, a]): a filled polygon."""
    count = len(arguments)
    if count == 5:
        r, g, b, a = _ints(arguments[1:])
    elif count == 4:
        r, g, b = _ints(arguments[1:])
        a = 255
    else:
        raise TypeError(_BAD_ARGS)
    points = arguments[0]
    if not isinstance(points, bytearray):
        raise RuntimeError('Argument 1 is not a bytearray')
    if len(points) % 2:
        raise RuntimeError('Length of bytearray argument should multiple of 2')
    _queue(
        _OP_POLYGON.pack(8, 4, _channel(r), _channel(g), _channel(b), _channel(a), len(points)),
        points,
    )
    return None


def imageDrawPie(*arguments):
    """imageDrawPie(cx, cy, radius, startAngle, spanAngle, r, g, b[, a]), or with a conical
    gradient: imageDrawPie(cx, cy, radius, [startAngle, spanAngle,] brushName, bytearray).
    Angles in degrees: start 0..360, span -360..360."""
    count = len(arguments)
    start, span = 0, 360
    if count == 9:
        cx, cy, radius, start, span, r, g, b, a = _ints(arguments)
    elif count == 8:
        cx, cy, radius, start, span, r, g, b = _ints(arguments)
        a = 255
    elif count == 7:
        cx, cy, radius, start, span = _ints(arguments[:5])
        if not isinstance(arguments[5], str):
            raise TypeError('argument 6 must be str, not %s' % type(arguments[5]).__name__)
    elif count == 5:
        cx, cy, radius = _ints(arguments[:3])
        if not isinstance(arguments[3], str):
            raise TypeError('argument 4 must be str, not %s' % type(arguments[3]).__name__)
    else:
        raise TypeError(_BAD_ARGS)
    start = _clamp(start, 0, 360)
    span = _clamp(span, -360, 360)
    if count in (9, 8):
        _queue(
            _OP_PIE.pack(
                9,
                9,
                cx,
                cy,
                radius,
                start,
                span,
                _channel(r),
                _channel(g),
                _channel(b),
                _channel(a),
                0,
            )
        )
        return None
    stops = arguments[-1]
    if not isinstance(stops, bytearray):
        raise RuntimeError('Last argument is not a bytearray')
    if len(stops) % 5:
        raise RuntimeError('Length of bytearray argument should multiple of 5')
    _queue(_OP_PIE_GRADIENT.pack(10, 5, cx, cy, radius, start, span, len(stops)), stops)
    return None


def imageSetPixel(*arguments):
    """imageSetPixel(x, y, r, g, b)."""
    if len(arguments) != 5:
        raise TypeError(_BAD_ARGS)
    x, y, r, g, b = _ints(arguments)
    _queue(_OP_SET_PIXEL.pack(11, 5, x, y, _channel(r), _channel(g), _channel(b), 0))
    return None


def imageGetPixel(*arguments):
    """imageGetPixel(x, y): the canvas colour there, as (r, g, b)."""
    if len(arguments) != 2:
        raise TypeError(_BAD_ARGS)
    x, y = _ints(arguments)
    reply = _request(_GET_PIXEL, _XY.pack(x, y))
    return (reply[0], reply[1], reply[2])


def imageSave(*arguments):
    """Pushes a copy of the canvas on the image stack; returns its index for imageShow()."""
    global _stack
    _no_args('imageSave', arguments)
    _queue(_OP_NONE.pack(16, _NO_NUMBERS, 0))
    _stack += 1
    return _stack - 1


def imageStackClear(*arguments):
    """Forgets every picture saved by imageSave()."""
    global _stack
    _no_args('imageStackClear', arguments)
    _queue(_OP_NONE.pack(17, _NO_NUMBERS, 0))
    _stack = 0
    return None


def _expanded_size(width, height, min_width, min_height):
    # QImage::scaled(max(w, minW), max(h, minH), Qt::KeepAspectRatioByExpanding): the smallest
    # size with the canvas's aspect ratio covering the target, in integer arithmetic as Qt.
    if width == 0 or height == 0:
        return max(min_width, 1), max(min_height, 1)
    by_height = min_height * width // height
    if by_height >= min_width:
        return max(by_height, 1), max(min_height, 1)
    return max(min_width, 1), max(min_width * height // width, 1)


def imageMinSize(*arguments):
    """imageMinSize(width, height): enlarges the canvas to cover that size, keeping its aspect
    ratio (the drawing is scaled with it); returns the new (width, height)."""
    global _width, _height
    if len(arguments) != 2:
        raise TypeError(_BAD_ARGS)
    w, h = _ints(arguments)
    if _width < w or _height < h:
        size = _expanded_size(_width, _height, max(_width, w), max(_height, h))
        if size[0] > _MAX_SIDE or size[1] > _MAX_SIDE:
            raise RuntimeError(
                'imageMinSize(%d, %d) needs a %d×%d canvas, more than the largest, %d×%d; '
                'ask for a smaller size' % (w, h, size[0], size[1], _MAX_SIDE, _MAX_SIDE)
            )
        if size != (_width, _height):
            _width, _height = size
            _queue(_OP_TWO.pack(18, 2, _width, _height, 0))
    return (_width, _height)


def imageWidth(*arguments):
    """The canvas width in pixels."""
    _no_args('imageWidth', arguments)
    return _width


def imageHeight(*arguments):
    """The canvas height in pixels."""
    _no_args('imageHeight', arguments)
    return _height


def imageCRotate(*arguments):
    """imageCRotate(angle): rotates the canvas coordinates by 0..360 degrees."""
    if len(arguments) != 1:
        raise TypeError(_BAD_ARGS)
    angle = _clamp(_int(arguments[0]), 0, 360)
    _queue(_OP_ONE.pack(12, 1, angle, 0))
    return None


def imageCOffset(*arguments):
    """imageCOffset(dx, dy): moves the canvas coordinates' origin (any other count: no move)."""
    if len(arguments) != 2:
        return None
    dx, dy = _ints(arguments)
    _queue(_OP_TWO.pack(13, 2, dx, dy, 0))
    return None


def imageCShear(*arguments):
    """imageCShear(sh, sv): shears the canvas coordinates."""
    if len(arguments) != 2:
        raise TypeError(_BAD_ARGS)
    sh, sv = _ints(arguments)
    _queue(_OP_TWO.pack(14, 2, sh, sv, 0))
    return None


def imageResetT(*arguments):
    """Resets rotation, offset and shear."""
    _no_args('imageResetT', arguments)
    _queue(_OP_NONE.pack(15, _NO_NUMBERS, 0))
    return None
