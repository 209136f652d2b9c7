#!/usr/bin/env python3
"""First frame of `soma play` over SSH: `soma serve` against OpenSSH's sshd running the same game
as its ForceCommand, alternating run by run (issue 35's Done-when).

Both servers listen on 127.0.0.1 (free ports) with state in a fresh temporary folder. Each login
is OpenSSH's own client (`ssh -tt`) on a pseudo-terminal of 100x36, as a player's terminal: the
same client, the same key exchange, the same game, only the server differs. A login's time is
from just before its `ssh` is started to the first appearance of the game's status line
("moves "); while it waits the client answers the terminal's queries as a terminal does (the
background colour, OSC 11; device attributes; the cursor position). N logins are started at once;
when all have their first frame (or 120 s passed) they hang up, and the next run waits until no
game of the binary under test is left. Each server gets its own player per login: a key each
under soma serve, `SOMA_PLAYER` set from the game's process id under sshd.

    python3 Benchmarks/serve-vs-sshd.py --bin .build/release --logins 1,8,32,64 --runs 3

Prints one line per run and, per server and N, p50/p95 over all its runs, with the machine's load
average before each run; and what a login cost when the last first frame came: the game's CPU
(from /proc/PID/schedstat, all its threads; under sshd the shell that execs the game is in it;
each game's too, lowest first),
the server's (soma-server, or sshd's listener and its per-session processes), and the PSS of
the server and its games together (the figures of a shared machine are not final ones). Needs root (sshd
runs as root to take logins; the game runs as root under both, in the temporary folder), sshd,
ssh and ssh-keygen. Not part of `make test`.
"""

import argparse
import fcntl
import os
import selectors
import shutil
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import termios
import time

MARKER = b"moves "
COLUMNS, ROWS = 100, 36
# A terminal's answers to what the game (or ncurses) asks: background colour (OSC 11, black),
# primary and secondary device attributes, the cursor position.
ANSWERS = [
    (b"\x1b]11;?", b"\x1b]11;rgb:0000/0000/0000\x1b\\"),
    (b"\x1b[c", b"\x1b[?62;22c"),
    (b"\x1b[0c", b"\x1b[?62;22c"),
    (b"\x1b[>c", b"\x1b[>41;380;0c"),
    (b"\x1b[6n", b"\x1b[1;1R"),
]
LONGEST_QUERY = max(len(query) for query, _ in ANSWERS)


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_until(check, seconds, what):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(0.05)
    sys.exit(f"serve-vs-sshd: {what} within {seconds} s")


def listening(port):
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1):
            return True
    except OSError:
        return False


def games(binary):
    """Processes now running `BINARY play` (the game under either server)."""
    count = 0
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                argv = f.read().split(b"\0")
        except OSError:
            continue
        if len(argv) >= 2 and argv[0] == binary.encode() and argv[1] == b"play":
            count += 1
    return count


def processes():
    """Every process now: pid -> (parent pid, argv)."""
    table = {}
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/stat", "rb") as f:
                stat = f.read()
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                argv = f.read().split(b"\0")
        except OSError:
            continue
        # The command name may hold spaces and parentheses: the fields after its last ")".
        table[int(pid)] = (int(stat[stat.rindex(b")") + 2:].split()[1]), argv)
    return table


def cpu_ns(pid):
    """Time the process has run on a CPU so far, in nanoseconds (its threads included)."""
    try:
        with open(f"/proc/{pid}/schedstat") as f:
            own = int(f.read().split()[0])
        total = 0
        for thread in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{thread}/schedstat") as f:
                total += int(f.read().split()[0])
        return max(own, total)
    except OSError:
        return 0


