"""The rolling upgrade of an upgrade run (`make upgrade-test`): what a deployment does when
it moves from one release to the next one replica at a time, with the load running.

Before the load starts the run has, per service, one replica of the previous release
(`<name>-old`, started first on an empty schema so that it applies its own migrations)
and one of the current tree (`<name>`, started once the old ones are ready, so the new
migrations are applied while the old replicas run and the old code then runs on the
migrated schema). During the load each old replica in turn is stopped as an orchestrator
stops a pod (SIGTERM, its drain awaited) and started again from the current tree's
executable with the same environment and ports. The stripe-sim platform endpoint delivers
to the old notifications replica, so webhooks cross its replacement too (Stripe's retries
bring them in once the new one listens).

`UpgradeSchedule` has the interface of `faults.FaultSchedule` that the run and its checks
use (`faults.entries`, `first_fault_at`, `stop_event`, `kills`, `error`, `is_alive()`,
`join()`), so the ledger's checks are the chaos run's own: the calm window ends at the
first replacement."""
import threading
import time

from faults import FaultLog


class UpgradeSchedule(threading.Thread):
    """Replaces each of `old` — [(process name, current tree's argv)] — in turn, spread
    over the middle of the run (from 25 % to 75 % of `duration`, after `calm` seconds)."""

    def __init__(self, duration, supervisor, old, log, calm=10):
        super().__init__(name="upgrade", daemon=True)
        self.duration = duration
        self.calm = max(0.0, min(calm, duration / 4))
        self.supervisor, self.old, self.log = supervisor, old, log
        self.faults = FaultLog()
        self.stop_event = threading.Event()
        self.first_fault_at = None
        self.error = None
        self.kills = 0
        self.replaced = []                  # (name, drain seconds, returncode)
        self.probe = None

    def run(self):
        t0 = time.time()
        self.first_fault_at = t0 + max(self.calm, 0.25 * self.duration)
        try:
            count = max(1, len(self.old))
            for index, (name, argv) in enumerate(self.old):
                when = t0 + max(self.calm, self.duration * (0.25 + 0.5 * index / max(1, count - 1)))
                if self.stop_event.wait(max(0.0, when - time.time())):
                    break
                start = time.time()
                drained, code = self.supervisor.replace(name, argv)
                self.replaced.append((name, drained, code))
                self.log("upgrade: %s replaced by the current release (old one drained in %.1f s, exit %s)"
                         % (name, drained, code))
                self.faults.add("upgrade", "%s: previous release -> current (exit %s)" % (name, code), start,
                                back_at=time.time())
        except Exception as error:          # reported by the run's "fault schedule ran" check
            self.error = "%s: %s" % (type(error).__name__, error)
