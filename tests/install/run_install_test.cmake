# Run by the ctest "install_consumer" (see CMakeLists.txt beside this file).
set(prefix "${WORK_DIR}/prefix")
set(expected "inserted 1, updated 1, deleted 1: 4 vertices, 3 edges, version 1")
file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")

function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    string(REPLACE ";" " " cmd "${ARGN}")
    message(FATAL_ERROR "failed (${rc}): ${cmd}\n${out}\n${err}")
  endif()
  set(run_output "${out}" PARENT_SCOPE)
endfunction()

function(expect_output exe)
  run(${exe})
  string(STRIP "${run_output}" got)
  if(NOT got STREQUAL expected)
    message(FATAL_ERROR "${exe} printed '${got}'; expected '${expected}'")
  endif()
  message(STATUS "ok: ${exe}")
endfunction()

run(${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix})
foreach(f include/dyng/dyng.h include/dyng/types.h)
  if(NOT EXISTS "${prefix}/${f}")
    message(FATAL_ERROR "${f} was not installed")
  endif()
endforeach()

# 0. The shared library exports the public API only (cmake/dyng.map): no
# internal dyng_i_* function, no dyng_testing_* hook (this build has them).
file(GLOB so_file "${prefix}/lib*/libdyng.so" "${prefix}/lib/*/libdyng.so")
if(NM AND so_file)
  run(${NM} -D --defined-only ${so_file})
  string(REGEX MATCHALL "[ \t](dyng_i_[A-Za-z0-9_]*|dyng_testing_[A-Za-z0-9_]*)" hidden
    "${run_output}")
  if(hidden)
    message(FATAL_ERROR "libdyng.so exports internal symbols:${hidden}")
  endif()
  string(REGEX MATCH "[ \t]dyng_graph_apply\n" public "${run_output}")
  if(NOT public)
    message(FATAL_ERROR "libdyng.so does not export dyng_graph_apply")
  endif()
  message(STATUS "ok: libdyng.so exports the public API only")
endif()

# The soname names the ABI: libdyng.so links to libdyng.so.<SOVERSION> (0.x:
# major.minor, as the package's version file takes the same minor only).
if(so_file)
  file(READ_SYMLINK "${so_file}" so_link)
  if(NOT so_link STREQUAL "libdyng.so.${SOVERSION}")
    message(FATAL_ERROR "libdyng.so links to '${so_link}'; expected libdyng.so.${SOVERSION}")
  endif()
  message(STATUS "ok: libdyng.so -> ${so_link}")
endif()

# 1. find_package(dyng). The C++ consumer only where no sanitizer is on: a
# sanitized libdyng needs the sanitizer's runtime linked into the program by
# a compiler that matches the one that built it (clang-14 for tsan).
set(cxx ON)
if(C_FLAGS MATCHES "-fsanitize")
  set(cxx OFF)
endif()
run(${CMAKE_COMMAND} -S ${CONSUMER_DIR} -B ${WORK_DIR}/cmake-build
  -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_C_COMPILER=${C_COMPILER}
  "-DCMAKE_C_FLAGS=${C_FLAGS}" -DCMAKE_BUILD_TYPE=${BUILD_TYPE} -DDYNG_CONSUMER_CXX=${cxx})
run(${CMAKE_COMMAND} --build ${WORK_DIR}/cmake-build)
expect_output(${WORK_DIR}/cmake-build/consumer_shared)
expect_output(${WORK_DIR}/cmake-build/consumer_static)
if(EXISTS ${WORK_DIR}/cmake-build/consumer_cxx)
  expect_output(${WORK_DIR}/cmake-build/consumer_cxx)
else()
  message(STATUS "the C++ consumer is skipped (a sanitized build, or no C++ compiler)")
endif()

# 2. pkg-config
if(NOT PKG_CONFIG)
  message(STATUS "pkg-config not found: its part of the test is skipped")
  return()
endif()
file(GLOB pc_file "${prefix}/lib*/pkgconfig/dyng.pc" "${prefix}/lib/*/pkgconfig/dyng.pc")
if(NOT pc_file)
  message(FATAL_ERROR "dyng.pc was not installed under ${prefix}")
endif()
get_filename_component(pc_dir "${pc_file}" DIRECTORY)
set(ENV{PKG_CONFIG_PATH} "${pc_dir}")
run(${PKG_CONFIG} --modversion dyng)
message(STATUS "pkg-config: dyng ${run_output}")
run(${PKG_CONFIG} --cflags --libs dyng)
string(STRIP "${run_output}" flags)
separate_arguments(flags UNIX_COMMAND "${flags}")
separate_arguments(cflags UNIX_COMMAND "${C_FLAGS}")
run(${PKG_CONFIG} --variable=libdir dyng)
string(STRIP "${run_output}" libdir)
run(${C_COMPILER} ${cflags} ${CONSUMER_DIR}/main.c ${flags} -Wl,-rpath,${libdir}
  -o ${WORK_DIR}/pc_shared)
expect_output(${WORK_DIR}/pc_shared)
# Static, as the README says: `cc app.c $(pkg-config --cflags --libs dyng-static)`;
# the program must not need libdyng.so (no rpath is given: it would not load).
run(${PKG_CONFIG} --cflags --libs dyng-static)
string(STRIP "${run_output}" flags)
separate_arguments(flags UNIX_COMMAND "${flags}")
run(${C_COMPILER} ${cflags} ${CONSUMER_DIR}/main.c ${flags} -o ${WORK_DIR}/pc_static)
expect_output(${WORK_DIR}/pc_static)
