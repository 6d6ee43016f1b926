# Writes VERSION_FILE, the definition of lud64::VersionText(): PROJECT_VERSION,
# followed by `git describe` of SOURCE_DIR when it is a git checkout and git is
# installed (a source tarball builds with the project version alone). Run at
# every build; the file is rewritten only when its text changes.
set(text "${PROJECT_VERSION}")
find_package(Git QUIET)
if(GIT_FOUND AND EXISTS "${SOURCE_DIR}/.git")
  execute_process(COMMAND "${GIT_EXECUTABLE}" describe --always --dirty
    WORKING_DIRECTORY "${SOURCE_DIR}" RESULT_VARIABLE result
    OUTPUT_VARIABLE describe OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  if(result EQUAL 0 AND NOT describe STREQUAL "")
    string(APPEND text " (git ${describe})")
  endif()
endif()
file(WRITE "${VERSION_FILE}.new"
  "// Written by tools/lud64/version.cmake.\n"
  "#include \"tools/lud64/version.h\"\n\n"
  "const char* lud64::VersionText() { return \"${text}\"; }\n")
file(COPY_FILE "${VERSION_FILE}.new" "${VERSION_FILE}" ONLY_IF_DIFFERENT)
file(REMOVE "${VERSION_FILE}.new")
