#!/usr/bin/env bash
# Times `model-generator generate` (release build) on the benchmark corpus and prints a table:
# wall time and peak memory for a fresh output folder and for a run with nothing to change.
# usage: Benchmarks/generation.sh [CORPUS_SCRIPT] [SIZES...]   (default: ../shared/bench/make_corpus.py 100 1000 5000)
# The corpus is written to a tmpfs folder when there is one, so the disk's speed at creating files does not dominate.
set -euo pipefail
cd "$(dirname "$0")/.."
corpus_script=${1:-../shared/bench/make_corpus.py}
shift || true
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(100 1000 5000)

swift build -c release --product model-generator >/dev/null
generator=$(swift build -c release --show-bin-path)/model-generator
scratch_root=/dev/shm
[ -d "$scratch_root" ] && [ -w "$scratch_root" ] || scratch_root=${TMPDIR:-/tmp}
scratch=$(mktemp -d "$scratch_root/model-generator-bench.XXXXXX")
trap 'rm -rf "$scratch"' EXIT

measure() { # prints "seconds kilobytes" of the best of three runs
    local best_time="" best_memory=""
    for _ in 1 2 3; do
        [ "$2" = fresh ] && rm -rf "$1/Generated"
        local line
        /usr/bin/time -o "$scratch/time" -f "%e %M" "$generator" generate --config "$1/model-generator.yaml" >/dev/null 2>&1
        line=$(tail -n 1 "$scratch/time")
        local seconds=${line% *} memory=${line#* }
        if [ -z "$best_time" ] || awk "BEGIN { exit !($seconds < $best_time) }"; then best_time=$seconds; fi
        if [ -z "$best_memory" ] || [ "$memory" -gt "$best_memory" ]; then best_memory=$memory; fi
    done
    echo "$best_time $best_memory"
}

printf '| objects | fresh output (s) | nothing to change (s) | peak memory (MiB) |\n| --- | --- | --- | --- |\n'
for size in "${sizes[@]}"; do
    python3 "$corpus_script" "$size" "$scratch/$size" >/dev/null
    read -r fresh_time fresh_memory < <(measure "$scratch/$size" fresh)
    read -r same_time same_memory < <(measure "$scratch/$size" unchanged)
    memory=$(( (fresh_memory > same_memory ? fresh_memory : same_memory) / 1024 ))
    printf '| %s | %s | %s | %s |\n' "$size" "$fresh_time" "$same_time" "$memory"
done
