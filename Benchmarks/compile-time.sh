#!/usr/bin/env bash
# How long a debug `swift build` takes to compile generated code for the 100-object corpus: our models alone, our full
# output (models, queries, bodies), and apple/swift-openapi-generator 1.14.3's types for the equivalent OpenAPI
# document. Each is its own target in one package; after a first build, every file of the target is touched and the
# target rebuilt. The three take turns for ROUNDS rounds (default 5) and each keeps its best time. SwiftPM's own fixed
# cost (a build with nothing to do) is measured too and subtracted.
# Then three edits (edit_corpus.py): regenerate, rebuild incrementally, ours next to the peer's, with the share of the
# emit-module job (the one job every edit reruns whole); EDIT_ROUNDS rounds (default 3), EDITS=0 to skip them.
# usage: Benchmarks/compile-time.sh [CORPUS_SCRIPT] [SIZE]   (default: ../shared/bench/make_corpus.py 100)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
corpus_script=$(realpath "${1:-$here/../../shared/bench/make_corpus.py}")
size=${2:-100}
# REPOSITORY=<another checkout> measures that checkout's generator and runtime (a baseline) with this script and peer.
repository=$(cd "${REPOSITORY:-$here/..}" && pwd)
# OURS_ACCESS=package (or internal) generates our output with that `accessModifier` instead of the corpus's `public`;
# the peer's types stay public.
ours_access() { if [ -n "${OURS_ACCESS:-}" ]; then sed "s/^accessModifier:.*/accessModifier: $OURS_ACCESS/"; else cat; fi; }
cd "$here"
source "$here/common.sh"

generator=$(built_generator "$repository")
swift build -c release --product swift-openapi-generator >/dev/null
peer=$(swift build -c release --show-bin-path)/swift-openapi-generator

work=$(mktemp -d "${TMPDIR:-/tmp}/model-generator-compile.XXXXXX")
trap 'rm -rf "$work"' EXIT
python3 "$corpus_script" "$size" "$work/corpus" >/dev/null
package="$work/package"
mkdir -p "$package/Sources"

# Our output twice: models alone, and everything.
# The outputs are outside the corpus folder, which the config has to allow.
sed 's/^generate:.*/generate: [models]/; s|^output:.*|output: ../package/Sources/OursModels\nallowOutputAnywhere: true|' \
    "$work/corpus/model-generator.yaml" | ours_access >"$work/corpus/models-only.yaml"
sed "s|^output:.*|output: ../package/Sources/OursFull\nallowOutputAnywhere: true|" "$work/corpus/model-generator.yaml" \
    | ours_access >"$work/corpus/full.yaml"
"$generator" generate --config "$work/corpus/models-only.yaml" >/dev/null
"$generator" generate --config "$work/corpus/full.yaml" >/dev/null
quietly "$peer" generate --config "$work/corpus/openapi-generator-config.yaml" \
    --output-directory "$package/Sources/PeerTypes" "$work/corpus/openapi.json"

write_peer_package "$package" CompileTime "$repository" PeerTypes OursModels OursFull
swift build --package-path "$package" >/dev/null

