#!/usr/bin/env bash
# Builds what dynskin-three needs built: its dependency dynskin-core's dist/ (the WebAssembly
# core and the per-vertex stage's GLSL, ../dynskin-core/build.sh); dynskin-three itself is
# its sources.
# Usage: packages/dynskin-three/build.sh [BUILD_WEB_DIR]   (default: the repository's build-web)
set -euo pipefail
exec "$(cd "$(dirname "$0")" && pwd)/../dynskin-core/build.sh" "$@"
