"""The ledger's invariants after a chaos run, checked against the simulator, the services'
tables (psql as the admin role), the events the platform saw, the SMTP sink and the
broker's dead-letter queues. Each check is a row of the table: name, result, detail."""
import collections
import email
import json
import os
import subprocess


def psql(database_url, sql):
    out = subprocess.run(["psql", database_url, "-X", "-At", "-F", "\t", "-v", "ON_ERROR_STOP=1", "-f", "-"],
                         input=sql, check=True, capture_output=True, text=True, timeout=120).stdout
    return [line.split("\t") for line in out.splitlines() if line]


class Checks:
    def __init__(self):
        self.rows = []

    def add(self, name, ok, detail=""):
        self.rows.append((name, bool(ok), detail))

    @property
    def failed(self):
        return [r for r in self.rows if not r[1]]

    def table(self):
        width = max(len(r[0]) for r in self.rows)
        lines = ["%-*s  %-4s  %s" % (width, "check", "", "detail"), "-" * (width + 60)]
        for name, ok, detail in self.rows:
            lines.append("%-*s  %-4s  %s" % (width, name, "PASS" if ok else "FAIL", detail))
        return "\n".join(lines)

    def verdict(self, run):
        """The last line of a run's report: `<run>: all N checks passed` or `<run>: K of N checks FAILED`."""
        return "%s: %s" % (run, "all %d checks passed" % len(self.rows) if not self.failed else
                           "%d of %d checks FAILED" % (len(self.failed), len(self.rows)))


def sample(items, n=3):
    items = list(items)
    return ", ".join(str(i) for i in items[:n]) + (" …(%d)" % len(items) if len(items) > n else "")


def simulator_event_ids(sim, orders):
    """The ids of every event the simulator created: the platform's and those of the orders'
    connected accounts."""
    ids = {e["id"] for e in sim.list_all("/v1/events")}
    for account in {o.account for o in orders if o.account}:
        ids |= {e["id"] for e in sim.list_all("/v1/events", account=account)}
    return ids


def stored_event_ids(database_url, ids):
    """Those of `ids` that notifications stored (`notifications.stripe_events`)."""
    listed = ",".join("'%s'" % e for e in ids) or "''"
    return {r[0] for r in psql(database_url, "SELECT event_id FROM notifications.stripe_events WHERE event_id IN (%s)" % listed)}


