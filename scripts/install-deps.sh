#!/usr/bin/env bash
# Installs the Debian 12 packages dynskin needs, when they are missing.
# Usage: scripts/install-deps.sh viewer   what the desktop viewer and dynskin-cli need to build and
#                                          run (scripts/run.sh): a compiler, the libraries, Xvfb
#        scripts/install-deps.sh [all]    everything the tests, benchmarks, the Python module,
#                                          the Blender add-on and the web build need (scripts/test.sh)
set -euo pipefail

what=${1:-all}
case "$what" in
  viewer|all) ;;
  *) echo "usage: scripts/install-deps.sh [viewer|all]" >&2; exit 2 ;;
esac

# The viewer's part: enough to build and launch it (scripts/run.sh).
packages=(
  cmake ninja-build g++ pkg-config            # toolchain
  libglm-dev                                  # vector maths (core)
  libhwy-dev                                  # portable SIMD with run-time dispatch (core)
  libtinygltf-dev libstb-dev nlohmann-json3-dev  # glTF, images, JSON (io)
  libmeshoptimizer-dev libdraco-dev           # compressed glTF: meshopt (gltfpack, glTF-Transform), Draco (io)
  libwebp-dev                                 # WebP textures (EXT_texture_webp) (io)
  libcli11-dev                                # command-line parsing (dynskin-cli, dynskin)
  libglfw3-dev libimgui-dev libgl-dev         # the viewer: window, panels, OpenGL
  xvfb xauth libgl1-mesa-dri                  # the viewer without a display (Xvfb, Mesa llvmpipe), headless runs and tests
)
# The rest: what scripts/test.sh builds and runs besides the viewer.
if [ "$what" = all ]; then
  packages+=(
    ccache                                      # repeated builds, as in CI, are quick
    glslang-tools libgles-dev                   # the shaders checked as GLSL ES 3.00, src/gl against the ES 3.0 API (WebGL 2)
    libgtest-dev libbenchmark-dev               # tests and benchmarks
    clang libclang-rt-14-dev                    # libFuzzer for the loader's fuzz test
    pybind11-dev python3-dev python3-numpy python3-pytest  # the Python module and its tests
    python3-pip python3-setuptools python3-wheel python3-venv  # its wheel, installed in a virtual environment
    blender                                     # the Blender add-on's headless test (Blender 3.4, Python 3.11)
    emscripten nodejs chromium                  # the web build (scripts/build-web.sh) and its test in headless Chromium (tests/web)
    python3-jsonschema                          # the glTF extension's JSON Schemas checked against its examples and saved files (docs/extensions)
  )
fi

if [ "$(id -u)" -eq 0 ]; then
  as_root=()
elif command -v sudo >/dev/null 2>&1; then
  as_root=(sudo)
else
  as_root=(false)  # nothing can be installed; said below when something is missing
fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing missing Debian packages: ${missing[*]}"
  if [ "${as_root[*]}" = false ]; then
    echo "error: these packages are missing and neither root nor sudo is available: ${missing[*]}" >&2
    echo "       install them with your package manager, then run this again." >&2
    exit 1
  fi
  "${as_root[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
if [ "$what" = viewer ]; then
  exit 0  # the npm packages below serve the tests only
fi

# puppeteer-core, which drives Chromium in the browser test (tests/web): version 24 (25 needs
# node >= 22.12), in the web build's folder of dependencies, where tests/web/run.sh and CMake
# look. Without it the browser test is not registered (CMake says so).
if ! command -v npm >/dev/null 2>&1 && [ "${as_root[*]}" != false ]; then
  # (Only when missing: a node from elsewhere, such as NodeSource's, brings its own npm,
  # which Debian's package conflicts with.)
  DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -qq --no-install-recommends npm || true
fi
root=$(cd "$(dirname "$0")/.." && pwd)
puppeteer="$root/build-web/_deps/puppeteer"
if [ ! -d "$puppeteer/node_modules/puppeteer-core" ]; then
  echo "Installing the npm package puppeteer-core@24 into $puppeteer"
  mkdir -p "$puppeteer"
  npm install --prefix "$puppeteer" --no-fund --no-audit puppeteer-core@24 >/dev/null 2>&1 \
    || echo "note: puppeteer-core could not be installed; the browser test will not run"
fi

# Optional: the Khronos glTF-Validator (npm package gltf-validator), which the bake tests run
# on baked files; they skip with a message without it, so nothing here may fail the script.
optional_note="note: the glTF-Validator is not installed; the bake tests will skip it"
if command -v npm >/dev/null 2>&1; then
  npm_root=$(npm root -g 2>/dev/null || true)
  if [ -n "$npm_root" ] && [ ! -d "$npm_root/gltf-validator" ] && [ "${as_root[*]}" != false ]; then
    echo "Installing the npm package gltf-validator (optional)"
    "${as_root[@]}" npm install -g --no-fund --no-audit gltf-validator >/dev/null 2>&1 || echo "$optional_note"
  fi
fi
exit 0
