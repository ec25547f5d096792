#!/usr/bin/env bash
# Makes the base images the container test (topology.test.mjs) builds and runs on, for a machine
# that reaches no image registry but Debian's package mirror and the npm registry:
#   debian:bookworm          a Debian rootfs (debootstrap --variant=minbase), imported
#   node:24-bookworm-slim    that, with Node.js 24 (the npm registry's node package) and npm in
#                            /usr/local, and a user node (1000:1000), as in the official node image
#   postgres:15              that, with Debian's PostgreSQL 15 and an entrypoint that reads
#                            POSTGRES_USER, POSTGRES_PASSWORD and POSTGRES_DB as the official image does
#   kafka:2.4.0              that, with Java 17 and the Kafka of ../shared/kafka (ZooKeeper beside
#                            the broker in one container), configured from KAFKA_* variables as the
#                            apache/kafka image is (the KRaft settings dropped)
# all under localhost/social-publishing-base/. An image that exists is kept: the first run takes a
# few minutes, the next ones a second. REBUILD=1 makes them again.
# Needs root (debootstrap), podman and debootstrap. Prints the Node.js image's name last.
set -euo pipefail
root=$(cd "$(dirname "$0")/../../.." && pwd)
prefix=${BASE_IMAGE_PREFIX:-localhost/social-publishing-base}
kafka_dir=${KAFKA_DIR:-$root/../shared/kafka/kafka}
podman=(podman)
# crun, podman's default runtime, fails on some machines; runc does not.
if command -v runc >/dev/null 2>&1; then podman+=(--runtime runc); fi

log() { printf '%s\n' "$*" >&2; }
exists() { [ "${REBUILD:-}" != 1 ] && "${podman[@]}" image exists "$1"; }

# The Debian mirror this machine's apt uses (the first .../debian address of its sources).
mirror=${DEBIAN_MIRROR:-$(grep -rhoE '(URIs:|^deb)[[:space:]]+(\[[^]]*\][[:space:]]+)?https?://[^[:space:]]+/debian/?([[:space:]]|$)' /etc/apt/sources.list /etc/apt/sources.list.d 2>/dev/null \
  | grep -oE 'https?://[^[:space:]]+' | head -n1 || true)}
