#!/usr/bin/env python3
"""A time-boxed fuzzer of the daemon's D-Bus service (dev.widgethost.WidgetHost1), over a real bus.

    scripts/dbus-fuzz.py [--seconds 60] [--widgethost PATH] [--bundles DIR] [--seed N]
                         [--batch 50] [--call-timeout 10]

Starts a private bus (`dbus-daemon --session`, never the desktop's) and `widgethost run
--dbus session --http off` on it, with a data folder of its own and the sample bundles, then sends
calls until the time is up, in batches:
- every method with arguments of the right signature but random values: groups well formed,
  malformed (`group.a/../b`) or random; keys empty, long or in any script; values of every
  D-Bus type, nested variants, NaN, dates out of range, big strings and arrays;
- every method with a wrong signature, and random bodies;
- unknown members, interfaces and object paths; the standard Peer, Introspectable and
  Properties interfaces with random arguments;
- messages the bus itself must refuse: broken UTF-8 patched in after serialising, a NUL in a
  string, containers nested past the 64 levels a message may hold (the bus drops the sender;
  the fuzzer connects again);
- huge keys and values (up to 60 MiB, rarely), calls that ask for no reply, and connections
  that register as a tap handler (HandleWidgetURLs) and vanish;
- JSON another writer stored (`widgethost defaults write --type json`: nulls, huge numbers,
  nesting deeper than a D-Bus message holds), then read over the bus (--cli-rate).
Every call must be answered within --call-timeout seconds (else: a hang). After each batch the
daemon must still run (else: a crash) and answer Ping within the same time (else: a hang).

Prints the counts: calls, replies, errors by name, connections the bus dropped, calls jeepney
would not serialise, crashes and hangs. Exits 1 on any crash or hang, with the seed and the
last calls to repeat it; 0 otherwise. Needs jeepney (pip install jeepney) and dbus-daemon.
"""

import argparse
import collections
import math
import os
import random
import shutil
import signal
import string
import struct
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from jeepney import DBusAddress, MatchRule, MessageType, new_method_call
from jeepney.bus_messages import message_bus
from jeepney.io.blocking import open_dbus_connection
from jeepney.low_level import HeaderFields, MessageFlag

ROOT = Path(__file__).resolve().parent.parent
BUS_NAME = "dev.widgethost.WidgetHost1"
PATH = "/dev/widgethost/WidgetHost1"
DEFAULTS = BUS_NAME + ".Defaults"
CENTER = BUS_NAME + ".WidgetCenter"
MiB = 1 << 20

METHODS = {  # (interface, member): input signature
    (DEFAULTS, "Get"): "ss",
    (DEFAULTS, "GetAll"): "s",
    (DEFAULTS, "Set"): "sa{sv}",
    (DEFAULTS, "Remove"): "sas",
    (DEFAULTS, "ContainerPath"): "s",
    (CENTER, "ReloadTimelines"): "s",
    (CENTER, "ReloadAllTimelines"): "",
    (CENTER, "GetCurrentConfigurations"): "",
    (CENTER, "RequestPinWidget"): "ss",
    (CENTER, "HandleWidgetURLs"): "as",
}
STANDARD = {
    ("org.freedesktop.DBus.Peer", "Ping"): "",
    ("org.freedesktop.DBus.Peer", "GetMachineId"): "",
    ("org.freedesktop.DBus.Introspectable", "Introspect"): "",
    ("org.freedesktop.DBus.Properties", "Get"): "ss",
    ("org.freedesktop.DBus.Properties", "GetAll"): "s",
    ("org.freedesktop.DBus.Properties", "Set"): "ssv",
}
KINDS = ["CounterWidget", "PillarWidget", "FishGoWidget", "MoviePlannerWidget", "ClockWidget"]
FAMILIES = ["", "systemSmall", "systemMedium", "systemLarge", "systemExtraLarge", "accessoryCircular",
            "accessoryRectangular", "accessoryInline"]
GOOD_GROUPS = ["group.dev.widgethost.counter", "group.bacon.data", "group.jp.netflowers.FishGo",
               "group.fuzz.a", "group.fuzz.b"]
