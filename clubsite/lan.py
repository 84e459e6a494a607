"""The laptop's address on the room's network, for ``make run`` (``python -m clubsite.lan``):
the address the players' phones reach the site at, printed in the tables' QR codes."""

import socket


def room_address(port: int = 8000) -> str:
    """``http://<this machine's address on the local network>:<port>``; the loopback address
    when the machine has no network. Nothing is sent: connecting a UDP socket only picks the
    interface a packet would leave by."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # a documentation address, never reached
            host = probe.getsockname()[0]
        except OSError:
            host = "127.0.0.1"
    return f"http://{host}:{port}"


if __name__ == "__main__":
    print(room_address())
