#!/usr/bin/env bash
# test-support/samba-ad/down.sh DIR — stop the Samba AD DC that up.sh started from DIR (DIR/run/samba.pid) and its
# child processes. Leaves DIR on disk: remove it yourself, or let up.sh re-provision over it.
set -uo pipefail
DIR=${1:?usage: down.sh DIR}
PIDFILE="$DIR/run/samba.pid"
log() { printf '[down.sh %s] %s\n' "$(date +%T)" "$*" >&2; }

if [ ! -f "$PIDFILE" ]; then log "no $PIDFILE: nothing to stop"; exit 0; fi
PID=$(cat "$PIDFILE")
# Signal only a live samba process: a stale pid file may name an unrelated process by now.
if ! [[ "$PID" =~ ^[0-9]+$ ]] || ! kill -0 "$PID" 2>/dev/null || ! grep -qs "samba" "/proc/$PID/comm"; then
  log "pid $PID from $PIDFILE is not running (stale); removing the pid files"
  rm -f "$DIR/run/"*.pid
  exit 0
fi
# All descendants of that samba (its task processes, smbd, winbindd), collected before it exits.
descendants() {
  ps -e -o pid=,ppid= | awk -v r="$1" '{p[$1]=$2} END{for(i in p){x=p[i]; while(x>1){ if(x==r){print i; break}; x=p[x]}}}'
}
KIDS=$(descendants "$PID")
kill -TERM "$PID"
alive=1
for _ in $(seq 1 100); do
  alive=0
  for p in $PID $KIDS; do
    if kill -0 "$p" 2>/dev/null && ! grep -qs '^State:.*Z' "/proc/$p/status"; then alive=1; break; fi
  done
  [ "$alive" = 0 ] && break
  sleep 0.1
done
if [ "$alive" = 1 ]; then
  log "still running after 10 s: SIGKILL to $PID and its children"
  for p in $PID $KIDS; do kill -KILL "$p" 2>/dev/null || true; done
fi
rm -f "$DIR/run/"*.pid
log "stopped samba pid $PID and $(echo $KIDS | wc -w) child processes"