BAD_GROUPS = ["", "group.", "group", "group.a/../b", "group.a/b", "group..a", "../../etc", "group.a.b/..",
              "group.\u00e9t\u00e9.x", "group." + "a" * 300, "GROUP.A.B", " group.a.b", "group.a.b\n",
              "/tmp/x", "group.a.b/../../../../tmp"]
MAX_PINS = 12  # each pinned widget gets a timeline of its own: keep the daemon's work bounded
BASIC = "ybnqiuxtdsog"


class Fuzzer:
    def __init__(self, rng: random.Random):
        self.rng = rng
        self.pins = 0

    # Random values ---------------------------------------------------------------------------

    def text(self, longest=40):
        r = self.rng
        alphabet = r.choice([string.ascii_letters + string.digits + "._-",
                             "a\u00e9\u00df\u4e16\u754c\U0001F389\u200b\u202e",
                             string.printable, "/.\\"])
        return "".join(r.choice(alphabet) for _ in range(r.randint(0, longest)))

    def group(self):
        r = self.rng.random()
        if r < 0.6:
            return self.rng.choice(GOOD_GROUPS)
        if r < 0.85:
            return self.rng.choice(BAD_GROUPS)
        return self.text(60)

    def key(self):
        r = self.rng.random()
        if r < 0.5:
            return self.rng.choice(["count", "color", "k", "pillarsTraversed", "widgetFishingData"])
        if r < 0.9:
            return self.text(30)
        return self.rng.choice(["", "k" * 256, "k" * 257, "\u00e9" * 200, "k" * 5000])

    def signature(self, depth=0):
        """One random complete type."""
        r = self.rng.random()
        if depth > 3 or r < 0.5:
            return self.rng.choice(BASIC)
        if r < 0.65:
            return "v"
        if r < 0.8:
            return "a" + self.signature(depth + 1)
        if r < 0.9:
            return "a{" + self.rng.choice(BASIC) + self.signature(depth + 1) + "}"
        return "(" + "".join(self.signature(depth + 1) for _ in range(self.rng.randint(1, 3))) + ")"

    def value(self, signature, depth=0):
        r = self.rng
        code = signature[0]
        if code == "y":
            return r.randint(0, 255)
        if code == "b":
            return r.random() < 0.5
        if code == "n":
            return r.randint(-2**15, 2**15 - 1)
        if code == "q":
            return r.randint(0, 2**16 - 1)
        if code == "i":
            return r.randint(-2**31, 2**31 - 1)
        if code == "u":
            return r.randint(0, 2**32 - 1)
        if code == "x":
            return r.choice([0, -1, 2**63 - 1, -2**63, r.randint(-2**63, 2**63 - 1)])
        if code == "t":
            return r.choice([0, 2**63 - 1, 2**63, 2**64 - 1, r.randint(0, 2**64 - 1)])
        if code == "d":
            return r.choice([0.0, -0.0, math.nan, math.inf, -math.inf, 1e308, 5e-324, 1.7e9,
                             r.uniform(-1e12, 1e12)])
        if code == "s":
            return self.text()
        if code == "o":
            return "/" + "/".join("".join(r.choice(string.ascii_letters + "_") for _ in range(r.randint(1, 5)))
                                  for _ in range(r.randint(0, 3)))
        if code == "g":
            return "".join(self.signature(2) for _ in range(r.randint(0, 3)))
        if code == "v":
            inner = self.signature(depth + 1) if depth < 3 else r.choice(BASIC)
            return (inner, self.value(inner, depth + 1))
        if signature == "ay":
            return bytes(r.getrandbits(8) for _ in range(r.randint(0, 64)))
        if signature.startswith("a{"):
            key_type, value_type = signature[2], signature[3:-1]
            return {self.value(key_type, depth + 1): self.value(value_type, depth + 1)
                    for _ in range(r.randint(0, 4))}
        if code == "a":
            return [self.value(signature[1:], depth + 1) for _ in range(r.randint(0, 4))]
        if code == "(":
            return tuple(self.value(t, depth + 1) for t in split_types(signature[1:-1]))
        raise AssertionError(signature)

    def store_value(self):
        """A value for Set: mostly of the documented mapping, often not."""
        r = self.rng.random()
        if r < 0.5:
            signature = self.rng.choice(["x", "i", "u", "n", "q", "y", "t", "d", "b", "s", "ay", "(d)",
                                         "av", "as", "ax", "a{sv}", "aav", "a{ss}", "a{iv}", "o", "g",
                                         "(ii)", "(dd)", "(s)"])
        else:
            signature = self.signature()
        return (signature, self.value(signature))

    # Calls -------------------------------------------------------------------------------------

    def call(self):
        """(description, message or raw bytes, expect_reply)."""
        r = self.rng
        roll = r.random()
        if roll < 0.35:
            return self.right_signature()
        if roll < 0.5:
            return self.wrong_signature()
        if roll < 0.6:
            return self.unknown_member()
        if roll < 0.68:
            return self.standard_interface()
        if roll < 0.73:
            return self.huge()
        if roll < 0.78:
            return self.refused_by_the_bus()
        if roll < 0.82:
            return self.deep()
        if roll < 0.85:
            description, message, _ = self.right_signature()
            message.header.flags |= MessageFlag.no_reply_expected
            return ("no reply: " + description, message, False)
        return self.right_signature()

    def right_signature(self):
        r = self.rng
        interface, member = r.choice(list(METHODS))
        if member == "Get":
            body = (self.group(), self.key())
        elif member in ("GetAll", "ContainerPath"):
            body = (self.group(),)
        elif member == "Set":
            body = (self.group(), {self.key(): self.store_value() for _ in range(r.randint(0, 5))})
        elif member == "Remove":
            body = (self.group(), [self.key() for _ in range(r.randint(0, 5))])
        elif member == "ReloadTimelines":
            body = (r.choice(KINDS + ["", "Nope", self.text(20)]),)
        elif member == "RequestPinWidget":
            kind = r.choice(KINDS + ["Nope", ""])
            family = r.choice(FAMILIES + [self.text(12)])
            if kind in KINDS and self.pins >= MAX_PINS:
                kind = "Nope"
            elif kind in KINDS:
                self.pins += 1
            body = (kind, family)
        elif member == "HandleWidgetURLs":
            body = ([r.choice(KINDS + ["Nope", self.text(10)]) for _ in range(r.randint(0, 4))],)
        else:
            body = ()
        signature = METHODS[(interface, member)]
        return (f"{member}{short(body)}", method_call(PATH, interface, member, signature, body), True)

    def wrong_signature(self):
        interface, member = self.rng.choice(list(METHODS))
        right = METHODS[(interface, member)]
        signature = right
        while signature == right:
            signature = "".join(self.signature() for _ in range(self.rng.randint(0, 3)))
        body = tuple(self.value(t) for t in split_types(signature))
        return (f"{member}({signature}){short(body)}", method_call(PATH, interface, member, signature, body), True)

    def unknown_member(self):
        r = self.rng
        interface = r.choice([DEFAULTS, CENTER, BUS_NAME, BUS_NAME + ".Nope", "org.example.X",
                              "org.freedesktop.DBus.ObjectManager"])
        member = r.choice(["Frobnicate", "get", "GET", "SetAll", "Changed", "WidgetURLOpened", "A" * 200,
                           "Get", "Set"])
        path = r.choice([PATH, PATH, "/", "/dev", "/dev/widgethost", PATH + "/child", "/org/freedesktop/DBus"])
        signature = "".join(self.signature() for _ in range(r.randint(0, 2)))
        body = tuple(self.value(t) for t in split_types(signature))
        return (f"{interface}.{member} at {path} ({signature})",
                method_call(path, interface, member, signature, body), True)

    def standard_interface(self):
        r = self.rng
        interface, member = r.choice(list(STANDARD))
        signature = STANDARD[(interface, member)]
        if member in ("Get", "GetAll", "Set") and interface.endswith("Properties"):
            names = [DEFAULTS, CENTER, "", self.text(20)]
            body = {"ss": (r.choice(names), self.text(10)), "s": (r.choice(names),),
                    "ssv": (r.choice(names), self.text(10), self.store_value())}[signature]
        else:
            body = ()
        path = r.choice([PATH, PATH, "/", "/dev", "/dev/widgethost", "/nope"])
        return (f"{interface}.{member} at {path}", method_call(path, interface, member, signature, body), True)

    def huge(self):
        r = self.rng
        size = r.choices([MiB + 1, 2 * MiB, 8 * MiB, 60 * MiB], weights=[50, 30, 15, 5])[0]
        where = r.choice(["key", "string", "data", "array", "group", "kind"])
        if where == "key":
            message = method_call(PATH, DEFAULTS, "Get", "ss", (r.choice(GOOD_GROUPS), "k" * size))
        elif where == "string":
            message = method_call(PATH, DEFAULTS, "Set", "sa{sv}", (r.choice(GOOD_GROUPS), {"big": ("s", "s" * size)}))
        elif where == "data":
            message = method_call(PATH, DEFAULTS, "Set", "sa{sv}", (r.choice(GOOD_GROUPS), {"big": ("ay", b"\x01" * size)}))
        elif where == "array":
            count = size // 16
            message = method_call(PATH, DEFAULTS, "Set", "sa{sv}",
                                  (r.choice(GOOD_GROUPS), {"big": ("ax", list(range(count)))}))
        elif where == "group":
            message = method_call(PATH, DEFAULTS, "GetAll", "s", ("group." + "a" * size,))
        else:
            message = method_call(PATH, CENTER, "ReloadTimelines", "s", ("K" * size,))
        return (f"huge {where} of {size} bytes", message, True)

    def refused_by_the_bus(self):
        """Bytes no bus may pass on: the bus drops the sender."""
        r = self.rng
        kind = r.choice(["utf8", "nul", "signature"])
        marker = "QZQZQZ"
        if kind == "nul":
            message = method_call(PATH, DEFAULTS, "Get", "ss", (r.choice(GOOD_GROUPS), "a\0b"))
            return ("a NUL in a string", message, True)
        message = method_call(PATH, DEFAULTS, "Get", "ss", (r.choice(GOOD_GROUPS), marker))
        data = message.serialise(serial=1)
        if kind == "utf8":
            broken = r.choice([b"\xff\xfe\xfd\xfc\xfb\xfa", b"\xc0\xafQZQZ", b"\xed\xa0\x80QZQ", b"\xf4\x90\x80\x80QZ"])
            return (f"broken UTF-8 {broken!r}", data.replace(marker.encode(), broken), True)
        # A body that does not match the header's signature: a string length past the end.
        body_length = struct.unpack_from("<I", data, 4)[0]
        start = len(data) - body_length
        patched = bytearray(data)
        struct.pack_into("<I", patched, start, 0xFFFFFF)
        return ("a string length past the message's end", bytes(patched), True)

    def deep(self):
        depth = self.rng.choice([29, 30, 31, 32, 40, 200])
        value = ("x", 1)
        for _ in range(depth):
            value = ("av", [value])
        message = method_call(PATH, DEFAULTS, "Set", "sa{sv}", (self.rng.choice(GOOD_GROUPS), {"deep": value}))
        return (f"a list nested {depth} deep", message, True)


