#!/usr/bin/env bash
# Where the full output's debug build goes (#29), for the 100-object corpus: every file touched and the target
# rebuilt with -stats-output-dir, then each compiler phase's wall time summed over the batch jobs and over the
# emit-module job (LLVM is not timed by the compiler: it is the rest of each job), and the LLVM IR of one object's
# file (`-g -Onone`, as the debug build makes it) with its instructions counted by the kind of function they are in.
# usage: Benchmarks/build-profile.sh [OBJECT_FILE]   (default Object0.swift)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/common.sh"
repository=$(cd "$here/.." && pwd)
generator=$(built_generator "$repository")
object_file=${1:-Object0.swift}

work=$(mktemp -d "${TMPDIR:-/tmp}/model-generator-profile.XXXXXX")
trap 'rm -rf "$work"' EXIT
generate_full_output "$work" "$generator" Full
package="$work/package"
write_model_package "$package" Profile Full "$repository"
stats="$work/stats"
mkdir -p "$stats"
build() { swift build --package-path "$package" -Xswiftc -stats-output-dir -Xswiftc "$stats" "$@"; }
quietly build
rm -f "$stats"/*.json
find "$package/Sources/Full" -name '*.swift' -exec touch {} +
echo "every file touched: $(elapsed build --target Full) s"

python3 - "$stats" <<'PYTHON'
import collections, glob, json, os, sys
phases = collections.Counter()  # (job kind, phase): seconds; the phases' timers are not nested in one another
jobs = collections.Counter()
for path in glob.glob(os.path.join(sys.argv[1], "*.json")):
    record = json.load(open(path))
    walls = {key[:-len(".wall")]: value for key, value in record.items() if key.endswith(".wall")}
    job = [value for key, value in walls.items() if key.startswith("time.swift-frontend.Full-")]
    if not job:
        continue
    kind = "emit-module" if "-swiftmodule-" in path else "batch"
    jobs[kind] += sum(job)
    for key, value in walls.items():
        if key.startswith("time.swift."):
            phases[(kind, key[len("time.swift."):])] += value
shown = ["Import resolution", "Type checking and Semantic analysis", "SILGen", "SIL optimization", "IRGen",
         "Serialization, swiftmodule"]
print("| phase, summed over the jobs (s) | batch jobs | emit-module job |")
print("| --- | --- | --- |")
for phase in shown:
    print(f"| {phase} | {phases[('batch', phase)]:.2f} | {phases[('emit-module', phase)]:.2f} |")
rest = {kind: jobs[kind] - sum(phases[(kind, phase)] for phase in shown) for kind in ("batch", "emit-module")}
print(f"| the rest: LLVM (which no timer covers in these jobs) and the smaller phases | {rest['batch']:.2f} | "
      f"{rest['emit-module']:.2f} |")
print(f"| the jobs | {jobs['batch']:.2f} | {jobs['emit-module']:.2f} |")
PYTHON

modules="$(swift build --package-path "$package" --show-bin-path)/Modules"
others=()
for file in "$package/Sources/Full"/*.swift; do
    if [ "$(basename "$file")" != "$object_file" ]; then others+=("$file"); fi
done
swiftc -frontend -emit-ir -g -Onone -enable-testing -swift-version 6 -D SWIFT_PACKAGE -D DEBUG -parse-as-library \
    -module-name Full -I "$modules" \
    -primary-file "$package/Sources/Full/$object_file" "${others[@]}" -o "$work/object.ll"
python3 - "$work/object.ll" "$object_file" <<'PYTHON'
import collections, re, subprocess, sys
functions = []  # (mangled name, instructions)
name, count = None, 0
for line in open(sys.argv[1]):
    if line.startswith("define "):
        name, count = re.search(r'@"?([^"( ]+)"?\(', line).group(1), 0
    elif name and line.startswith("}"):
        functions.append((name, count))
        name = None
    elif name and line.startswith("  ") and not line.lstrip().startswith((";", "#dbg_")):
        count += 1  # an instruction; not a comment or a debug record
demangled = subprocess.run(["swift", "demangle", "--simplified"], input="\n".join(f for f, _ in functions),
                           capture_output=True, text=True, check=True).stdout.split("\n")
witnesses = ("initializeBufferWithCopyOfBuffer", "assignWithCopy", "assignWithTake", "initializeWithCopy",
             "initializeWithTake", "destroy for", "getEnumTagSinglePayload", "storeEnumTagSinglePayload",
             "getEnumTag for", "destructiveProjectEnumData for", "destructiveInjectEnumTag for")
body_members = r"\.(Create|Patch)\.(members|operations)\.getter|\.bodyValue\.getter"
def kind(symbol):
    """The kind of function a demangled (`--simplified`) symbol names."""
    if symbol.startswith(witnesses): return "value witnesses (copy, assign, destroy, enum tags)"
    if symbol.startswith("outlined"): return "outlined copies and destroys"
    if "metadata" in symbol or "witness table accessor" in symbol: return "type metadata and witness tables"
    if symbol.startswith("protocol witness"): return "protocol witnesses"
    if re.search(r"init\(from:\)|encode\(to:\)|membersAreEqual|hash\(into:\)|hashValue\.getter|== infix", symbol):
        return "coding, ==, hashing"
    if re.search(body_members, symbol): return "Create and Patch bodies"
    if re.search(r"\.(getter|setter|modify)\b", symbol): return "property accessors"
    if re.search(r"\.Create\b|\.Patch\b", symbol): return "Create and Patch bodies"
    return "everything else"
instructions, counts = collections.Counter(), collections.Counter()
for (_, size), symbol in zip(functions, demangled):
    instructions[kind(symbol)] += size
    counts[kind(symbol)] += 1
total = sum(instructions.values())
print(f"\n| {sys.argv[2]}'s LLVM IR, by kind of function | functions | instructions | share |")
print("| --- | --- | --- | --- |")
for label, size in instructions.most_common():
    print(f"| {label} | {counts[label]} | {size} | {100 * size / total:.0f}% |")
print(f"| all | {sum(counts.values())} | {total} | |")
PYTHON
