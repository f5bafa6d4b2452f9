"""An independent mDNS client (Debian's python3-zeroconf): browses one DNS-SD type on the
loopback interface and prints, as one JSON line per service found, its instance name, port,
addresses and TXT. Exits after the first `count` services, or after `timeout` seconds with
what it found. Run with /usr/bin/python3 inside a test's network namespace only.

Usage: zeroconf_browse.py <type, e.g. _hyperiond-json._tcp.local.> [count] [timeout]
"""
import json
import sys
import threading

from zeroconf import IPVersion, ServiceBrowser, ServiceStateChange, Zeroconf

service_type = sys.argv[1]
count = int(sys.argv[2]) if len(sys.argv) > 2 else 1
timeout = float(sys.argv[3]) if len(sys.argv) > 3 else 20.0

found = []
done = threading.Event()
zc = Zeroconf(interfaces=["127.0.0.1"], ip_version=IPVersion.V4Only)


def on_change(zeroconf, service_type, name, state_change):
    if state_change is not ServiceStateChange.Added:
        return
    info = zeroconf.get_service_info(service_type, name, timeout=5000)
    if info is None:
        print(json.dumps({"name": name, "resolved": False}), flush=True)
        return
    txt = {k.decode(): (v.decode() if v is not None else None) for k, v in info.properties.items()}
    print(
        json.dumps(
            {
                "name": name,
                "resolved": True,
                "server": info.server,
                "port": info.port,
                "addresses": info.parsed_addresses(),
                "txt": txt,
            }
        ),
        flush=True,
    )
    found.append(name)
    if len(found) >= count:
        done.set()


browser = ServiceBrowser(zc, service_type, handlers=[on_change])
done.wait(timeout)
browser.cancel()
zc.close()
