#!/usr/bin/env bash
# Runs every benchmark and prints its tables: generation time and memory next to swift-openapi-generator, compile time
# of the output next to the peer's, then decode/encode throughput next to synthesized Codable, then the time per
# doubling of inputs built to cost more than their size.
# usage: Benchmarks/run.sh [CORPUS_SCRIPT]   (default: ../shared/bench/make_corpus.py)
# The first run builds swift-openapi-generator in release mode, which takes several minutes.
set -euo pipefail
cd "$(dirname "$0")"
corpus_script=${1:-../../shared/bench/make_corpus.py}
echo "## Generation (release builds, best of three)"
./generation.sh "$corpus_script" 100 1000 5000
echo
echo "## Compile time of the output (debug builds, best of three)"
./compile-time.sh "$corpus_script" 100
echo
echo "## Decoding and encoding (release build)"
swift run -c release --package-path . DecodeBenchmark
echo
echo "## Hostile input: time per doubling of the input (release build)"
./linearity.sh
