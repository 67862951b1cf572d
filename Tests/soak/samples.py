"""What the soak measures: per service process its RSS and open file descriptors (/proc),
its AMQP connections (management API, by user) and Postgres connections
(`pg_stat_activity`, by role), the messages it processed (`/metrics`); per service schema
the rows of every table with a retention and how many are older than it allows; the event
history stream's size on disk."""
import glob
import os
import urllib.request

from checks import psql

SCHEMAS = ["onboarding", "payments", "terminal", "notifications"]
PROCESSED = "connectbus_messages_processed_total"


def rss_kib(pid):
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def open_fds(pid):
    return len(os.listdir("/proc/%d/fd" % pid))


def processed(metrics_url):
    """The sum of `connectbus_messages_processed_total` over every label set."""
    with urllib.request.urlopen(metrics_url, timeout=10) as r:
        text = r.read().decode()
    total = 0.0
    for line in text.splitlines():
        if line.startswith(PROCESSED + "{") or line.startswith(PROCESSED + " "):
            total += float(line.rsplit(" ", 1)[1])
    return int(total)


def amqp_connections(management):
    out = {}
    for c in management.call("GET", "/api/connections?columns=user") or []:
        out[c.get("user")] = out.get(c.get("user"), 0) + 1
    return out


def db_connections(admin_db):
    return {role: int(n) for role, n in psql(admin_db, "SELECT usename, count(*) FROM pg_stat_activity "
                                                      "WHERE datname = 'connectbus' GROUP BY usename")}


def processes(supervisor, services, http_base, management, admin_db):
    """{service: {rss_kib, fds, amqp, db, processed, pid, starts}} now."""
    amqp, db = amqp_connections(management), db_connections(admin_db)
    out = {}
    for name, _, offset in services:
        p = supervisor.processes[name]
        out[name] = {"pid": p.pid, "starts": p.starts, "rss_kib": rss_kib(p.pid), "fds": open_fds(p.pid),
                     "amqp": amqp.get(name, 0), "db": db.get(name, 0),
                     "processed": processed("http://127.0.0.1:%d/metrics" % (http_base + offset))}
    return out


def retention_rows(admin_db, bounds):
    """Rows now of each table with a retention, and rows older than its bound:
    {"<schema>.<table>": (rows, rows older than the bound)}. `bounds` gives seconds per
    table kind ("inbox", "message_log", "stripe_events", "emails"; only e-mails whose send
    ended count against theirs); the outbox must be empty once drained (rows older than
    60 s are counted as over the bound)."""
    parts, keys = [], []
    tables = [(schema, table, column, None) for schema in SCHEMAS
              for table, column in (("inbox", "received_at"), ("message_log", "last_at"), ("outbox", "created_at"))]
    tables += [("notifications", "stripe_events", "received_at", None),
               ("notifications", "emails", "updated_at", "status IN ('sent', 'parked')")]
    for schema, table, column, condition in tables:
        bound = bounds.get(table, 60)
        key = "%s.%s" % (schema, table)
        parts.append("SELECT '%s', count(*), count(*) FILTER (WHERE %s < now() - interval '%d seconds'%s) FROM %s.%s"
                     % (key, column, bound, " AND " + condition if condition else "", schema, table))
        keys.append(key)
    # each row names its table: UNION ALL does not keep the order of its parts (a parallel plan)
    rows = {r[0]: (int(r[1]), int(r[2])) for r in psql(admin_db, " UNION ALL ".join("(%s)" % p for p in parts))}
    return {k: rows[k] for k in keys}


def mails(mail_dir):
    """Messages the SMTP sink received (files of its Maildir's `new` and `cur`)."""
    return sum(len(os.listdir(os.path.join(mail_dir, d))) for d in ("new", "cur") if os.path.isdir(os.path.join(mail_dir, d)))


def stream_bytes(stream_dir):
    """Bytes on disk of the event history stream (its segment and index files), or None
    when the folder is unknown."""
    if not stream_dir:
        return None
    total = 0
    for d in glob.glob(os.path.join(stream_dir, "*connectbus_events_history*")):
        for root, _, files in os.walk(d):
            for f in files:
                try:
                    total += os.path.getsize(os.path.join(root, f))
                except OSError:
                    pass
    return total
