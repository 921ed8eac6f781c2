#!/usr/bin/env bash
# Builds dynskin for the web with Debian 12's Emscripten (3.1.6), from the same sources as the
# desktop, into build-web/ (or the folder given).
# Usage: scripts/build-web.sh [BUILD_DIR]
#
# What it builds (issue 19): the libraries (core, io, characters and gl, the latter for
# OpenGL ES 3.0 / WebGL 2 with DYNSKIN_GLES) as WebAssembly, the viewer (src/app, GLFW from
# -sUSE_GLFW=3, Dear ImGui from its Debian sources) as index.html + dynskin.js + .wasm +
# assets/ (the bundled characters, downloaded on demand), which scripts/serve-web.sh serves, and examples/minimal as
# dynskin-minimal.js, which it runs under node on the cow. tests/web/run.sh tests the page in
# headless Chromium.
#
# Debian's Emscripten is offline and has no ports, so the dependencies come from Debian too:
# header-only libraries from /usr/include (through a folder holding just them: emcc must not
# see the host's libc headers), Highway, meshoptimizer, Draco, libwebp and Dear ImGui compiled
# from their Debian source packages (apt-get source; a deb-src line is added when missing).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
out=$(realpath -m "${1:-$root/build-web}")
deps="$out/_deps"
mkdir -p "$deps"

if [ "$(id -u)" -eq 0 ]; then as_root=(); elif command -v sudo >/dev/null 2>&1; then as_root=(sudo); else as_root=(false); fi

# 1. Debian packages: Emscripten, the header-only libraries, and dpkg-dev for apt-get source.
packages=(emscripten ninja-build cmake dpkg-dev libglm-dev nlohmann-json3-dev libtinygltf-dev libstb-dev libcli11-dev)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing missing Debian packages: ${missing[*]}"
  "${as_root[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
# Debian packages Emscripten's node modules (acorn...) under /usr/share/nodejs.
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}

# 2. The Debian sources of Highway, meshoptimizer, Draco, libwebp and Dear ImGui (the -dev
# packages hold x86 libraries and, for ImGui, the headers only).
fetch_source() {  # PACKAGE: unpacks it under $deps/src once
  local package=$1
  if compgen -G "$deps/src/$package-*/" >/dev/null; then return; fi
  if ! apt-cache showsrc "$package" >/dev/null 2>&1 || [ -z "$(apt-cache showsrc "$package" 2>/dev/null)" ]; then
    echo "Adding Debian's deb-src lines (for apt-get source)"
    "${as_root[@]}" tee /etc/apt/sources.list.d/dynskin-deb-src.sources >/dev/null <<'EOF'
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
    "${as_root[@]}" apt-get update -qq
  fi
  mkdir -p "$deps/src"
  (cd "$deps/src" && apt-get source -qq "$package" >/dev/null)
}
fetch_source highway
fetch_source meshoptimizer
fetch_source draco
fetch_source libwebp
fetch_source imgui

# 3. The libraries compiled for WebAssembly, each installed into $deps/prefix once (MARKER: a
# file its install leaves there).
install_from_source() {  # PACKAGE MARKER [CMAKE_OPTION...]
  local package=$1 marker=$2
  shift 2
  [ -f "$deps/prefix/$marker" ] && return
  local src
  src=$(compgen -G "$deps/src/$package-*/" | head -n1)
  emcmake cmake -S "$src" -B "$deps/$package-build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_INSTALL_PREFIX="$deps/prefix" "$@" >/dev/null
  cmake --build "$deps/$package-build"
  cmake --install "$deps/$package-build" >/dev/null
}
# Highway with its WASM SIMD target.
install_from_source highway lib/cmake/hwy/hwy-config.cmake -DCMAKE_CXX_FLAGS="-msimd128" \
  -DBUILD_TESTING=OFF -DHWY_ENABLE_TESTS=OFF -DHWY_ENABLE_EXAMPLES=OFF -DHWY_ENABLE_CONTRIB=OFF -DHWY_ENABLE_INSTALL=ON
# The core uses contrib/math, which is header-only: linked in rather than building all of
# contrib (its sorting library is long to compile).
hwy_src=$(compgen -G "$deps/src/highway-*/" | head -n1)
ln -sfn "$hwy_src/hwy/contrib" "$deps/prefix/include/hwy/contrib"
# meshoptimizer (the loader's EXT_meshopt_compression decoders), without -msimd128: its
# WebAssembly SIMD decoder leaves variables unused under clang 14, which its -Werror refuses
# (decoding runs once, at load).
install_from_source meshoptimizer lib/cmake/meshoptimizer/meshoptimizerConfig.cmake
# Draco (the loader's KHR_draco_mesh_compression decoder), for glTF's bitstream alone; its
# CMake wants EMSCRIPTEN set.
EMSCRIPTEN=/usr/share/emscripten install_from_source draco lib/cmake/draco/draco-config.cmake \
  -DDRACO_JS_GLUE=OFF -DDRACO_GLTF_BITSTREAM=ON
