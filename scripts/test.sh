#!/usr/bin/env bash
# `npm test`: every check and test, in phases, each timed with its CPU seconds (a machine shared with other work slows
# the wall clock, not the CPU): the typecheck, lint and the build at once (each mostly one core), then the unit and
# integration suites (vitest), then the browser journeys on that build (Playwright). The slowest files of both are in
# the log (docs/decisions/047-ci-in-phases.md).
set -euo pipefail
cd "$(dirname "$0")/.."

TIMES=$(mktemp -d)
TIMEFORMAT='%R %U %S'
# phase NAME COMMAND...: runs the command, its wall and CPU seconds into $TIMES/NAME.time (bash's own `time`, so no
# extra package is needed).
phase() {
  local name=$1
  shift
  local status=0
  { time "$@" 2>&4; } 4>&2 2>"$TIMES/$name.time" || status=$?
  return $status
}
report() {
  echo
  echo "Phases (wall s, CPU s = user + system):"
  for f in "$TIMES"/*.time; do
    [ -s "$f" ] || continue
    tail -n 1 "$f" | awk -v name="$(basename "$f" .time)" '{ printf "  %-14s %6.0f s wall %6.0f s CPU\n", name, $1, $2 + $3 }'
  done
}
trap report EXIT

# Their output is kept apart and shown after all three, so the log reads in order.
pids=()
for step in typecheck lint build; do
  phase "1-$step" npm run "$step" >"$TIMES/$step.log" 2>&1 &
  pids+=($!)
done
failed=0
for i in "${!pids[@]}"; do wait "${pids[$i]}" || failed=1; done
for step in typecheck lint build; do
  echo "== npm run $step"
  cat "$TIMES/$step.log"
done
[ "$failed" = 0 ] || { echo "typecheck, lint or build failed (above)"; exit 1; }

phase 2-vitest npm run test:unit
bash scripts/ensure-chromium.sh
phase 3-playwright npx playwright test
