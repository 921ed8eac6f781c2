#!/bin/sh
# Bounded libFuzzer run of the glTF loader on a seed corpus of valid files written by
# dynskin_io_seed_corpus. Usage: run_fuzz.sh FUZZER SEED_WRITER SECONDS [WORK_FOLDER]
# Exit status: 0 when no finding; libFuzzer's status (and the crash file in WORK_FOLDER) otherwise.
set -eu
fuzzer=$1
seed_writer=$2
seconds=$3
work=${4:-$(mktemp -d /tmp/dynskin_fuzz_XXXXXX)}
mkdir -p "$work/seeds" "$work/corpus"
"$seed_writer" "$work/seeds"
echo "fuzzing the glTF loader for ${seconds}s; corpus and findings in $work"
# -timeout: one input taking over 10 s is a hang; -rss_limit_mb: a runaway allocation is a finding.
exec "$fuzzer" "$work/corpus" "$work/seeds" \
  -dict="$(dirname "$0")/gltf.dict" \
  -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
  -artifact_prefix="$work/" -print_final_stats=1
