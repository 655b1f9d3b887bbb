# The package's release scope (Package.swift, WIRING_SCOPE=release): every test suite but the
# plugin's, and the threshold probes, built in release in .build-release. Scripts/test runs the
# suites there, Scripts/check-thresholds counts the probes of the same build, and the document
# checks read its modules (their --release-build), so all spell it through this one function: a
# flag that differed would rebuild Wiring. Source it.
#
#   release_scope build --build-tests                 swift build, in the scope
#   release_scope test --skip-build                   swift test, in the scope
#   release_scope package dump-symbol-graph           swift package, in the scope
release_scope() {
    local command=$1
    shift
    WIRING_SCOPE=release swift "$command" -c release --scratch-path .build-release "$@"
}
