# Compiler settings shared by every Fleetscope target.

# ccache turns a no-change rebuild on 2 cores from minutes into seconds.
find_program(FLEETSCOPE_CCACHE ccache)
if(FLEETSCOPE_CCACHE AND NOT CMAKE_CXX_COMPILER_LAUNCHER)
    set(CMAKE_CXX_COMPILER_LAUNCHER ${FLEETSCOPE_CCACHE})
endif()

add_library(fleetscope_warnings INTERFACE)
target_compile_options(fleetscope_warnings INTERFACE -Wall -Wextra -Wpedantic -Wno-psabi)
if(FLEETSCOPE_WERROR)
    target_compile_options(fleetscope_warnings INTERFACE -Werror)
endif()
# Qt's string conversions stay explicit so that encodings are a visible choice.
target_compile_definitions(fleetscope_warnings INTERFACE
    QT_NO_CAST_FROM_ASCII QT_NO_CAST_TO_ASCII QT_NO_URL_CAST_FROM_STRING
    QT_NO_NARROWING_CONVERSIONS_IN_CONNECT QT_USE_QSTRINGBUILDER)
