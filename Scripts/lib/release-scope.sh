# The package's release scope (Package.swift, WIRING_SCOPE=release): every test suite but the
# plugin's, and the threshold probes, built in release in .build-release. Scripts/test runs the
# suites there, Scripts/check-thresholds counts the probes of the same build, and the document
# checks read its modules (their --release-build), so all spell it through this one function: a
# flag that differed would rebuild Wiring. Source it.
#
#   release_scope build --build-tests                 swift build, in the scope
#   release_scope test --skip-build                   swift test, in the scope
#   release_scope package dump-symbol-graph           swift package, in the scope
#
# The compiler writes its counters for Wiring's compile (`-stats-output-dir`) into
# RELEASE_COMPILE_STATS, where Scripts/check-thresholds reads the module's compile figure.
RELEASE_COMPILE_STATS="$PWD/.build-release/compile-stats"
release_scope() {
    local command=$1
    shift
    mkdir -p "$RELEASE_COMPILE_STATS"
    WIRING_SCOPE=release WIRING_COMPILE_STATS="$RELEASE_COMPILE_STATS" \
        swift "$command" -c release --scratch-path .build-release "$@"
}
