#!/bin/sh
# Runs navd's fuzz targets (Fuzzing/, built by `make fuzz-build` into .build-fuzz) for
# FUZZ_SECONDS each, one after the other: `scripts/fuzz.sh server definition deeplink`.
#
# Seeds come fresh from the repository (scripts/fuzz-seeds.py -> .fuzz/seeds/TARGET); what
# libFuzzer finds grows in .fuzz/corpus/TARGET and is kept between runs; a crash, leak, hang
# (an input over FUZZ_TIMEOUT seconds) or out-of-memory input is saved in .fuzz/crashes/TARGET/,
# and the run fails with the command that replays it. Each target's log is .fuzz/logs/TARGET.log.
# FUZZ_FLAGS adds libFuzzer flags (for example FUZZ_FLAGS="-runs=1000000").
set -u
cd "$(dirname "$0")/.." || exit 2
seconds=${FUZZ_SECONDS:-60}
timeout=${FUZZ_TIMEOUT:-10}
bin=.build-fuzz/release
# libFuzzer handles the trap of a failed precondition itself (and saves the input); Swift's own
# crash backtracer would run first, inside the sanitized process.
export SWIFT_BACKTRACE=enable=no
rm -rf .fuzz/seeds
python3 scripts/fuzz-seeds.py .fuzz/seeds || exit 2
mkdir -p .fuzz/logs
status=0
for target in "$@"; do
    binary=$bin/fuzz-$target
    [ -x "$binary" ] || { echo "fuzz: no $binary (make fuzz-build)"; exit 2; }
    corpus=.fuzz/corpus/$target
    crashes=.fuzz/crashes/$target
    log=.fuzz/logs/$target.log
    mkdir -p "$corpus" "$crashes"
    dictionary=
    [ -f "Fuzzing/$target.dict" ] && dictionary=-dict=Fuzzing/$target.dict
    marker=.fuzz/logs/$target.started
    touch "$marker"
    echo "fuzz: $target for ${seconds}s (log $log)"
    # shellcheck disable=SC2086  # FUZZ_FLAGS and the dictionary are lists of flags
    "$binary" -max_total_time="$seconds" -timeout="$timeout" -print_final_stats=1 \
        -artifact_prefix="$crashes/" $dictionary ${FUZZ_FLAGS:-} "$corpus" ".fuzz/seeds/$target" >"$log" 2>&1
    result=$?
    grep -E '^#[0-9]+[[:space:]]+DONE' "$log" | tail -1 | sed "s/^/fuzz: $target: /"
    grep -E '^stat::number_of_executed_units' "$log" | sed "s/^/fuzz: $target: /"
    if [ $result -ne 0 ]; then
        status=1
        echo "fuzz: $target FAILED (exit $result); the end of its log:"
        grep -E '^(==[0-9]+==ERROR|SUMMARY|Fatal error|.*broken promise|    #[0-9]+ )' "$log" | head -40
        for found in $(find "$crashes" -type f -newer "$marker" ! -name 'slow-unit-*'); do
            echo "fuzz: input saved in $found; reproduce with: SWIFT_BACKTRACE=enable=no $binary $found"
        done
    fi
    rm -f "$marker"
done
exit $status
