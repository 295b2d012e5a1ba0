# What the benchmark scripts share. Sourced by them, not run.

# Builds checkout $1's model-generator in release mode and prints the binary's path.
built_generator() {
    swift build -c release --package-path "$1" --product model-generator >/dev/null
    echo "$(swift build -c release --package-path "$1" --show-bin-path)/model-generator"
}

# The absolute path of lever script $1 (Levers/X.py), named from the current folder or from Benchmarks/.
lever_script() {
    if [ -f "$1" ]; then realpath "$1"; else realpath "$(dirname "${BASH_SOURCE[0]}")/$1"; fi
}

# Rewrites generated folder $2 into folder $3 with lever script $1 (its further arguments after $3), and copies the
# lever's runtime side, the Swift file of the script's stem in CamelCase (generic_patch.py → GenericPatch.swift),
# next to the output when there is one.
apply_lever() {
    local script=$1 source=$2 destination=$3 runtime
    shift 3
    python3 "$script" "$source" "$destination" "$@"
    runtime="$(dirname "$script")/$(basename "${script%.py}" | sed -E 's/(^|_)([a-z])/\U\2/g').swift"
    if [ -f "$runtime" ]; then cp "$runtime" "$destination/"; fi
}

# Makes the 100-object corpus in folder $1/corpus and generates its full output with generator $2 into
# $1/package/Sources/$3, through a copy of the corpus's config that writes there ($1/corpus/full.yaml). With a
# fourth argument, a `generate` list such as "[models]", it generates that instead of the full output.
generate_full_output() {
    python3 "$(dirname "${BASH_SOURCE[0]}")/../../shared/bench/make_corpus.py" 100 "$1/corpus" >/dev/null
    mkdir -p "$1/package/Sources"
    local parts=${4:+"s|^generate:.*|generate: $4|"}
    sed "s|^output:.*|output: ../package/Sources/$3\nallowOutputAnywhere: true|; ${parts}" \
        "$1/corpus/model-generator.yaml" >"$1/corpus/full.yaml"
    "$2" generate --config "$1/corpus/full.yaml" >/dev/null
}

# Writes package folder $1's Package.swift: a package named $2 with one target, $3, on checkout $4's ModelRuntime.
write_model_package() {
    cat >"$1/Package.swift" <<MANIFEST
// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "$2",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "swift-model-generator", path: "$4")],
    targets: [.target(name: "$3", dependencies: [.product(name: "ModelRuntime", package: "swift-model-generator")])]
)
MANIFEST
}

# Writes package folder $1's Package.swift: a package named $2 on checkout $3's ModelRuntime and on
# swift-openapi-runtime 1.13.4, with target $4 on OpenAPIRuntime (the peer's types) and a target on ModelRuntime for
# each further argument.
write_peer_package() {
    local folder=$1 name=$2 checkout=$3 peer=$4 ours="" target
    shift 4
    for target in "$@"; do ours+="        .target(name: \"$target\", dependencies: runtime),"$'\n'; done
    cat >"$folder/Package.swift" <<MANIFEST
// swift-tools-version: 6.0
import PackageDescription

let runtime: [Target.Dependency] = [.product(name: "ModelRuntime", package: "swift-model-generator")]
let package = Package(
    name: "$name",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "swift-model-generator", path: "$checkout"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", exact: "1.13.4"),
    ],
    targets: [
$ours        .target(name: "$peer", dependencies: [.product(name: "OpenAPIRuntime", package: "swift-openapi-runtime")]),
    ]
)
MANIFEST
}

# Runs "$@" with its output set aside, and shows that output if the command fails (returning its failure).
quietly() {
    local log status=0
    log=$(mktemp)
    "$@" >"$log" 2>&1 || status=$?
    if [ "$status" != 0 ]; then cat "$log" >&2; fi
    rm -f "$log"
    return "$status"
}

# The wall time of "$@", in seconds. A command that fails stops the whole script with its output, even from inside a
# command substitution, where `set -e` doesn't reach: a failed build must not be timed as a fast one.
elapsed() {
    local start end
    start=$(date +%s.%N)
    if ! quietly "$@"; then
        echo "failed: $*" >&2
        kill -s TERM $$
        exit 1
    fi
    end=$(date +%s.%N)
    awk "BEGIN { printf \"%.2f\", $end - $start }"
}

# The smaller of two numbers.
smaller() { awk "BEGIN { print ($1 < $2) ? $1 : $2 }"; }

# Module $2's compiler jobs recorded in the -stats-output-dir $1 since the last call, whose records it removes:
# "<emit-module job's wall> <every job's wall, summed> <SIL functions of the compile jobs> <accessors the emit-module
# job synthesized>" (the two counts don't move with the machine).
compiler_jobs() {
    python3 - "$1" "$2" <<'PYTHON'
import glob, json, os, sys
directory, module = sys.argv[1], sys.argv[2]
module_job = every_job = 0.0
functions = accessors = 0
for path in glob.glob(os.path.join(directory, "*.json")):
    record = json.load(open(path))
    os.remove(path)
    walls = [(key, value) for key, value in record.items()
             if key.startswith("time.swift-frontend." + module + "-") and key.endswith(".wall")]
    if not walls:
        continue
    every_job += sum(value for _, value in walls)
    if any("-swiftmodule-" in key for key, _ in walls):
        module_job += sum(value for _, value in walls)
        accessors += record.get("Sema.NumAccessorsSynthesized", 0)
    else:
        functions += record.get("SILModule.NumSILGenFunctions", 0)
print(f"{module_job:.2f} {every_job:.2f} {functions} {accessors}")
PYTHON
}
