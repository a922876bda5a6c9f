# Which requests the CMake package's version file meets (docs/abi.md): the
# same ABI (major version, and minor while the major is 0), not older than
# asked for; ranges by their lower end; another pointer size never.
#
#   cmake -DVERSION_FILE=<build>/cmake/tiledxformConfigVersion.cmake
#         -DVERSION=<project version> -DSIZEOF_VOID_P=<n> -P version_file.cmake
cmake_minimum_required(VERSION 3.19)

if(NOT VERSION MATCHES "^([0-9]+)\\.([0-9]+)\\.([0-9]+)$")
  message(FATAL_ERROR "VERSION ${VERSION} is not MAJOR.MINOR.PATCH")
endif()
set(x "${CMAKE_MATCH_1}")
set(y "${CMAKE_MATCH_2}")
set(z "${CMAKE_MATCH_3}")
math(EXPR x1 "${x} + 1")
math(EXPR y1 "${y} + 1")
math(EXPR z1 "${z} + 1")
set(failures 0)

# The variables find_package sets for a request of version v (v empty: no
# version asked for).
macro(request_version prefix v)
  set(${prefix} "${v}")
  string(REPLACE "." ";" _parts "${v}.0.0.0")
  list(GET _parts 0 ${prefix}_MAJOR)
  list(GET _parts 1 ${prefix}_MINOR)
  list(GET _parts 2 ${prefix}_PATCH)
endmacro()

# Include the version file for a request; compare what it says with
# compatible, exact and unsuitable (TRUE or FALSE).
function(check what find_version range_min range_max max_kind sizeof compatible exact unsuitable)
  set(CMAKE_SIZEOF_VOID_P "${sizeof}")
  if(range_min STREQUAL "")
    request_version(PACKAGE_FIND_VERSION "${find_version}")
  else()
    set(PACKAGE_FIND_VERSION_RANGE "${range_min}...${max_kind}${range_max}")
    set(PACKAGE_FIND_VERSION_RANGE_MIN INCLUDE)
    if(max_kind STREQUAL "<")
      set(PACKAGE_FIND_VERSION_RANGE_MAX EXCLUDE)
    else()
      set(PACKAGE_FIND_VERSION_RANGE_MAX INCLUDE)
    endif()
    request_version(PACKAGE_FIND_VERSION_MIN "${range_min}")
    request_version(PACKAGE_FIND_VERSION_MAX "${range_max}")
    request_version(PACKAGE_FIND_VERSION "${range_min}")
  endif()
  include("${VERSION_FILE}")
  foreach(v PACKAGE_VERSION_COMPATIBLE PACKAGE_VERSION_EXACT PACKAGE_VERSION_UNSUITABLE)
    if(${v})
      set(${v} TRUE)
    else()
      set(${v} FALSE)
    endif()
  endforeach()
  if(NOT PACKAGE_VERSION MATCHES "^${VERSION}( |$)"
      OR NOT PACKAGE_VERSION_COMPATIBLE STREQUAL compatible
      OR NOT PACKAGE_VERSION_EXACT STREQUAL exact
      OR NOT PACKAGE_VERSION_UNSUITABLE STREQUAL unsuitable)
    message(SEND_ERROR "${what}: version ${PACKAGE_VERSION}, compatible "
      "${PACKAGE_VERSION_COMPATIBLE}, exact ${PACKAGE_VERSION_EXACT}, unsuitable "
      "${PACKAGE_VERSION_UNSUITABLE}; expected version ${VERSION}, compatible ${compatible}, "
      "exact ${exact}, unsuitable ${unsuitable}")
  else()
    message(STATUS "${what}: compatible ${compatible}, exact ${exact}")
  endif()
endfunction()

set(p "${SIZEOF_VOID_P}")
check("no version" "" "" "" "" ${p} TRUE FALSE FALSE)
check("${x}.${y}.${z}" "${x}.${y}.${z}" "" "" "" ${p} TRUE TRUE FALSE)
check("${x}.${y}" "${x}.${y}" "" "" "" ${p} TRUE FALSE FALSE)
check("a newer patch release" "${x}.${y}.${z1}" "" "" "" ${p} FALSE FALSE FALSE)
check("a newer minor release" "${x}.${y1}" "" "" "" ${p} FALSE FALSE FALSE)
check("the next major release" "${x1}" "" "" "" ${p} FALSE FALSE FALSE)
if(z GREATER 0)
  math(EXPR z0 "${z} - 1")
  check("an older patch release" "${x}.${y}.${z0}" "" "" "" ${p} TRUE FALSE FALSE)
endif()
if(y GREATER 0)
  math(EXPR y0 "${y} - 1")
  # 0.x: every minor release has its own ABI; from 1.0 on an older minor
  # release's programs run on this one.
  if(x EQUAL 0)
    check("an older 0.x release" "${x}.${y0}" "" "" "" ${p} FALSE FALSE FALSE)
  else()
    check("an older minor release" "${x}.${y0}" "" "" "" ${p} TRUE FALSE FALSE)
  endif()
endif()
if(x GREATER 0)
  math(EXPR x0 "${x} - 1")
  check("an older major release" "${x0}" "" "" "" ${p} FALSE FALSE FALSE)
endif()
check("range to the next minor" "" "${x}.${y}" "${x}.${y1}" "<" ${p} TRUE FALSE FALSE)
check("range that ends before" "" "${x}.${y}" "${x}.${y}.${z}" "<" ${p} FALSE FALSE FALSE)
check("range that ends on it" "" "${x}.${y}" "${x}.${y}.${z}" "" ${p} TRUE FALSE FALSE)
check("range from the next major" "" "${x1}" "${x1}.9" "" ${p} FALSE FALSE FALSE)
math(EXPR other "12 - ${p}") # 4 <-> 8
check("another pointer size" "${x}.${y}.${z}" "" "" "" ${other} TRUE TRUE TRUE)
