# Builds the DocC catalogs of Wiring's three libraries with the toolchain's docc. Source it after
# prerequisites.sh; `convert_catalogs OUTPUT` writes OUTPUT/Wiring.doccarchive and
# OUTPUT/WiringTesting.doccarchive, and leaves docc's messages in OUTPUT/<module>.log. With
# DOCC_STATIC_HOSTING=1 each archive is a static website to be served under /<module>/. With
# DOCC_RELEASE_BUILD=1 the symbol graphs come from the package's release-scope build
# (release-scope.sh: the one Scripts/test builds), without waiting for SwiftPM's lock, instead
# of its debug build.

# The modules whose catalogs are built, each with its catalog.
DOCC_MODULES="Wiring:Sources/Wiring/Wiring.docc WiringTesting:Sources/WiringTesting/WiringTesting.docc WiringCleanse:Sources/WiringCleanse/WiringCleanse.docc"

require_docc() {
    if ! command -v docc >/dev/null 2>&1; then
        say "docc is not in this toolchain (it comes with Swift 5.9 and later on Linux and with Xcode); install a toolchain from https://www.swift.org/install/"
        return 1
    fi
}

convert_catalogs() {
    local output=$1
    # The symbol graphs come from the package's own build (`swift package dump-symbol-graph`
    # extracts them from the built modules), so the documentation adds no build of its own to a
    # run that built the package already, as Scripts/test does.
    local dump=(swift package dump-symbol-graph)
    if [ "${DOCC_RELEASE_BUILD:-0}" = 1 ]; then
        . Scripts/lib/release-scope.sh
        # --ignore-lock: Scripts/test runs its suites from that build meanwhile, and `swift test`
        # holds the lock even with --ignore-lock (the dump would wait for every suite to end).
        dump=(release_scope package --ignore-lock dump-symbol-graph)
    fi
    if ! "${dump[@]}" >"$output/build.log" 2>&1; then
        cat "$output/build.log" >&2
        say "the modules could not be built for their documentation"
        return 1
    fi
    local symbols
    symbols=$(sed -n 's/^Files written to //p' "$output/build.log" | tail -n 1)
    if [ -z "$symbols" ] || [ ! -f "$symbols/Wiring.symbols.json" ]; then
        cat "$output/build.log" >&2
        say "swift package dump-symbol-graph did not say where it wrote Wiring's symbol graph"
        return 1
    fi
    local entry module catalog
    for entry in $DOCC_MODULES; do
        module=${entry%%:*}
        catalog=${entry#*:}
        # Each catalog gets its own module's symbol graphs (and its extensions of others).
        mkdir -p "$output/$module.symbols"
        cp "$symbols/$module.symbols.json" "$symbols/$module@"*.symbols.json "$output/$module.symbols/" 2>/dev/null || true
        local hosting=()
        if [ "${DOCC_STATIC_HOSTING:-0}" = 1 ]; then
            hosting=(--transform-for-static-hosting --hosting-base-path "$module")
        fi
        if ! docc convert "$catalog" --additional-symbol-graph-dir "$output/$module.symbols" \
            --fallback-display-name "$module" --fallback-bundle-identifier "dev.wiring.$module" \
            --output-path "$output/$module.doccarchive" "${hosting[@]}" >"$output/$module.log" 2>&1; then
            cat "$output/$module.log" >&2
            say "docc could not convert the catalog of $module"
            return 1
        fi
    done
}
