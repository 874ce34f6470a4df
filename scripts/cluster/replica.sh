#!/usr/bin/env bash
# A streaming replica of this machine's PostgreSQL (the primary on 127.0.0.1:5432), for the cluster
# tests (issue 31): `replica.sh start` copies the primary with pg_basebackup and starts the copy as a
# hot standby on 127.0.0.1:${REPLICA_PORT:-5433}; `replica.sh stop` stops it and removes its folder.
# Run as root (the server then runs as the postgres user) or as the user that owns PostgreSQL.
set -euo pipefail
PORT="${REPLICA_PORT:-5433}"
DIR="${REPLICA_DIR:-/tmp/sitelens-replica-$PORT}"
PRIMARY="${REPLICA_PRIMARY_PORT:-5432}"
BIN="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n1)"
as_postgres() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
psql_primary() { psql -h 127.0.0.1 -p "$PRIMARY" -U postgres -Atqc "$1"; }

case "${1:-}" in
start)
  if pg_isready -h 127.0.0.1 -p "$PORT" -q; then exit 0; fi
  # The primary must let this machine connect for replication (Debian's default file does not).
  if [ -z "$(psql_primary "select 1 from pg_hba_file_rules where 'replication' = any(database) and (address = '127.0.0.1' or type = 'local') and error is null limit 1")" ]; then
    hba="$(psql_primary 'show hba_file')"
    echo "host replication all 127.0.0.1/32 trust  # sitelens cluster tests" >> "$hba"
    psql_primary 'select pg_reload_conf()' >/dev/null
  fi
  rm -rf "$DIR" && mkdir -p "$DIR" && chmod 700 "$DIR"
  [ "$(id -u)" = 0 ] && chown postgres: "$DIR"
  as_postgres "$BIN/pg_basebackup" -h 127.0.0.1 -p "$PRIMARY" -U postgres -D "$DIR" -R -X stream -c fast
  # Debian keeps the configuration outside the data folder: the copy gets its own, small one.
  as_postgres bash -c "printf '%s\n' 'local all all trust' 'host all all 127.0.0.1/32 trust' > '$DIR/pg_hba.conf'; : > '$DIR/pg_ident.conf'; printf '%s\n' \"port = $PORT\" \"listen_addresses = '127.0.0.1'\" \"unix_socket_directories = '/tmp'\" 'hot_standby = on' 'max_connections = 100' 'shared_buffers = 32MB' > '$DIR/postgresql.conf'"
  as_postgres "$BIN/pg_ctl" -D "$DIR" -l "$DIR/server.log" -w -t 60 start >/dev/null
  ;;
stop)
  if [ -d "$DIR" ]; then as_postgres "$BIN/pg_ctl" -D "$DIR" -m immediate -w stop >/dev/null 2>&1 || true; rm -rf "$DIR"; fi
  ;;
*)
  echo "usage: $0 start|stop" >&2
  exit 2
  ;;
esac
