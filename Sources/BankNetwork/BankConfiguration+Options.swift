public import Network

extension BankConfiguration {
    /// The configuration the invocation's bank options ask for, judged as the client judges
    /// them: a bearer token it cannot send, a CA file it cannot use, or a URL it will not reach
    /// is refused here, when the app's graph is built, before anything is sent.
    ///
    /// - Parameter options: The bank's URL and the transport options, as the command line and
    ///   the environment give them.
    /// - Throws: ``NetworkError`` of kind `.invalidURL` or `.invalidConfiguration`, one line.
    public init(options: BankOptions) throws(NetworkError) {
        guard let url = options.url else {
            throw NetworkError(kind: .invalidURL, message: "no bank URL; pass --bank URL or set ATM_BANK_URL", mayHaveBeenCredited: false)
        }
        try self.init(
            baseURL: url.absoluteString,
            connectTimeout: options.connectTimeout ?? BankConfiguration.defaultConnectTimeout,
            totalTimeout: options.totalTimeout ?? BankConfiguration.defaultTotalTimeout,
            bearerToken: options.bearerToken,
            caFile: options.caFile,
            allowsInsecureHTTP: options.allowsInsecureHTTP
        )
    }
}
