# What the benchmark scripts share. Sourced by them, not run.

# Builds checkout $1's model-generator in release mode and prints the binary's path.
built_generator() {
    swift build -c release --package-path "$1" --product model-generator >/dev/null
    echo "$(swift build -c release --package-path "$1" --show-bin-path)/model-generator"
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

# The wall time of "$@", in seconds.
elapsed() {
    local start end
    start=$(date +%s.%N)
    "$@" >/dev/null
    end=$(date +%s.%N)
    awk "BEGIN { printf \"%.2f\", $end - $start }"
}

# The smaller of two numbers.
smaller() { awk "BEGIN { print ($1 < $2) ? $1 : $2 }"; }