rebuild() { # touches every file of target $1, then rebuilds it
    find "$package/Sources/$1" -name '*.swift' -exec touch {} +
    swift build --package-path "$package" --target "$1"
}
lines() { cat "$package/Sources/$1"/*.swift | wc -l; }

# The three targets are rebuilt in turn, round after round, and each keeps its best time: this machine's speed
# drifts by a third over minutes, and builds of the two sides far apart in time would measure the drift.
rounds=${ROUNDS:-5}
noop=99
best_peer=99
best_models=99
best_full=99
round_ratios=""
for _ in $(seq "$rounds"); do
    noop=$(smaller "$(elapsed swift build --package-path "$package" --target PeerTypes)" "$noop")
    peer_time=$(elapsed rebuild PeerTypes)
    models_time=$(elapsed rebuild OursModels)
    full_time=$(elapsed rebuild OursFull)
    best_peer=$(smaller "$peer_time" "$best_peer")
    best_models=$(smaller "$models_time" "$best_models")
    best_full=$(smaller "$full_time" "$best_full")
    round_ratios="$round_ratios $(awk "BEGIN { printf \"%.2f\", $full_time / $peer_time }")"
done

net() { awk "BEGIN { printf \"%.2f\", $1 - $noop }"; }
peer_net=$(net "$best_peer")
ratio() { awk "BEGIN { printf \"%.2f\", ($1 - $noop) / $peer_net }"; }

printf '| %s objects, debug build, best of %s rounds | lines | build (s) | minus SwiftPM'"'"'s fixed %s s | of the peer'"'"'s types |\n' \
    "$size" "$rounds" "$noop"
printf '| --- | --- | --- | --- | --- |\n'
printf '| swift-openapi-generator types | %s | %s | %s | 1.00 |\n' "$(lines PeerTypes)" "$best_peer" "$peer_net"
printf '| model-generator models | %s | %s | %s | %s |\n' "$(lines OursModels)" "$best_models" "$(net "$best_models")" \
    "$(ratio "$best_models")"
printf '| model-generator models, queries, bodies | %s | %s | %s | %s |\n' "$(lines OursFull)" "$best_full" \
    "$(net "$best_full")" "$(ratio "$best_full")"
echo
echo "full output / peer's types within each round (whole builds, fixed cost included):$round_ratios"

# Edits: the same corpus with a most-referenced object, a leaf and an enum added (edit_corpus.py), one edit regenerated
# at a time and the target rebuilt incrementally, ours (one file per object) next to the peer's (one file). A package
# of its own, built with -stats-output-dir throughout, so that each compiler job's own time is on record (the flag is
# global: setting it for some builds of the first package would rebuild its dependencies) and the emit-module job's
# share can be read.
[ "${EDITS:-1}" = 0 ] && exit 0
edit_rounds=${EDIT_ROUNDS:-3}
edits="$work/edits"
python3 "$corpus_script" "$size" "$edits" >/dev/null
python3 "$here/edit_corpus.py" prepare "$edits"
edit_package="$work/edit-package"
mkdir -p "$edit_package/Sources"
sed "s|^output:.*|output: ../edit-package/Sources/Ours\nallowOutputAnywhere: true|" "$edits/model-generator.yaml" \
    | ours_access >"$edits/ours.yaml"
regenerate() {
    "$generator" generate --config "$edits/ours.yaml" >/dev/null
    quietly "$peer" generate --config "$edits/openapi-generator-config.yaml" \
        --output-directory "$edit_package/Sources/Peer" "$edits/openapi.json"
}
regenerate
write_peer_package "$edit_package" EditTime "$repository" Peer Ours
stats="$work/stats"
mkdir -p "$stats"
build_with_stats() { swift build --package-path "$edit_package" -Xswiftc -stats-output-dir -Xswiftc "$stats" "$@"; }
build_with_stats >/dev/null
rm -f "$stats"/*.json
edit_noop=99
declare -A best=()
keep() { # keeps the smaller time of key $1 among "<build> <emit-module job> <every job>" triples
    if [ -z "${best[$1]:-}" ] || awk "BEGIN { exit !($2 < ${best[$1]%% *}) }"; then best[$1]="$2 $3 $4"; fi
}
timed_build() { # target $1, rebuilt after whatever changed; prints "<build> <emit-module job> <every job>"
    local time
    time=$(elapsed build_with_stats --target "$1")
    echo "$time $(compiler_jobs "$stats" "$1" | cut -d' ' -f1-2)"
}
for _ in $(seq "$edit_rounds"); do
    edit_noop=$(smaller "$(elapsed build_with_stats --target Peer)" "$edit_noop")
    for target in Ours Peer; do
        find "$edit_package/Sources/$target" -name '*.swift' -exec touch {} +
        keep "clean $target" $(timed_build "$target")
    done
    for edit in leaf hub enum; do
        for direction in on off; do
            python3 "$here/edit_corpus.py" "$edit" "$direction" "$edits"
            regenerate
            for target in Ours Peer; do keep "$edit $target" $(timed_build "$target"); done
        done
    done
done
field() { echo "${best[$1]}" | awk -v n="$2" -v noop="$edit_noop" '{ printf "%.2f", (n == 1 ? $1 - noop : $n) }'; }
echo
printf '| edit, %s objects + hub and leaf, best of %s rounds (on and off) | ours (s) | its emit-module job (s) | ' \
    "$size" "$edit_rounds"
printf 'peer (s) | its emit-module job (s) | ours / peer | ours / our clean build |\n'
printf '| --- | --- | --- | --- | --- | --- | --- |\n'
for edit in clean leaf hub enum; do
    case $edit in
    clean) label="every file touched (clean build)" ;;
    leaf) label="a leaf object gains a property" ;;
    hub) label="the most-referenced object gains a property" ;;
    enum) label="an enum gains a value" ;;
    esac
    ours=$(field "$edit Ours" 1)
    peer_build=$(field "$edit Peer" 1)
    printf '| %s | %s | %s | %s | %s | %s | %s |\n' "$label" "$ours" "$(field "$edit Ours" 2)" "$peer_build" \
        "$(field "$edit Peer" 2)" "$(awk "BEGIN { printf \"%.2f\", $ours / $peer_build }")" \
        "$(awk "BEGIN { printf \"%.2f\", $ours / $(field "clean Ours" 1) }")"
done
echo
echo "Build times are whole incremental builds minus SwiftPM's fixed $edit_noop s; a job's time is its own wall time."
echo "Every job of our target, summed, in the best build of each edit: $(for e in clean leaf hub enum; do printf '%s %s s; ' "$e" "$(field "$e Ours" 3)"; done)"
