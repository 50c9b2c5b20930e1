# Finds the four dependencies on the system (nothing is vendored) and generates
# the glad loader into the build tree. Each missing piece stops configuration
# with one message that names the package to install.
find_package(PkgConfig QUIET)

function(sa_missing what debian_pkg other)
  message(FATAL_ERROR
    "${what} was not found.\n"
    "  Debian/Ubuntu: sudo apt-get install ${debian_pkg}\n"
    "  ${other}")
endfunction()

# A Windows cross build finds all of these in its prefix of Windows builds
# (SA_WINDOWS_DEPS, made by .ci/windows-deps: cmake/mingw-w64-x86_64.cmake
# points the find commands and pkg-config there); OpenGL is the system's opengl32.
if(WIN32 AND CMAKE_CROSSCOMPILING AND SA_WINDOWS_DEPS AND NOT EXISTS "${SA_WINDOWS_DEPS}/lib/libglfw3.a")
  message(FATAL_ERROR "No GLFW for Windows in SA_WINDOWS_DEPS (${SA_WINDOWS_DEPS}).\n"
                      "  Build the dependencies first: .ci/windows-deps ${CMAKE_BINARY_DIR}")
endif()

# --- The web (emcmake cmake, for book_web) ------------------------------------
# Emscripten's own GLFW 3 and WebGL 2 stand in for GLFW and GL 3.3 (common/gl.h
# includes its GLES 3 header instead of glad's); cglm and stb are the system's
# header-only copies, reached through a folder of links so that emcc never sees
# the rest of /usr/include (glibc's headers are not the web's). Unit tests are
# not built for the web; cmocka is a name without a library.
if(EMSCRIPTEN)
  set(SA_WEB_INCLUDE "${CMAKE_BINARY_DIR}/web-include")
  foreach(header_dir IN ITEMS cglm stb)
    find_path(found_${header_dir} ${header_dir} PATHS /usr/include /usr/local/include NO_CMAKE_FIND_ROOT_PATH)
    if(NOT found_${header_dir})
      sa_missing("${header_dir} headers" "lib${header_dir}-dev" "")
    endif()
    file(MAKE_DIRECTORY "${SA_WEB_INCLUDE}")
    file(CREATE_LINK "${found_${header_dir}}/${header_dir}" "${SA_WEB_INCLUDE}/${header_dir}" SYMBOLIC)
  endforeach()
  add_library(glfw INTERFACE)
  target_link_options(glfw INTERFACE -sUSE_GLFW=3 -sMIN_WEBGL_VERSION=2 -sMAX_WEBGL_VERSION=2)
  add_library(sa_cglm INTERFACE)
  target_include_directories(sa_cglm SYSTEM INTERFACE "${SA_WEB_INCLUDE}")
  add_library(cglm::cglm ALIAS sa_cglm)
  set(STB_INCLUDE_DIR "${SA_WEB_INCLUDE}/stb")
  set(STB_WRITE_INCLUDE_DIR "${SA_WEB_INCLUDE}/stb")
  if(EXISTS "${SA_WEB_INCLUDE}/stb/stb_easy_font.h") # chapter 04's joint names
    set(SA_STB_EASY_FONT_DIR "${SA_WEB_INCLUDE}/stb" CACHE PATH "stb_easy_font.h's folder")
  endif()
  add_library(glad INTERFACE)
  add_library(OpenGL::GL INTERFACE IMPORTED)
  add_library(PkgConfig::CMOCKA INTERFACE IMPORTED)
  set(MATH_LIBRARY "")
  return()
endif()

# --- GLFW (window, context, input) -------------------------------------------
find_package(glfw3 3.3 QUIET)
if(NOT TARGET glfw)
  if(PKG_CONFIG_FOUND)
    pkg_check_modules(GLFW3 QUIET IMPORTED_TARGET glfw3>=3.3)
  endif()
  if(TARGET PkgConfig::GLFW3)
    add_library(glfw ALIAS PkgConfig::GLFW3)
  else()
    sa_missing("GLFW 3.3 or newer" "libglfw3-dev" "macOS: brew install glfw; Windows: vcpkg install glfw3")
  endif()
endif()

# --- cglm (vector and matrix maths) ------------------------------------------
find_package(cglm QUIET)
if(NOT TARGET cglm::cglm)
  if(PKG_CONFIG_FOUND)
    pkg_check_modules(CGLM QUIET IMPORTED_TARGET cglm)
  endif()
  if(TARGET PkgConfig::CGLM)
    add_library(cglm::cglm ALIAS PkgConfig::CGLM)
  else()
    find_path(CGLM_INCLUDE_DIR cglm/cglm.h)
    if(NOT CGLM_INCLUDE_DIR)
      sa_missing("cglm" "libcglm-dev" "macOS: brew install cglm; Windows: vcpkg install cglm")
    endif()
    add_library(sa_cglm INTERFACE)
    target_include_directories(sa_cglm INTERFACE ${CGLM_INCLUDE_DIR})
    add_library(cglm::cglm ALIAS sa_cglm)
  endif()
