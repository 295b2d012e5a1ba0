#!/usr/bin/env bash
# How long a debug `swift build` takes to compile generated code for the 100-object corpus: our models alone, our full
# output (models, queries, bodies), and apple/swift-openapi-generator 1.14.3's types for the equivalent OpenAPI
# document. Each is its own target in one package; after a first build, every file of the target is touched and the
# target rebuilt, best of three. SwiftPM's own fixed cost (a build with nothing to do) is measured too and subtracted.
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

seconds() { # best of three wall times of "$@"
    local best=""
    for _ in 1 2 3; do
        local start end elapsed
        start=$(date +%s.%N)
        "$@" >/dev/null
        end=$(date +%s.%N)
        elapsed=$(awk "BEGIN { printf \"%.2f\", $end - $start }")
        if [ -z "$best" ] || awk "BEGIN { exit !($elapsed < $best) }"; then best=$elapsed; fi
    done
    echo "$best"
}
rebuild() { # touches every file of target $1, then rebuilds it
    find "$package/Sources/$1" -name '*.swift' -exec touch {} +
    swift build --package-path "$package" --target "$1"
}

noop=$(seconds swift build --package-path "$package" --target PeerTypes)
peer_time=$(seconds rebuild PeerTypes)
peer_net=$(awk "BEGIN { printf \"%.2f\", $peer_time - $noop }")
lines() { cat "$package/Sources/$1"/*.swift | wc -l; }

printf '| %s objects, debug build | lines | build (s) | minus SwiftPM'"'"'s fixed %s s | of the peer'"'"'s types |\n' "$size" "$noop"
printf '| --- | --- | --- | --- | --- |\n'
printf '| swift-openapi-generator types | %s | %s | %s | 1.00 |\n' "$(lines PeerTypes)" "$peer_time" "$peer_net"
for target in OursModels OursFull; do
    time=$(seconds rebuild "$target")
    net=$(awk "BEGIN { printf \"%.2f\", $time - $noop }")
    label=$([ "$target" = OursModels ] && echo "model-generator models" || echo "model-generator models, queries, bodies")
    printf '| %s | %s | %s | %s | %s |\n' "$label" "$(lines "$target")" "$time" "$net" \
        "$(awk "BEGIN { printf \"%.2f\", $net / $peer_net }")"
done
