-- ConnectBus: one login role and one schema per service. Idempotent: safe to run again.
--
-- Each service role owns the schema of the same name (its migrations create tables
-- there) and has no right on any other schema: CONNECT on the database is granted only
-- to these roles, and the `public` schema is closed to PUBLIC. The admin role
-- (superuser) is for operators and tests only.
--
-- Passwords come from psql variables (`-v onboarding_password=...` and so on); the
-- defaults equal the role names and are for local development only.

\if :{?onboarding_password}
\else
\set onboarding_password onboarding
\endif
\if :{?payments_password}
\else
\set payments_password payments
\endif
\if :{?terminal_password}
\else
\set terminal_password terminal
\endif
\if :{?notifications_password}
\else
\set notifications_password notifications
\endif

\connect connectbus

SELECT format('CREATE ROLE %I LOGIN', r)
FROM unnest(ARRAY['onboarding', 'payments', 'terminal', 'notifications']) AS r
WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = r) \gexec

ALTER ROLE onboarding LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE PASSWORD :'onboarding_password';
ALTER ROLE payments LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE PASSWORD :'payments_password';
ALTER ROLE terminal LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE PASSWORD :'terminal_password';
ALTER ROLE notifications LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE PASSWORD :'notifications_password';

-- Nobody but the listed roles may connect or create temporary tables.
REVOKE ALL ON DATABASE connectbus FROM PUBLIC;
GRANT CONNECT ON DATABASE connectbus TO onboarding, payments, terminal, notifications;
REVOKE ALL ON SCHEMA public FROM PUBLIC;

CREATE SCHEMA IF NOT EXISTS onboarding AUTHORIZATION onboarding;
CREATE SCHEMA IF NOT EXISTS payments AUTHORIZATION payments;
CREATE SCHEMA IF NOT EXISTS terminal AUTHORIZATION terminal;
CREATE SCHEMA IF NOT EXISTS notifications AUTHORIZATION notifications;

-- A schema created by an older run keeps its owner; make sure of it and of its ACL.
ALTER SCHEMA onboarding OWNER TO onboarding;
ALTER SCHEMA payments OWNER TO payments;
ALTER SCHEMA terminal OWNER TO terminal;
ALTER SCHEMA notifications OWNER TO notifications;
REVOKE ALL ON SCHEMA onboarding, payments, terminal, notifications FROM PUBLIC;

-- Unqualified names resolve in the role's own schema.
ALTER ROLE onboarding IN DATABASE connectbus SET search_path = onboarding;
ALTER ROLE payments IN DATABASE connectbus SET search_path = payments;
ALTER ROLE terminal IN DATABASE connectbus SET search_path = terminal;
ALTER ROLE notifications IN DATABASE connectbus SET search_path = notifications;
