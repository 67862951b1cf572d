-- ConnectBus: the fleet's shared Stripe rate limit (STRIPE_RATE_LIMITS). Idempotent.
--
-- One row per (key, bucket): the global bucket ('global') and one per endpoint
-- ('POST /v1/payment_intents/{id}/capture'). `key_id` identifies the Stripe key without
-- storing it (an HMAC-SHA256 of the key, hex). Services reach the rows only through the two
-- SECURITY DEFINER functions below (EXECUTE granted to the service roles), one statement
-- and one round trip per request at most (`take_many` decides every request a process has
-- waiting in one). The arithmetic is StripeRateBucket's (Shared/Runtime/Stripe):
-- a GCRA on theoretical arrival times, interactive requests reserving the next slot
-- (within the burst tolerance), background ones taking only an idle bucket, and a 429
-- pausing the key and halving its rates for 10 s (down to a quarter).

\connect connectbus

CREATE SCHEMA IF NOT EXISTS stripe_limits AUTHORIZATION connectbus_admin;
REVOKE ALL ON SCHEMA stripe_limits FROM PUBLIC;
GRANT USAGE ON SCHEMA stripe_limits TO onboarding, payments, terminal, notifications;

CREATE TABLE IF NOT EXISTS stripe_limits.bucket (
    key_id      text NOT NULL,
    name        text NOT NULL,
    tat         double precision NOT NULL DEFAULT 0,
    slow_factor double precision NOT NULL DEFAULT 1,
    slow_until  double precision NOT NULL DEFAULT 0,
    slowed_at   double precision NOT NULL DEFAULT 0,
    PRIMARY KEY (key_id, name)
);
REVOKE ALL ON stripe_limits.bucket FROM PUBLIC;

-- Decides one request: >= 0 seconds to wait before sending (the slot is taken); < 0 a
-- background request refused, ask again after -result seconds. p_endpoint_rate NULL: the
-- global budget only.
CREATE OR REPLACE FUNCTION stripe_limits.take(p_key text, p_endpoint text, p_global_rate double precision,
        p_endpoint_rate double precision, p_burst double precision, p_background boolean)
    RETURNS double precision
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    v_now double precision := extract(epoch FROM clock_timestamp());
    g stripe_limits.bucket%ROWTYPE;
    v_etat double precision := 0;
    v_factor double precision;
    v_start double precision;
    v_slot double precision;
BEGIN
    SELECT * INTO g FROM stripe_limits.bucket WHERE key_id = p_key AND name = 'global' FOR UPDATE;
    IF NOT FOUND THEN
        INSERT INTO stripe_limits.bucket (key_id, name) VALUES (p_key, 'global') ON CONFLICT DO NOTHING;
        SELECT * INTO g FROM stripe_limits.bucket WHERE key_id = p_key AND name = 'global' FOR UPDATE;
    END IF;
    IF p_endpoint_rate IS NOT NULL THEN
        SELECT tat INTO v_etat FROM stripe_limits.bucket WHERE key_id = p_key AND name = p_endpoint FOR UPDATE;
        IF NOT FOUND THEN
            INSERT INTO stripe_limits.bucket (key_id, name) VALUES (p_key, p_endpoint) ON CONFLICT DO NOTHING;
            SELECT tat INTO v_etat FROM stripe_limits.bucket WHERE key_id = p_key AND name = p_endpoint FOR UPDATE;
        END IF;
    END IF;
    v_factor := CASE WHEN v_now < g.slow_until THEN g.slow_factor ELSE 1 END;
    IF p_background THEN
        IF greatest(g.tat, v_etat) > v_now THEN
            RETURN v_now - greatest(g.tat, v_etat);
        END IF;
        v_slot := v_now;
        v_start := v_now;
    ELSE
        -- The global slot at its own earliest time; the request goes when its endpoint allows.
        v_slot := greatest(v_now, g.tat - p_burst);
        v_start := v_slot;
        IF p_endpoint_rate IS NOT NULL THEN
            v_start := greatest(v_start, v_etat - p_burst);
        END IF;
    END IF;
    UPDATE stripe_limits.bucket SET tat = greatest(tat, v_slot) + 1 / (p_global_rate * v_factor)
     WHERE key_id = p_key AND name = 'global';
    IF p_endpoint_rate IS NOT NULL THEN
        UPDATE stripe_limits.bucket SET tat = greatest(tat, v_start) + 1 / (p_endpoint_rate * v_factor)
         WHERE key_id = p_key AND name = p_endpoint;
    END IF;
    RETURN v_start - v_now;
END $$;

-- Decides several requests in one round trip (a process's limiter sends every request
-- waiting on it at once), in order; the answers as `take` gives them.
CREATE OR REPLACE FUNCTION stripe_limits.take_many(p_key text, p_endpoints text[], p_global_rate double precision,
        p_endpoint_rate double precision, p_burst double precision, p_background boolean[])
    RETURNS double precision[]
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    v_result double precision[] := '{}';
BEGIN
    FOR i IN 1 .. coalesce(array_length(p_endpoints, 1), 0) LOOP
        v_result := v_result || stripe_limits.take(p_key, p_endpoints[i], p_global_rate, p_endpoint_rate, p_burst,
                                                   p_background[i]);
    END LOOP;
    RETURN v_result;
END $$;

-- Records a 429 for the key: nothing goes before now + p_pause seconds, and the rates are
-- halved (once a second at most, down to a quarter) for the next 10 s.
CREATE OR REPLACE FUNCTION stripe_limits.slow_down(p_key text, p_pause double precision)
    RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    v_now double precision := extract(epoch FROM clock_timestamp());
BEGIN
    INSERT INTO stripe_limits.bucket (key_id, name) VALUES (p_key, 'global') ON CONFLICT DO NOTHING;
    UPDATE stripe_limits.bucket SET
        tat = greatest(tat, v_now + greatest(p_pause, 0)),
        slow_factor = CASE WHEN v_now - slowed_at >= 1
            THEN greatest(0.25, (CASE WHEN v_now < slow_until THEN slow_factor ELSE 1 END) * 0.5)
            ELSE slow_factor END,
        slowed_at = CASE WHEN v_now - slowed_at >= 1 THEN v_now ELSE slowed_at END,
        slow_until = v_now + 10
     WHERE key_id = p_key AND name = 'global';
END $$;

ALTER FUNCTION stripe_limits.take(text, text, double precision, double precision, double precision, boolean) OWNER TO connectbus_admin;
ALTER FUNCTION stripe_limits.slow_down(text, double precision) OWNER TO connectbus_admin;
ALTER FUNCTION stripe_limits.take_many(text, text[], double precision, double precision, double precision, boolean[]) OWNER TO connectbus_admin;
REVOKE ALL ON FUNCTION stripe_limits.take_many(text, text[], double precision, double precision, double precision, boolean[]) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION stripe_limits.take_many(text, text[], double precision, double precision, double precision, boolean[])
    TO onboarding, payments, terminal, notifications;
REVOKE ALL ON FUNCTION stripe_limits.take(text, text, double precision, double precision, double precision, boolean) FROM PUBLIC;
REVOKE ALL ON FUNCTION stripe_limits.slow_down(text, double precision) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION stripe_limits.take(text, text, double precision, double precision, double precision, boolean)
    TO onboarding, payments, terminal, notifications;
GRANT EXECUTE ON FUNCTION stripe_limits.slow_down(text, double precision)
    TO onboarding, payments, terminal, notifications;
