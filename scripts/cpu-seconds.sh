#!/bin/bash
# Usage: scripts/cpu-seconds.sh <command...>
#
# Runs the command in a cpuacct control group of its own and prints, on stderr, the CPU seconds used by it and every
# process it started (Chromium's included, which `time` misses once the browser reaps its own children), and the wall
# time. On a machine shared with other work CPU seconds move far less than wall time: compare two builds with it,
# alternated, 3 or more runs each (docs/performance.md, "How to measure").
#
# Needs root and a cgroup v1 cpuacct hierarchy at /sys/fs/cgroup/cpuacct (this machine's); elsewhere it says so.
set -u
root=/sys/fs/cgroup/cpuacct
if [ ! -w "$root" ]; then
  echo "cpu-seconds: no writable cpuacct cgroup at $root (needs root and cgroup v1)" >&2
  exit 2
fi
cg=$root/cpu-seconds-$$-$RANDOM
mkdir "$cg"
start=$(date +%s.%N)
bash -c 'echo $$ > "$1/tasks"; shift; exec "$@"' _ "$cg" "$@"
rc=$?
end=$(date +%s.%N)
ns=$(cat "$cg/cpuacct.usage")
python3 -c "print(f'CPU {$ns/1e9:.1f} s, wall {$end-$start:.1f} s, exit $rc')" >&2
# Processes left behind keep the group: move them out, then remove it.
for p in $(cat "$cg/tasks"); do echo "$p" > "$root/tasks" 2>/dev/null; done
rmdir "$cg" 2>/dev/null
exit $rc