def split_types(signature):
    types, index = [], 0
    while index < len(signature):
        end = type_end(signature, index)
        types.append(signature[index:end])
        index = end
    return types


def type_end(signature, index):
    code = signature[index]
    if code == "a":
        return type_end(signature, index + 1)
    if code in "({":
        closing = ")" if code == "(" else "}"
        index += 1
        while signature[index] != closing:
            index = type_end(signature, index)
        return index + 1
    return index + 1


def method_call(path, interface, member, signature, body):
    return new_method_call(DBusAddress(path, bus_name=BUS_NAME, interface=interface), member,
                           signature or None, body)


def short(body, limit=120):
    text = repr(body)
    return text if len(text) <= limit else text[:limit] + f"... ({len(text)} chars)"


# The bus and the daemon -------------------------------------------------------------------------

class Failure(Exception):
    pass


def start_bus():
    process = subprocess.Popen(["dbus-daemon", "--session", "--nofork", "--print-address=1"],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    address = process.stdout.readline().strip()
    if not address:
        process.kill()
        raise Failure("dbus-daemon --session printed no address")
    return process, address


def start_daemon(binary, bundles, data_dir, log_path, start_timeout=60):
    """`widgethost run` on the private bus, ready once its name has an owner (NameOwnerChanged)."""
    watcher = open_dbus_connection("SESSION")
    rule = MatchRule(type="signal", sender="org.freedesktop.DBus", interface="org.freedesktop.DBus",
                     member="NameOwnerChanged", path="/org/freedesktop/DBus")
    rule.add_arg_condition(0, BUS_NAME)
    log = open(log_path, "w")
    command = [str(binary), "run", "--data-dir", str(data_dir), "--http", "off", "--dbus", "session",
               "--open-url-command", "none", "--bundles", str(bundles), "--no-default-bundles"]
    with watcher.filter(rule, bufsize=16) as owners:
        watcher.send_and_get_reply(message_bus.AddMatch(rule), timeout=10)
        process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.monotonic() + start_timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                stop(process)
                raise Failure(f"{BUS_NAME} got no owner within {start_timeout} s; log: {log_path}")
            try:
                message = watcher.recv_until_filtered(owners, timeout=min(1.0, left))
            except TimeoutError:
                if process.poll() is not None:
                    raise Failure(f"the daemon exited ({process.returncode}) before taking its name:\n"
                                  f"{tail(log_path)}") from None
                continue
            if message.body[2]:
                break
    watcher.close()
    return process, command


def stop(process):
    if process.poll() is not None:
        return
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(15)
    except subprocess.TimeoutExpired:
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        process.wait()


def tail(path, count=40):
    try:
        return "\n".join(Path(path).read_text(errors="replace").splitlines()[-count:])
    except OSError:
        return ""


# The run ---------------------------------------------------------------------------------------

class Counts:
    def __init__(self):
        self.calls = 0
        self.replies = 0
        self.no_reply = 0
        self.errors = collections.Counter()
        self.dropped = 0
        self.unsendable = collections.Counter()
        self.crashes = 0
        self.hangs = 0
        self.churned = 0
        self.cli_writes = 0

    def report(self, seconds, seed):
        lines = [f"dbus-fuzz: {self.calls} calls in {seconds:.0f} s (seed {seed})",
                 f"  replies: {self.replies}",
                 f"  sent without waiting (NO_REPLY_EXPECTED): {self.no_reply}",
                 f"  connections the bus dropped (it refused a message): {self.dropped}",
                 f"  handler connections opened and dropped: {self.churned}",
                 f"  JSON written by the CLI, then read over the bus: {self.cli_writes}"]
        if self.unsendable:
            lines.append("  calls jeepney would not serialise: " +
                         ", ".join(f"{name} {n}" for name, n in self.unsendable.most_common()))
        lines.append("  errors:")
        lines += [f"    {name}: {n}" for name, n in sorted(self.errors.items())] or ["    none"]
        lines.append(f"  crashes: {self.crashes}")
        lines.append(f"  hangs: {self.hangs}")
        return "\n".join(lines)


def run(arguments):
    seed = arguments.seed if arguments.seed is not None else int(time.time())
    rng = random.Random(seed)
    fuzzer = Fuzzer(rng)
    counts = Counts()
    recent = collections.deque(maxlen=20)
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 20000))  # jeepney serialises recursively
    work = Path(tempfile.mkdtemp(prefix="dbus-fuzz-"))
    bus, address = start_bus()
    os.environ["DBUS_SESSION_BUS_ADDRESS"] = address
    daemon = None
    failure = None
    started = time.monotonic()
    try:
        daemon, command = start_daemon(arguments.widgethost, arguments.bundles, work / "data", work / "daemon.log")
        print(f"dbus-fuzz: seed {seed}, {arguments.seconds} s, daemon: {' '.join(command)}", flush=True)
        control = open_dbus_connection("SESSION")
        connection = open_dbus_connection("SESSION")
        deadline = started + arguments.seconds
        batch = 0
        while time.monotonic() < deadline and failure is None:
            batch += 1
            for index in range(arguments.batch):
                if fuzzer.rng.random() < 0.02:
                    churn(fuzzer)
                    counts.churned += 1
                if fuzzer.rng.random() < arguments.cli_rate:
                    description, message, expect_reply = other_writer(fuzzer, arguments.widgethost, work / "data")
                    counts.cli_writes += 1
                else:
                    description, message, expect_reply = fuzzer.call()
                recent.append(f"batch {batch} call {index}: {description}")
                counts.calls += 1
                try:
                    outcome = send(connection, message, expect_reply, arguments.call_timeout)
                except TimeoutError:
                    counts.hangs += 1
                    failure = f"no answer within {arguments.call_timeout} s to: {description}"
                    break
                if outcome == "dropped":
                    counts.dropped += 1
                    connection = open_dbus_connection("SESSION")
                elif outcome.startswith("unsendable:"):
                    counts.unsendable[outcome.split(":", 1)[1]] += 1
                    counts.calls -= 1
                elif outcome == "sent":
                    counts.no_reply += 1
                elif outcome == "ok":
                    counts.replies += 1
                else:
                    counts.replies += 1
                    counts.errors[outcome] += 1
            if failure is None:
                failure = check_daemon(daemon, control, arguments.call_timeout, counts)
            if batch % 20 == 0:
                print(f"  ... {counts.calls} calls, {time.monotonic() - started:.0f} s", flush=True)
    finally:
        if daemon is not None:
            stop(daemon)
        bus.terminate()
        bus.wait(10)
    print(counts.report(time.monotonic() - started, seed))
    if failure:
        print(f"\nFAILED: {failure}", file=sys.stderr)
        print("the last calls:\n  " + "\n  ".join(recent), file=sys.stderr)
        print(f"the daemon's log ({work / 'daemon.log'}):\n{tail(work / 'daemon.log')}", file=sys.stderr)
        print(f"repeat with: scripts/dbus-fuzz.py --seed {seed} --seconds {arguments.seconds}"
              f" --batch {arguments.batch} --cli-rate {arguments.cli_rate}", file=sys.stderr)
        return 1
    shutil.rmtree(work, ignore_errors=True)
    return 0


