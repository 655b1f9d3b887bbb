internal import CCurl

/// libcurl's process-wide initialisation, done exactly once.
///
/// `curl_global_init` is not thread-safe and must run once before any other libcurl call; a
/// global `let` is initialised lazily and exactly once (Swift guards it with `swift_once`).
enum CurlGlobal {
    /// The result of `curl_global_init(CURL_GLOBAL_ALL)`: nil on success, else libcurl's words.
    static let initializationError: String? = {
        let code = ccurl_global_init_all()
        return code == CURLE_OK ? nil : String(cString: curl_easy_strerror(code))
    }()
}
