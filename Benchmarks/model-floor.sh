#!/usr/bin/env bash
# What the generated models' build cost is made of (#29): the 100-object corpus's models (generate: [models]) as
# generated, generated with keepUnknownMembers: false, and rewritten by Levers/model_floor.py three ways (coding
# bodies stubbed; also without the kept members and the null tracking; bare stored properties), each a target of its
# own next to apple/swift-openapi-generator 1.14.3's types, rebuilt in turn (every file touched) for ROUNDS rounds
# (default 4). Prints each one's best debug build and its ratio to the peer's, SwiftPM's fixed cost (a build with
# nothing to do) subtracted from both as in compile-time.sh, and every round's ratios of whole builds.
# usage: Benchmarks/model-floor.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cd "$here"
source "$here/common.sh"
repository=$(cd "$here/.." && pwd)
generator=$(built_generator "$repository")
swift build -c release --product swift-openapi-generator >/dev/null
peer=$(swift build -c release --show-bin-path)/swift-openapi-generator

work=$(mktemp -d "${TMPDIR:-/tmp}/model-generator-floor.XXXXXX")
trap 'rm -rf "$work"' EXIT
python3 "$here/../../shared/bench/make_corpus.py" 100 "$work/corpus" >/dev/null
package="$work/package"
mkdir -p "$package/Sources"
sed 's/^generate:.*/generate: [models]/; s|^output:.*|output: ../package/Sources/Models\nallowOutputAnywhere: true|' \
    "$work/corpus/model-generator.yaml" >"$work/corpus/models-only.yaml"
"$generator" generate --config "$work/corpus/models-only.yaml" >/dev/null
sed 's|Sources/Models$|Sources/Unkept\nkeepUnknownMembers: false|' "$work/corpus/models-only.yaml" >"$work/corpus/unkept.yaml"
"$generator" generate --config "$work/corpus/unkept.yaml" >/dev/null
quietly "$peer" generate --config "$work/corpus/openapi-generator-config.yaml" \
    --output-directory "$package/Sources/Peer" "$work/corpus/openapi.json"
variants=(stubbed lean bare)
for variant in "${variants[@]}"; do
    apply_lever "$here/Levers/model_floor.py" "$package/Sources/Models" "$package/Sources/$variant" "$variant"
done
write_peer_package "$package" ModelFloor "$repository" Peer Models Unkept "${variants[@]}"
quietly swift build --package-path "$package"

rebuild() { # touches every file of target $1, then rebuilds it
    find "$package/Sources/$1" -name '*.swift' -exec touch {} +
    swift build --package-path "$package" --target "$1"
}
targets=(Peer Models Unkept "${variants[@]}")
declare -A best=()
noop=99999
rounds=""
for _ in $(seq "${ROUNDS:-4}"); do
    noop=$(smaller "$(elapsed swift build --package-path "$package" --target Peer)" "$noop")
    declare -A time=()
    for target in "${targets[@]}"; do
        time[$target]=$(elapsed rebuild "$target")
        best[$target]=$(smaller "${time[$target]}" "${best[$target]:-99999}")
    done
    round=""
    for target in Models Unkept "${variants[@]}"; do
        round="$round $(awk "BEGIN { printf \"%.2f\", ${time[$target]} / ${time[Peer]} }")"
    done
    rounds="$rounds |$round"
done

ratio() { awk "BEGIN { printf \"%.2f\", ($1 - $noop) / (${best[Peer]} - $noop) }"; }
printf '| 100 objects, models only, debug, best of %s rounds | lines | build (s) | of the peer'"'"'s types |\n' \
    "${ROUNDS:-4}"
printf '| --- | --- | --- | --- |\n'
for target in "${targets[@]}"; do
    case $target in
    Peer) label="swift-openapi-generator types" ;;
    Models) label="model-generator models, as generated" ;;
    Unkept) label="generated with keepUnknownMembers: false" ;;
    stubbed) label="coding and comparison bodies stubbed" ;;
    lean) label="stubbed, and no kept members or null tracking" ;;
    bare) label="stored properties and memberwise init only" ;;
    esac
    printf '| %s | %s | %s | %s |\n' "$label" "$(cat "$package/Sources/$target"/*.swift | wc -l)" "${best[$target]}" \
        "$(ratio "${best[$target]}")"
done
echo
echo "SwiftPM's fixed cost, subtracted above: $noop s"
echo "models, unkept, stubbed, lean, bare / peer's types within each round (whole builds, fixed cost included):$rounds"
