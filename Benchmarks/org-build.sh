#!/usr/bin/env bash
# A real Medable org's build cost: the 86 object definitions mdctl's `env export` wrote (shared/real/cortex/env-objects)
# generated in full (models, queries, bodies; Cortex) into a target of their own, then in turn for ROUNDS rounds
# (default 5): every file touched and the target rebuilt (a clean build of the target), and a one-line edit of one
# model file (a comment added, then taken away) rebuilt incrementally. Prints each one's best time.
#
# BASELINE=<another checkout of this repository> builds that checkout's output too, round by round in turn with this
# one's, for a comparison in the same hour. FILTER="<API names>" adds this checkout's output generated with
# `filter: { objects: [...] }` (what an app that uses those objects of the org builds), the edited object among them.
# OBJECTS_LEVER=Levers/X.py adds this checkout's output of the object definitions as the script rewrites them
# (X.py SOURCE_DIR DESTINATION_DIR): a lever measured on the schema before the generator has it.
# usage: Benchmarks/org-build.sh [ENV_OBJECTS_DIR] [EDITED_OBJECT]   (default: ../shared/real/cortex/env-objects account)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
objects=$(realpath "${1:-$here/../../shared/real/cortex/env-objects}")
edited=${2:-account}
rounds=${ROUNDS:-5}
work=$(mktemp -d "${TMPDIR:-/tmp}/model-generator-org.XXXXXX")
trap 'rm -rf "$work"' EXIT
source "$here/common.sh"

prepare() { # checkout $1 as side $2, with filter $3 (API names, or nothing) and the object definitions of folder $4
    # (else those of the org): its output generated into $work/$2/Sources/Org and built
    local checkout=$1 side=$2 filter=${3:-} definitions=${4:-$objects} generator edited_file
    generator=$(built_generator "$checkout")
    mkdir -p "$work/$side/Sources"
    {
        echo "schemas:"
        for file in "$definitions"/*.json; do echo "  - \"$file\""; done
        echo "output: Sources/Org"
        echo "dialect: cortex"
        echo "accessModifier: public"
        echo "generate: [models, queries, bodies]"
        echo "allowOutputAnywhere: true"
        if [ -n "$filter" ]; then echo "filter: { objects: [$(echo $filter | sed 's/ /, /g')] }"; fi
    } >"$work/$side/model-generator.yaml"
    "$generator" generate --config "$work/$side/model-generator.yaml" >/dev/null
    write_model_package "$work/$side" Org Org "$checkout"
    swift build --package-path "$work/$side" >/dev/null
    edited_file=$(grep -l "^public struct [A-Za-z]*: .*Codable" "$work/$side/Sources/Org"/*.swift \
        | xargs grep -l "from .*/$edited\.json" | head -1)
    [ -n "$edited_file" ] || { echo "no generated file for $edited" >&2; exit 1; }
    echo "$edited_file" >"$work/$side/edited"
}

touch_all() { find "$work/$1/Sources/Org" -name '*.swift' -exec touch {} +; }
toggle_comment() { # adds a comment line at the end of side $1's edited file, or takes it away again
    local file
    file=$(cat "$work/$1/edited")
    if tail -1 "$file" | grep -q '^// edited$'; then sed -i '$d' "$file"; else echo "// edited" >>"$file"; fi
}

sides=(current)
prepare "$(cd "$here/.." && pwd)" current
if [ -n "${BASELINE:-}" ]; then
    sides+=(baseline)
    prepare "$(cd "$BASELINE" && pwd)" baseline
fi
if [ -n "${FILTER:-}" ]; then
    sides+=(filtered)
    prepare "$(cd "$here/.." && pwd)" filtered "$FILTER"
fi
if [ -n "${OBJECTS_LEVER:-}" ]; then
    sides+=(lever)
    python3 "$(lever_script "$OBJECTS_LEVER")" "$objects" "$work/lever-objects"
    prepare "$(cd "$here/.." && pwd)" lever "" "$work/lever-objects"
fi

declare -A best_clean best_edit
for _ in $(seq "$rounds"); do
    for side in "${sides[@]}"; do
        touch_all "$side"
        clean=$(elapsed swift build --package-path "$work/$side")
        toggle_comment "$side"
        edit=$(elapsed swift build --package-path "$work/$side")
        best_clean[$side]=$(smaller "$clean" "${best_clean[$side]:-999}")
        best_edit[$side]=$(smaller "$edit" "${best_edit[$side]:-999}")
    done
done

printf '| %s objects of a real org (full output), best of %s rounds | lines | every file touched (s) | ' \
    "$(ls "$objects"/*.json | wc -l)" "$rounds"
printf 'one-line edit of %s (s) |\n| --- | --- | --- | --- |\n' "$(basename "$(cat "$work/current/edited")")"
for side in "${sides[@]}"; do
    label=$side
    if [ "$side" = filtered ]; then label="current, filter: $FILTER"; fi
    if [ "$side" = lever ]; then label="current, objects rewritten by $(basename "$OBJECTS_LEVER")"; fi
    printf '| %s | %s | %s | %s |\n' "$label" "$(cat "$work/$side/Sources/Org"/*.swift | wc -l)" "${best_clean[$side]}" \
        "${best_edit[$side]}"
done