endif()

# --- stb (stb_image.h, stb_image_write.h) ------------------------------------
find_path(STB_INCLUDE_DIR stb_image.h PATH_SUFFIXES stb)
find_path(STB_WRITE_INCLUDE_DIR stb_image_write.h PATH_SUFFIXES stb)
if(NOT STB_INCLUDE_DIR OR NOT STB_WRITE_INCLUDE_DIR)
  sa_missing("stb (stb_image.h and stb_image_write.h)" "libstb-dev"
             "Elsewhere: put the two headers from github.com/nothings/stb in a folder and pass -DSTB_INCLUDE_DIR=that/folder")
endif()

# --- OpenGL -------------------------------------------------------------------
find_package(OpenGL QUIET)
if(NOT OpenGL_FOUND)
  sa_missing("OpenGL development files" "libgl-dev" "macOS and Windows: part of the system")
endif()

# --- glad: generate the GL 3.3 core loader at configure time ------------------
find_program(GLAD_EXECUTABLE glad)
set(SA_GLAD_DIR "${CMAKE_BINARY_DIR}/glad")
if(NOT EXISTS "${SA_GLAD_DIR}/src/gl.c")
  if(GLAD_EXECUTABLE)
    set(glad_cmd "${GLAD_EXECUTABLE}")
  else()
    find_package(Python3 QUIET COMPONENTS Interpreter)
    if(Python3_FOUND)
      execute_process(COMMAND ${Python3_EXECUTABLE} -c "import glad"
                      RESULT_VARIABLE glad_import OUTPUT_QUIET ERROR_QUIET)
    endif()
    if(NOT Python3_FOUND OR NOT glad_import EQUAL 0)
      sa_missing("The glad loader generator (glad 2)" "python3-glad"
                 "Elsewhere: pip install glad2")
    endif()
    set(glad_cmd ${Python3_EXECUTABLE} -m glad)
  endif()
  message(STATUS "Generating the glad GL 3.3 core loader into ${SA_GLAD_DIR}")
  execute_process(
    COMMAND ${glad_cmd} --quiet --api gl:core=3.3 --extensions GL_KHR_debug
            --reproducible --out-path "${SA_GLAD_DIR}" c
    RESULT_VARIABLE glad_result OUTPUT_VARIABLE glad_out ERROR_VARIABLE glad_out)
  if(NOT glad_result EQUAL 0 OR NOT EXISTS "${SA_GLAD_DIR}/src/gl.c")
    message(FATAL_ERROR "glad failed to generate the loader:\n${glad_out}\n"
                        "  Is it glad 2? Debian: python3-glad; elsewhere: pip install glad2")
  endif()
endif()
add_library(glad STATIC "${SA_GLAD_DIR}/src/gl.c")
target_include_directories(glad SYSTEM PUBLIC "${SA_GLAD_DIR}/include")
target_link_libraries(glad PUBLIC ${CMAKE_DL_LIBS})

# --- cmocka (unit tests) ------------------------------------------------------
# A Windows cross build (cmake/mingw-w64-x86_64.cmake) links cmocka's static
# library from .ci/windows-deps, so the test programs need no cmocka.dll.
if(WIN32 AND CMAKE_CROSSCOMPILING)
  find_path(CMOCKA_INCLUDE_DIR cmocka.h)
  find_library(CMOCKA_LIBRARY NAMES cmocka-static)
endif()
if(PKG_CONFIG_FOUND AND NOT CMOCKA_LIBRARY)
  pkg_check_modules(CMOCKA QUIET IMPORTED_TARGET cmocka)
endif()
if(NOT TARGET PkgConfig::CMOCKA)
  find_path(CMOCKA_INCLUDE_DIR cmocka.h)
  find_library(CMOCKA_LIBRARY cmocka)
  if(NOT CMOCKA_INCLUDE_DIR OR NOT CMOCKA_LIBRARY)
    sa_missing("cmocka (unit tests)" "libcmocka-dev" "macOS: brew install cmocka; Windows: vcpkg install cmocka")
  endif()
  add_library(sa_cmocka INTERFACE)
  # SYSTEM: cmocka's macros are not ours to warn about (-Wpedantic on its
  # variadic macros), as with the /usr/include copy on Linux.
  target_include_directories(sa_cmocka SYSTEM INTERFACE ${CMOCKA_INCLUDE_DIR})
  target_link_libraries(sa_cmocka INTERFACE ${CMOCKA_LIBRARY})
  add_library(PkgConfig::CMOCKA ALIAS sa_cmocka)
endif()

find_library(MATH_LIBRARY m)
