#!/bin/sh
# Run once by the postgres image when its data volume is created (/docker-entrypoint-initdb.d). The shop's
# processes connect as loja_app, a role with only SELECT, INSERT, UPDATE and DELETE on the tables: it owns
# nothing and is no superuser, so it cannot disable or drop the audit log's append-only trigger, truncate a
# table or change the schema. POSTGRES_USER (loja) owns the schema and runs the migrations (the compose
# file's one-shot `migrate` service); the default privileges below cover the tables later migrations add.
# See docs/decisions/0028-callbacks-pdf-links-and-audit-of-refusals.md.
set -eu
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" \
  -v owner="$POSTGRES_USER" -v db="$POSTGRES_DB" -v app_password="$LOJA_APP_PASSWORD" <<'SQL'
CREATE ROLE loja_app LOGIN PASSWORD :'app_password' NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION;
REVOKE CREATE ON SCHEMA public FROM PUBLIC;
REVOKE ALL ON DATABASE :"db" FROM PUBLIC;
GRANT CONNECT ON DATABASE :"db" TO loja_app;
GRANT USAGE ON SCHEMA public TO loja_app;
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO loja_app;
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO loja_app;
ALTER DEFAULT PRIVILEGES FOR ROLE :"owner" IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO loja_app;
ALTER DEFAULT PRIVILEGES FOR ROLE :"owner" IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO loja_app;
SQL
