# Checks (and where it can, installs) what the scripts need. Source it; each function exits with
# a message that says what is missing and how to get it.

# Prints a message on stderr, prefixed with the script's name.
say() { printf '%s: %s\n' "$(basename "$0")" "$*" >&2; }

# Runs a command as root: directly when we are root, through sudo when it is there.
as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"
    elif command -v sudo >/dev/null 2>&1; then sudo "$@"
    else return 1
    fi
}

require_swift() {
    if ! command -v swift >/dev/null 2>&1; then
        say "the Swift toolchain is not on PATH. Install Swift 6.3 or later (https://www.swift.org/install/) and try again."
        exit 1
    fi
    local version
    version=$(swift --version 2>/dev/null | sed -n 's/.*Swift version \([0-9][0-9]*\.[0-9][0-9]*\).*/\1/p' | head -n 1)
    case $version in
        [0-5].*|6.[0-2]) say "this is Swift $version; Wiring needs Swift 6.3 or later (https://www.swift.org/install/)"; exit 1 ;;
        "") say "cannot tell the version of the Swift toolchain on PATH; Wiring needs Swift 6.3 or later" ;;
    esac
}

# libcurl's headers and pkg-config file, for the CCurl system library.
require_libcurl() {
    if pkg-config --exists libcurl 2>/dev/null && [ -f "$(pkg-config --variable=includedir libcurl)/curl/curl.h" ]; then
        return
    fi
    if command -v apt-get >/dev/null 2>&1; then
        say "libcurl's development files are missing; installing libcurl4-openssl-dev with apt-get."
        if as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y libcurl4-openssl-dev pkg-config >/dev/null 2>&1 \
            || { as_root apt-get update >/dev/null 2>&1 && as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y libcurl4-openssl-dev pkg-config >/dev/null 2>&1; }; then
            return
        fi
    fi
    say "libcurl's development files are missing and could not be installed."
    say "On Debian or Ubuntu run: sudo apt-get install -y libcurl4-openssl-dev pkg-config"
    say "On macOS libcurl ships with the system; install pkg-config with: brew install pkg-config"
    exit 1
}

require_python3() {
    if ! command -v python3 >/dev/null 2>&1; then
        if command -v apt-get >/dev/null 2>&1; then
            say "python3 is missing (the bank simulator needs it); installing it with apt-get."
            as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y python3 >/dev/null 2>&1 && return
        fi
        say "python3 is missing; the bank simulator needs Python 3.9 or later. On Debian or Ubuntu: sudo apt-get install -y python3"
        exit 1
    fi
}

# Graphviz, so that the tests run the DOT export through `dot`. Optional: without it that one
# check is skipped, with a note.
offer_graphviz() {
    command -v dot >/dev/null 2>&1 && return
    if command -v apt-get >/dev/null 2>&1; then
        say "installing graphviz so that the DOT export is checked by Graphviz itself"
        as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y graphviz >/dev/null 2>&1 && return
    fi
    say "graphviz is not installed; the test of the DOT export will not run it through dot"
}

# Valgrind, for Scripts/check-thresholds' instruction counts (callgrind). Optional: returns 1
# with a message when it is missing and cannot be installed, and the caller skips its check.
offer_valgrind() {
    command -v valgrind >/dev/null 2>&1 && return 0
    if command -v apt-get >/dev/null 2>&1; then
        say "valgrind is not installed; installing it with apt-get, for the instruction-count thresholds"
        if as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y valgrind >/dev/null 2>&1 \
            || { as_root apt-get update >/dev/null 2>&1 && as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y valgrind >/dev/null 2>&1; }; then
            command -v valgrind >/dev/null 2>&1 && return 0
        fi
        say "valgrind could not be installed with apt-get (run: sudo apt-get install -y valgrind)"
        return 1
    fi
    say "valgrind is not installed and this system has no apt-get; install valgrind 3.19 or later with its package manager"
    return 1
}
