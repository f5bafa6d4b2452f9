"""Confines an effect before its script runs (called by the runner, glowkit_effect.py).

``confine(settings)`` is called once the runner has read INIT and the script's source, and
returns in the process that runs the script. Linux only; standard library and ctypes only.

What it sets up, each where the kernel and the server's privileges allow it:

- new PID, mount and network namespaces. The process the server started stays outside as a
  supervisor and forks the script's process, which is PID 1 of the new namespace: whatever the
  script starts (``setsid``, double fork) lives in that namespace, and the kernel kills all of it
  when PID 1 ends. The supervisor waits and ends with the script's status;
- a fresh ``/proc`` for that namespace, so no process of the server is visible, and an empty
  tmpfs over each hidden path (the server's data directory);
- no network (only a loopback that is down) unless the definition asks for ``"network": true``;
- rlimits: address space, open files, processes, no core files;
- where the server has no cgroup for a CPU cap, the supervisor throttles the whole namespace:
  stopped (SIGSTOP through pidfds) whenever it has used more than its share of a core;
- who it runs as: a server running as root drops the script to an unprivileged user (``nobody``
  by default); otherwise the namespaces come from a user namespace of the server's own uid, and
  the script gives up every capability in it;
- PR_SET_PDEATHSIG and PR_SET_NO_NEW_PRIVS.

What could not be had is said in one line on stderr (the engine logs it); the effect still runs.
"""

import ctypes
import os
import sys

CLONE_NEWNS = 0x00020000
CLONE_NEWIPC = 0x08000000
CLONE_NEWUSER = 0x10000000
CLONE_NEWPID = 0x20000000
CLONE_NEWNET = 0x40000000
MS_NOSUID = 2
MS_NODEV = 4
MS_NOEXEC = 8
MS_REC = 16384
MS_PRIVATE = 1 << 18
PR_SET_PDEATHSIG = 1
SIGKILL = 9
PR_SET_NO_NEW_PRIVS = 38
_LINUX_CAPABILITY_VERSION_3 = 0x20080522

_libc = None


def _c():
    global _libc
    if _libc is None:
        _libc = ctypes.CDLL(None, use_errno=True)
    return _libc


def _check(result, what):
    if result != 0:
        errno = ctypes.get_errno()
        raise OSError(errno, '%s: %s' % (what, os.strerror(errno)))


def _mount(source, target, fstype, flags, data=None):
    _check(
        _c().mount(
            source.encode(),
            target.encode(),
            fstype.encode() if fstype else None,
            ctypes.c_ulong(flags),
            data.encode() if data else None,
        ),
        'mount %s' % target,
    )


def _write_file(path, text):
    with open(path, 'w') as file:
        file.write(text)


def _drop_capabilities():
    class Header(ctypes.Structure):
        _fields_ = [('version', ctypes.c_uint32), ('pid', ctypes.c_int)]

    class Data(ctypes.Structure):
        _fields_ = [
            ('effective', ctypes.c_uint32),
            ('permitted', ctypes.c_uint32),
            ('inheritable', ctypes.c_uint32),
        ]

    header = Header(_LINUX_CAPABILITY_VERSION_3, 0)
    data = (Data * 2)()
    _check(_c().capset(ctypes.byref(header), ctypes.byref(data)), 'capset')


def _unshare(flags):
    return _c().unshare(ctypes.c_int(flags)) == 0


def _set_rlimits(limits, missing):
    import resource

    wanted = [
        (resource.RLIMIT_AS, limits.get('addressSpace')),
        (resource.RLIMIT_NOFILE, limits.get('openFiles')),
        (resource.RLIMIT_NPROC, limits.get('processes')),
        (resource.RLIMIT_CORE, 0),
    ]
    for which, value in wanted:
        if value is None:
            continue
        try:
            soft, hard = resource.getrlimit(which)
            value = int(value)
            if hard != resource.RLIM_INFINITY:
                value = min(value, hard)
            resource.setrlimit(which, (value, value))
        except (OSError, ValueError) as error:
            missing.append('rlimit %d (%s)' % (which, error))


def _readable_by(path, uid, gid):
    """Whether a user could list `path`: every folder on the way searchable, the last readable."""
    import stat

    path = os.path.abspath(path)
    parts = path.split(os.sep)
    for depth in range(1, len(parts) + 1):
        folder = os.sep + os.path.join(*parts[1:depth]) if depth > 1 else os.sep
        info = os.stat(folder)
        if info.st_uid == uid:
            shift = 6
        elif info.st_gid == gid:
            shift = 3
        else:
            shift = 0
        need = stat.S_IXOTH | (stat.S_IROTH if depth == len(parts) else 0)
        if (info.st_mode >> shift) & need != need:
            return False
    return True


