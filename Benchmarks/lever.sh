#!/usr/bin/env bash
# Measures a lever of #29 before the generator has it: the full output for the 100-object corpus, built as it is
# and as a rewriting script turns it (Levers/*.py, with the Swift file of the same stem's runtime side when there
# is one), in turn for ROUNDS rounds (default 3). Prints, for each, the best whole build, the best sum of its
# compiler jobs' own wall times, and two counts that don't move with the machine: the SIL functions the compile jobs
# generate and the accessors the emit-module job synthesizes. GENERATE="[models]" measures that part of the output
# alone.
# usage: Benchmarks/lever.sh Levers/generic_patch.py [ARGUMENT…]   (the script from here or from Benchmarks/;
#        arguments go to it)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/common.sh"
script=$(lever_script "$1")
shift
cd "$here"
repository=$(cd "$here/.." && pwd)
generator=$(built_generator "$repository")

work=$(mktemp -d "${TMPDIR:-/tmp}/model-generator-lever.XXXXXX")
trap 'rm -rf "$work"' EXIT
generate_full_output "$work" "$generator" Full "${GENERATE:-}"
package="$work/package"
apply_lever "$script" "$package/Sources/Full" "$package/Sources/Lever" "$@"
write_model_package "$package" Lever Full "$repository"
sed -i 's|^    targets: \[\(.*\)\]$|    targets: [\1, .target(name: "Lever", dependencies: [.product(name: "ModelRuntime", package: "swift-model-generator")])]|' \
    "$package/Package.swift"
stats="$work/stats"
mkdir -p "$stats"
build() { swift build --package-path "$package" -Xswiftc -stats-output-dir -Xswiftc "$stats" "$@"; }
build >/dev/null
measure() { # target $1, every file touched: "<build> <jobs' summed wall> <SIL functions> <emit-module accessors>"
    rm -f "$stats"/*.json
    find "$package/Sources/$1" -name '*.swift' -exec touch {} +
    local time
    time=$(elapsed build --target "$1")
    echo "$time $(compiler_jobs "$stats" "$1" | cut -d' ' -f2-4)"
}
declare -A best=()
keep() { # keeps the smaller build and jobs' times of target $1
    local previous=${best[$1]:-"99999 99999"}
    best[$1]="$(smaller "$2" "${previous%% *}") $(smaller "$3" "$(echo "$previous" | cut -d' ' -f2)") $4 $5"
}
for _ in $(seq "${ROUNDS:-3}"); do
    for target in Full Lever; do keep "$target" $(measure "$target"); done
done
printf '| 100 objects, %s, best of %s rounds | lines | build (s) | compiler jobs summed (s) | SIL functions | emit-module accessors |\n' \
    "$([ -n "${GENERATE:-}" ] && echo "generate: $GENERATE" || echo "full output")" "${ROUNDS:-3}"
printf '| --- | --- | --- | --- | --- | --- |\n'
for target in Full Lever; do
    read -r build jobs functions accessors <<<"${best[$target]}"
    label=$([ "$target" = Full ] && echo "as generated" || echo "$(basename "$script") $*")
    printf '| %s | %s | %s | %s | %s | %s |\n' "$label" "$(cat "$package/Sources/$target"/*.swift | wc -l)" "$build" \
        "$jobs" "$functions" "$accessors"
done
