"""For bench/discovery.mjs: browses `_hyperiond-json._tcp` on loopback with Debian's
python3-zeroconf, prints "ready" once browsing, then the wall-clock time (ms since the epoch) at
which a first instance resolved (port known), and exits. Inside a network namespace only."""
import sys
import threading
import time

from zeroconf import IPVersion, ServiceBrowser, ServiceStateChange, Zeroconf

done = threading.Event()
zc = Zeroconf(interfaces=["127.0.0.1"], ip_version=IPVersion.V4Only)


def on_change(zeroconf, service_type, name, state_change):
    if state_change is not ServiceStateChange.Added or done.is_set():
        return
    info = zeroconf.get_service_info(service_type, name, timeout=5000)
    if info is not None and info.port:
        print(f"seen {time.time() * 1000:.1f}", flush=True)
        done.set()


browser = ServiceBrowser(zc, "_hyperiond-json._tcp.local.", handlers=[on_change])
print("ready", flush=True)
done.wait(float(sys.argv[1]) if len(sys.argv) > 1 else 30.0)
browser.cancel()
zc.close()