def run_checks(run, checks):
    """`run` carries: ledger, orders, sim, database_url, mail_dir, dead_letters (new ones),
    poison_ids, supervisor codes, faults, options."""
    ledger, orders, sim = run.ledger, run.orders, run.sim

    # commands ---------------------------------------------------------------------------
    commands = ledger.commands
    unanswered = [c for c in commands.values() if not ledger.replies.get(c["correlation_id"])]
    twice = [c for c in commands.values() if len(set(ledger.replies.get(c["correlation_id"], []))) > 1]
    redelivered = sum(len(v) - len(set(v)) for v in ledger.replies.values())
    republished = sum(1 for c in commands.values() if c["publishes"] > 1)
    checks.add("commands published", len(commands) >= run.options.min_commands,
               "%d commands (≥ %d asked), %d published again after a lost confirm"
               % (len(commands), run.options.min_commands, republished))
    checks.add("every command answered", not unanswered,
               "%d unanswered%s" % (len(unanswered), (": " + sample(c["type"] + " " + c["order"] for c in unanswered)) if unanswered else ""))
    checks.add("answered exactly once", not twice,
               "%d with two different replies; %d reply deliveries repeated with the same message id (absorbed), %d replies to commands of earlier runs"
               % (len(twice), redelivered, ledger.unknown_replies))

    # flows ---------------------------------------------------------------------------------
    broken = [o for o in orders if o.errors or not o.done]
    outcomes = collections.Counter(o.outcome or "none" for o in orders)
    checks.add("every order reached its outcome", not broken,
               "%s%s" % (", ".join("%s %d" % kv for kv in sorted(outcomes.items())),
                         ("; broken: " + sample("%s (%s)" % (o.ref, o.errors[:1] or "not done") for o in broken)) if broken else ""))

    # dead letters ------------------------------------------------------------------------
    poison = run.poison_ids
    dead_ids = collections.Counter(d["message_id"] for d in run.dead_letters)
    not_poison = [d for d in run.dead_letters if d["message_id"] not in poison]
    poison_parked = [m for m in poison if dead_ids.get(m) == 1]
    checks.add("dead letters only for poison", not not_poison and len(poison_parked) == len(poison),
               "%d new dead letters: %d poison commands parked once (of %d sent), %d others%s"
               % (len(run.dead_letters), len(poison_parked), len(poison), len(not_poison),
                  (": " + sample("%s %s" % (d["queue"], d["error"]) for d in not_poison)) if not_poison else ""))

    # the simulator's objects ---------------------------------------------------------------
    accounts = {o.account for o in orders if o.account and o.channel}
    pis, sessions, refunds, charges = {}, collections.defaultdict(list), collections.defaultdict(list), {}
    pis_per_order = collections.defaultdict(list)
    for account in accounts:
        for pi in sim.list_all("/v1/payment_intents", account=account):
            pis[pi["id"]] = pi
            ref = (pi.get("metadata") or {}).get("order_reference")
            if ref:
                pis_per_order[ref].append(pi)
        for s in sim.list_all("/v1/checkout/sessions", account=account):
            ref = (s.get("metadata") or {}).get("order_reference")
            if ref:
                sessions[ref].append(s)
        for r in sim.list_all("/v1/refunds", account=account):
            if r.get("status") in ("succeeded", "pending"):
                refunds[r.get("payment_intent")].append(r)
        for ch in sim.list_all("/v1/charges", account=account):
            charges[ch["id"]] = ch
    fees_by_pi = collections.defaultdict(int)
    for fee in sim.list_all("/v1/application_fees"):
        charge = charges.get(fee.get("charge") if isinstance(fee.get("charge"), str) else (fee.get("charge") or {}).get("id"))
        if charge:
            fees_by_pi[charge.get("payment_intent")] += fee.get("amount", 0)
    captures_by_pi = collections.Counter(ch.get("payment_intent") for ch in charges.values() if ch.get("captured"))

    # the services' tables ------------------------------------------------------------------
    refs = [o.ref for o in orders if o.channel and o.channel != "poison"]
    ref_list = ",".join("'%s'" % r for r in refs) or "''"
    db_orders = {r[0]: r for r in psql(run.database_url,
        "SELECT order_reference, state, coalesce(amount,0), coalesce(application_fee_amount,-1), amount_refunded, coalesce(payment_intent,''), coalesce(checkout_session,'') "
        "FROM payments.orders WHERE order_reference IN (%s)" % ref_list)}
    db_refunds = collections.defaultdict(int)
    for ref, amount in psql(run.database_url,
            "SELECT order_reference, sum(amount) FROM payments.refunds WHERE order_reference IN (%s) GROUP BY 1" % ref_list):
        db_refunds[ref] = int(amount)
    db_terminal = {r[0]: r for r in psql(run.database_url,
        "SELECT order_reference, state, coalesce(amount_captured,0), coalesce(application_fee_amount,-1), coalesce(payment_intent_id,'') "
        "FROM terminal.payments WHERE order_reference IN (%s)" % ref_list)}
    emails = collections.defaultdict(list)
    for ref, template, status in psql(run.database_url,
            "SELECT order_reference, template, status FROM notifications.emails WHERE order_reference IN (%s) "
            "AND template IN ('order_confirmation','payment_failed','payment_processing')" % ref_list):
        emails[ref].append((template, status))

    # events (distinct message ids) -----------------------------------------------------------
    seen = {}
    for key, mid, body in ledger.events:
        seen.setdefault(mid, (key, body))
    by_order = collections.defaultdict(lambda: collections.defaultdict(list))
    for mid, (key, body) in seen.items():
        if isinstance(body, dict) and body.get("order_reference"):
            by_order[body["order_reference"]][key].append(body)

    one_object, captures, amounts, fees, refunds_ok, once = [], [], [], [], [], []
    for o in orders:
        if not o.channel or o.channel == "poison" or o.outcome not in ("paid", "payment_failed", "captured"):
            continue
        ev = by_order[o.ref]
        if o.channel == "checkout":
            if len(sessions[o.ref]) != 1:
                one_object.append("%s: %d sessions" % (o.ref, len(sessions[o.ref])))
            pi_id = (sessions[o.ref][0].get("payment_intent") if sessions[o.ref] else None)
            if isinstance(pi_id, dict):
                pi_id = pi_id.get("id")
        else:
            if len(pis_per_order[o.ref]) != 1:
                one_object.append("%s: %d PaymentIntents" % (o.ref, len(pis_per_order[o.ref])))
            pi_id = pis_per_order[o.ref][0]["id"] if pis_per_order[o.ref] else None
        pi = pis.get(pi_id) or {}
        if captures_by_pi.get(pi_id, 0) > 1:
            captures.append("%s: %d captured charges" % (o.ref, captures_by_pi[pi_id]))
        if o.outcome == "payment_failed":
            if len(ev["payments.order.payment_failed"]) != 1 or ev["payments.order.paid"]:
                once.append("%s: %d failed, %d paid events" % (o.ref, len(ev["payments.order.payment_failed"]), len(ev["payments.order.paid"])))
            if pi.get("amount_received"):
                amounts.append("%s: failed but %s received" % (o.ref, pi.get("amount_received")))
            continue
        if o.channel == "terminal":
            captured_events = ev["terminal.payment.captured"]
            if len(captured_events) != 1:
                once.append("%s: %d captured events" % (o.ref, len(captured_events)))
            table = db_terminal.get(o.ref)
            got = (pi.get("amount_received"), int(table[2]) if table else None,
                   captured_events[0].get("amount_captured") if captured_events else None)
            if got != (o.amount,) * 3:
                amounts.append("%s: asked %d, sim/table/event %s" % (o.ref, o.amount, got))
            got_fee = (fees_by_pi.get(pi_id), int(table[3]) if table else None,
                       captured_events[0].get("application_fee_amount") if captured_events else None)
            if got_fee != (o.fee,) * 3:
                fees.append("%s: asked %d, sim/table/event %s" % (o.ref, o.fee, got_fee))
            continue
        paid_events = ev["payments.order.paid"]
        if len(paid_events) != 1:
            once.append("%s: %d paid events" % (o.ref, len(paid_events)))
        table = db_orders.get(o.ref)
        got = (pi.get("amount_received"), int(table[2]) if table else None, paid_events[0].get("amount") if paid_events else None)
        if got != (o.amount,) * 3:
            amounts.append("%s: asked %d, sim/table/event %s" % (o.ref, o.amount, got))
        got_fee = (fees_by_pi.get(pi_id), int(table[3]) if table else None,
                   paid_events[0].get("application_fee_amount") if paid_events else None)
        if got_fee != (o.fee,) * 3:
            fees.append("%s: asked %s, sim/table/event %s" % (o.ref, o.fee, got_fee))
        asked = sum(o.refunds)
        refund_events = [b.get("amount", 0) for b in ev["payments.order.refunded"]]
        got_refunds = (sum(r.get("amount", 0) for r in refunds.get(pi_id, [])), db_refunds.get(o.ref, 0),
                       int(table[4]) if table else None, sum(refund_events))
        if got_refunds != (asked,) * 4 or len(ev["payments.order.refunded"]) != len(o.refunds):
            refunds_ok.append("%s: asked %d in %d, sim/table/order/events %s in %d events"
                              % (o.ref, asked, len(o.refunds), got_refunds, len(ev["payments.order.refunded"])))
    counted = [o for o in orders if o.outcome in ("paid", "payment_failed", "captured")]
    checks.add("one PaymentIntent or Session per order", not one_object,
               "%d orders%s" % (len(counted), (": " + sample(one_object)) if one_object else ""))
    checks.add("at most one capture per order", not captures,
               "%d Terminal captures%s" % (sum(1 for o in counted if o.channel == "terminal"), (": " + sample(captures)) if captures else ""))
    checks.add("outcome events exactly once per order", not once, sample(once) if once else "paid, failed and captured: one each")
    total = sum(o.amount for o in counted if o.outcome != "payment_failed")
    checks.add("amounts: simulator = tables = events", not amounts,
               "%.2f USD in %d orders%s" % (total / 100, len(counted), (": " + sample(amounts)) if amounts else ""))
    checks.add("application fees: simulator = tables = events", not fees,
               "%.2f USD%s" % (sum(o.fee or 0 for o in counted if o.outcome != "payment_failed") / 100, (": " + sample(fees)) if fees else ""))
    asked_refunds = [a for o in counted for a in o.refunds]
    checks.add("refunds: asked = simulator = tables = events", not refunds_ok,
               "%d refunds, %.2f USD%s" % (len(asked_refunds), sum(asked_refunds) / 100, (": " + sample(refunds_ok)) if refunds_ok else ""))

    # Stripe events: created = stored = published --------------------------------------------
    sim_events = simulator_event_ids(sim, orders)
    stored = stored_event_ids(run.database_url, sim_events)
    published = {mid[len("stripe:"):] for mid, (key, _) in seen.items() if mid and mid.startswith("stripe:")} & sim_events
    missing_stored, missing_published = sim_events - stored, sim_events - published
    checks.add("Stripe events: created = stored = published", not missing_stored and not missing_published,
               "%d created, %d stored, %d published%s" % (len(sim_events), len(stored), len(published),
                  ("; missing " + sample(sorted(missing_stored | missing_published))) if missing_stored or missing_published else ""))

    # e-mails -------------------------------------------------------------------------------
    # One e-mail = one Message-ID (the notification's id): a send the SMTP server accepted
    # just before a kill -9 is sent again with the same Message-ID, which mail systems
    # treat as the same message; those copies are counted apart.
    mail_ids = collections.defaultdict(set)
    copies = 0
    new = os.path.join(run.mail_dir, "new")
    for name in os.listdir(new) if os.path.isdir(new) else []:
        with open(os.path.join(new, name), "rb") as f:
            message = email.message_from_binary_file(f)
        to, mid = message.get("To", "").strip().lower(), message.get("Message-ID", name)
        if mid in mail_ids[to]:
            copies += 1
        mail_ids[to].add(mid)
    mails = collections.Counter({to: len(ids) for to, ids in mail_ids.items()})
    due = [o for o in counted if o.outcome in ("paid", "payment_failed") and o.email]
    bad_mail = []
    for o in due:
        # A delayed method (SEPA) also gets one "payment received, confirming with your bank"
        # e-mail while it is processing, before the outcome's.
        rows = [r for r in emails.get(o.ref, []) if r[0] != "payment_processing"]
        processing = [r for r in emails.get(o.ref, []) if r[0] == "payment_processing"]
        expected = 1 + len(processing)
        if (len(rows) != 1 or rows[0][1] != "sent" or len(processing) > 1
                or any(r[1] != "sent" for r in processing) or mails.get(o.email.lower(), 0) != expected):
            bad_mail.append("%s: rows %s, %d received" % (o.ref, rows, mails.get(o.email.lower(), 0)))
    checks.add("one e-mail per paid or failed order", not bad_mail,
               "%d e-mails due, %d received (distinct Message-IDs), %d resent copies with the same Message-ID after a kill%s"
               % (sum(1 + sum(1 for r in emails.get(o.ref, []) if r[0] == "payment_processing") for o in due),
                  sum(mails[o.email.lower()] for o in due), copies, (": " + sample(bad_mail)) if bad_mail else ""))

    dead_letter_groups(run, checks)
    duplicates(run, checks)

    # outbox and queues ---------------------------------------------------------------------
    left = psql(run.database_url, " UNION ALL ".join(
        "SELECT '%s', count(*) FROM %s.outbox" % (s, s) for s in ("onboarding", "payments", "terminal", "notifications")))
    left = {s: int(n) for s, n in left}
    checks.add("no outbox rows left", not any(left.values()), ", ".join("%s %d" % kv for kv in left.items()))
    checks.add("queues drained", not run.undrained, "every command, event and retry queue empty" if not run.undrained else sample(run.undrained))
    return checks


