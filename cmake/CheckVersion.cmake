# VERSION must match DYNG_VERSION_MAJOR/MINOR/PATCH in include/dyng/types.h.
#
# Included by the root CMakeLists.txt (a mismatch stops the configure step) and
# run as a script by the ctest "version_matches_header":
#   cmake -DDYNG_SOURCE_DIR=<repo> -P cmake/CheckVersion.cmake
function(dyng_check_version source_dir)
  file(STRINGS "${source_dir}/VERSION" file_version LIMIT_COUNT 1)
  string(STRIP "${file_version}" file_version)
  if(NOT file_version MATCHES "^[0-9]+\\.[0-9]+\\.[0-9]+$")
    message(FATAL_ERROR "VERSION holds '${file_version}'; expected MAJOR.MINOR.PATCH")
  endif()
  set(header "${source_dir}/include/dyng/types.h")
  file(STRINGS "${header}" lines REGEX "^#define DYNG_VERSION_(MAJOR|MINOR|PATCH) ")
  foreach(part MAJOR MINOR PATCH)
    set(value_${part} "")
    foreach(line IN LISTS lines)
      if(line MATCHES "^#define DYNG_VERSION_${part} +([0-9]+)")
        set(value_${part} "${CMAKE_MATCH_1}")
      endif()
    endforeach()
    if(value_${part} STREQUAL "")
      message(FATAL_ERROR "${header} has no '#define DYNG_VERSION_${part} <number>'")
    endif()
  endforeach()
  set(header_version "${value_MAJOR}.${value_MINOR}.${value_PATCH}")
  if(NOT header_version STREQUAL file_version)
    message(FATAL_ERROR "VERSION says ${file_version} but include/dyng/types.h says "
      "${header_version}: change both together")
  endif()
  if(CMAKE_SCRIPT_MODE_FILE)
    message(STATUS "VERSION ${file_version} matches include/dyng/types.h")
  endif()
endfunction()

if(CMAKE_SCRIPT_MODE_FILE AND DEFINED DYNG_SOURCE_DIR)
  dyng_check_version("${DYNG_SOURCE_DIR}")
endif()
