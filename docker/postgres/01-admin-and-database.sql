-- ConnectBus: the admin role and the database. Idempotent: safe to run again.
--
-- Run by a superuser with psql (the local scripts: `psql -v ON_ERROR_STOP=1 -f`, as the
-- cluster's `postgres` user; the postgres image: from /docker-entrypoint-initdb.d, where
-- POSTGRES_USER=connectbus_admin and POSTGRES_DB=connectbus already made both, so this
-- file only checks them). Set the password with `-v admin_password=...`; the default
-- is the local development password and must not be used anywhere else.

\if :{?admin_password}
\else
\set admin_password connectbus_admin
\endif

SELECT format('CREATE ROLE connectbus_admin LOGIN SUPERUSER PASSWORD %L', :'admin_password')
WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'connectbus_admin') \gexec

SELECT 'CREATE DATABASE connectbus OWNER connectbus_admin ENCODING ''UTF8'' TEMPLATE template0'
WHERE NOT EXISTS (SELECT 1 FROM pg_database WHERE datname = 'connectbus') \gexec