def dead_letter_groups(run, checks):
    """`connectbus dlq groups` on the run's dead letters: the poison commands parked form
    groups (failure fingerprints) whose counts add up to the poison parked, each on the
    poison command's queue and its `.dlq`, holding nothing but poison."""
    grouping = run.dlq_grouping
    if grouping.groups is None:
        checks.add("dead letters grouped by failure", False, grouping.error)
        return
    poison = run.poison_ids
    parked = {d["message_id"] for d in run.dead_letters if d["message_id"] in poison}
    types = {c["type"] for c in run.ledger.commands.values() if c["message_id"] in poison}
    mine = [g for g in grouping.groups if set(g["message_ids"]) & poison]
    counted = sum(g["count"] for g in mine)
    wrong = ["%s: %s %s in %s%s" % (g["group"], g["queue"], g["type"], ",".join(g["dlqs"]),
                                     ", not only poison" if not set(g["message_ids"]) <= poison else "")
             for g in mine
             if g["type"] not in types or g["queue"] != g["type"] or g["dlqs"] != [g["queue"] + ".dlq"]
             or not set(g["message_ids"]) <= poison]
    checks.add("dead letters grouped by failure", mine and counted == len(parked) and not wrong,
               "%d poison parked in %d group%s (%s) of %d in all%s"
               % (len(parked), len(mine), "" if len(mine) == 1 else "s",
                  ", ".join("%s ×%d %s" % (g["group"], g["count"], g["error_code"]) for g in mine),
                  len(grouping.groups), ("; wrong: " + sample(wrong)) if wrong else ""))


