internal import CCurl
import Foundation
import Synchronization

/// One HTTP POST with libcurl: an easy handle configured for a single attempt, and the reply it
/// collects.
///
/// It is made on the caller's task, handed to ``TransferEngine``, and from then on touched only
/// by the engine's thread, which runs libcurl and so all of the callbacks below.
// @unchecked Sendable: the mutable state (the handle, the buffers, the flags) is used by one
// thread at a time: the task that creates the transfer until it passes it to
// `TransferEngine.perform`, then only the engine thread, which adds the handle to its multi
// handle, runs every callback, reads the outcome and removes the handle before resuming the
// task. The one value other threads touch, the cancellation request, is an `Atomic`.
final class CurlTransfer: @unchecked Sendable {
    /// What to send and how: everything an attempt needs.
    struct Request: Sendable {
        var url: String
        var body: String
        var headers: [String]
        var connectTimeout: Duration
        var totalTimeout: Duration
        var maxResponseBytes: Int
        /// Extra trusted certificate authorities, PEM, as the configuration read them.
        var caCertificates: [UInt8]?
        var userAgent: String
        /// `CURLOPT_RESOLVE` entries (`host:port:address,…`): the addresses found for the bank's
        /// name, so that libcurl does not look it up itself.
        var resolve: [String] = []
    }

    /// A libcurl option was refused while the transfer was being set up.
    struct SetupError: Error, CustomStringConvertible {
        let description: String
    }

    /// `CURLE_TOO_LARGE`, which libcurl 8.6 and later return for a header line past their limit;
    /// older headers do not name it.
    static let tooLargeCode: UInt32 = 100

    /// The most header bytes kept from one reply; more ends the transfer as too large.
    static let maxHeaderBytes = 64 * 1024

    /// The easy handle.
    let handle: UnsafeMutableRawPointer
    private let errorBuffer: UnsafeMutablePointer<CChar>
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private var resolveList: UnsafeMutablePointer<curl_slist>?
    private let maxResponseBytes: Int
    private let cancellation = Atomic<Bool>(false)

    // Written by libcurl's callbacks on the engine thread.
    private var body: [UInt8] = []
    private var headerBytes = 0
    private var location: String?
    private var retryAfter: Duration?
    private var requestStarted = false
    private var exceededSizeCap = false

    /// Creates a transfer for one attempt of `request`.
    ///
    /// - Throws: ``SetupError`` when libcurl cannot be initialised or refuses an option.
    static func make(_ request: Request) throws(SetupError) -> CurlTransfer {
        if let problem = CurlGlobal.initializationError {
            throw SetupError(description: "libcurl could not be initialised: \(problem)")
        }
        guard let handle = curl_easy_init() else { throw SetupError(description: "libcurl could not create a transfer") }
        let transfer = CurlTransfer(handle: handle, maxResponseBytes: request.maxResponseBytes)
        try transfer.configure(request)
        return transfer
    }

