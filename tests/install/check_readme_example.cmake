# The first ```c block of README.md must equal consumer/main.c, so the example
# that the README shows is the one the install test builds and runs.
file(READ "${README}" readme)
file(READ "${EXAMPLE}" example)
string(FIND "${readme}" "```c\n" start)
if(start EQUAL -1)
  message(FATAL_ERROR "README.md has no ```c block")
endif()
math(EXPR start "${start} + 5")
string(SUBSTRING "${readme}" ${start} -1 rest)
string(FIND "${rest}" "```" stop)
string(SUBSTRING "${rest}" 0 ${stop} block)
if(NOT block STREQUAL example)
  message(FATAL_ERROR "the C example in README.md differs from ${EXAMPLE}; "
    "copy the file into the README (or the README's example into the file)")
endif()
message(STATUS "README.md's C example is ${EXAMPLE}")
