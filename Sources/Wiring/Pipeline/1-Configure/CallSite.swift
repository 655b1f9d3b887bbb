/// The location of a call as the compiler gives it, kept unconverted until a message needs it.
///
/// Registration stores thousands of these, so it holds the `StaticString` rather than a `String`.
@usableFromInline
struct CallSite: Sendable {
    // The line first: the file's flags byte then ends the struct, and an optional call site
    // needs no extra word.
    @usableFromInline let line: Int
    @usableFromInline let file: StaticString

    @inlinable
    init(file: StaticString, line: Int) {
        self.file = file
        self.line = line
    }

    var location: SourceLocation { SourceLocation(fileID: file.description, line: line) }
}
