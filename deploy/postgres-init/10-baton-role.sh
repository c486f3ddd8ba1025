#!/bin/sh
# Runs once, when the postgres image initialises an empty data directory
# (docker-entrypoint-initdb.d): creates the login role Baton connects as, from
# the user and password in the baton_database_url secret, and makes it the
# owner of the database (POSTGRES_DB, baton), so `baton migrate` can create
# its schema. Baton never sees the superuser password.
#
# The URL's password must be URL-safe as written (openssl rand -hex 24): it is
# used as it appears between ':' and '@'.
set -eu
url=$(cat /run/secrets/baton_database_url)
userinfo=${url#*://}
userinfo=${userinfo%%@*}
user=${userinfo%%:*}
password=${userinfo#*:}
if [ -z "$user" ] || [ "$password" = "$userinfo" ] || [ -z "$password" ]; then
    echo "10-baton-role.sh: baton_database_url must be postgres://USER:PASSWORD@postgres:5432/baton" >&2
    exit 1
fi
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" \
    --set=role="$user" --set=password="$password" --set=database="$POSTGRES_DB" <<'SQL'
CREATE ROLE :"role" LOGIN PASSWORD :'password';
ALTER DATABASE :"database" OWNER TO :"role";
REVOKE CREATE ON SCHEMA public FROM PUBLIC;
SQL