def pss_kb(pid):
    try:
        with open(f"/proc/{pid}/smaps_rollup") as f:
            for line in f:
                if line.startswith("Pss:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def snapshot(root, binary):
    """The server `root` and its descendants now: CPU so far (ns) and PSS (kB), the games
    (`BINARY play`) apart from the rest (the server's own processes: sshd's per-session ones,
    soma-server)."""
    table = processes()
    children = {}
    for pid, (parent, _) in table.items():
        children.setdefault(parent, []).append(pid)
    result = {"game_cpu": 0, "game_pss": 0, "games": 0, "game_each": [], "server_cpu": {}, "server_pss": 0}
    stack = [root]
    while stack:
        pid = stack.pop()
        stack.extend(children.get(pid, []))
        argv = table.get(pid, (0, []))[1]
        if len(argv) >= 2 and argv[0] == binary.encode() and argv[1] == b"play":
            result["games"] += 1
            spent = cpu_ns(pid)
            result["game_cpu"] += spent
            result["game_each"].append(spent / 1e6)
            result["game_pss"] += pss_kb(pid)
        else:
            result["server_cpu"][pid] = cpu_ns(pid)
            result["server_pss"] += pss_kb(pid)
    return result


def load():
    with open("/proc/loadavg") as f:
        return f.read().split()[0]


class Servers:
    def __init__(self, folder, binary, keys):
        self.folder, self.binary = folder, binary
        run = lambda *argv: subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        run("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", f"{folder}/host")
        with open(f"{folder}/authorized_keys", "w") as authorized:
            for index in range(keys):
                run("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", f"{folder}/user{index}")
                with open(f"{folder}/user{index}.pub") as public:
                    authorized.write(public.read())

        # soma serve: limits raised so that 64 logins from one address at once are all let in.
        serve_state = f"{folder}/serve"
        os.mkdir(serve_state, 0o700)
        self.soma_port = free_port()
        self.soma = subprocess.Popen(
            [binary, "serve", "--listen", f"127.0.0.1:{self.soma_port}", "--state-dir", serve_state,
             "--max-sessions", "256", "--pending-logins", "256", "--pending-logins-per-address", "256",
             "--sessions-per-address", "256", "--connections-per-minute", "100000"],
            stdout=subprocess.DEVNULL, stderr=open(f"{folder}/serve.log", "w"), start_new_session=True)

        # sshd: the same game as ForceCommand, in a state folder of its own, started as soma serve
        # starts it (its environment, its working directory). HOME is the state folder for the
        # shell too: bash run by sshd reads ~/.bashrc, and root's on this machine (pyenv) took
        # 0.4-0.5 s, which is the machine's, not sshd's.
        sshd_state = f"{folder}/sshd-state"
        os.mkdir(sshd_state, 0o700)
        self.sshd_port = free_port()
        force = (f"cd {sshd_state} && exec env -i PATH=/usr/local/bin:/usr/bin:/bin LANG=C.UTF-8 HOME={sshd_state} "
                 f"XDG_CONFIG_HOME={sshd_state}/config XDG_STATE_HOME={sshd_state}/xdg SOMA_STATE_DIR=. "
                 f"TERM=$TERM SOMA_PLAYER=SHA256:sshd$$ {binary} play")
        with open(f"{folder}/sshd_config", "w") as config:
            config.write(f"""Port {self.sshd_port}
ListenAddress 127.0.0.1
HostKey {folder}/host
PidFile {folder}/sshd.pid
AuthorizedKeysFile {folder}/authorized_keys
AuthenticationMethods publickey
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
StrictModes no
PermitRootLogin prohibit-password
UseDNS no
PrintMotd no
PrintLastLog no
MaxStartups 512
SetEnv HOME={sshd_state}
ForceCommand {force}
""")
        os.makedirs("/run/sshd", exist_ok=True)
        self.sshd = subprocess.Popen(["/usr/sbin/sshd", "-D", "-f", f"{folder}/sshd_config", "-E", f"{folder}/sshd.log"],
                                     start_new_session=True)
        wait_until(lambda: listening(self.soma_port) and listening(self.sshd_port), 30, "the servers did not listen")

    def stop(self):
        for server in (self.soma, self.sshd):
            server.terminate()
        for server in (self.soma, self.sshd):
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()


def login(folder, port, index):
    """Starts one `ssh -tt` on a pseudo-terminal of COLUMNS x ROWS; its master end and process."""
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, 0, 0))
    process = subprocess.Popen(
        ["ssh", "-tt", "-q", "-p", str(port), "-i", f"{folder}/user{index}", "-o", "StrictHostKeyChecking=no",
         "-o", "UserKnownHostsFile=/dev/null", "-o", "BatchMode=yes", "-o", "LogLevel=ERROR",
         "-o", "IdentitiesOnly=yes", "root@127.0.0.1"],
        stdin=slave, stdout=slave, stderr=slave, start_new_session=True, close_fds=True,
        env={**os.environ, "TERM": "xterm-256color"})
    os.close(slave)
    os.set_blocking(master, False)
    return master, process


def run(servers, name, port, count, timeout=120.0):
    """N logins at once; their times to the first frame in ms (None: none came), and what the
    server and its games had spent when the last first frame came (`snapshot`)."""
    root = servers.soma.pid if name == "soma" else servers.sshd.pid
    before = snapshot(root, servers.binary)
    selector = selectors.DefaultSelector()
    logins = []
    for index in range(count):
        started = time.monotonic()
        master, process = login(servers.folder, port, index)
        entry = {"started": started, "master": master, "process": process, "seen": b"", "first": None}
        logins.append(entry)
        selector.register(master, selectors.EVENT_READ, entry)
    deadline = time.monotonic() + timeout
    waiting = count
    while waiting and time.monotonic() < deadline:
        for key, _ in selector.select(timeout=0.5):
            entry = key.data
            try:
                data = os.read(entry["master"], 65536)
            except OSError:
                data = b""
            now = time.monotonic()
            if not data:
                selector.unregister(entry["master"])
                if entry["first"] is None:
                    waiting -= 1
                continue
            window = entry["seen"][-(LONGEST_QUERY + len(MARKER)):] + data
            for query, answer in ANSWERS:
                if query in window:
                    try:
                        os.write(entry["master"], answer)
                    except OSError:
                        pass
            if entry["first"] is None and MARKER in window:
                entry["first"] = now
                waiting -= 1
            entry["seen"] = window
    after = snapshot(root, servers.binary)
    # The server's processes that were there before (the listener) count by what they spent
    # since; the new ones (a session's sshd processes) by all they spent.
    server_cpu = sum(spent - before["server_cpu"].get(pid, 0) for pid, spent in after["server_cpu"].items())
    cost = {"game_cpu_ms": after["game_cpu"] / 1e6, "games": after["games"], "server_cpu_ms": server_cpu / 1e6,
            "pss_mb": (after["game_pss"] + after["server_pss"]) / 1024, "game_each_ms": sorted(after["game_each"])}
    for entry in logins:
        entry["process"].send_signal(signal.SIGHUP)
    for entry in logins:
        try:
            entry["process"].wait(timeout=10)
        except subprocess.TimeoutExpired:
            entry["process"].kill()
            entry["process"].wait()
        os.close(entry["master"])
    selector.close()
    # The next run starts with no game of this one left (both servers hang their games up).
    wait_until(lambda: games(servers.binary) == 0, 60, f"{name}'s games did not end")
    return [None if e["first"] is None else (e["first"] - e["started"]) * 1000 for e in logins], cost