mirror=${mirror:-http://deb.debian.org/debian}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

debian=$prefix/debian:bookworm
if ! exists "$debian"; then
  log "Making $debian from $mirror (debootstrap, a few minutes)"
  debootstrap --variant=minbase bookworm "$work/rootfs" "$mirror" >"$work/debootstrap.log" 2>&1 \
    || { tail -n 20 "$work/debootstrap.log" >&2; exit 1; }
  rm -rf "$work"/rootfs/var/cache/apt/archives/*.deb "$work"/rootfs/var/lib/apt/lists/* "$work"/rootfs/var/log/*.log
  tar -C "$work/rootfs" -c . | "${podman[@]}" import --quiet --change 'CMD ["/bin/bash"]' --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' - "$debian" >/dev/null
  rm -rf "$work/rootfs"
fi

postgres=$prefix/postgres:15
if ! exists "$postgres"; then
  log "Making $postgres"
  mkdir -p "$work/postgres"
  cat >"$work/postgres/entrypoint.sh" <<'SCRIPT'
#!/bin/sh
# As the official postgres image: a new cluster in PGDATA made for POSTGRES_USER (password
# POSTGRES_PASSWORD) with the database POSTGRES_DB, reachable from the network with a password.
set -eu
export PGDATA="${PGDATA:-/var/lib/postgresql/data}"
if [ "$(id -u)" = 0 ]; then
  mkdir -p "$PGDATA" /var/run/postgresql
  chown -R postgres:postgres "$PGDATA" /var/run/postgresql
  chmod 700 "$PGDATA"
  exec setpriv --reuid=postgres --regid=postgres --init-groups "$0" "$@"
fi
user="${POSTGRES_USER:-postgres}"
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  : "${POSTGRES_PASSWORD:?set POSTGRES_PASSWORD}"
  printf '%s\n' "$POSTGRES_PASSWORD" >/tmp/pwfile
  initdb -D "$PGDATA" -U "$user" --pwfile=/tmp/pwfile --auth-local=trust --auth-host=scram-sha-256 >/dev/null
  rm -f /tmp/pwfile
  echo "host all all all scram-sha-256" >>"$PGDATA/pg_hba.conf"
  database="${POSTGRES_DB:-$user}"
  if [ "$database" != postgres ]; then
    echo "CREATE DATABASE \"$database\" OWNER \"$user\";" | postgres --single -D "$PGDATA" -j postgres >/dev/null
  fi
fi
exec postgres -D "$PGDATA" -c listen_addresses='*' "$@"
SCRIPT
  cat >"$work/postgres/Containerfile" <<CONTAINERFILE
FROM $debian
RUN apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postgresql-15 >/dev/null \
 && rm -rf /var/lib/apt/lists/* /var/cache/apt/archives/*.deb \
 && pg_dropcluster 15 main
COPY entrypoint.sh /usr/local/bin/docker-entrypoint.sh
RUN chmod 755 /usr/local/bin/docker-entrypoint.sh
ENV PATH=/usr/lib/postgresql/15/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
EXPOSE 5432
ENTRYPOINT ["/usr/local/bin/docker-entrypoint.sh"]
CONTAINERFILE
  "${podman[@]}" build -q -t "$postgres" "$work/postgres" >/dev/null
fi

kafka=$prefix/kafka:2.4.0
if ! exists "$kafka"; then
  [ -x "$kafka_dir/bin/kafka-server-start.sh" ] || { log "No Kafka in $kafka_dir (set KAFKA_DIR)"; exit 1; }
  log "Making $kafka from $kafka_dir"
  mkdir -p "$work/kafka"
  cp -a "$kafka_dir" "$work/kafka/kafka"
  rm -rf "$work/kafka/kafka/logs"
  cat >"$work/kafka/entrypoint.sh" <<'SCRIPT'
#!/bin/sh
# As the apache/kafka image: every KAFKA_<NAME> variable is the broker setting <name> (lower case,
# _ for .). This Kafka predates KRaft: ZooKeeper runs beside the broker, node.id is broker.id, the
# controller's settings and listener are dropped.
set -eu
props=/var/lib/kafka/server.properties
mkdir -p /var/lib/kafka/data /var/lib/kafka/zookeeper
{
  echo "zookeeper.connect=127.0.0.1:2181"
  echo "log.dirs=/var/lib/kafka/data"
  env | sed -n 's/^KAFKA_\([A-Z0-9_]*\)=\(.*\)$/\1 \2/p' | while read -r name value; do
    case "$name" in
      HEAP_OPTS|OPTS|JVM_PERFORMANCE_OPTS|LOG4J_OPTS|GC_LOG_OPTS|JMX_OPTS|DEBUG) continue ;;
      PROCESS_ROLES|CONTROLLER_LISTENER_NAMES|CONTROLLER_QUORUM_VOTERS|LOG_DIRS) continue ;;
      NODE_ID) echo "broker.id=$value" ;;
      LISTENERS) echo "listeners=$(echo "$value" | tr ',' '\n' | grep -v '^CONTROLLER:' | paste -sd, -)" ;;
      *) echo "$(echo "$name" | tr 'A-Z_' 'a-z.')=$value" ;;
    esac
  done
} >"$props"
printf 'dataDir=/var/lib/kafka/zookeeper\nclientPort=2181\nclientPortAddress=127.0.0.1\nadmin.enableServer=false\n' >/var/lib/kafka/zookeeper.properties
KAFKA_HEAP_OPTS="-Xms32m -Xmx128m" /opt/kafka/bin/zookeeper-server-start.sh /var/lib/kafka/zookeeper.properties >/var/lib/kafka/zookeeper.log 2>&1 &
exec /opt/kafka/bin/kafka-server-start.sh "$props"
SCRIPT
  cat >"$work/kafka/Containerfile" <<CONTAINERFILE
FROM $debian
RUN mkdir -p /usr/share/man/man1 \
 && apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends openjdk-17-jre-headless >/dev/null \
 && rm -rf /var/lib/apt/lists/* /var/cache/apt/archives/*.deb
COPY kafka /opt/kafka
COPY entrypoint.sh /usr/local/bin/kafka-entrypoint.sh
RUN chmod 755 /usr/local/bin/kafka-entrypoint.sh
ENV KAFKA_HEAP_OPTS="-Xms128m -Xmx512m"
EXPOSE 9092
ENTRYPOINT ["/usr/local/bin/kafka-entrypoint.sh"]
CONTAINERFILE
  "${podman[@]}" build -q -t "$kafka" "$work/kafka" >/dev/null
fi

node=$prefix/node:24-bookworm-slim
if ! exists "$node"; then
  log "Making $node (Node.js 24 and npm from the npm registry)"
  mkdir -p "$work/node/npm-install"
  npm install --prefix "$work/node/npm-install" --no-save --no-audit --no-fund --no-package-lock node@24 npm@11 >/dev/null
  cp "$(readlink -f "$work/node/npm-install/node_modules/node/bin/node")" "$work/node/node"
  cp -a "$work/node/npm-install/node_modules/npm" "$work/node/npm"
  cat >"$work/node/Containerfile" <<CONTAINERFILE
FROM $debian
COPY node /usr/local/bin/node
COPY npm /usr/local/lib/node_modules/npm
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \
 && echo 'node:x:1000:1000::/home/node:/bin/bash' >>/etc/passwd \
 && echo 'node:x:1000:' >>/etc/group \
 && mkdir -p /home/node && chown 1000:1000 /home/node \
 && node --version && npm --version
CMD ["node"]
CONTAINERFILE
  "${podman[@]}" build -q -t "$node" "$work/node" >/dev/null
fi

echo "$node"
