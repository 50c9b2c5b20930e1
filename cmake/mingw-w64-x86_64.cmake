# Cross-compiling the tree into 64-bit Windows programs with Debian's mingw-w64,
# and running them (ctest, custom commands) under Wine. What CI runs (.ci/run):
#
#   .ci/windows-deps build-windows          # GLFW and cmocka for Windows, from Debian's sources
#   cmake -S . -B build-windows -DCMAKE_TOOLCHAIN_FILE=cmake/mingw-w64-x86_64.cmake
#   cmake --build build-windows -j2
#   xvfb-run -a ctest --test-dir build-windows
#
# The compiler is the win32 thread model (gcc-mingw-w64-x86-64-win32), named
# here in full so the system's x86_64-w64-mingw32-gcc alternative does not
# matter. Our threads go through common/'s platform layer, which calls Win32
# threads itself (as an MSVC build must: MSVC has no pthreads), and GLFW and
# cmocka need no pthreads either; the posix model would route GCC's own
# runtime (thread-local storage) through winpthreads, one more library in
# every program and one an MSVC build never has.
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)
set(SA_MINGW x86_64-w64-mingw32)
set(CMAKE_C_COMPILER ${SA_MINGW}-gcc-win32)
set(CMAKE_CXX_COMPILER ${SA_MINGW}-g++-win32)
set(CMAKE_RC_COMPILER ${SA_MINGW}-windres)
set(CMAKE_AR ${SA_MINGW}-gcc-ar-win32 CACHE FILEPATH "")
set(CMAKE_RANLIB ${SA_MINGW}-gcc-ranlib-win32 CACHE FILEPATH "")

# Where .ci/windows-deps put GLFW, cmocka and the header-only libraries
# (cglm, stb) for Windows: <build>/windows-deps unless told otherwise. The
# Linux system's own headers (/usr/include) are never searched: the find
# commands look only under the mingw-w64 root and this prefix.
if(NOT SA_WINDOWS_DEPS)
  set(SA_WINDOWS_DEPS "${CMAKE_BINARY_DIR}/windows-deps")
endif()
set(SA_WINDOWS_DEPS "${SA_WINDOWS_DEPS}" CACHE PATH "GLFW, cmocka, cglm and stb built or copied for Windows")
set(CMAKE_FIND_ROOT_PATH /usr/${SA_MINGW} "${SA_WINDOWS_DEPS}")
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)  # glad, python3, node, sh run on the build machine
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
# pkg-config reads only the Windows prefix's .pc files.
set(ENV{PKG_CONFIG_LIBDIR} "${SA_WINDOWS_DEPS}/lib/pkgconfig")
set(ENV{PKG_CONFIG_SYSROOT_DIR} "")

# Static programs: libgcc and the C runtime's extras are linked in, so an .exe
# runs with no DLL beside it (on Windows and under Wine alike).
set(CMAKE_EXE_LINKER_FLAGS_INIT "-static")

# ctest, and custom commands that run a program of the build, go through Wine:
# cmake/wine-run keeps a Wine prefix in the build folder and passes the exit status on.
set(CMAKE_CROSSCOMPILING_EMULATOR "${CMAKE_CURRENT_LIST_DIR}/wine-run;${CMAKE_BINARY_DIR}/wine")
