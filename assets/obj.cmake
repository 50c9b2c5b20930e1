# Chapter 02's OBJ assets. cube.obj and pyramid_negative.obj are written by
# hand; the others come from obj_generate.c:
#   cmake --build build --target obj_generate && build/assets/obj_generate assets/models
# The test below regenerates them into the build tree and compares bytes.
add_executable(obj_generate ${CMAKE_CURRENT_LIST_DIR}/obj_generate.c)
target_link_libraries(obj_generate PRIVATE sa_core)
set(SA_OBJ_GENERATED hex_prism.obj torus.obj torus.mtl checker.png)
set(SA_OBJ_REGEN_DIR "${CMAKE_CURRENT_BINARY_DIR}/obj_regenerated")
file(MAKE_DIRECTORY "${SA_OBJ_REGEN_DIR}")
add_test(NAME assets_obj_generate COMMAND obj_generate "${SA_OBJ_REGEN_DIR}")
set_tests_properties(assets_obj_generate PROPERTIES FIXTURES_SETUP obj_regenerated LABELS unit)
foreach(file IN LISTS SA_OBJ_GENERATED)
  add_test(NAME assets_obj_regenerate_${file}
           COMMAND ${CMAKE_COMMAND} -E compare_files "${SA_OBJ_REGEN_DIR}/${file}"
                   "${CMAKE_CURRENT_LIST_DIR}/models/${file}")
  set_tests_properties(assets_obj_regenerate_${file} PROPERTIES FIXTURES_REQUIRED obj_regenerated LABELS unit)
endforeach()