def _become(user, missing):
    """Root only: the script runs as `user` (name or uid), with that user's primary group."""
    import pwd

    try:
        entry = pwd.getpwuid(int(user)) if str(user).isdigit() else pwd.getpwnam(user)
    except (KeyError, ValueError):
        missing.append('user %s (no such user; the script runs as root)' % user)
        return
    # The standard library and the runner: what every script needs (the script's own folder may
    # be private; its source has been read already).
    for path in (os.path.dirname(os.__file__), os.path.dirname(os.path.abspath(__file__))):
        if not _readable_by(path, entry.pw_uid, entry.pw_gid):
            missing.append(
                'unprivileged user: %s cannot read %s, where Python finds its modules; '
                'set the engine\'s python option to an interpreter all users can read '
                '(e.g. /usr/bin/python3)' % (entry.pw_name, path)
            )
            return
    os.setgroups([])
    os.setresgid(entry.pw_gid, entry.pw_gid, entry.pw_gid)
    os.setresuid(entry.pw_uid, entry.pw_uid, entry.pw_uid)


def _enter_namespaces(network, missing):
    """Unshares what it can; returns (flags it got, whether through a user namespace)."""
    base = CLONE_NEWPID | CLONE_NEWNS | CLONE_NEWIPC
    if not network:
        base |= CLONE_NEWNET
    if os.geteuid() == 0 and _unshare(base):
        return base, False
    uid, gid = os.geteuid(), os.getegid()
    if _unshare(CLONE_NEWUSER | base):
        try:
            _write_file('/proc/self/setgroups', 'deny')
            _write_file('/proc/self/uid_map', '%d %d 1' % (uid, uid))
            _write_file('/proc/self/gid_map', '%d %d 1' % (gid, gid))
        except OSError as error:
            missing.append('user namespace id maps (%s)' % error.strerror)
        return base, True
    # No namespaces at all (no user namespaces for unprivileged users, or a seccomp filter):
    # the script runs in the server's namespaces, with the rest of the limits.
    missing.append(
        'namespaces (%s): the script can see the server process, '
        'its children may outlive it, and it has the network' % os.strerror(ctypes.get_errno())
    )
    return 0, False


SIGSTOP = 19
SIGCONT = 18
_PIDFD_SEND_SIGNAL = 424  # the same number on every architecture (Linux 5.1)
_THROTTLE_TICK_S = 0.1
# While a script runs faster than its share it runs in short slices between stops: with one
# 0.1 s tick, a script spinning on two cores used 0.2 s, more than a 0.3 s stop could pay back.
_THROTTLE_SLICE_S = 0.02
# How much unused CPU time an idle script may save up for a burst, in seconds of its share.
_THROTTLE_CREDIT_S = 0.2
# The longest a script is held stopped at once: well within the engine's abort grace.
_THROTTLE_MAX_STOP_S = 0.3


def _namespace_ticks():
    """CPU ticks used by every process of the namespace, the ones they reaped included."""
    total = 0
    for name in os.listdir('/proc'):
        if not name.isdigit():
            continue
        try:
            with open('/proc/%s/stat' % name, 'rb') as file:
                fields = file.read().rsplit(b') ', 1)[1].split()
            total += sum(int(fields[i]) for i in (11, 12, 13, 14))
        except (OSError, IndexError, ValueError):
            pass  # ended meanwhile
    return total


def _signal_namespace(sig):
    """Signals every process of the namespace, through pidfds: their ids are not ours."""
    for name in os.listdir('/proc'):
        if not name.isdigit():
            continue
        try:
            fd = os.open('/proc/' + name, os.O_RDONLY | os.O_DIRECTORY)
        except OSError:
            continue
        try:
            _c().syscall(_PIDFD_SEND_SIGNAL, fd, sig, None, 0)
        finally:
            os.close(fd)


