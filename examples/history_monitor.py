#!/usr/bin/env python3
"""A monitoring consumer of the event history stream that survives restarts: it reads the
stream docs/asyncapi.yaml names (`connectbus.events.history`) from an offset, handles each
event once (prints it as a line), and keeps the offset of the last one it handled in a
checkpoint file, so that started again it resumes right after it: nothing missed, nothing
handled twice.

    python3 examples/history_monitor.py --checkpoint monitor.offset --from first 'payments.order.*'

prints `event <offset> <routing key> <message_id> <body>` per event until interrupted (or,
with --idle-timeout, until nothing arrived for that long; with --max-events, after that
many). The first start reads from --from (`first`, `last`, `next`, an offset, a time such
as `1h`); every later start from the checkpoint. The checkpoint is written (atomically,
write and rename) after each event is handled: at most the event being handled when the
process died is handled again, which a consumer that dedupes by `message_id` ignores.

Environment: MONITOR_AMQP_URL (default amqp://monitor:monitor@127.0.0.1:<CONNECTBUS_AMQP_PORT
or 5672>/). Needs `pika` and PyYAML.
"""
import argparse
import json
import os
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from asyncapi_contract import DEFAULT_DOCUMENT, Contract  # noqa: E402
from platform_service import EventHistory, connection_parameters  # noqa: E402


class Checkpoint:
    """The offset of the last event handled, in a file of its own."""

    def __init__(self, path):
        self.path = pathlib.Path(path)

    def load(self):
        """The stored offset, or None before the first event."""
        try:
            return int(self.path.read_text().strip())
        except FileNotFoundError:
            return None

    def save(self, offset):
        """Stores `offset` so that a crash leaves either the old or the new value."""
        temporary = self.path.with_name(self.path.name + ".tmp")
        with open(temporary, "w") as f:
            f.write(f"{offset}\n")
            f.flush()
            os.fsync(f.fileno())
        os.replace(temporary, self.path)


def start_offset(checkpoint, first):
    """Where to attach: right after the checkpoint, else `first` (an int when it is digits)."""
    last = checkpoint.load()
    if last is not None:
        return last + 1, last
    return (int(first) if str(first).isdigit() else first), None


def monitor(stream_reader, checkpoint, first, patterns, idle_timeout, max_events, out=sys.stdout):
    """Handles the events from the start offset on; returns how many it handled.

    A stream delivers from the chunk that holds the requested offset, so deliveries at or
    before the checkpoint can come first: they are skipped, never handled twice."""
    offset, last = start_offset(checkpoint, first)
    handled = 0
    for position, key, properties, body in stream_reader.events(offset, patterns, timeout=idle_timeout):
        if last is not None and position <= last:
            continue
        print(f"event {position} {key} {properties.message_id or '-'} {json.dumps(body)}", file=out, flush=True)
        checkpoint.save(position)
        last = position
        handled += 1
        if max_events and handled >= max_events:
            break
    return handled


def main(argv):
    port = os.environ.get("CONNECTBUS_AMQP_PORT", "5672")
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("patterns", nargs="*", default=["#"], help="topic patterns of the routing keys to handle")
    parser.add_argument("--checkpoint", required=True, help="file that keeps the last handled offset")
    parser.add_argument("--from", dest="first", default="first", help="where the first start reads from")
    parser.add_argument("--asyncapi", default=str(DEFAULT_DOCUMENT))
    parser.add_argument("--idle-timeout", type=float, default=None,
                        help="stop when nothing arrived for this many seconds (default: run until interrupted)")
    parser.add_argument("--max-events", type=int, default=0, help="stop after handling this many events")
    args = parser.parse_args(argv)
    url = os.environ.get("MONITOR_AMQP_URL", f"amqp://monitor:monitor@127.0.0.1:{port}/")
    reader = EventHistory(connection_parameters(url, "example.history-monitor"),
                          stream=Contract(args.asyncapi).history_stream())
    try:
        handled = monitor(reader, Checkpoint(args.checkpoint), args.first, args.patterns, args.idle_timeout,
                          args.max_events)
    except KeyboardInterrupt:
        handled = None
    finally:
        reader.close()
    print(f"stopped after {handled} events; resume from {Checkpoint(args.checkpoint).load()}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