    private init(handle: UnsafeMutableRawPointer, maxResponseBytes: Int) {
        self.handle = handle
        self.maxResponseBytes = maxResponseBytes
        errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE))
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
    }

    deinit {
        curl_easy_cleanup(handle)
        curl_slist_free_all(headerList)
        curl_slist_free_all(resolveList)
        errorBuffer.deallocate()
    }

    // MARK: - Cancellation (any thread)

    /// Asks for the transfer to stop; the engine notices on its next turn.
    func requestCancellation() {
        cancellation.store(true, ordering: .releasing)
    }

    /// Whether cancellation was asked for.
    var isCancellationRequested: Bool {
        cancellation.load(ordering: .acquiring)
    }

    // MARK: - Outcome (engine thread)

    /// What the transfer came to, once libcurl reported it finished with `code`.
    func outcome(code: CURLcode) -> TransferOutcome {
        var outcome = TransferOutcome(requestStarted: requestStarted, location: location, retryAfter: retryAfter, body: body)
        var status = 0
        if ccurl_easy_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status) == CURLE_OK {
            outcome.status = status
        }
        guard code != CURLE_OK else { return outcome }
        outcome.failure = failure(for: code)
        outcome.errorText = errorText(for: code)
        return outcome
    }

    /// The outcome of a transfer the engine stopped because the caller cancelled.
    func cancelledOutcome() -> TransferOutcome {
        TransferOutcome(failure: .cancelled, errorText: "cancelled", requestStarted: requestStarted)
    }

    /// The outcome of a transfer the engine could not start.
    func unstartedOutcome(_ text: String) -> TransferOutcome {
        TransferOutcome(failure: .other, errorText: text)
    }

    private func failure(for code: CURLcode) -> TransferOutcome.Failure {
        if exceededSizeCap || code == CURLE_FILESIZE_EXCEEDED { return .tooLarge }
        switch code {
        case CURLE_COULDNT_CONNECT:
            var osError = 0
            _ = ccurl_easy_getinfo_long(handle, CURLINFO_OS_ERRNO, &osError)
            return osError == Int(ECONNREFUSED) ? .connectionRefused : .other
        case CURLE_COULDNT_RESOLVE_HOST:
            return .hostNotFound
        case CURLE_OPERATION_TIMEDOUT:
            return .timedOut
        case CURLE_GOT_NOTHING, CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_PARTIAL_FILE:
            return requestStarted ? .connectionLost : .other
        // What the bank sent back is not HTTP libcurl can read: a status line missing (HTTP/0.9
        // refused) or malformed, an invalid `Content-Length`, a body in an unknown encoding, or a
        // header line longer than libcurl holds (out of memory before 8.6, `CURLE_TOO_LARGE`,
        // 100, since). Only after the request went out: before, these codes mean something else.
        case CURLE_UNSUPPORTED_PROTOCOL, CURLE_WEIRD_SERVER_REPLY, CURLE_BAD_CONTENT_ENCODING, CURLE_OUT_OF_MEMORY,
             CURLcode(rawValue: Self.tooLargeCode):
            return requestStarted ? .unreadableReply : .other
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
             CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH,
             CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_CRL_BADFILE, CURLE_SSL_ENGINE_NOTFOUND,
             CURLE_SSL_ENGINE_SETFAILED, CURLE_SSL_ENGINE_INITFAILED, CURLE_SSL_SHUTDOWN_FAILED,
             CURLE_SSL_CLIENTCERT, CURLE_USE_SSL_FAILED:
            return .tls
        default:
            return .other
        }
    }

    private func errorText(for code: CURLcode) -> String {
        var text = String(cString: errorBuffer)
        if text.isEmpty { text = String(cString: curl_easy_strerror(code)) }
        while let last = text.last, last.isNewline || last == " " { text.removeLast() }
        return text
    }

    // MARK: - Set-up

    private func configure(_ request: Request) throws(SetupError) {
        let me = Unmanaged.passUnretained(self).toOpaque()
        try set(CURLOPT_ERRORBUFFER, "CURLOPT_ERRORBUFFER", pointer: UnsafeMutableRawPointer(errorBuffer))
        try set(CURLOPT_URL, "CURLOPT_URL", string: request.url)
        try set(CURLOPT_PROTOCOLS_STR, "CURLOPT_PROTOCOLS_STR", string: "http,https")
        try set(CURLOPT_REDIR_PROTOCOLS_STR, "CURLOPT_REDIR_PROTOCOLS_STR", string: "http,https")
        try set(CURLOPT_FOLLOWLOCATION, "CURLOPT_FOLLOWLOCATION", 0)
        try set(CURLOPT_NOSIGNAL, "CURLOPT_NOSIGNAL", 1)
        // HTTP/1.1 only, so that every way a connection can fail maps to one of the codes above.
        try set(CURLOPT_HTTP_VERSION, "CURLOPT_HTTP_VERSION", CURL_HTTP_VERSION_1_1)
        // Connections are kept alive in the engine's multi handle and reused by later attempts
        // and deposits. When a reused connection turns out dead before any reply arrives,
        // libcurl sends the request again on a new connection within the same attempt; that is
        // safe because every send carries the deposit's idempotency key, and `requestStarted`
        // stays true from the first send, so the outcome still says the bank may have it.
        try set(CURLOPT_TCP_NODELAY, "CURLOPT_TCP_NODELAY", 1)
        // The bank is reached directly, never through a proxy named in the environment.
        try set(CURLOPT_PROXY, "CURLOPT_PROXY", string: "")

        // TLS: always verified; a CA file adds trust, nothing removes it.
        try set(CURLOPT_SSL_VERIFYPEER, "CURLOPT_SSL_VERIFYPEER", 1)
        try set(CURLOPT_SSL_VERIFYHOST, "CURLOPT_SSL_VERIFYHOST", 2)
        if let extra = request.caCertificates {
            let bundle = TrustedAuthorities.bundle(adding: extra)
            let code = bundle.withUnsafeBytes { ccurl_easy_setopt_cainfo_blob(handle, $0.baseAddress, $0.count) }
            try check(code, "CURLOPT_CAINFO_BLOB")
        }

        try set(CURLOPT_CONNECTTIMEOUT_MS, "CURLOPT_CONNECTTIMEOUT_MS", request.connectTimeout.wholeMillisecondsRoundedUp)
        try set(CURLOPT_TIMEOUT_MS, "CURLOPT_TIMEOUT_MS", request.totalTimeout.wholeMillisecondsRoundedUp)
        try check(ccurl_easy_setopt_off_t(handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(request.maxResponseBytes)), "CURLOPT_MAXFILESIZE_LARGE")

        // The request: a POST of a small body, copied by libcurl.
        try set(CURLOPT_POST, "CURLOPT_POST", 1)
        let bodySize = request.body.utf8.count
        try check(ccurl_easy_setopt_off_t(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(bodySize)), "CURLOPT_POSTFIELDSIZE_LARGE")
        try set(CURLOPT_COPYPOSTFIELDS, "CURLOPT_COPYPOSTFIELDS", string: request.body)
        try set(CURLOPT_USERAGENT, "CURLOPT_USERAGENT", string: request.userAgent)
        for header in request.headers {
            guard let list = curl_slist_append(headerList, header) else { throw SetupError(description: "libcurl could not store a header") }
            headerList = list
        }
        try check(ccurl_easy_setopt_slist(handle, CURLOPT_HTTPHEADER, headerList), "CURLOPT_HTTPHEADER")
        for entry in request.resolve {
            guard let list = curl_slist_append(resolveList, entry) else { throw SetupError(description: "libcurl could not store an address") }
            resolveList = list
        }
        if resolveList != nil {
            try check(ccurl_easy_setopt_slist(handle, CURLOPT_RESOLVE, resolveList), "CURLOPT_RESOLVE")
        }

        // The callbacks: the reply body, its headers, and the moment the request goes out.
        try check(ccurl_easy_setopt_write_callback(handle, CURLOPT_WRITEFUNCTION, curlTransferReceiveBody), "CURLOPT_WRITEFUNCTION")
        try set(CURLOPT_WRITEDATA, "CURLOPT_WRITEDATA", pointer: me)
        try check(ccurl_easy_setopt_write_callback(handle, CURLOPT_HEADERFUNCTION, curlTransferReceiveHeader), "CURLOPT_HEADERFUNCTION")
        try set(CURLOPT_HEADERDATA, "CURLOPT_HEADERDATA", pointer: me)
        try check(ccurl_easy_setopt_prereq_callback(handle, curlTransferWillSendRequest), "CURLOPT_PREREQFUNCTION")
        try set(CURLOPT_PREREQDATA, "CURLOPT_PREREQDATA", pointer: me)
    }

    private func set(_ option: CURLoption, _ name: String, _ value: Int) throws(SetupError) {
        try check(ccurl_easy_setopt_long(handle, option, value), name)
    }

    private func set(_ option: CURLoption, _ name: String, string value: String) throws(SetupError) {
        try check(ccurl_easy_setopt_string(handle, option, value), name)
    }

    private func set(_ option: CURLoption, _ name: String, pointer value: UnsafeMutableRawPointer) throws(SetupError) {
        try check(ccurl_easy_setopt_pointer(handle, option, value), name)
    }

    private func check(_ code: CURLcode, _ name: String) throws(SetupError) {
        guard code == CURLE_OK else {
            throw SetupError(description: "libcurl refused \(name): \(String(cString: curl_easy_strerror(code)))")
        }
    }

    // MARK: - Callbacks (engine thread)

    /// Keeps a chunk of the body; false when it would pass the cap, which aborts the transfer.
    fileprivate func receiveBody(_ chunk: UnsafeRawBufferPointer) -> Bool {
        guard body.count + chunk.count <= maxResponseBytes else {
            exceededSizeCap = true
            return false
        }
        body.append(contentsOf: chunk)
        return true
    }

    /// Reads one header line; false when the headers pass their cap, which aborts the transfer.
    fileprivate func receiveHeader(_ line: UnsafeRawBufferPointer) -> Bool {
        headerBytes += line.count
        guard headerBytes <= Self.maxHeaderBytes else {
            exceededSizeCap = true
            return false
        }
        if line.starts(with: "HTTP/".utf8) {
            // A new response (after a `100 Continue`): forget the headers of the previous one.
            location = nil
            retryAfter = nil
            return true
        }
        // Only two headers are read; the others are passed over without being decoded.
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return true }
        let name = line[..<colon]
        let isLocation = Self.isHeaderName(name, "location")
        guard isLocation || Self.isHeaderName(name, "retry-after") else { return true }
        let value = String(decoding: line[(colon + 1)...], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if isLocation {
            // Kept whole (the header cap bounds it): the interpreter takes the bearer token out
            // before it cuts the text to the length a message quotes.
            location = String(value.unicodeScalars.filter { $0.isASCII && $0.value >= 0x20 && $0.value < 0x7F }.map(Character.init))
        } else {
            retryAfter = Int(value).flatMap { $0 >= 0 ? Duration.seconds($0) : nil }
        }
        return true
    }

    /// Whether the header name `bytes` is `lowercaseName`, ignoring ASCII case.
    private static func isHeaderName(_ bytes: Slice<UnsafeRawBufferPointer>, _ lowercaseName: StaticString) -> Bool {
        let expected = UnsafeRawBufferPointer(start: lowercaseName.utf8Start, count: lowercaseName.utf8CodeUnitCount)
        return bytes.count == expected.count && zip(bytes, expected).allSatisfy { byte, lowercase in
            byte == lowercase || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") && byte + 0x20 == lowercase)
        }
    }

    /// Notes that the connection is up and the request is about to be sent.
    fileprivate func willSendRequest() {
        requestStarted = true
    }
}

// libcurl's callbacks: C function pointers with the transfer as their user data. The transfer
// outlives them: the engine holds it while its handle is in the multi handle.

private let curlTransferReceiveBody: curl_write_callback = { data, size, count, userData in
    guard let userData else { return 0 }
    let length = size * count
    let chunk = UnsafeRawBufferPointer(start: data, count: length)
    return Unmanaged<CurlTransfer>.fromOpaque(userData).takeUnretainedValue().receiveBody(chunk) ? length : 0
}

private let curlTransferReceiveHeader: curl_write_callback = { data, size, count, userData in
    guard let userData else { return 0 }
    let length = size * count
    let line = UnsafeRawBufferPointer(start: data, count: length)
    return Unmanaged<CurlTransfer>.fromOpaque(userData).takeUnretainedValue().receiveHeader(line) ? length : 0
}

private let curlTransferWillSendRequest: curl_prereq_callback = { userData, _, _, _, _ in
    if let userData {
        Unmanaged<CurlTransfer>.fromOpaque(userData).takeUnretainedValue().willSendRequest()
    }
    return CURL_PREREQFUNC_OK
}
