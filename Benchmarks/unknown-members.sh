#!/usr/bin/env bash
# Keeping unknown members may cost at most 5% of a plain model's decoding when no unknown key is present: three runs
# of UnknownMembersBenchmark (release build), each alternating the kept and lean models, and the median of their
# decode ratios.
# usage: Benchmarks/unknown-members.sh
set -euo pipefail
cd "$(dirname "$0")"
swift build -c release --product UnknownMembersBenchmark >/dev/null
binary="$(swift build -c release --show-bin-path)/UnknownMembersBenchmark"
ratios=()
tree_ratios=()
listing_ratios=()
filtering_ratios=()
walk_ratios=()
for run in 1 2 3; do
    output=$("$binary")
    echo "run $run: ${output//$'\n'/; }"
    ratios+=("$(echo "$output" | sed -n 's/^decode plain: .*ratio \([0-9.]*\)$/\1/p')")
    listing_ratios+=("$(echo "$output" | sed -n 's/^listing the keys (allKeys) alone: .*ratio \([0-9.]*\)$/\1/p')")
    filtering_ratios+=("$(echo "$output" | sed -n 's/^keeping through a key type that refuses defined keys: .*ratio \([0-9.]*\)$/\1/p')")
    walk_ratios+=("$(echo "$output" | sed -n 's/^walking the keys (allKeys) with nothing made from them: .*ratio \([0-9.]*\)$/\1/p')")
    tree_ratios+=("$(echo "$output" | sed -n "s/^decode plain from the client's tree: .*ratio \([0-9.]*\)$/\1/p")")
done
median=$(printf '%s\n' "${ratios[@]}" | sort -n | sed -n 2p)
echo "median decode ratio (kept ÷ lean): $median (target at most 1.05)"
tree_median=$(printf '%s\n' "${tree_ratios[@]}" | sort -n | sed -n 2p)
echo "median decode ratio from the client's tree (kept ÷ lean): $tree_median"
listing_median=$(printf '%s\n' "${listing_ratios[@]}" | sort -n | sed -n 2p)
echo "median ratio of listing the keys alone (allKeys ÷ without), through JSONDecoder: $listing_median"
filtering_median=$(printf '%s\n' "${filtering_ratios[@]}" | sort -n | sed -n 2p)
echo "median ratio of keeping through a key type that refuses defined keys (hand-written, not generated): $filtering_median"
walk_median=$(printf '%s\n' "${walk_ratios[@]}" | sort -n | sed -n 2p)
echo "median ratio of walking the keys with nothing made from them (the floor through JSONDecoder): $walk_median"