def send(connection, message, expect_reply, timeout):
    """"ok", an error name, "sent" (no reply asked), "dropped" (the bus closed the connection)
    or "unsendable:<why>" (jeepney refused to serialise it). TimeoutError: no answer in time."""
    try:
        if isinstance(message, bytes):
            serial = next(connection.outgoing_serial)
            data = message[:8] + serial.to_bytes(4, "little") + message[12:]
            connection.sock.sendall(data)
            while True:
                reply = connection.receive(timeout=timeout)
                if reply.header.fields.get(HeaderFields.reply_serial) == serial:
                    break
        elif not expect_reply:
            connection.send(message)
            return "sent"
        else:
            reply = connection.send_and_get_reply(message, timeout=timeout)
    except TimeoutError:
        # A message the bus dropped us for never gets an answer: tell that from a hang.
        if not connection_alive(connection):
            return "dropped"
        raise
    except (ConnectionError, BrokenPipeError):
        return "dropped"
    except (ValueError, TypeError, struct.error, UnicodeEncodeError, OverflowError) as error:
        return f"unsendable:{type(error).__name__}"
    if reply.header.message_type == MessageType.error:
        return reply.header.fields.get(HeaderFields.error_name, "?")
    return "ok"


def random_json(rng, depth=0):
    """A JSON text as another writer may store it: nulls, big numbers, deep nesting."""
    roll = rng.random()
    if depth > 6 or roll < 0.4:
        return rng.choice(["null", "true", "1", "-0", "1.5e300", "123456789012345678901234567890", '"s"',
                           '"\\u0000"', '"\\ud800"', "[]", "{}"])
    if roll < 0.7:
        return "[" + ",".join(random_json(rng, depth + 1) for _ in range(rng.randint(0, 3))) + "]"
    return "{" + ",".join(f'"k{i}":{random_json(rng, depth + 1)}' for i in range(rng.randint(0, 3))) + "}"


