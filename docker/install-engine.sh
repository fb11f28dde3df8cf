#!/usr/bin/env bash
# Installs (Debian: docker.io, busybox-static) and starts a Docker engine for replsim's docker runtime, on a
# machine that has none. Safe to run again: it only does what is missing. Needs root for apt-get and dockerd.
set -euo pipefail

say() { printf 'replsim docker: %s\n' "$*" >&2; }
fail() { say "$*"; exit 1; }

if docker info >/dev/null 2>&1; then
  say "an engine is running ($(docker info --format '{{.ServerVersion}}' 2>/dev/null))"
  exit 0
fi
[ "$(id -u)" = 0 ] || fail "no Docker engine is running, and installing one needs root: run this script as root"

missing=()
command -v dockerd >/dev/null 2>&1 || missing+=(docker.io)
# ldd exits 1 on a static binary: read its words, not its status (pipefail would judge a static busybox missing)
{ command -v busybox >/dev/null 2>&1 && grep -q 'not a dynamic' <<<"$(ldd "$(command -v busybox)" 2>&1 || true)"; } \
  || missing+=(busybox-static)
if [ ${#missing[@]} -gt 0 ]; then
  command -v apt-get >/dev/null 2>&1 || fail "no apt-get here: install Docker and a static busybox with your package manager"
  say "installing ${missing[*]} ..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

if ! pgrep -x dockerd >/dev/null 2>&1; then
  log=/var/log/replsim-dockerd.log
  say "starting dockerd (log: $log)"
  nohup dockerd >"$log" 2>&1 &
fi
for _ in $(seq 1 60); do
  docker info >/dev/null 2>&1 && { say "engine ready ($(docker info --format '{{.ServerVersion}}'))"; exit 0; }
  sleep 0.5
done
fail "dockerd did not answer within 30 s; see /var/log/replsim-dockerd.log"
