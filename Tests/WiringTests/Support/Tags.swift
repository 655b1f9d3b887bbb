import Testing

extension Tag {
    /// The container's concurrency suites: Scripts/test-thread-sanitizer runs every suite of
    /// this target tagged with it (`@Suite(.tags(.concurrency))` on the line above its
    /// `struct`) under ThreadSanitizer and AddressSanitizer. The script reads the tag from the
    /// sources, so the list of suites is kept here, in the code, and nowhere else.
    @Tag static var concurrency: Self
}