def other_writer(fuzzer, binary, data_dir):
    """`widgethost defaults write --type json` (as the CLI, the HTTP API or a Swift app may write),
    then the call that reads it back over the bus: JSON with no D-Bus form must not break the
    daemon's replies."""
    rng = fuzzer.rng
    depth = rng.choice([0, 0, 0, 10, 31, 33, 64, 100])
    text = "[" * depth + random_json(rng) + "]" * depth
    group, key = "group.fuzz.cli", f"json{rng.randint(0, 9)}"
    written = subprocess.run([str(binary), "defaults", "write", group, key, "--type", "json", text,
                              "--data-dir", str(data_dir)], capture_output=True, text=True, timeout=60)
    what = f"CLI-written JSON ({'stored' if written.returncode == 0 else 'refused'}) {short(text, 80)}"
    if rng.random() < 0.5:
        return (f"Get of {what}", method_call(PATH, DEFAULTS, "Get", "ss", (group, key)), True)
    return (f"GetAll of {what}", method_call(PATH, DEFAULTS, "GetAll", "s", (group,)), True)


def connection_alive(connection):
    try:
        reply = connection.send_and_get_reply(message_bus.GetId(), timeout=2)
        return reply.header.message_type != MessageType.error
    except (OSError, TimeoutError):
        return False


