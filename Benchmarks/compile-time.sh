#!/usr/bin/env bash
# How long a debug `swift build` takes to compile generated code for the 100-object corpus: our models alone, our full
# output (models, queries, bodies), and apple/swift-openapi-generator 1.14.3's types for the equivalent OpenAPI
# document. Each is its own target in one package; after a first build, every file of the target is touched and the
# target rebuilt. The three take turns for ROUNDS rounds (default 5) and each keeps its best time. SwiftPM's own fixed
# cost (a build with nothing to do) is measured too and subtracted.
# usage: Benchmarks/compile-time.sh [CORPUS_SCRIPT] [SIZE]   (default: ../shared/bench/make_corpus.py 100)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
corpus_script=$(realpath "${1:-$here/../../shared/bench/make_corpus.py}")
size=${2:-100}
repository=$(cd "$here/.." && pwd)
cd "$here"

swift build -c release --package-path .. --product model-generator >/dev/null
generator=$(swift build -c release --package-path .. --show-bin-path)/model-generator
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
    "$work/corpus/model-generator.yaml" >"$work/corpus/models-only.yaml"
sed "s|^output:.*|output: ../package/Sources/OursFull\nallowOutputAnywhere: true|" "$work/corpus/model-generator.yaml" \
    >"$work/corpus/full.yaml"
"$generator" generate --config "$work/corpus/models-only.yaml" >/dev/null
"$generator" generate --config "$work/corpus/full.yaml" >/dev/null
"$peer" generate --config "$work/corpus/openapi-generator-config.yaml" --output-directory "$package/Sources/PeerTypes" \
    "$work/corpus/openapi.json" >/dev/null 2>&1

cat >"$package/Package.swift" <<EOF
// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "CompileTime",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "swift-model-generator", path: "$repository"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", exact: "1.13.4"),
    ],
    targets: [
        .target(name: "OursModels", dependencies: [.product(name: "ModelRuntime", package: "swift-model-generator")]),
        .target(name: "OursFull", dependencies: [.product(name: "ModelRuntime", package: "swift-model-generator")]),
        .target(name: "PeerTypes", dependencies: [.product(name: "OpenAPIRuntime", package: "swift-openapi-runtime")]),
    ]
)
EOF
swift build --package-path "$package" >/dev/null

elapsed() { # the wall time of "$@", in seconds
    local start end
    start=$(date +%s.%N)
    "$@" >/dev/null
    end=$(date +%s.%N)
    awk "BEGIN { printf \"%.2f\", $end - $start }"
}
smaller() { awk "BEGIN { print ($1 < $2) ? $1 : $2 }"; }
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
