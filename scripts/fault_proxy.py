"""A TCP proxy in front of a shared server (PostgreSQL, Redis), which its owner switches to
refuse connections or to hang, without touching the server itself: the fault tests (each
starts its own) and bench/soak.py (its --postgres-hang and --redis-outage) use it. Standard
library only, so that both can import it.

"refuse": the listening port is closed (a connection is refused) and open connections
are cut. "hang": connections are accepted and nothing is passed on, either way, on new or
open connections: a server that stopped answering. "forward": passed on again.
Given several target ports, it passes each connection to the next in turn, as a load
balancer in front of several web hosts would.
`held` counts the clients left waiting while it hangs (a connection accepted, or a message
received): how many times the site waited on a server that did not answer.
"""

import contextlib
import itertools
import random
import socket
import threading
import time

FORWARD, REFUSE, HANG = "forward", "refuse", "hang"
# Below Linux's ephemeral range (32768-60999), from which outgoing connections take their
# local ports: a port of that range, freed while the proxy refuses, can be taken by any
# client connection on the machine before the proxy listens on it again.
PORTS = range(20000, 32768)


def port_outside_ephemeral_range():
    """A free port that no outgoing connection will take while the proxy refuses."""
    for port in random.sample(PORTS, 200):
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise RuntimeError("no free port below the ephemeral range")


class FaultProxy:
    def __init__(self, target_port, target_host="127.0.0.1", port=None, more_ports=()):
        self.targets = itertools.cycle([(target_host, p) for p in (target_port, *more_ports)])
        self.mode = FORWARD
        self.lock = threading.Lock()
        self.sockets = []
        self.listener = None
        self.held = 0
        self.port = port or port_outside_ephemeral_range()
        self._listen()

    def _listen(self):
        self.listener = socket.create_server(("127.0.0.1", self.port))
        self.listener.settimeout(0.05)
        threading.Thread(target=self._accept, args=(self.listener,), daemon=True).start()

    def _accept(self, listener):
        while listener is self.listener:
            try:
                client, _address = listener.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            client.settimeout(None)
            self._keep(client)
            if self.mode == HANG:
                self._count_held()
                continue  # held open, never answered
            try:
                with self.lock:
                    target = next(self.targets)
                upstream = socket.create_connection(target)
            except OSError:
                client.close()
                continue
            self._keep(upstream)
            for source, destination in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pump, args=(source, destination), daemon=True).start()

    def _count_held(self):
        with self.lock:
            self.held += 1

    def _keep(self, sock):
        with self.lock:
            self.sockets.append(sock)

    def _pump(self, source, destination):
        try:
            while data := source.recv(65536):
                if self.mode == HANG:
                    self._count_held()
                while self.mode == HANG:
                    time.sleep(0.02)
                destination.sendall(data)
        except OSError:
            pass
        for sock in (source, destination):
            self._cut(sock)

    @staticmethod
    def _cut(sock):
        with contextlib.suppress(OSError):
            sock.shutdown(socket.SHUT_RDWR)
        sock.close()

    def _cut_all(self):
        with self.lock:
            sockets, self.sockets = self.sockets, []
        for sock in sockets:
            self._cut(sock)

    def refuse(self):
        self.mode = REFUSE
        listener, self.listener = self.listener, None
        if listener is not None:
            listener.close()
        self._cut_all()

    def hang(self):
        self.mode = HANG
        if self.listener is None:
            self._listen()

    def forward(self):
        if self.mode == HANG:
            self._cut_all()  # what was held is dropped, as a restarted server would
        self.mode = FORWARD
        if self.listener is None:
            self._listen()

    def close(self):
        self.refuse()
