"""Runs one Glowkit effect script: ``python3 -I -S -u -B glowkit_effect.py [settings]``.

Reads INIT from stdin (PIPE.md), sets up the ``hyperion`` module beside this file, reads the
script, confines itself when given confinement settings (JSON, see glowkit_confine.py), compiles
the script, sends READY on fd 3 and runs the script as ``__main__``. Exit status: 0 when the script
ends (or calls ``sys.exit()`` / ``sys.exit(0)``), 1 when it fails; a failure is sent as one line
(FAILURE) and printed to stderr as a short traceback. Standard library only.
"""

import os
import sys

_HERE = os.path.dirname(os.path.abspath(__file__))
# -I leaves the runner's folder off sys.path: put it first, so that `import hyperion` is ours.
sys.path.insert(0, _HERE)

import hyperion  # noqa: E402

_TRACEBACK_FRAMES = 8
_MAX_REASON = 300


def _die_with_parent():
    # If the server dies without stopping us, the kernel ends us too (Linux only; best effort).
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, 9)  # PR_SET_PDEATHSIG, SIGKILL
    except Exception:
        pass


def _number(text):
    # As Hyperion.ng: a JSON number without a fractional part is a Python int (1.0 -> 1).
    value = float(text)
    return int(value) if value.is_integer() else value


def _location(script, tb):
    """Where the error happened: the last traceback line inside the script, else the last one."""
    line = None
    last = None
    while tb is not None:
        code = tb.tb_frame.f_code
        last = (code.co_filename, tb.tb_lineno)
        if code.co_filename == script:
            line = last
        tb = tb.tb_next
    return line or last


def _reason(error, where):
    text = str(error)
    reason = '%s: %s' % (type(error).__name__, text) if text else type(error).__name__
    reason = ' '.join(reason.split())
    if where is not None and where[1] is not None:
        reason += ' (%s line %d)' % (os.path.basename(where[0]), where[1])
    if len(reason) > _MAX_REASON:
        reason = reason[: _MAX_REASON - 1] + '…'
    return reason


def _traceback(error, tb, reason):
    try:
        # Imported late: should it fail to import, the one-line reason will do.
        import traceback

        if isinstance(error, SyntaxError):
            return ''.join(traceback.format_exception_only(type(error), error))
        return ''.join(
            traceback.format_exception(type(error), error, tb, limit=-_TRACEBACK_FRAMES)
        )
    except Exception:
        return reason + '\n'


def _fail(reason, traceback_text):
    try:
        sys.stderr.write(traceback_text)
        sys.stderr.flush()
    except Exception:
        pass
    try:
        hyperion._send(hyperion._FAILURE, reason.encode('utf-8', 'replace'))
    except Exception:
        pass
    os._exit(1)


def _finish():
    try:
        hyperion._flush()
        sys.stdout.flush()
        sys.stderr.flush()
    except Exception:
        pass
    # os._exit: threads the script left behind must not keep the effect alive.
    os._exit(0)


def _install_exit_builtins():
    # -S skips `site`, which gives scripts exit() and quit(); Hyperion.ng's interpreter has them.
    import builtins

    def leave(code=None):
        raise SystemExit(code)

    for name in ('exit', 'quit'):
        if not hasattr(builtins, name):
            setattr(builtins, name, leave)


def main():
    _die_with_parent()
    settings = sys.argv[1] if len(sys.argv) > 1 else None
    message = hyperion._receive()
    if message is None or message[0] != hyperion._INIT:
        sys.stderr.write('glowkit_effect: expected INIT on stdin\n')
        os._exit(2)
    import json

    init = json.loads(message[1].decode('utf-8'), parse_float=_number)
    hyperion._setup(init)
    script = init['script']
    # The script's folder comes last: helper modules beside it can be imported, but it can never
    # shadow the standard library. Hyperion.ng's effects folder holds a `random.py` effect, and
    # ng (which runs scripts from a string, its folder not on sys.path) gives `import random` the
    # standard module; ahead of the standard library, every script there would import the effect.
    sys.path.append(os.path.dirname(script))
    sys.argv[:] = [script]
    _install_exit_builtins()

    try:
        with open(script, 'rb') as file:
            source = file.read()
    except OSError as error:
        _fail('cannot read %s: %s' % (script, error.strerror or error), '%s\n' % error)
    if settings is not None:
        # After reading the script: it may live where the confined process can no longer read.
        import glowkit_confine

        glowkit_confine.confine(json.loads(settings))
    try:
        code = compile(source, script, 'exec', dont_inherit=True)
    except SyntaxError as error:
        where = (error.filename or script, error.lineno)
        reason = _reason(error.__class__(error.msg), where)
        _fail(reason, _traceback(error, None, reason))
    except (ValueError, TypeError) as error:  # e.g. a null byte in the source
        _fail(_reason(error, (script, None)), '%s\n' % error)

    module = type(sys)('__main__')
    module.__file__ = script
    module.__builtins__ = __builtins__
    module.__loader__ = None
    module.__package__ = None
    module.__spec__ = None
    module.__cached__ = None
    sys.modules['__main__'] = module

    hyperion._send(hyperion._READY)
    try:
        exec(code, module.__dict__)
    except SystemExit as leave:
        # As Hyperion.ng, SystemExit ends the effect, not the host. sys.exit() and sys.exit(0) end
        # it normally; any other code or message is a failure.
        if leave.code is None or leave.code == 0:
            _finish()
        where = _location(script, leave.__traceback__)
        _fail(_reason(leave, where), 'SystemExit: %s\n' % (leave.code,))
    except BaseException as error:
        reason = _reason(error, _location(script, error.__traceback__))
        # Leave out the runner's own frame: the traceback starts in the script.
        tb = error.__traceback__.tb_next if error.__traceback__ is not None else None
        _fail(reason, _traceback(error, tb, reason))
    _finish()


if __name__ == '__main__':
    main()
