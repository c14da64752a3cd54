# Compiler settings shared by every Fleetscope target.

# ccache turns a no-change rebuild on 2 cores from minutes into seconds.
find_program(FLEETSCOPE_CCACHE ccache)
if(FLEETSCOPE_CCACHE AND NOT CMAKE_CXX_COMPILER_LAUNCHER)
    set(CMAKE_CXX_COMPILER_LAUNCHER ${FLEETSCOPE_CCACHE})
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
    # With the libraries' own assertions (simdjson checks its On-Demand contract
    # only without NDEBUG), so that a decoder misusing it fails the suite here.
    add_compile_options(${FLEETSCOPE_SANITIZER_FLAGS} -UNDEBUG)
    # GCC 12's flow analysis under ASan reports libstdc++'s own <regex> and
    # std::function internals as maybe-uninitialized (known false positives);
    # the normal build keeps the warning, with -Werror in CI.
    if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
        add_compile_options(-Wno-maybe-uninitialized)
    endif()
    add_link_options(-fsanitize=address,undefined)
endif()
