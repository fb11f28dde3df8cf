#!/usr/bin/env bash
# One node of a replsim stack under Docker Swarm (docker/swarm-stack.yaml), for `replsim run --target`'s
# --kill-command and --restart-command (docs/docker.md, "A drill under Docker Swarm"):
#   swarm-node.sh kill <stack> <node>    SIGKILL to the node's running task: docker kill of its container
#   swarm-node.sh await <stack> <node>   waits until Swarm runs a fresh task for the node, a container started after
#                                        the node's last one ended (Swarm starts it: the stack's restart_policy);
#                                        fails after REPLSIM_AWAIT_SECONDS (default 45) without one
set -euo pipefail

usage="usage: swarm-node.sh kill|await <stack> <node>"
action=${1:?$usage}
stack=${2:?$usage}
node=${3:?$usage}
service="${stack}_${node}"
fail() { printf 'swarm-node: %s\n' "$*" >&2; exit 1; }
tasks() { docker ps -q --no-trunc --filter "label=com.docker.swarm.service.name=$service" "$@"; }

case "$action" in
  kill)
    running=$(tasks --filter status=running)
    [ -n "$running" ] || fail "no running task of $service: is the stack $stack deployed (docker stack ps $stack)?"
    [ "$(printf '%s\n' "$running" | wc -l)" -eq 1 ] || fail "more than one running task of $service: $running"
    docker kill "$running" >/dev/null
    echo "killed $service's task container ${running:0:12}"
    ;;
  await)
    # the newest container that ended (the one just killed); a fresh task is one created after it
    ended=$(tasks --all --filter status=exited --latest)
    since=()
    [ -z "$ended" ] || since=(--filter "since=$ended")
    bound=${REPLSIM_AWAIT_SECONDS:-45}
    for _ in $(seq 1 $((bound * 4))); do
      fresh=$(tasks --filter status=running "${since[@]}")
      if [ -n "$fresh" ]; then
        echo "Swarm runs a fresh task of $service: ${fresh:0:12}"
        exit 0
      fi
      sleep 0.25
    done
    fail "Swarm ran no fresh task of $service within $bound s (its restart_policy? docker service ps $service)"
    ;;
  *) fail "$usage" ;;
esac