def _wait_throttled(child, share):
    """Waits for the script, holding the whole namespace to `share` of a core: when it has used
    more than its share, every process in it is stopped until the share has caught up."""
    import time

    hz = os.sysconf('SC_CLK_TCK')
    # The namespace's /proc (mounted by the script's process) is the one where the supervisor,
    # outside it, has no /proc/self; until then /proc is the server's: touch nothing there.
    deadline = time.monotonic() + 5
    while os.path.exists('/proc/self'):
        done, status = os.waitpid(child, os.WNOHANG)
        if done:
            return status
        if time.monotonic() > deadline:
            return os.waitpid(child, 0)[1]
        time.sleep(0.005)
    balance = 0.0
    throttled = False
    last_ticks = _namespace_ticks()
    last = time.monotonic()
    while True:
        done, status = os.waitpid(child, os.WNOHANG)
        if done:
            return status
        time.sleep(_THROTTLE_SLICE_S if throttled else _THROTTLE_TICK_S)
        now, ticks = time.monotonic(), _namespace_ticks()
        used = max(0, ticks - last_ticks) / hz
        balance += share * (now - last) - used
        balance = min(balance, share * _THROTTLE_CREDIT_S)
        throttled = used > share * (now - last)
        last, last_ticks = now, ticks
        if balance < 0:
            pause = min(-balance / share, _THROTTLE_MAX_STOP_S)
            _signal_namespace(SIGSTOP)
            try:
                time.sleep(pause)
            finally:
                _signal_namespace(SIGCONT)
            now = time.monotonic()
            balance += share * (now - last)
            last, last_ticks = now, _namespace_ticks()


def _supervise(child, alive_write, share):
    """The process the server started: waits for the script and ends as it did.

    `alive_write` stays open for as long as it lives: the script's process reads end of file
    from the other end once it is gone."""
    for fd in (0, 3):
        try:
            os.close(fd)
        except OSError:
            pass
    if share is not None:
        status = _wait_throttled(child, share)
    else:
        while True:
            try:
                _, status = os.waitpid(child, 0)
                break
            except ChildProcessError:
                os._exit(1)
            except InterruptedError:
                continue
    if os.WIFSIGNALED(status):
        import signal  # only here: importing it costs the start of every effect

        sig = os.WTERMSIG(status)
        signal.signal(sig, signal.SIG_DFL)
        os.kill(os.getpid(), sig)
    os._exit(os.waitstatus_to_exitcode(status) if os.WIFEXITED(status) else 1)


def confine(settings):
    """Confines this process; returns in the process that is to run the script.

    settings: {"network": bool, "user": name or uid (used when root), "hide": [paths],
    "limits": {"addressSpace", "openFiles", "processes"} (each a number or null),
    "cpuShare": the part of a core to throttle the namespace to, when the server has no cgroup
    for it (else null), "missing": what the server could not set up, for the notice}.
    """
    missing = list(settings.get('missing') or [])
    network = bool(settings.get('network'))
    flags, in_user_ns = _enter_namespaces(network, missing)
    # Set when the server has no cgroup for a CPU cap: the supervisor throttles instead.
    share = settings.get('cpuShare')
    if share is not None and not flags:
        missing.append('CPU cap (no cgroup, and no namespace to throttle as one)')
    if flags:
        # The script's own process: PID 1 of the new namespace. A pipe tells it when the
        # supervisor is gone, should that happen before its death signal is set.
        alive_read, alive_write = os.pipe()
        child = os.fork()
        if child != 0:
            os.close(alive_read)
            _supervise(child, alive_write, share)
        os.close(alive_write)
        try:
            # Mounts stay in this namespace, never propagate back to the server's.
            _mount('none', '/', None, MS_REC | MS_PRIVATE)
            _mount('proc', '/proc', 'proc', MS_NOSUID | MS_NODEV | MS_NOEXEC)
        except OSError as error:
            missing.append('private /proc (%s): the script can read the server process' % error)
        # The cgroup tree too: a script of an unprivileged server (same uid) could otherwise
        # raise its own CPU cap in a delegated cgroup.
        for path in list(settings.get('hide') or []) + ['/sys/fs/cgroup']:
            if not os.path.isdir(path):
                continue  # nothing there to hide
            try:
                _mount('tmpfs', path, 'tmpfs', MS_NOSUID | MS_NODEV | MS_NOEXEC, 'size=4k,mode=0')
            except OSError as error:
                missing.append('hiding %s (%s)' % (path, error))
    _set_rlimits(settings.get('limits') or {}, missing)
    if not flags and not network:
        missing.append('network namespace: the script has the network')
    if os.geteuid() == 0 and not in_user_ns:
        _become(settings.get('user') or 'nobody', missing)
    elif in_user_ns:
        try:
            _drop_capabilities()
        except OSError as error:
            missing.append('dropping capabilities (%s)' % error)
    _c().prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0)
    # Set after the uid change, which clears it.
    _c().prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0)
    if flags:
        os.set_blocking(alive_read, False)
        try:
            if os.read(alive_read, 1) == b'':
                os._exit(1)  # the supervisor is gone already
        except BlockingIOError:
            pass
        os.close(alive_read)
    if missing:
        sys.stderr.write('glowkit: effect confinement incomplete: no %s\n' % '; no '.join(missing))
        sys.stderr.flush()
