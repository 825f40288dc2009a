#!/usr/bin/env bash
# Flaky-test hunt: run the whole suite N times in a row, each time in a new random order
# (pytest-randomly), and stop at the first failure, keeping its log.
#
#   tools/suite_loop.sh [N] [extra pytest arguments...]      (default N = 20)
#   PYTHON=/path/to/python LOG_DIR=/tmp/loop tools/suite_loop.sh 20 -m "not slow"
#   SEEDS="123 456" tools/suite_loop.sh                       (replay given seeds instead of random ones)
#
# Each run prints its seed; a failing run is reproduced, same order, with
#   $PYTHON -m pytest -q -p randomly -p no:cacheprovider --randomly-seed=<seed>
# Exit status: 0 when every run passed, 1 at the first failing run, 2 for a bad setup.
set -u
cd "$(dirname "$0")/.."

runs=${1:-20}
if [ $# -gt 0 ]; then shift; fi
python=${PYTHON:-.venv/bin/python}
log_dir=${LOG_DIR:-suite_loop_logs}
summary="$log_dir/summary.txt"

if ! "$python" -c "import pytest_randomly" 2>/dev/null; then
    echo "pytest-randomly is not installed for $python; run: $python -m pip install -e '.[test]'" >&2
    exit 2
fi
mkdir -p "$log_dir"
read -r -a given_seeds <<< "${SEEDS:-}"
if [ ${#given_seeds[@]} -gt 0 ]; then runs=${#given_seeds[@]}; fi

for ((i = 1; i <= runs; i++)); do
    if [ ${#given_seeds[@]} -gt 0 ]; then
        seed=${given_seeds[$((i - 1))]}
    else
        seed=$(( (RANDOM << 15 | RANDOM) + 1 ))
    fi
    log="$log_dir/run-$i-seed-$seed.log"
    start=$(date +%s)
    # -p no:cacheprovider: no run may steer the next (no --lf/--ff state, no .pytest_cache writes).
    "$python" -m pytest -q -x -p randomly -p no:cacheprovider --randomly-seed="$seed" "$@" >"$log" 2>&1
    status=$?
    seconds=$(( $(date +%s) - start ))
    result=$(grep -E "^[0-9]+ (passed|failed)|^=+ .*(passed|failed|error).* =+$" "$log" | tail -n 1)
    line="run $i/$runs seed $seed: exit $status, ${seconds} s, ${result:-no summary line}"
    echo "$line" | tee -a "$summary"
    if [ $status -ne 0 ]; then
        echo "FAILED; the log is kept: $log" | tee -a "$summary"
        echo "reproduce: $python -m pytest -q -p randomly -p no:cacheprovider --randomly-seed=$seed $*" | tee -a "$summary"
        exit 1
    fi
    rm -f "$log"  # a passing run's log says nothing the summary line does not
done
echo "all $runs runs passed" | tee -a "$summary"