def duplicates(run, checks):
    """Messages published twice, by AMQP message id (replies and events alike): every
    delivery the platform got that the broker did not flag as a redelivery and that is not
    a reply replayed for a retried command is a publish. At-least-once allows a second
    publish only when a process died (or a server went away) between a publish and the
    deletion of its outbox row, so the run's calm opening window, before the first fault,
    must have none; after it they are counted, with how many came within 10 s of a fault."""
    publishes = run.ledger.publishes
    calm_end = run.first_fault_at or float("inf")
    windows = [(e["start"] - 1, (e.get("end") or e["start"]) + 10) for e in run.faults]
    copies = {mid: sorted(p) for mid, p in publishes.items() if len(p) > 1}
    calm, near, away, gaps = [], 0, 0, []
    by_type = collections.Counter()
    replies = sum(1 for p in publishes.values() if p[0][1] == "reply")
    events = len(publishes) - replies
    for mid, p in copies.items():
        by_type[p[0][2]] += len(p) - 1
        gaps.append((p[1][0] - p[0][0]) * 1000)
        for t, _, _ in p[1:]:
            if t < calm_end:
                calm.append("%s %s" % (p[0][2], mid))
            elif any(start <= t <= end for start, end in windows):
                near += 1
            else:
                away += 1
    twice_replies = sum(len(p) - 1 for p in copies.values() if p[0][1] == "reply")
    twice_events = sum(len(p) - 1 for p in copies.values() if p[0][1] == "event")
    calm_seconds = (calm_end - run.run_start) if run.first_fault_at else 0
    calm_count = sum(1 for p in publishes.values() if p[0][0] < calm_end)
    calm_detail = ("%d messages published in the first %.0f s of load and the seller set-up (no fault yet), %d of them twice%s"
                   % (calm_count, calm_seconds, len(calm), (": " + sample(calm)) if calm else ""))
    if run.options.upgrade_from:
        # Half the calm window's rows are written and published by the previous release's
        # workers, which the tree's hold on late rows (docs/DESIGN.md §5) does not cover.
        checks.add("published twice before the first fault (reported: the previous release publishes too)",
                   run.first_fault_at is not None, calm_detail)
    else:
        checks.add("nothing published twice before the first fault", run.first_fault_at is not None and not calm,
                   calm_detail)
    gaps.sort()
    checks.add("published twice during faults (reported)", True,
               "replies %d of %d, events %d of %d; %d within 10 s of a fault, %d away from any%s%s"
               % (twice_replies, replies, twice_events, events, near, away,
                  ("; median %.0f ms apart" % gaps[len(gaps) // 2]) if gaps else "",
                  ("; " + ", ".join("%s ×%d" % kv for kv in by_type.most_common(3))) if by_type else ""))

