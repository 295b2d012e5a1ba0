#!/usr/bin/env bash
# How long an app's own code takes to type-check against the generated models: 200 typical queries and patches
# (typical_app.py, one query and one patch per object of the 100-object corpus) in one file, type-checked by the
# compiler's frontend against the generated module (full output, built in debug). Prints the best of ROUNDS rounds
# (default 10): the file's wall time minus an empty file's, and the function bodies' type-checking time summed
# (-debug-time-function-bodies), which moves less with the machine.
#
# BASELINE=<another checkout of this repository> measures that checkout too, round by round in turn with this one,
# each with its own generator, runtime and typical_app.py (so that an API change is measured with each side's
# spelling of the same queries and patches).
# LEVER=Levers/<script>.py (from here or from Benchmarks/) measures a lever of #29 too, applied as lever.sh applies
# it: the same app file against this checkout's output rewritten by the script, round by round in turn.
# usage: Benchmarks/type-check.sh [CORPUS_SCRIPT] [SIZE]   (default: ../shared/bench/make_corpus.py 100)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
corpus_script=$(realpath "${1:-$here/../../shared/bench/make_corpus.py}")
size=${2:-100}
rounds=${ROUNDS:-10}
work=$(mktemp -d "${TMPDIR:-/tmp}/model-generator-type-check.XXXXXX")
trap 'rm -rf "$work"' EXIT
source "$here/common.sh"
python3 "$corpus_script" "$size" "$work/corpus" >/dev/null

prepare() { # checkout $1 as side $2, rewritten by lever script $3 if given: its generated module built, its app file
    local checkout=$1 side=$2 lever=${3:-} generator app_script
    generator=$(built_generator "$checkout")
    mkdir -p "$work/$side/Sources"
    sed "s|^output:.*|output: ../$side/Sources/OursFull\nallowOutputAnywhere: true|" \
        "$work/corpus/model-generator.yaml" >"$work/corpus/$side.yaml"
    "$generator" generate --config "$work/corpus/$side.yaml" >/dev/null
    if [ -n "$lever" ]; then
        mv "$work/$side/Sources/OursFull" "$work/$side/Generated"
        apply_lever "$lever" "$work/$side/Generated" "$work/$side/Sources/OursFull"
    fi
    write_model_package "$work/$side" TypeCheck OursFull "$checkout"
    swift build --package-path "$work/$side" >/dev/null
    app_script="$checkout/Benchmarks/typical_app.py"
    [ -f "$app_script" ] || app_script="$here/typical_app.py"
    python3 "$app_script" "$work/corpus" "$work/$side/App.swift"
    printf 'import ModelRuntime\nimport OursFull\n' >"$work/$side/Empty.swift"
    # A file with errors type-checks in some other time: the app must be clean before it is timed.
    if ! swiftc -frontend -typecheck -primary-file "$work/$side/App.swift" -I "$work/$side/.build/debug/Modules" \
        -module-name App >"$work/$side/errors.txt" 2>&1; then
        echo "the app file doesn't type-check against side $side:" >&2
        head -20 "$work/$side/errors.txt" >&2
        exit 1
    fi
}

type_check() { # side $1, file $2: "<wall seconds> <function bodies' milliseconds>"
    local start end bodies
    start=$(date +%s.%N)
    bodies=$(swiftc -frontend -typecheck -primary-file "$work/$1/$2" -I "$work/$1/.build/debug/Modules" -module-name App \
        -debug-time-function-bodies 2>&1 | awk '$1 ~ /ms$/ { sum += $1 } END { printf "%.1f", sum }')
    end=$(date +%s.%N)
    awk "BEGIN { printf \"%.3f %s\", $end - $start, $bodies }"
}

sides=(current)
prepare "$(cd "$here/.." && pwd)" current
if [ -n "${LEVER:-}" ]; then
    sides+=(lever)
    prepare "$(cd "$here/.." && pwd)" lever "$(lever_script "$LEVER")"
fi
if [ -n "${BASELINE:-}" ]; then
    sides+=(baseline)
    prepare "$(cd "$BASELINE" && pwd)" baseline
fi

declare -A best_wall best_bodies best_empty
for _ in $(seq "$rounds"); do
    for side in "${sides[@]}"; do
        read -r wall bodies <<<"$(type_check "$side" App.swift)"
        read -r empty _ <<<"$(type_check "$side" Empty.swift)"
        best_wall[$side]=$(smaller "$wall" "${best_wall[$side]:-999}")
        best_empty[$side]=$(smaller "$empty" "${best_empty[$side]:-999}")
        best_bodies[$side]=$(smaller "$bodies" "${best_bodies[$side]:-999999}")
    done
done

printf '| 200 queries and patches (%s objects), best of %s rounds | lines | type-check (ms, minus an empty file) | ' "$size" \
    "$rounds"
printf 'function bodies (ms) |\n| --- | --- | --- | --- |\n'
for side in "${sides[@]}"; do
    printf '| %s | %s | %s | %s |\n' "$side" "$(wc -l <"$work/$side/App.swift")" \
        "$(awk "BEGIN { printf \"%.0f\", (${best_wall[$side]} - ${best_empty[$side]}) * 1000 }")" "${best_bodies[$side]}"
done