def percentile(values, fraction):
    ordered = sorted(values)
    rank = max(1, -(-int(fraction * 1000) * len(ordered) // 1000))
    return ordered[rank - 1]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin", default=".build/release", help="the folder of soma and soma-server")
    parser.add_argument("--logins", default="1,8,32,64", help="logins at once, comma-separated")
    parser.add_argument("--runs", type=int, default=3, help="runs per server and count, alternating")
    arguments = parser.parse_args()
    binary = os.path.realpath(os.path.join(arguments.bin, "soma"))
    if os.geteuid() != 0:
        sys.exit("serve-vs-sshd: needs root (sshd takes the logins)")
    for tool in ("ssh", "ssh-keygen", "/usr/sbin/sshd"):
        if shutil.which(tool) is None:
            sys.exit(f"serve-vs-sshd: {tool} is not installed")
    if not os.access(binary, os.X_OK) or not os.access(os.path.join(os.path.dirname(binary), "soma-server"), os.X_OK):
        sys.exit(f"serve-vs-sshd: no soma and soma-server in {arguments.bin}")
    counts = [int(word) for word in arguments.logins.split(",")]
    folder = tempfile.mkdtemp(prefix="soma-vs-sshd-")
    os.chmod(folder, 0o700)
    servers = Servers(folder, binary, max(counts))
    results, costs = {}, {}
    try:
        for count in counts:
            for number in range(arguments.runs):
                order = [("soma", servers.soma_port), ("sshd", servers.sshd_port)]
                if number % 2:
                    order.reverse()
                for name, port in order:
                    before = load()
                    times, cost = run(servers, name, port, count)
                    got = [t for t in times if t is not None]
                    results.setdefault((name, count), []).extend(got)
                    costs.setdefault((name, count), []).append(cost)
                    shown = (f"p50 {percentile(got, 0.5):.0f} ms p95 {percentile(got, 0.95):.0f} ms" if got else "no frame")
                    games = max(cost["games"], 1)
                    print(f"{name:4} {count:3} at once, run {number + 1}: {shown} ({len(got)}/{count} framed), "
                          f"CPU per login: game {cost['game_cpu_ms'] / games:.1f} ms, server {cost['server_cpu_ms'] / count:.1f} ms; "
                          f"PSS {cost['pss_mb']:.0f} MB; load {before}", flush=True)
                    # Each game's CPU, lowest first: a mean of 5 ms is not the same burst as a
                    # few games of 12 (issue 35: they were the heap's huge page).
                    each = cost["game_each_ms"]
                    if each:
                        print(f"     each game's CPU (ms): {' '.join(f'{ms:.1f}' for ms in each)}", flush=True)
        print("\nfirst frame, all runs (ms):")
        for count in counts:
            line = [f"{count:3} at once:"]
            for name in ("soma", "sshd"):
                got = results.get((name, count), [])
                line.append(f"{name} p50 {percentile(got, 0.5):.0f} p95 {percentile(got, 0.95):.0f} (n={len(got)})"
                            if got else f"{name} none")
            print("  ".join(line))
        print("\nCPU per login to the first frame (ms; the game's own, and the server's processes'), "
              "PSS at the last first frame (MB), means over the runs:")
        for count in counts:
            line = [f"{count:3} at once:"]
            for name in ("soma", "sshd"):
                runs = costs.get((name, count), [])
                if not runs:
                    continue
                game = sum(c["game_cpu_ms"] / max(c["games"], 1) for c in runs) / len(runs)
                server = sum(c["server_cpu_ms"] / count for c in runs) / len(runs)
                pss = sum(c["pss_mb"] for c in runs) / len(runs)
                line.append(f"{name} game {game:.1f} server {server:.1f} PSS {pss:.0f}")
            print("  ".join(line))
    finally:
        servers.stop()
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