# libwebp (EXT_texture_webp's images), the library alone: no tools, no threads.
install_from_source libwebp lib/libwebp.a -DWEBP_USE_THREAD=OFF -DWEBP_BUILD_ANIM_UTILS=OFF \
  -DWEBP_BUILD_CWEBP=OFF -DWEBP_BUILD_DWEBP=OFF -DWEBP_BUILD_GIF2WEBP=OFF -DWEBP_BUILD_IMG2WEBP=OFF \
  -DWEBP_BUILD_VWEBP=OFF -DWEBP_BUILD_WEBPINFO=OFF -DWEBP_BUILD_LIBWEBPMUX=OFF -DWEBP_BUILD_WEBPMUX=OFF \
  -DWEBP_BUILD_EXTRAS=OFF
imgui_src=$(compgen -G "$deps/src/imgui-*/" | head -n1)

# 4. The header-only libraries in a folder of their own, and CMake package files for them
# (their Debian configs point at /usr/include, which would hand emcc the host's headers).
headers="$deps/include"
mkdir -p "$headers"
for h in glm nlohmann CLI tiny_gltf.h stb; do ln -sfn "/usr/include/$h" "$headers/$h"; done
package_config() {  # NAME TARGET: $deps/cmake/NAME/NAMEConfig.cmake defining TARGET on $headers
  mkdir -p "$deps/cmake/$1"
  cat >"$deps/cmake/$1/$1Config.cmake" <<EOF
# Written by scripts/build-web.sh: $1, header-only, from $headers.
if(NOT TARGET $2)
  add_library($2 INTERFACE IMPORTED)
  set_target_properties($2 PROPERTIES INTERFACE_INCLUDE_DIRECTORIES "$headers")
endif()
EOF
}
package_config glm glm::glm
package_config nlohmann_json nlohmann_json::nlohmann_json
package_config CLI11 CLI11::CLI11

# 5. dynskin itself. Exceptions are caught (the loader reports bad files by throwing), which
# Emscripten leaves off by default; no threads (they would need COOP/COEP headers from the
# server): the deformer's worker pool has one thread, the page's. Link-time optimisation
# inlines across the core's files (the joint level's small per-joint functions): the browser
# runtimes' update is a tenth cheaper (bench/three/README.md).
emcmake cmake -S "$root" -B "$out" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DDYNSKIN_GLES=ON -DDYNSKIN_BUILD_TESTS=OFF -DDYNSKIN_BUILD_BENCH=OFF \
  -DCMAKE_CXX_FLAGS="-msimd128 -flto -sDISABLE_EXCEPTION_CATCHING=0" \
  -DCMAKE_EXE_LINKER_FLAGS="-flto -sDISABLE_EXCEPTION_CATCHING=0" \
  -Dglm_DIR="$deps/cmake/glm" -Dnlohmann_json_DIR="$deps/cmake/nlohmann_json" -DCLI11_DIR="$deps/cmake/CLI11" \
  -Dhwy_DIR="$deps/prefix/lib/cmake/hwy" -Dmeshoptimizer_DIR="$deps/prefix/lib/cmake/meshoptimizer" \
  -Ddraco_DIR="$deps/prefix/lib/cmake/draco" \
  -DWEBP_INCLUDE_DIR="$deps/prefix/include" -DWEBP_LIBRARY="$deps/prefix/lib/libwebp.a" \
  -DDYNSKIN_IMGUI_SOURCE_DIR="${imgui_src%/}"
cmake --build "$out" -j"$(nproc)"

# 6. Smoke check: the WebAssembly core plays the cow under node (Debian's node 18 needs no
# flag; node 20 and later need --no-experimental-fetch for Emscripten 3.1.6's output).
node_flags=()
node --no-experimental-fetch -e 0 2>/dev/null && node_flags=(--no-experimental-fetch)
node "${node_flags[@]}" "$out/dynskin-minimal.js" "$root/assets/cow.glb"
echo "Built the browser viewer in $out (index.html, dynskin.js, .wasm, assets/): scripts/serve-web.sh serves it."
