#!/usr/bin/env bash
# `npm test`: every check and test, each timed with its CPU seconds (a machine shared with other work slows the wall
# clock, not the CPU): the build, then at once the unit and integration suites (vitest), the browser journeys on that
# build (Playwright), the typecheck and lint. The slowest files of both suites are in the log
# (docs/decisions/047-ci-in-phases.md).
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
  echo "Phases (wall s, CPU s = user + system of the processes each waited for: not Chromium's renderers or PostgreSQL):"
  for f in "$TIMES"/*.time; do
    [ -s "$f" ] || continue
    tail -n 1 "$f" | awk -v name="$(basename "$f" .time)" '{ printf "  %-14s %6.0f s wall %6.0f s CPU\n", name, $1, $2 + $3 }'
  done
}
trap report EXIT

# The build first (the journeys run on it). Then everything else at once, since no part keeps both cores busy on its
# own (vitest ~1.6 cores, the journeys ~0.9, each waiting on programs, browsers and databases): the unit and
# integration suites (vitest), the browser journeys on that build (Playwright), and the typecheck and lint, niced so
# they take the cores the suites leave. Each one's output is kept apart and shown when it ends, so the log reads whole.
echo "== npm run build"
phase 1-build npm run build >"$TIMES/build.log" 2>&1 || { cat "$TIMES/build.log"; echo "the build failed (above)"; exit 1; }
cat "$TIMES/build.log"
bash scripts/ensure-chromium.sh

declare -A step_of=()
start() {
  local name=$1
  shift
  phase "$name" "$@" >"$TIMES/$name.log" 2>&1 &
  step_of[$!]=$name
}
start 2-vitest npm run test:unit
start 2-playwright npx playwright test
start 2-typecheck nice -n 10 npm run typecheck
start 2-lint nice -n 10 npm run lint

failed=()
while [ ${#step_of[@]} -gt 0 ]; do
  status=0
  wait -n -p done_pid "${!step_of[@]}" || status=$?
  name=${step_of[$done_pid]}
  unset "step_of[$done_pid]"
  echo
  echo "== $name (exit $status)"
  cat "$TIMES/$name.log"
  [ "$status" = 0 ] || failed+=("$name")
done
if [ ${#failed[@]} -gt 0 ]; then
  echo
  echo "failed: ${failed[*]} (its output is above)"
  exit 1
fi
