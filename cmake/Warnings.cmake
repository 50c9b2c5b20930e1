# Warnings everywhere; errors when SA_WARNINGS_AS_ERRORS is on (CI).
add_compile_options(-Wall -Wextra -Wpedantic)
# Error messages are cut to their buffer on purpose; GCC's guess that a
# snprintf "may be truncated" is noise here.
if(CMAKE_C_COMPILER_ID STREQUAL "GNU")
  add_compile_options(-Wno-format-truncation)
endif()
if(SA_WARNINGS_AS_ERRORS)
  add_compile_options(-Werror)
endif()
if(SA_SANITIZE)
  add_compile_options(-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined)
  add_link_options(-fsanitize=address,undefined)
endif()
