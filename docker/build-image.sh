#!/usr/bin/env bash
# Builds the node image without a registry: a jlink runtime, the shared libraries it links against and a static
# busybox, imported as the base image; the node's jars on top. Prints the node image's tag on its last line.
# A no-op when an image for the same JDK, modules and jars exists. Called by `./replsim image build` and by the
# docker runtime before its first run. With `agent` (`./replsim image build agent`): the load agent's image instead,
# whose entrypoint is the replsim command line (docker/agents-stack.yaml, docker/k8s/replsim-agents.yaml).
#   usage: docker/build-image.sh <JAVA_HOME> <directory of the node's runtime jars> [node|agent]
set -euo pipefail

java_home=${1:?usage: build-image.sh JAVA_HOME LIB_DIR [node|agent]}
lib_dir=${2:?usage: build-image.sh JAVA_HOME LIB_DIR [node|agent]}
kind=${3:-node}
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

fail() { printf 'replsim image: %s\n' "$*" >&2; exit 1; }
command -v docker >/dev/null || fail "no docker client; run docker/install-engine.sh first"
docker info >/dev/null 2>&1 || fail "no Docker engine answers; run docker/install-engine.sh (it installs and starts one)"
[ -x "$java_home/bin/jlink" ] || fail "$java_home has no jlink; point it at a JDK 21 or newer"
busybox=$(command -v busybox || true)
[ -n "$busybox" ] && file_type=$(ldd "$busybox" 2>&1 || true)
case "${file_type:-}" in
  *"not a dynamic executable"*|*"statically linked"*) ;;
  *) fail "needs a static busybox for the image's shell (Debian: apt-get install busybox-static)";;
esac

# What the node needs from the JDK: its code uses no desktop, SQL drivers or scripting. jdk.naming.dns is the
# JNDI DNS provider JGroups' DNS_PING asks (--discovery dns:<name>, Kubernetes).
modules=java.base,java.logging,java.management,jdk.management,java.naming,jdk.naming.dns,java.xml,jdk.unsupported,java.sql,jdk.crypto.ec
jars=$(cd "$lib_dir" && ls *.jar | sort)
case "$kind" in
  node) ;;
  # the command line's needs beside the node's, as jdeps --print-module-deps lists them for the scenarios module and
  # its jars (JFR for --jfr, the driver's metrics server, the docker runtime's clients); and the scenarios jar
  agent)
    modules=$modules,jdk.jfr,jdk.httpserver,java.net.http,java.compiler,java.desktop,java.rmi,java.scripting,java.security.jgss,java.security.sasl
    jars="$jars $(cd "$lib_dir" && ls ../scenarios-*.jar)" || fail "no scenarios jar beside $lib_dir; run ./replsim build" ;;
  *) fail "usage: build-image.sh JAVA_HOME LIB_DIR [node|agent], got $kind" ;;
esac
java_version=$("$java_home/bin/java" -version 2>&1 | head -1 | sed -E 's/.*version "([^"]+)".*/\1/')
base_tag="replsim-base:$(printf '%s %s %s' "$java_version" "$modules" "$(sha256sum "$0" | cut -c1-12)" | sha256sum | cut -c1-12)"
node_tag="replsim-$kind:$(cd "$lib_dir" && cat $jars | sha256sum | cut -c1-12)-${base_tag#replsim-base:}"

# One build at a time on this machine: two runs (or two test JVMs) that start at once would otherwise both build,
# each for the CPU of a jlink and a docker build; the second finds the first's image when the lock is its.
# A lock file another user made and this one cannot open leaves the build unserialised, not failed.
if exec 9>"${TMPDIR:-/tmp}/replsim-image-$kind.lock"; then flock 9; fi 2>/dev/null
if docker image inspect "$node_tag" >/dev/null 2>&1; then
  echo "replsim image: $node_tag is up to date" >&2
  echo "$node_tag"; exit 0
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if ! docker image inspect "$base_tag" >/dev/null 2>&1; then
  echo "replsim image: building the base image $base_tag (jlink runtime of JDK $java_version + busybox)" >&2
  root="$work/rootfs"
  mkdir -p "$root/opt" "$root/bin" "$root/tmp" "$root/etc"
  chmod 1777 "$root/tmp"
  jlink_modules=$modules
  # jdk.crypto.ec merged into java.base in JDK 22; jlink refuses a module that does not exist.
  "$java_home/bin/java" --list-modules | grep -q '^jdk.crypto.ec@' || jlink_modules=${modules/,jdk.crypto.ec/}
  "$java_home/bin/jlink" --add-modules "$jlink_modules" --strip-debug --no-header-files --no-man-pages --compress=zip-6 \
    --output "$root/opt/java"
  cp "$busybox" "$root/bin/busybox"
  for tool in sh ls cat ps kill sleep ip hostname; do ln -s busybox "$root/bin/$tool"; done
  # Every shared library the runtime links against, at the path the loader expects it.
  find "$root/opt/java" -type f \( -name java -o -name '*.so' \) -print0 |
    xargs -0 ldd 2>/dev/null | grep -oE '/[^ ]+\.so[^ ]*' | sort -u |
    while read -r lib; do
      [ -e "$lib" ] || continue
      mkdir -p "$root$(dirname "$lib")"
      cp -L "$lib" "$root$lib"
    done
  printf 'root:x:0:0:root:/:/bin/sh\n' > "$root/etc/passwd"
  printf 'hosts: files dns\n' > "$root/etc/nsswitch.conf"
  tar -C "$root" -c . | docker import --change 'ENV PATH=/opt/java/bin:/bin' \
    --change 'ENV JAVA_HOME=/opt/java' - "$base_tag" >/dev/null
fi

echo "replsim image: building $node_tag on $base_tag" >&2
mkdir -p "$work/context/lib"
(cd "$lib_dir" && cp $jars "$work/context/lib/")
if [ "$kind" = agent ]; then
  # the launcher's driver settings (ZGC, platform pollers for the users' sockets: docs/capacity.md); the console in
  # UTF-8, as the image has no locale (its ≤ and ≈ would print as ?)
  printf '#!/bin/sh\nexec /opt/java/bin/java -XX:+UseZGC -Djdk.pollerMode=1 -Dstdout.encoding=UTF-8 -Dstderr.encoding=UTF-8 -cp "/opt/replsim/lib/*" io.replsim.cli.ReplsimCommand "$@"\n' \
    > "$work/context/replsim"
  chmod 755 "$work/context/replsim"
  cat > "$work/context/Dockerfile" <<DOCKERFILE
FROM $base_tag
COPY lib/ /opt/replsim/lib/
COPY replsim /bin/replsim
LABEL org.replsim.image=agent
ENTRYPOINT ["/bin/replsim"]
DOCKERFILE
else
  cat > "$work/context/Dockerfile" <<DOCKERFILE
FROM $base_tag
COPY lib/ /opt/replsim/lib/
LABEL org.replsim.image=node
ENTRYPOINT ["/opt/java/bin/java", "-cp", "/opt/replsim/lib/*", "io.replsim.node.NodeMain"]
DOCKERFILE
fi
# The classic builder: it takes the base from the local store and needs no buildx plugin.
DOCKER_BUILDKIT=0 docker build -q -t "$node_tag" "$work/context" >/dev/null 2>"$work/build.err" ||
  { cat "$work/build.err" >&2; fail "docker build of $node_tag failed"; }
echo "$node_tag"
