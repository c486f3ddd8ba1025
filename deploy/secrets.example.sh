#!/bin/sh
# Writes the Docker secrets deploy/compose.yaml mounts, with fresh random
# values, into deploy/secrets/ (refuses to overwrite). The files are readable
# by the containers' users (baton 10001, postgres 999): bind mounts keep the
# host's modes, so the files are 0444 inside a 0700 directory.
set -eu
cd "$(dirname "$0")"
[ ! -e secrets ] || { echo "deploy/secrets exists; remove it first to start over" >&2; exit 1; }
umask 022
mkdir -m 0700 secrets
openssl rand -hex 24 > secrets/postgres_password
echo "postgres://baton:$(openssl rand -hex 24)@postgres:5432/baton" > secrets/baton_database_url
openssl rand -hex 32 > secrets/baton_secret_key
openssl rand -hex 32 > secrets/baton_webhook_secret
chmod 0444 secrets/*
echo "wrote deploy/secrets/: postgres_password baton_database_url baton_secret_key baton_webhook_secret"
