# dynskin-three's tests around its runtime (label three): the glTF-Transform extension's round
# trip and the world matrices a pose read keeps (node alone), the npm tarball installed into an
# empty project with three r187, and the examples in headless Chromium. Included from tests/CMakeLists.txt, after test/CMakeLists.txt
# (the runtime's browser tests), whose setup fixture dynskin_three (three.setup: the pinned npm
# packages and dynskin-core's dist/ built from the web build) the tarball and the examples use,
# under the same conditions. The glTF-Transform test needs npm packages alone: three.npm_ci
# installs them (the web packages' one install, packages/npm_ci_if_needed.sh).
set(dynskin_three "${PROJECT_SOURCE_DIR}/packages/dynskin-three")
find_program(DYNSKIN_NODE node)
find_program(DYNSKIN_NPM npm)
if(NOT DYNSKIN_NODE OR NOT DYNSKIN_NPM OR DYNSKIN_SANITIZE)
  message(STATUS "No dynskin-three tooling tests: need node and npm (not in the sanitizer build)")
  return()
endif()

# Alone, as three.setup: two npm installs must not write node_modules at once.
add_test(NAME three.npm_ci COMMAND "${PROJECT_SOURCE_DIR}/packages/npm_ci_if_needed.sh")
set_tests_properties(three.npm_ci PROPERTIES FIXTURES_SETUP three_npm LABELS three TIMEOUT 600 RUN_SERIAL TRUE)

add_test(NAME three.gltf_transform COMMAND "${DYNSKIN_NODE}" "${dynskin_three}/test/gltf_transform_test.mjs")
set_tests_properties(three.gltf_transform PROPERTIES FIXTURES_REQUIRED three_npm LABELS three TIMEOUT 120)
add_test(NAME three.world_matrices COMMAND "${DYNSKIN_NODE}" "${dynskin_three}/test/world_matrices_test.mjs")
set_tests_properties(three.world_matrices PROPERTIES FIXTURES_REQUIRED three_npm LABELS three TIMEOUT 120)

if(NOT EXISTS "${DYNSKIN_WEB_BUILD_DIR}/build.ninja" OR NOT DYNSKIN_CHROMIUM)
  message(STATUS "No dynskin-three package and example tests: need the web build in ${DYNSKIN_WEB_BUILD_DIR} (scripts/build-web.sh) and chromium")
  return()
endif()
add_test(NAME three.pack COMMAND "${dynskin_three}/test/pack_test.sh" "${CMAKE_CURRENT_BINARY_DIR}/three-pack-test")
set_tests_properties(three.pack PROPERTIES FIXTURES_REQUIRED dynskin_three LABELS three TIMEOUT 600)

set(examples_dir "${CMAKE_CURRENT_BINARY_DIR}/three-examples")
add_test(NAME three.examples COMMAND sh -c "\"$1/examples/build.sh\" \"$2\" && \"$3\" \"$1/test/examples_test.mjs\" \"$2\""
  sh "${dynskin_three}" "${examples_dir}" "${DYNSKIN_NODE}")
# Chromium on SwiftShader takes both cores: alone, as the other browser tests.
set_tests_properties(three.examples PROPERTIES FIXTURES_REQUIRED dynskin_three LABELS three TIMEOUT 600
  RUN_SERIAL TRUE ENVIRONMENT "CHROMIUM=${DYNSKIN_CHROMIUM}")
