/// What a command was asked to do, before any of it is checked: its positional arguments (the
/// bills of `deposit`) and its options. ``ArgumentReader`` fills it in as the ``CommandTable``
/// says.
struct CommandOptions: Equatable {
    var positionals: [String] = []
    var journal: String?
    var account: String?
    var bankURL: String?
    var json = false
    var timeout: Duration?
    var connectTimeout: Duration?
    var caFile: String?
    var allowsInsecureHTTP = false
    /// `graph --format`: nil for the default, `text`.
    var format: String?
}
