# The glTF writer and the project's own characters (issue 5).
#
#   make_characters            the generator (assets/make_characters.c)
#   assets_regenerate          rewrites assets/models/ (then commit the files)
#   tests                      assets_are_fresh: the committed files equal a fresh generation
#                              test_assets_writer: base64, min/max, GLB layout, determinism
#                              test_characters: bind pose, weights and clips read back
#                              assets_gltf_validator: the Khronos validator, skipped if absent
set(SA_ASSETS_DIR ${CMAKE_CURRENT_LIST_DIR})

add_library(assets_gltf STATIC
  ${SA_ASSETS_DIR}/gltf_writer.c ${SA_ASSETS_DIR}/rig.c ${SA_ASSETS_DIR}/surface_nets.c
  ${SA_ASSETS_DIR}/make_tube.c ${SA_ASSETS_DIR}/make_humanoid.c ${SA_ASSETS_DIR}/make_stairs.c
  ${SA_ASSETS_DIR}/preview.c)
target_link_libraries(assets_gltf PUBLIC sa_core)
add_executable(make_characters ${SA_ASSETS_DIR}/make_characters.c)
target_link_libraries(make_characters PRIVATE assets_gltf)
# The files must come out byte for byte the same on every machine: no fused
# multiply-add contraction (clang and some targets enable it by default).
if(CMAKE_C_COMPILER_ID MATCHES "GNU|Clang")
  target_compile_options(assets_gltf PRIVATE -ffp-contract=off)
  target_compile_options(make_characters PRIVATE -ffp-contract=off)
endif()

add_custom_target(assets_regenerate
  COMMAND make_characters --out ${SA_ASSETS_DIR}/models --preview ${CMAKE_SOURCE_DIR}/book/images
  COMMENT "Regenerating assets/models and book/images/appendix-*.png (commit the changed files)"
  VERBATIM)

set(SA_ASSETS_FRESH_DIR ${CMAKE_CURRENT_BINARY_DIR}/fresh_models)
file(MAKE_DIRECTORY ${SA_ASSETS_FRESH_DIR})
# Not in a Windows build: the generator's sinf/cosf come from the C runtime,
# and msvcrt's differ from glibc's in the last bit of a few values (under
# Wine, tube.gltf, tube.glb and humanoid.gltf then differ in a few floats:
# a vertex's 1e-17 for cos(pi/2), say). The committed files are made on
# Linux and checked there; the Windows programs and tests read those files.
if(NOT WIN32)
  add_test(NAME assets_are_fresh
           COMMAND make_characters --out ${SA_ASSETS_FRESH_DIR} --compare ${SA_ASSETS_DIR}/models)
  set_tests_properties(assets_are_fresh PROPERTIES LABELS unit TIMEOUT 300)
endif()

# Both tests read back through chapter 03's loader (stage_gltf).
if(TARGET stage_gltf)
  sa_unit_test(NAME test_assets_writer SOURCES ${CMAKE_SOURCE_DIR}/tests/test_assets_writer.c
               LIBS assets_gltf stage_gltf)
  sa_unit_test(NAME test_characters SOURCES ${CMAKE_SOURCE_DIR}/tests/test_characters.c LIBS stage_gltf
               ARGS ${SA_ASSETS_DIR}/models)
  # They read through the loader's exercises: label needs:NN.k (sa_test_needs).
  foreach(id ex03.1 ex03.2 ex03.3)
    sa_test_needs(${id} test_assets_writer test_characters)
  endforeach()
endif()

# The Khronos glTF validator (npm package gltf-validator). It is looked up in
# $SA_GLTF_VALIDATOR_DIR, then <build>/npm (where
#   npm install --prefix <build>/npm gltf-validator
# puts it); the test is skipped (exit 77) when node or the package is absent.
find_program(SA_NODE_EXECUTABLE NAMES node nodejs)
if(SA_NODE_EXECUTABLE)
  add_test(NAME assets_gltf_validator
           COMMAND ${SA_NODE_EXECUTABLE} ${SA_ASSETS_DIR}/validate_gltf.js ${CMAKE_BINARY_DIR}/npm
                   ${SA_ASSETS_DIR}/models/tube.gltf ${SA_ASSETS_DIR}/models/tube.glb
                   ${SA_ASSETS_DIR}/models/humanoid.gltf ${SA_ASSETS_DIR}/models/stairs.gltf)
else()
  add_test(NAME assets_gltf_validator
           COMMAND ${CMAKE_COMMAND} -E echo "skipped: node is not installed")
  set_tests_properties(assets_gltf_validator PROPERTIES SKIP_REGULAR_EXPRESSION "skipped:")
endif()
set_tests_properties(assets_gltf_validator PROPERTIES LABELS unit SKIP_RETURN_CODE 77 TIMEOUT 300)
