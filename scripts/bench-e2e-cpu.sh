#!/bin/bash
# The CPU seconds of a browser-test run, Chromium included, for two or more settings run alternately.
#
#   scripts/bench-e2e-cpu.sh [--runs N] [--variant 'NAME=ENV ...'] ... [--] <playwright test arguments>
#
# Each variant is a name and the environment it runs with ('baseline=' for none; 'noshm=E2E_DEV_SHM=files').
# Runs A B C A B C ... N times (build first: npm run build). CPU seconds are read from a cpuacct cgroup of the run
# when the machine lets us make one (every process the run starts, Chromium's included), else from bash's `times`
# (the children the run waited for). CPU moves far less with other work on the machine than wall time does.
# Prints each run, then per variant the median CPU and wall and the runs' spread (min-max).
set -u
runs=3
variants=()
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs=$2; shift 2 ;;
    --variant) variants+=("$2"); shift 2 ;;
    --) shift; break ;;
    *) break ;;
  esac
done
[ ${#variants[@]} -gt 0 ] || variants=("baseline=")
out=$(mktemp)
cgroot=/sys/fs/cgroup/cpuacct

one() { # $1 = env assignments; rest = playwright arguments. Prints "cpu wall exit".
  local envs=$1; shift
  local start end cpu rc
  start=$(date +%s.%N)
  if [ -w "$cgroot" ]; then
    local cg=$cgroot/bench-e2e-$$-$RANDOM
    mkdir "$cg"
    bash -c 'echo $$ > '"$cg"'/tasks; exec env '"$envs"' npx playwright test "$@"' _ "$@" >/dev/null 2>&1
    rc=$?
    cpu=$(python3 -c "print($(cat "$cg/cpuacct.usage")/1e9)")
    for p in $(cat "$cg/tasks"); do echo "$p" >"$cgroot/tasks" 2>/dev/null; done
    rmdir "$cg" 2>/dev/null
  else
    cpu=$(bash -c 'env '"$envs"' npx playwright test "$@" >/dev/null 2>&1; rc=$?; times | tail -1 | tr "ms" "  " | awk "{print \$1*60+\$2+\$3*60+\$4}"; exit $rc' _ "$@")
    rc=$?
  fi
  end=$(date +%s.%N)
  python3 -c "print(f'{$cpu:.1f} {$end-$start:.1f} $rc')"
}

for ((i = 1; i <= runs; i++)); do
  for v in "${variants[@]}"; do
    name=${v%%=*}
    envs=${v#*=}
    read -r cpu wall rc <<<"$(one "$envs" "$@")"
    echo "run $i $name: CPU $cpu s, wall $wall s, exit $rc"
    echo "$name $cpu $wall $rc" >>"$out"
  done
done
python3 - "$out" <<'EOF'
import sys, statistics, collections
rows = collections.defaultdict(list)
for line in open(sys.argv[1]):
    name, cpu, wall, rc = line.split()
    rows[name].append((float(cpu), float(wall), int(rc)))
for name, r in rows.items():
    cpu = [c for c, _, _ in r]; wall = [w for _, w, _ in r]
    failed = sum(1 for *_, rc in r if rc)
    print(f"{name}: CPU median {statistics.median(cpu):.1f} s ({min(cpu):.1f}-{max(cpu):.1f}), wall median "
          f"{statistics.median(wall):.1f} s ({min(wall):.1f}-{max(wall):.1f}), {len(r)} runs, {failed} failed")
EOF
rm -f "$out"
