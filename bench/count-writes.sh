#!/usr/bin/env bash
# Write syscalls per order of the app's server: `bench:orders` runs with a long warm-up, and strace
# (Debian: apt-get install strace) watches the server for 10 s of it, counting the process's write
# syscalls and the orders it answered 201 in the same window. A figure that does not move with the
# machine's noise, for a change that adds or removes a statement or a socket write per order.
#
#   npm run build && bash bench/count-writes.sh
#   BENCH_SERVER=/tmp/before/.next/standalone/server.js bash bench/count-writes.sh   (another build's)
set -euo pipefail
cd "$(dirname "$0")/.."
command -v strace >/dev/null || { echo "count-writes: strace is not installed" >&2; exit 1; }
trace=$(mktemp)
log=$(mktemp)
BENCH_WARM_SECONDS=40 BENCH_RUNS=1 BENCH_SECONDS=3 BENCH_RATE=100 npm run bench:orders >"$log" 2>&1 &
bench=$!
# The app's server is the node process running a standalone server.js; its warm-up comes first.
pid=""
for _ in $(seq 1 480); do
  pid=$(pgrep -n -f "^[^ ]*node [^ ]*standalone/server.js" || true)
  [ -n "$pid" ] && break
  sleep 0.5
done
[ -n "$pid" ] || { echo "count-writes: the server never started (see $log)" >&2; kill "$bench"; exit 1; }
sleep 15
timeout 10 strace -f -qq -s 64 -e trace=write,writev,sendto,sendmsg -p "$pid" -o "$trace" 2>/dev/null || true
wait "$bench" || { echo "count-writes: bench:orders failed (see $log)" >&2; exit 1; }
orders=$(grep -c 'HTTP/1.1 201' "$trace" || true)
writes=$(grep -cE '^[0-9]+ +(write|writev|sendto|sendmsg)\(' "$trace" || true)
[ "$orders" -gt 0 ] || { echo "count-writes: no order answered while traced" >&2; exit 1; }
echo "$orders orders answered 201 while traced, $writes write syscalls: $(awk "BEGIN { printf \"%.2f\", $writes / $orders }") per order"
rm -f "$trace" "$log"
