#!/usr/bin/env bash
# Times the tokenizer and `import` at 64 and 128 KB inputs (and at 1 and 2 MB, where starting the process is a
# smaller part), and generation of schemas nested at half and at the full nesting limit (release build, best of 15
# runs each), and prints the time ratio per doubling: work linear in the input costs about 2 (the target is at most
# 2.3). See linearity.py for the inputs.
# usage: Benchmarks/linearity.sh [ROUNDS]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/common.sh"
generator=$(built_generator "$here/..")
python3 "$here/linearity.py" "$generator" "${1:-15}"
