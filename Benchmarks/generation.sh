#!/usr/bin/env bash
# Times `model-generator generate` (release build, full output: models, queries, bodies) on the benchmark corpus next
# to apple/swift-openapi-generator 1.14.3 (types only) on the equivalent OpenAPI document, and prints a table of wall
# time and peak memory, best of three runs each, with the ratio.
# usage: Benchmarks/generation.sh [CORPUS_SCRIPT] [SIZES...]   (default: ../shared/bench/make_corpus.py 100 1000 5000)
# The corpus is written to a tmpfs folder when there is one, so the disk's speed at creating files does not dominate.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
corpus_script=$(realpath "${1:-$here/../../shared/bench/make_corpus.py}")
cd "$here"
shift || true
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(100 1000 5000)

source "$here/common.sh"
generator=$(built_generator ..)
swift build -c release --product swift-openapi-generator >/dev/null
peer=$(swift build -c release --show-bin-path)/swift-openapi-generator
scratch_root=/dev/shm
[ -d "$scratch_root" ] && [ -w "$scratch_root" ] || scratch_root=${TMPDIR:-/tmp}
scratch=$(mktemp -d "$scratch_root/model-generator-bench.XXXXXX")
trap 'rm -rf "$scratch"' EXIT

measure() { # runs "$@" three times after deleting $output; prints "seconds kilobytes" (best time, highest memory)
    local best_time="" best_memory=""
    for _ in 1 2 3; do
        rm -rf "$output"
        /usr/bin/time -o "$scratch/time" -f "%e %M" "$@" >/dev/null 2>&1
        local line
        line=$(tail -n 1 "$scratch/time")
        local seconds=${line% *} memory=${line#* }
        if [ -z "$best_time" ] || awk "BEGIN { exit !($seconds < $best_time) }"; then best_time=$seconds; fi
        if [ -z "$best_memory" ] || [ "$memory" -gt "$best_memory" ]; then best_memory=$memory; fi
    done
    echo "$best_time $best_memory"
}

printf '| objects | model-generator (s) | its peak memory (MiB) | swift-openapi-generator (s) | its peak memory (MiB) | speed-up |\n'
printf '| --- | --- | --- | --- | --- | --- |\n'
for size in "${sizes[@]}"; do
    corpus="$scratch/$size"
    python3 "$corpus_script" "$size" "$corpus" >/dev/null
    output="$corpus/Generated"
    read -r our_time our_memory < <(measure "$generator" generate --config "$corpus/model-generator.yaml")
    output="$corpus/peer"
    read -r peer_time peer_memory < <(measure "$peer" generate --config "$corpus/openapi-generator-config.yaml" \
        --output-directory "$corpus/peer" "$corpus/openapi.json")
    printf '| %s | %s | %s | %s | %s | %s× |\n' "$size" "$our_time" $((our_memory / 1024)) "$peer_time" \
        $((peer_memory / 1024)) "$(awk "BEGIN { printf \"%.1f\", $peer_time / $our_time }")"
done
