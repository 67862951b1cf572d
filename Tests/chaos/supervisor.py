"""A small process supervisor for the chaos run: starts each process with a fixed
environment, restarts it with the same environment when it exits (a `kill -9`, a crash),
and tracks the real pid of every incarnation so the fault schedule can aim at it."""
import os
import signal
import subprocess
import threading
import time


class Process:
    """One supervised program: its command line, environment and log file."""

    def __init__(self, name, argv, env, log_path, restart=True, health_url=None):
        self.name = name
        self.argv = argv
        self.env = env
        self.log_path = log_path
        self.restart = restart
        self.health_url = health_url
        self.popen = None
        self.starts = 0
        self.exits = []          # (time, pid, returncode)
        self.paused = False

    @property
    def pid(self):
        return self.popen.pid if self.popen else None

    def alive(self):
        return self.popen is not None and self.popen.poll() is None


class Supervisor:
    """Keeps its processes running until `stop()`; every restart is logged."""

    def __init__(self, log):
        self.log = log
        self.processes = {}
        self.lock = threading.Lock()
        self.stopping = False
        self.thread = None

    def add(self, process):
        self.processes[process.name] = process

    def start_process(self, p):
        out = open(p.log_path, "ab")
        out.write(("\n--- start %d at %s\n" % (p.starts + 1, time.strftime("%H:%M:%S"))).encode())
        out.flush()
        p.popen = subprocess.Popen(p.argv, env=p.env, stdout=out, stderr=subprocess.STDOUT,
                                   stdin=subprocess.DEVNULL, start_new_session=True)
        out.close()
        p.starts += 1
        if p.starts > 1:
            self.log("supervisor: restarted %s (pid %d, start %d)" % (p.name, p.pid, p.starts))
        else:
            self.log("supervisor: started %s (pid %d)" % (p.name, p.pid))

    def start(self):
        for p in self.processes.values():
            self.start_process(p)
        self.thread = threading.Thread(target=self._watch, name="supervisor", daemon=True)
        self.thread.start()

    def _watch(self):
        while not self.stopping:
            with self.lock:
                for p in self.processes.values():
                    if p.popen is not None and p.popen.poll() is None:
                        continue
                    if p.popen is not None and not getattr(p, "reaped", False):
                        p.exits.append((time.time(), p.popen.pid, p.popen.returncode))
                        p.reaped = True
                        if p.restart and not self.stopping:
                            self.log("supervisor: %s (pid %d) exited with %s" % (p.name, p.popen.pid, p.popen.returncode))
                    if self.stopping or not p.restart or time.time() < getattr(p, "retry_at", 0):
                        continue
                    try:
                        self.start_process(p)
                        p.reaped = False
                    except OSError as error:     # e.g. the executable is being rebuilt: try again
                        p.retry_at = time.time() + 1
                        self.log("supervisor: cannot start %s: %s; trying again in 1 s" % (p.name, error))
            time.sleep(0.1)

    def kill9(self, name):
        """SIGKILL the current incarnation; the watcher restarts it. Returns the pid."""
        with self.lock:
            p = self.processes[name]
            if not p.alive() or p.paused:
                return None
            pid = p.pid
            os.kill(pid, signal.SIGKILL)
            return pid

    def pause(self, name, seconds, stop_event):
        """SIGSTOP for `seconds`, then SIGCONT (returns early when `stop_event` is set)."""
        with self.lock:
            p = self.processes[name]
            if not p.alive():
                return None
            pid = p.pid
            p.paused = True
            os.kill(pid, signal.SIGSTOP)
        stop_event.wait(seconds)
        with self.lock:
            try:
                os.kill(pid, signal.SIGCONT)
            except ProcessLookupError:
                pass
            p.paused = False
        return pid

    def replace(self, name, argv, timeout=90):
        """Stops `name` as an orchestrator replaces a replica (SIGTERM, its drain awaited up
        to `timeout` s, SIGKILL after), then starts `argv` in its place with the same
        environment, log file and health URL. Returns (seconds the drain took, returncode)."""
        with self.lock:
            p = self.processes[name]
            p.restart = False                    # the watcher must not start the old executable again
            popen = p.popen
        started = time.time()
        code = None
        if popen is not None and popen.poll() is None:
            try:
                os.kill(popen.pid, signal.SIGCONT)
                popen.terminate()
                code = popen.wait(timeout)
            except subprocess.TimeoutExpired:
                self.log("supervisor: %s ignored SIGTERM for %d s; killing it" % (name, timeout))
                popen.kill()
                code = popen.wait()
        drained = time.time() - started
        with self.lock:
            p.argv = argv
            p.restart = True
            self.start_process(p)
            p.reaped = False
        return drained, code

    def stop(self, timeout=30):
        """SIGTERM everything (services first, as listed), wait; returns {name: returncode}."""
        self.stopping = True
        if self.thread:
            self.thread.join(2)
        codes = {}
        for p in self.processes.values():
            if not p.alive():
                codes[p.name] = p.popen.returncode if p.popen else None
                continue
            try:
                os.kill(p.pid, signal.SIGCONT)
                p.popen.terminate()
                codes[p.name] = p.popen.wait(timeout)
            except subprocess.TimeoutExpired:
                self.log("supervisor: %s ignored SIGTERM for %d s; killing it" % (p.name, timeout))
                p.popen.kill()
                codes[p.name] = p.popen.wait()
        return codes
