#!/usr/bin/env bash
# Instructions per 401 on the /api/v1 path, under callgrind (scripts/bench/api-401-instructions.ts says how).
#   scripts/bench/api-401-instructions.sh [N=2000] [WARMUP=1000]   (DATABASE_URL: any migrated database; no row is read)
set -euo pipefail
n=${1:-2000}; warmup=${2:-1000}
out=$(mktemp -d)
LOG_LEVEL=error valgrind --tool=callgrind --instr-atstart=no --callgrind-out-file="$out/cg.out" \
  node --import tsx scripts/bench/api-401-instructions.ts "$n" "$warmup" > "$out/log" 2>&1 &
while ! grep -q '^measure ' "$out/log" 2>/dev/null; do sleep 1; done
pid=$(grep '^measure ' "$out/log" | awk '{print $2}')
callgrind_control -i on "$pid" > /dev/null
touch "/tmp/api-401-$pid.go"
wait
rm -f "/tmp/api-401-$pid.go"
total=$(grep -E '^(summary|totals):' "$out/cg.out" | head -1 | awk '{print $2}')
grep -h statuses "$out/log"
echo "instructions: $total for $n requests: $((total / n)) a request"
