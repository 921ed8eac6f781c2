# cmake -P script run by the test package.minimal_example (see CMakeLists.txt for the
# variables it is given).
set(prefix ${WORK_DIR}/prefix)
set(example_build ${WORK_DIR}/minimal)
# Start from nothing, so that files of an earlier run cannot hide a missing install rule.
file(REMOVE_RECURSE ${prefix} ${example_build})

function(run what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE status OUTPUT_VARIABLE output ERROR_VARIABLE output)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "${what} failed (${status}):\n${output}")
  endif()
  set(output "${output}" PARENT_SCOPE)
endfunction()

run("installing the build tree" ${CMAKE_COMMAND} --install ${BUILD_DIR} --config ${CONFIG} --prefix ${prefix})
run("configuring examples/minimal" ${CMAKE_COMMAND} -S ${SOURCE_DIR}/examples/minimal -B ${example_build}
  -G ${GENERATOR} -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=${CXX_COMPILER} "-DCMAKE_CXX_FLAGS=${CXX_FLAGS}"
  -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_EXPORT_COMPILE_COMMANDS=ON)

# The package must come from the prefix, and the example must see the installed headers,
# never the source tree's.
file(STRINGS ${example_build}/CMakeCache.txt package_dir REGEX "^dynskin_DIR:")
string(FIND "${package_dir}" "=${prefix}/" from_prefix)
if(from_prefix EQUAL -1)
  message(FATAL_ERROR "dynskin was not found in ${prefix}: ${package_dir}")
endif()
file(READ ${example_build}/compile_commands.json commands)
string(FIND "${commands}" "${prefix}/include" installed)
string(FIND "${commands}" "${SOURCE_DIR}/include" source)
if(installed EQUAL -1 OR NOT source EQUAL -1)
  message(FATAL_ERROR "the example is not compiled against ${prefix}/include alone:\n${commands}")
endif()

run("building examples/minimal" ${CMAKE_COMMAND} --build ${example_build})
run("running the example" ${example_build}/dynskin-minimal ${SOURCE_DIR}/assets/cow.glb)
message("${output}")
if(NOT output MATCHES "ok: 120 frames, [0-9]+ vertices, largest offset [0-9.]+ L")
  message(FATAL_ERROR "the example did not end with its ok: line")
endif()

run("running the own-engine example" ${example_build}/dynskin-own-engine)
message("${output}")
if(NOT output MATCHES "ok: wobble after the stop [0-9.]+ L, at the end [0-9.]+ L")
  message(FATAL_ERROR "the own-engine example did not end with its ok: line")
endif()
