#!/usr/bin/env bash
# Runs every benchmark and prints its table: generation time and memory, then decode/encode throughput.
set -euo pipefail
cd "$(dirname "$0")"
echo "## Generation (model-generator generate, release build)"
./generation.sh "$@"
echo
echo "## Decoding and encoding (release build)"
swift run -c release --package-path . DecodeBenchmark
