"""The fault schedule of a chaos run: what happens when, spread over the run's length.
Each fault is logged with its start, end and (for server restarts) the recovery time:
from the moment the server is back until the platform receives the first reply to a
command published after that moment. The run opens with a calm window (`calm` seconds of
load and no fault, ended by `first_fault_at`), in which no message may be published twice."""
import random
import subprocess
import threading
import time


class FaultLog:
    def __init__(self):
        self.entries = []     # dicts: kind, detail, start, end, recovery (seconds or None)
        self.lock = threading.Lock()

    def add(self, kind, detail, start, end=None, back_at=None):
        with self.lock:
            entry = {"kind": kind, "detail": detail, "start": start, "end": end or time.time(), "back_at": back_at,
                     "recovery": None}
            self.entries.append(entry)
            return entry


class FaultSchedule(threading.Thread):
    """Runs the faults for `duration` seconds from `start`, none in the first `calm` seconds
    (the plan keeps its places; a step planned earlier waits for the calm's end).
    `servers` restarts RabbitMQ and PostgreSQL (Tests/chaos/servers.sh); `sim` is the
    simulator's control plane."""

    SERVICES = ["onboarding", "payments", "terminal", "notifications"]

    def __init__(self, duration, kill_every, supervisor, sim, servers, log, rng, heartbeat, cluster=None, calm=0):
        super().__init__(name="faults", daemon=True)
        self.calm = max(0.0, min(calm, duration / 2))
        self.duration, self.kill_every = duration, kill_every
        self.first_fault_at = None     # end of the calm window (no fault starts before it)
        self.supervisor, self.sim, self.servers, self.log, self.rng = supervisor, sim, servers, log, rng
        self.heartbeat = heartbeat
        self.cluster = cluster
        self.faults = FaultLog()
        self.stop_event = threading.Event()
        self.error = None
        self.kills = 0

    def at(self, share):
        return self.t0 + share * self.duration

    def plan(self):
        """(share of the run, least seconds after the previous step, step)."""
        return [
            (0.10, 0, self.pause_worker),
            (0.20, 3, self.broker_restart),
            (0.38, 3, self.sim_faults_on),
            (0.42, 2, self.webhook_chaos_on),
            (0.55, 8, self.sim_faults_off),
            (0.58, 2, self.webhook_chaos_off),
            (0.62, 3, self.postgres_restart),
            (0.78, 3, self.endpoint_outage),
        ]

    def killer(self):
        """kill -9 of a random service every few seconds, for the whole run."""
        while not self.stop_event.wait(self.kill_every * self.rng.uniform(0.6, 1.4)):
            if time.time() >= self.t0 + self.duration:
                return
            self.kill_random()

    def run(self):
        self.t0 = time.time()
        self.first_fault_at = self.t0 + self.calm
        self.stop_event.wait(self.calm)
        killer = threading.Thread(target=self.killer, name="killer", daemon=True)
        killer.start()
        last = self.t0
        try:
            # Every step runs even when the run is short or a restart took long (all
            # fault kinds, always), each at least its gap after the previous one.
            for share, gap, step in self.plan():
                when = max(self.at(share), last + gap, self.first_fault_at)
                while time.time() < when and not self.stop_event.is_set():
                    self.stop_event.wait(0.2)
                step()
                last = time.time()
        except Exception as error:     # reported as a violation by the run
            self.error = "%s: %s" % (type(error).__name__, error)
            self.log("faults: %s" % self.error)
        finally:
            killer.join(5)
            try:
                self.sim.control("DELETE", "faults")
                self.sim.control("DELETE", "webhooks/chaos")
                self.sim.control("POST", "webhooks/release", {})
            except Exception:
                pass

    # the faults --------------------------------------------------------------------------
    def kill_random(self):
        name = self.rng.choice(self.SERVICES)
        start = time.time()
        pid = self.supervisor.kill9(name)
        if pid:
            self.kills += 1
            self.faults.add("kill -9", "%s pid %d" % (name, pid), start)
            self.log("faults: kill -9 %s (pid %d)" % (name, pid))

    def pause_worker(self):
        name = self.rng.choice(["payments", "terminal"])
        seconds = self.heartbeat * 3 + 1
        start = time.time()
        self.log("faults: SIGSTOP %s for %d s (AMQP heartbeat %d s)" % (name, seconds, self.heartbeat))
        pid = self.supervisor.pause(name, seconds, self.stop_event)
        self.faults.add("SIGSTOP %ds" % seconds, "%s pid %s" % (name, pid), start)

    def broker_restart(self):
        if self.cluster:
            return self.cluster_node_stop()
        start = time.time()
        self.log("faults: restarting RabbitMQ")
        subprocess.run(self.servers + ["rabbitmq-restart"], check=True, capture_output=True, timeout=300)
        self.faults.add("RabbitMQ restart", "stop, start", start, back_at=time.time())
        self.log("faults: RabbitMQ is back after %.1f s" % (time.time() - start))

    def cluster_node_stop(self):
        """Stops the node that leads most quorum queues; the failover time runs from the
        stop to the first reply to a command published after it. The node comes back
        after a while (and must catch up)."""
        start = time.time()
        node = self.cluster.leader_node()
        self.log("faults: stopping cluster node %s (leader of most quorum queues)" % node)
        # The entry (and so the failover probe) exists before the stop starts: a graceful
        # stop hands the leaders over while it runs, and commands flow again meanwhile.
        entry = self.faults.add("node stop", "%s, the leader of most queues" % node, start, back_at=start)
        self.cluster.stop_node(node)
        entry["end"] = time.time()
        self.log("faults: node %s stopped after %.1f s" % (node, time.time() - start))
        self.stop_event.wait(max(5, self.duration * 0.15))
        back = time.time()
        self.cluster.start_node(node)
        self.faults.add("node restart", "%s rejoins" % node, back, back_at=time.time())
        self.log("faults: node %s is back" % node)

    def postgres_restart(self):
        start = time.time()
        self.log("faults: restarting PostgreSQL")
        subprocess.run(self.servers + ["postgres-restart"], check=True, capture_output=True, timeout=300)
        self.faults.add("PostgreSQL restart", "pg_ctl restart -m fast", start, back_at=time.time())
        self.log("faults: PostgreSQL is back after %.1f s" % (time.time() - start))

    def sim_faults_on(self):
        self.sim_faults_start = time.time()
        self.sim.control("POST", "faults", {"error_rate": 0.08, "rate_limit_rate": 0.05, "drop_rate": 0.04})
        self.sim.control("POST", "faults", {"latency_ms": 150, "path": "/v1/**"})
        self.log("faults: stripe-sim faults on (8 % 500, 5 % 429, 4 % dropped, +150 ms)")

    def sim_faults_off(self):
        answer = self.sim.control("GET", "faults")
        hits = sum(rule.get("hits", 0) for rule in answer.get("data", []))
        self.sim.control("DELETE", "faults")
        self.faults.add("Stripe faults", "500/429/drop/latency, %d requests hit" % hits, self.sim_faults_start)
        self.log("faults: stripe-sim faults off (%d requests hit)" % hits)

    def webhook_chaos_on(self):
        self.chaos_start = time.time()
        self.sim.control("POST", "webhooks/chaos", {"endpoint": "*", "duplicate_rate": 0.3, "hold_next": 8})
        self.log("faults: webhook duplicates (30 %) and reordering (8 held back) on")

    def webhook_chaos_off(self):
        self.sim.control("DELETE", "webhooks/chaos")
        released = self.sim.control("POST", "webhooks/release", {}).get("released", 0)
        self.faults.add("webhook duplicates + reorder", "30 %% twice, 8 held, %d released at the end" % released,
                        self.chaos_start)
        self.log("faults: webhook chaos off (%d held events released)" % released)

    def endpoint_outage(self):
        start = time.time()
        seconds = max(4, min(10, self.duration * 0.06))
        self.sim.control("POST", "webhooks/chaos", {"endpoint": "*", "down": True})
        self.log("faults: webhook endpoints down for %.0f s" % seconds)
        self.stop_event.wait(seconds)
        self.sim.control("DELETE", "webhooks/chaos")
        self.faults.add("webhook endpoint outage", "%.0f s down, retried by the simulator" % seconds, start,
                        back_at=time.time())