def churn(fuzzer):
    """A connection registers as the handler of taps on some kinds, then vanishes."""
    connection = open_dbus_connection("SESSION")
    kinds = fuzzer.rng.sample(KINDS, fuzzer.rng.randint(1, 3))
    message = method_call(PATH, CENTER, "HandleWidgetURLs", "as", (kinds,))
    if fuzzer.rng.random() < 0.5:
        connection.send(message)  # gone before the daemon answers
    else:
        connection.send_and_get_reply(message, timeout=10)
    connection.close()


def check_daemon(daemon, control, timeout, counts):
    if daemon.poll() is not None:
        counts.crashes += 1
        return f"the daemon exited with status {daemon.returncode}"
    try:
        reply = control.send_and_get_reply(
            method_call(PATH, "org.freedesktop.DBus.Peer", "Ping", "", ()), timeout=timeout)
    except TimeoutError:
        counts.hangs += 1
        return f"the daemon did not answer Ping within {timeout} s"
    if reply.header.message_type == MessageType.error:
        name = reply.header.fields.get(HeaderFields.error_name)
        counts.crashes += 1
        if daemon.poll() is not None:
            return f"the daemon exited with status {daemon.returncode}"
        if name in ("org.freedesktop.DBus.Error.ServiceUnknown", "org.freedesktop.DBus.Error.NameHasNoOwner"):
            return (f"the daemon still runs but no longer owns {BUS_NAME} ({name}): the bus dropped"
                    " it, or it let its name go")
        return f"Ping answered {name}"
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    default_binary = ROOT / ".build" / "debug" / "widgethost"
    parser.add_argument("--seconds", type=float, default=60, help="how long to fuzz (default 60)")
    parser.add_argument("--widgethost", type=Path, default=Path(os.environ.get("WIDGETHOST", default_binary)),
                        help="the widgethost binary (default: $WIDGETHOST, else .build/debug/widgethost)")
    parser.add_argument("--bundles", type=Path, default=None,
                        help="the folder of bundles the daemon loads (default: the binary's folder)")
    parser.add_argument("--seed", type=int, default=None, help="the random seed (default: the time; printed)")
    parser.add_argument("--batch", type=int, default=50, help="calls between two liveness checks (default 50)")
    parser.add_argument("--call-timeout", type=float, default=10,
                        help="seconds a call may take before it counts as a hang (default 10)")
    parser.add_argument("--cli-rate", type=float, default=0.01,
                        help="the share of calls that first store JSON with `widgethost defaults write`"
                             " and then read it over the bus (default 0.01; 0: none)")
    arguments = parser.parse_args()
    arguments.widgethost = arguments.widgethost.resolve()
    if arguments.bundles is None:
        arguments.bundles = arguments.widgethost.parent
    if not os.access(arguments.widgethost, os.X_OK):
        print(f"dbus-fuzz: no widgethost executable at {arguments.widgethost} (swift build, or --widgethost)",
              file=sys.stderr)
        return 2
    try:
        return run(arguments)
    except Failure as failure:
        print(f"dbus-fuzz: {failure}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
