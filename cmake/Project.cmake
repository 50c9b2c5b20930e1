# The project's build vocabulary: chapter programs, unit tests and exercises.
# Every chapter's CMakeLists.txt is written with these few functions.

set(SA_ROOT_DIR "${CMAKE_SOURCE_DIR}")

# --- programs run by scripts of the build machine ------------------------------
# A test whose command is the program itself (add_test(COMMAND ch01_window ...))
# runs through CMAKE_CROSSCOMPILING_EMULATOR in a cross build: Wine for the
# Windows build (cmake/mingw-w64-x86_64.cmake). A test that hands the program
# to sh, python3 or cmake -P names it as ${SA_HOST_PROGRAM}<target>>: the
# program itself in a native build, in a cross build a launcher script
# (<build>/launchers/<target>, written by sa_write_launchers) that runs it
# through the emulator, so the script runs the Windows program as it runs the
# Linux one. C test programs that start a program get $<TARGET_FILE:...>: they
# run under the emulator themselves.
if(CMAKE_CROSSCOMPILING AND CMAKE_CROSSCOMPILING_EMULATOR)
  set(SA_HOST_PROGRAM "${CMAKE_BINARY_DIR}/launchers/$<TARGET_FILE_BASE_NAME:")
else()
  set(SA_HOST_PROGRAM "$<TARGET_FILE:")
endif()

