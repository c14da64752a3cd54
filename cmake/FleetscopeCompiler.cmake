# Compiler settings shared by every Fleetscope target.

# ccache turns a no-change rebuild on 2 cores from minutes into seconds.
find_program(FLEETSCOPE_CCACHE ccache)
if(FLEETSCOPE_CCACHE AND NOT CMAKE_CXX_COMPILER_LAUNCHER)
    set(CMAKE_CXX_COMPILER_LAUNCHER ${FLEETSCOPE_CCACHE})
endif()

# Debug information: line tables and function names (-g1) are what stack traces,
# sanitizer reports, perf and crash dumps use. Full -g (types and locals, for
# stepping in gdb) makes every object four to five times larger and the links of
# the ~110 test executables several times slower; turn it on when you debug.
# Packages are stripped either way.
option(FLEETSCOPE_FULL_DEBUG_INFO "Full -g debug information instead of line tables (-g1)" OFF)
if(NOT FLEETSCOPE_FULL_DEBUG_INFO)
    # After CMAKE_CXX_FLAGS_<CONFIG>'s -g on the command line: the last level wins.
    add_compile_options($<$<CONFIG:RelWithDebInfo>:-g1>)
endif()

# lld links the test executables (each a few MB of static libraries) in a fraction
# of GNU ld's time. Debian: package lld (installer/debian-build-deps.txt).
include(CheckLinkerFlag)
option(FLEETSCOPE_USE_LLD "Link with lld when the compiler can use it" ON)
if(FLEETSCOPE_USE_LLD)
    check_linker_flag(CXX -fuse-ld=lld FLEETSCOPE_HAVE_LLD)
    if(FLEETSCOPE_HAVE_LLD)
        add_link_options(-fuse-ld=lld)
    endif()
endif()

# Warnings for tests and product code alike.
add_library(fleetscope_test_warnings INTERFACE)
target_compile_options(fleetscope_test_warnings INTERFACE -Wall -Wextra -Wpedantic -Wno-psabi)
if(FLEETSCOPE_WERROR)
    target_compile_options(fleetscope_test_warnings INTERFACE -Werror)
endif()

# Product code (libraries and executables) also keeps Qt's string conversions
# explicit, so that every encoding is a visible choice. Tests may use plain
# literals for readability.
add_library(fleetscope_warnings INTERFACE)
target_link_libraries(fleetscope_warnings INTERFACE fleetscope_test_warnings)
target_compile_definitions(fleetscope_warnings INTERFACE
    QT_NO_CAST_FROM_ASCII QT_NO_CAST_TO_ASCII QT_NO_URL_CAST_FROM_STRING
    QT_NO_NARROWING_CONVERSIONS_IN_CONNECT QT_USE_QSTRINGBUILDER)

# Sanitizer builds (README "Security"), for every target including Qt's moc output.
#   FLEETSCOPE_SANITIZE: the whole suite under ASan + UBSan (installer/dev sanitize);
#   FLEETSCOPE_FUZZ: clang's libFuzzer instrumentation as well; tests/fuzz then
#   builds real fuzzers instead of corpus replayers (installer/dev fuzz).
option(FLEETSCOPE_SANITIZE "Build with AddressSanitizer and UndefinedBehaviorSanitizer" OFF)
option(FLEETSCOPE_FUZZ "Build tests/fuzz as libFuzzer fuzzers (clang only)" OFF)
set(FLEETSCOPE_SANITIZER_FLAGS -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined)
if(FLEETSCOPE_FUZZ)
    # -O1 and line tables: fuzzing wants fast compiles, symbolized stacks and asserts.
    add_compile_options(-fsanitize=fuzzer-no-link ${FLEETSCOPE_SANITIZER_FLAGS} -O1 -gline-tables-only -UNDEBUG)
    add_link_options(-fsanitize=address,undefined)
elseif(FLEETSCOPE_SANITIZE)
    add_compile_options(${FLEETSCOPE_SANITIZER_FLAGS})
    # GCC 12's flow analysis under ASan reports libstdc++'s own <regex> and
    # std::function internals as maybe-uninitialized (known false positives);
    # the normal build keeps the warning, with -Werror in CI.
    if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
        add_compile_options(-Wno-maybe-uninitialized)
    endif()
    add_link_options(-fsanitize=address,undefined)
endif()
