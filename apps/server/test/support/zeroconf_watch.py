"""Watches one DNS-SD type on loopback with Debian's python3-zeroconf: prints "added <name>
<port>" when an instance resolves and "removed <name>" when it is withdrawn (goodbye), until its
standard input closes. Run with /usr/bin/python3 inside a test's network namespace only.

Usage: zeroconf_watch.py <type, e.g. _hyperiond-flatbuf._tcp.local.>
"""
import sys

from zeroconf import IPVersion, ServiceBrowser, ServiceStateChange, Zeroconf

zc = Zeroconf(interfaces=["127.0.0.1"], ip_version=IPVersion.V4Only)


def on_change(zeroconf, service_type, name, state_change):
    if state_change is ServiceStateChange.Added:
        info = zeroconf.get_service_info(service_type, name, timeout=5000)
        print(f"added {name} {info.port if info else 0}", flush=True)
    elif state_change is ServiceStateChange.Removed:
        print(f"removed {name}", flush=True)


browser = ServiceBrowser(zc, sys.argv[1], handlers=[on_change])
sys.stdin.read()
browser.cancel()
zc.close()