# sa_write_launchers(): in a cross build, a launcher for every executable of
# the project (called once, after every directory is added).
function(sa_write_launchers)
  if(NOT (CMAKE_CROSSCOMPILING AND CMAKE_CROSSCOMPILING_EMULATOR))
    return()
  endif()
  set(emulator "")
  foreach(word IN LISTS CMAKE_CROSSCOMPILING_EMULATOR)
    string(APPEND emulator "'${word}' ")
  endforeach()
  set(dirs "${CMAKE_SOURCE_DIR}")
  while(dirs)
    list(POP_FRONT dirs dir)
    get_property(subdirs DIRECTORY "${dir}" PROPERTY SUBDIRECTORIES)
    list(APPEND dirs ${subdirs})
    get_property(targets DIRECTORY "${dir}" PROPERTY BUILDSYSTEM_TARGETS)
    foreach(target IN LISTS targets)
      get_target_property(type ${target} TYPE)
      if(type STREQUAL "EXECUTABLE")
        file(GENERATE OUTPUT "${CMAKE_BINARY_DIR}/launchers/$<TARGET_FILE_BASE_NAME:${target}>"
             CONTENT "#!/bin/sh\nexec ${emulator}'$<TARGET_FILE:${target}>' \"$@\"\n"
             FILE_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
      endif()
    endforeach()
  endwhile()
endfunction()

# --- exercises -----------------------------------------------------------------
# exercises/EXERCISES.tsv is the one list of exercises:
#   id <TAB> reference file <TAB> stub file <TAB> title
# The reference file is the real code of a chapter; the stub has the same
# signature. sa_exercise_source() picks one of the two for a library, as
# SA_EXERCISES says:
#   solution (default)   every exercise from its reference file
#   stub                 every exercise from its stub
#   ex02.2;ex03.1        the listed exercises (';' or ',' between ids) from their
#                        stubs, every other from its reference: work on one
#                        exercise while every chapter program keeps working
# A student pack (exercises/export_student_pack.sh) has no reference files and
# carries the marker exercises/STUDENT_PACK: it builds every stub, whatever
# SA_EXERCISES says. In the full tree a missing reference file is an error.
set(SA_STUDENT_PACK OFF)
if(EXISTS "${CMAKE_SOURCE_DIR}/exercises/STUDENT_PACK")
  set(SA_STUDENT_PACK ON)
endif()
set(SA_EXERCISE_IDS "")
file(STRINGS "${CMAKE_SOURCE_DIR}/exercises/EXERCISES.tsv" SA_EXERCISE_ROWS REGEX "^ex")
foreach(row IN LISTS SA_EXERCISE_ROWS)
  string(REPLACE "\t" ";" fields "${row}")
  list(GET fields 0 id)
  list(GET fields 1 ref)
  list(GET fields 2 stub)
  # An exercise of two files (ex07.2: C and GLSL) has a row for each.
  if(NOT id IN_LIST SA_EXERCISE_IDS)
    list(APPEND SA_EXERCISE_IDS ${id})
    set(SA_EXERCISE_REF_${id} "")
    set(SA_EXERCISE_STUB_${id} "")
  endif()
  list(APPEND SA_EXERCISE_REF_${id} "${CMAKE_SOURCE_DIR}/${ref}")
  list(APPEND SA_EXERCISE_STUB_${id} "${CMAKE_SOURCE_DIR}/${stub}")
  if(NOT EXISTS "${CMAKE_SOURCE_DIR}/${stub}")
    message(FATAL_ERROR "exercise ${id}: its stub ${stub} (exercises/EXERCISES.tsv) does not exist")
  endif()
  if(NOT SA_STUDENT_PACK AND NOT EXISTS "${CMAKE_SOURCE_DIR}/${ref}")
    message(FATAL_ERROR "exercise ${id}: its reference file ${ref} (exercises/EXERCISES.tsv) does not exist.\n"
                        "Only a student pack (made by exercises/export_student_pack.sh, marked by "
                        "exercises/STUDENT_PACK) may lack the reference files.")
  endif()
endforeach()

# SA_EXERCISES -> SA_EXERCISE_STUBS: the ids built from their stubs. A list
# is checked id by id, in a student pack too (where every stub is built).
set(SA_EXERCISE_STUBS "")
if(NOT SA_EXERCISES MATCHES "^(solution|stub)$")
  string(REPLACE "," ";" SA_EXERCISES_LIST "${SA_EXERCISES}")
  foreach(id IN LISTS SA_EXERCISES_LIST)
    string(STRIP "${id}" id)
    if(id STREQUAL "")
      continue()
    endif()
    if(NOT id IN_LIST SA_EXERCISE_IDS)
      string(REPLACE ";" ", " known "${SA_EXERCISE_IDS}")
      message(FATAL_ERROR "SA_EXERCISES: '${id}' is not an exercise id. "
                          "Use solution, stub, or a list of ids (${known}).")
    endif()
    list(APPEND SA_EXERCISE_STUBS ${id})
  endforeach()
  if(NOT SA_EXERCISE_STUBS)
    message(FATAL_ERROR "SA_EXERCISES is '${SA_EXERCISES}': use solution, stub, or a list of exercise ids")
  endif()
  list(REMOVE_DUPLICATES SA_EXERCISE_STUBS)
endif()
if(SA_STUDENT_PACK OR SA_EXERCISES STREQUAL "stub")
  set(SA_EXERCISE_STUBS ${SA_EXERCISE_IDS})
endif()
# A GLSL stub (ex07.1, ex07.2) is read by the program at run time: the web
# build preloads it into each program's file system (sa_web_program).
foreach(id IN LISTS SA_EXERCISE_STUBS)
  foreach(file IN LISTS SA_EXERCISE_STUB_${id})
    if(file MATCHES "\\.glsl$")
      set_property(GLOBAL APPEND PROPERTY SA_WEB_EXTRA_FILES "${file}")
    endif()
  endforeach()
endforeach()
if(SA_STUDENT_PACK)
  message(STATUS "Student pack: every exercise is built from its stub")
elseif(SA_EXERCISE_STUBS)
  string(REPLACE ";" " " stubs "${SA_EXERCISE_STUBS}")
  message(STATUS "Exercises built from their stubs: ${stubs}")
endif()

# sa_exercise_source(<id> <out-var>): the source file to compile for exercise
# <id> (the files, in the order of EXERCISES.tsv, for an exercise of several).
function(sa_exercise_source id out)
  if(NOT id IN_LIST SA_EXERCISE_IDS)
    message(FATAL_ERROR "exercise ${id} is not listed in exercises/EXERCISES.tsv")
  endif()
  if(id IN_LIST SA_EXERCISE_STUBS)
    set(${out} "${SA_EXERCISE_STUB_${id}}" PARENT_SCOPE)
  else()
    set(${out} "${SA_EXERCISE_REF_${id}}" PARENT_SCOPE)
  endif()
endfunction()

# --- tests ---------------------------------------------------------------------
add_library(sa_test_util INTERFACE)
# Tests are plain C11 too: what C11 lacks (temporary folders, listing a
# folder, the environment, starting a program) they reach through
# common/platform.h, which sa_core carries.
target_link_libraries(sa_test_util INTERFACE PkgConfig::CMOCKA sa_core cglm::cglm ${MATH_LIBRARY})
target_compile_definitions(sa_test_util INTERFACE
  SA_SOURCE_DIR="${CMAKE_SOURCE_DIR}"
  SA_SHARED_DIR="${CMAKE_SOURCE_DIR}/../shared")

# sa_unit_test(NAME n SOURCES ... [LIBS ...] [LABELS ...] [ARGS ...])
# One cmocka executable, one CTest test. Labels default to "unit".
function(sa_unit_test)
  cmake_parse_arguments(T "" "NAME" "SOURCES;LIBS;LABELS;ARGS" ${ARGN})
  if(NOT T_LABELS)
    set(T_LABELS unit)
  endif()
  add_executable(${T_NAME} ${T_SOURCES})
  target_link_libraries(${T_NAME} PRIVATE sa_test_util ${T_LIBS})
  add_test(NAME ${T_NAME} COMMAND ${T_NAME} ${T_ARGS})
  set_tests_properties(${T_NAME} PROPERTIES LABELS "${T_LABELS}" SKIP_RETURN_CODE 77 TIMEOUT 300)
  if("gl" IN_LIST T_LABELS)
    # GL tests share one X display (Xvfb): one at a time keeps them independent.
    set_tests_properties(${T_NAME} PROPERTIES RESOURCE_LOCK sa_display)
  endif()
endfunction()

# sa_exercise_test(ID ex01.1 NAME n SOURCES ... [LIBS ...])
# A grading test: its name starts with the exercise id and it carries the labels
# "exercise" and the id, so `ctest --test-dir build -L ex01.1` runs just it.
function(sa_exercise_test)
  cmake_parse_arguments(T "" "ID;NAME" "SOURCES;LIBS" ${ARGN})
  string(REPLACE "." "_" target "${T_ID}_${T_NAME}")
  add_executable(${target} ${T_SOURCES})
  target_link_libraries(${target} PRIVATE sa_test_util ${T_LIBS})
  add_test(NAME ${T_ID}_${T_NAME} COMMAND ${target})
  # 30 s: a student's endless probe loop should fail soon, not after minutes.
  set_tests_properties(${T_ID}_${T_NAME} PROPERTIES LABELS "exercise;${T_ID}" TIMEOUT 30)
endfunction()

# sa_export_test(PREFIX chNN PROGRAM target FILE out.gltf): a chapter's
# --export as two tests: PREFIX_export_writes runs `PROGRAM --export FILE`,
# PREFIX_export_validator checks FILE with the Khronos validator
# (assets/validate_gltf.js; skipped without node or the npm package, as
# assets_gltf_validator is).
function(sa_export_test)
  cmake_parse_arguments(T "" "PREFIX;PROGRAM;FILE" "" ${ARGN})
  get_filename_component(folder "${T_FILE}" DIRECTORY)
  file(MAKE_DIRECTORY "${folder}")
  add_test(NAME ${T_PREFIX}_export_writes COMMAND ${T_PROGRAM} --export ${T_FILE})
  set_tests_properties(${T_PREFIX}_export_writes PROPERTIES LABELS unit FIXTURES_SETUP ${T_PREFIX}_export)
  find_program(SA_NODE_EXECUTABLE NAMES node nodejs)
  if(SA_NODE_EXECUTABLE)
    add_test(NAME ${T_PREFIX}_export_validator
             COMMAND ${SA_NODE_EXECUTABLE} ${SA_ROOT_DIR}/assets/validate_gltf.js ${CMAKE_BINARY_DIR}/npm ${T_FILE})
    set_tests_properties(${T_PREFIX}_export_validator PROPERTIES LABELS unit SKIP_RETURN_CODE 77 TIMEOUT 300
                         FIXTURES_REQUIRED ${T_PREFIX}_export)
  endif()
endfunction()

# sa_test_needs(<id> <test>...): these tests (registered in the calling
# directory) fail while exercise <id> is a stub. They get the label
# "needs:NN.k" (ex02.2 -> needs:02.2), so a student sees why (`ctest -N -L
# needs:02.2` lists them) and tests/check_exercise_stubs.sh --needs can check
# that every test a stub breaks is labelled. The label leaves out "ex" on
# purpose: ctest -L takes a regular expression, and `ctest -L ex02.2` must
# still run ex02.2's grading tests alone, `-L ex02` chapter 02's.
function(sa_test_needs id)
  if(NOT id IN_LIST SA_EXERCISE_IDS)
    message(FATAL_ERROR "sa_test_needs: '${id}' is not listed in exercises/EXERCISES.tsv")
  endif()
  string(REGEX REPLACE "^ex" "" number "${id}")
  foreach(test IN LISTS ARGN)
    if(TEST ${test})
      set_property(TEST ${test} APPEND PROPERTY LABELS "needs:${number}")
    endif()
  endforeach()
endfunction()

# --- chapter programs ------------------------------------------------------------
# sa_chapter_program(NAME ch01_window SOURCES ... [LIBS ...] [FRAMES n] [GOING_FURTHER])
# Builds the program and registers the smoke test "<name>_runs"
# (--headless --frames n), so a chapter that no longer starts fails the suite.
# The newest program registered becomes the `demo` target (top
# CMakeLists.txt), except a GOING_FURTHER one: a chapter past the book's
# final demo (chapter 11's ch11_ik), such as chapter 12's crowd.
# --- the web (emcmake cmake: book_web) ------------------------------------------
# A chapter program as a WebAssembly module for the web book: NAME.js (the
# module's loader, a function sa_NAME(settings) that returns a promise, as
# MODULARIZE makes it), NAME.wasm and NAME.data, the shaders and models
# preloaded into its file system at the same project-relative paths the
# native program finds them at (common/files.c: the current folder is /).
# assets/models (1.6 MB, read by nearly every chapter) is not in NAME.data but
# in one package shared by all programs, sa_models.data (sa_web_models below):
# each NAME.js loads it, so a reader's browser fetches it once for the whole
# book instead of once per chapter (11 copies would be 18 MB of the book).
# ASYNCIFY lets each chapter keep its own frame loop (common/app.c).
function(sa_web_models out_js)
  set(dir "${CMAKE_BINARY_DIR}/web_models")
  set(${out_js} "${dir}/sa_models.js" PARENT_SCOPE)
  if(TARGET sa_web_models)
    return()
  endif()
  find_package(Python3 COMPONENTS Interpreter REQUIRED) # emscripten's own tools are Python
  file(GLOB_RECURSE models CONFIGURE_DEPENDS "${SA_ROOT_DIR}/assets/models/*")
  # --js-output: the loader as a file of its own, put into each program with --pre-js; it
  # fetches sa_models.data through the module's locateFile, as the program's own .data is.
  add_custom_command(OUTPUT "${dir}/sa_models.js" "${dir}/sa_models.data"
    COMMAND ${Python3_EXECUTABLE} "${EMSCRIPTEN_ROOT_PATH}/tools/file_packager.py" sa_models.data
            --preload "${SA_ROOT_DIR}/assets/models@/assets/models" --js-output=sa_models.js --no-node
    WORKING_DIRECTORY "${dir}" DEPENDS ${models}
    COMMENT "Packing assets/models into web_models/sa_models.data" VERBATIM)
  file(MAKE_DIRECTORY "${dir}")
  add_custom_target(sa_web_models DEPENDS "${dir}/sa_models.js" "${dir}/sa_models.data")
endfunction()

function(sa_web_program name)
  # SHELL: keeps each "--preload-file X" together (CMake de-duplicates options).
  set(preload "SHELL:--preload-file ${SA_ROOT_DIR}/shaders@/shaders"
              "SHELL:--preload-file ${SA_ROOT_DIR}/chapters/03_gltf_loader/models@/chapters/03_gltf_loader/models")
  sa_web_models(models_js)
  add_dependencies(${name} sa_web_models)
  set_property(TARGET ${name} APPEND PROPERTY LINK_DEPENDS "${models_js}")
  # FORCE_FILESYSTEM: the file system functions a package made outside emcc calls.
  list(APPEND preload "SHELL:--pre-js ${models_js}" -sFORCE_FILESYSTEM=1)
  # An exercise's GLSL stub (ex07.1, ex07.2) is read at run time: it goes along.
  get_property(glsl GLOBAL PROPERTY SA_WEB_EXTRA_FILES)
  foreach(file IN LISTS glsl)
    file(RELATIVE_PATH relative "${SA_ROOT_DIR}" "${file}")
    list(APPEND preload "SHELL:--preload-file ${file}@/${relative}")
  endforeach()
  # The chapter's main() becomes sa_program_main(), called by common/web_main.c.
  target_compile_definitions(${name} PRIVATE main=sa_program_main)
  target_sources(${name} PRIVATE $<TARGET_OBJECTS:sa_web_main>)
  target_link_options(${name} PRIVATE
    -sASYNCIFY -sASYNCIFY_STACK_SIZE=65536 -sALLOW_MEMORY_GROWTH=1 -sTOTAL_STACK=1048576
    -sMODULARIZE=1 -sEXPORT_NAME=sa_${name} -sENVIRONMENT=web
    -sEXPORTED_RUNTIME_METHODS=FS,callMain ${preload})
  set_property(GLOBAL APPEND PROPERTY SA_WEB_PROGRAMS ${name})
endfunction()

# A benchmark for the web: the same C as natively, run by node instead of a
# page (tests/web/bench_web.sh runs both builds side by side). NODERAWFS: the
# program sees node's own file system, so it finds the models as natively
# (common/files.c) and reads /proc and /sys where the machine has them (the
# load, the caches). EXIT_RUNTIME: main's status becomes node's. No threads:
# the benchmarks print their one-core figures and say why there are no others
# (common/platform.h). WASM_ASYNC_COMPILATION=0: the module is read from
# disk and compiled at once (emscripten 3.1.6 would fetch() it when node has a
# fetch, as node 18 and later do, and fetch takes no file path).
function(sa_web_benchmark name)
  target_link_options(${name} PRIVATE -sENVIRONMENT=node -sNODERAWFS=1 -sEXIT_RUNTIME=1 -sWASM_ASYNC_COMPILATION=0
                      -sALLOW_MEMORY_GROWTH=1 -sMAXIMUM_MEMORY=4GB)
endfunction()

function(sa_chapter_program)
  cmake_parse_arguments(P "GOING_FURTHER" "NAME;FRAMES" "SOURCES;LIBS" ${ARGN})
  if(NOT P_FRAMES)
    set(P_FRAMES 3)
  endif()
  add_executable(${P_NAME} ${P_SOURCES})
  target_link_libraries(${P_NAME} PRIVATE sa_common ${P_LIBS})
  if(EMSCRIPTEN)
    sa_web_program(${P_NAME})
  endif()
  # Chapters are added in book order, so the last one registered is the newest
  # (a GOING_FURTHER chapter's program is not the demo).
  if(NOT P_GOING_FURTHER)
    set_property(GLOBAL PROPERTY SA_LATEST_PROGRAM ${P_NAME})
  endif()
  set_property(GLOBAL APPEND PROPERTY SA_PROGRAMS ${P_NAME})
  add_test(NAME ${P_NAME}_runs COMMAND ${P_NAME} --headless --frames ${P_FRAMES} --size 320x240)
  set_tests_properties(${P_NAME}_runs PROPERTIES LABELS "gl" TIMEOUT 120 RESOURCE_LOCK sa_display)
  # The shared command line contract: --help exits 0 with the usage, a bad
  # option exits 2 with one "error:" line. Neither opens a window.
  add_test(NAME ${P_NAME}_help COMMAND ${P_NAME} --help)
  set_tests_properties(${P_NAME}_help PROPERTIES LABELS "unit" PASS_REGULAR_EXPRESSION "usage: ${P_NAME}")
  add_test(NAME ${P_NAME}_bad_option
           COMMAND sh -c "\"$0\" --no-such-option 2>&1; echo \"exit status $?\"" ${SA_HOST_PROGRAM}${P_NAME}>)
  set_tests_properties(${P_NAME}_bad_option PROPERTIES LABELS "unit"
                       PASS_REGULAR_EXPRESSION "^error: unknown option '--no-such-option'[^\n]*\nexit status 2\n$")
endfunction()

# --- fuzzing ---------------------------------------------------------------------
# sa_fuzz_target(NAME fuzz_x SOURCES ... LIBS ... [CORPUS dir])
# A libFuzzer target, built only with -DSA_FUZZ=ON and clang. .ci/run runs every
# fuzz_* target for a bounded time, seeded from CORPUS (a folder of the repo).
function(sa_fuzz_target)
  cmake_parse_arguments(F "" "NAME;CORPUS" "SOURCES;LIBS" ${ARGN})
  if(NOT SA_FUZZ)
    return()
  endif()
  add_executable(${F_NAME} ${F_SOURCES})
  target_compile_options(${F_NAME} PRIVATE -fsanitize=fuzzer)
  target_link_options(${F_NAME} PRIVATE -fsanitize=fuzzer)
  target_link_libraries(${F_NAME} PRIVATE ${F_LIBS})
  set_target_properties(${F_NAME} PROPERTIES RUNTIME_OUTPUT_DIRECTORY "${CMAKE_BINARY_DIR}/fuzz")
  if(F_CORPUS)
    file(WRITE "${CMAKE_BINARY_DIR}/fuzz/${F_NAME}.corpus" "${F_CORPUS}\n")
  endif()
endfunction()
