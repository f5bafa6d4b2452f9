"""A device on the network, as python3-zeroconf announces it: registers one DNS-SD service on
the loopback interface (address 127.0.0.1), prints "registered", and keeps it until its
standard input closes. Run with /usr/bin/python3 inside a test's network namespace only.

Usage: zeroconf_register.py <type, e.g. _wled._tcp.local.> <instance name> <port> [key=value…]
"""
import socket
import sys

from zeroconf import IPVersion, ServiceInfo, Zeroconf

service_type, name, port = sys.argv[1], sys.argv[2], int(sys.argv[3])
txt = dict(pair.split("=", 1) for pair in sys.argv[4:])
zc = Zeroconf(interfaces=["127.0.0.1"], ip_version=IPVersion.V4Only)
info = ServiceInfo(
    service_type,
    f"{name}.{service_type}",
    addresses=[socket.inet_aton("127.0.0.1")],
    port=port,
    properties=txt,
    server=f"{name}.local.",
)
zc.register_service(info)
print("registered", flush=True)
sys.stdin.read()
zc.unregister_service(info)
zc.close()
