# Runs `PROGRAM --model MODEL --check` and compares its standard output,
# exactly, with EXPECTED (the six lines, ';'-separated), and its exit status
# with 0. Used by the ch02_check_* tests:
#   cmake -DPROGRAM=... -DMODEL=... "-DEXPECTED=positions: 8;..." -P check_counts.cmake
# With -DEXPECTED_ERROR=text instead: exit status 1, nothing on stdout, and
# stderr exactly "error: MODEL:text" on one line.
execute_process(COMMAND "${PROGRAM}" --model "${MODEL}" --check
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
if(DEFINED EXPECTED_ERROR)
  set(expected "error: ${MODEL}:${EXPECTED_ERROR}\n")
  if(NOT rc EQUAL 1 OR NOT out STREQUAL "" OR NOT err STREQUAL expected)
    message(FATAL_ERROR "${MODEL}: expected exit status 1 and\n${expected}got exit status ${rc}, stdout\n${out}stderr\n${err}")
  endif()
  message(STATUS "${MODEL}: rejected as expected")
  return()
endif()
string(REPLACE ";" "\n" expected "${EXPECTED}")
set(expected "${expected}\n")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${MODEL}: exit status ${rc}, expected 0\n${err}")
endif()
if(NOT out STREQUAL expected)
  message(FATAL_ERROR "${MODEL}: expected\n${expected}got\n${out}${err}")
endif()
message(STATUS "${MODEL}: counts as expected")
