import Foundation
import Network

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file of trusted certificate authorities, read and judged once, when the configuration is
/// made: a readable regular file of at most ``maximumBytes`` that holds one or more PEM
/// certificates, and nothing but well-formed ones.
///
/// It is opened without blocking (`O_NONBLOCK`) and its type checked before anything is read, so
/// that a FIFO, a device or a folder is refused at once instead of holding the app past its
/// timeouts; the transfers use the bytes read here and never open the file again.
enum CertificateAuthorityFile {
    /// The largest CA file read: 1 MiB, a few hundred certificates.
    static let maximumBytes = 1 << 20

    private static let begin = "-----BEGIN CERTIFICATE-----"
    private static let end = "-----END CERTIFICATE-----"

    /// The file's bytes, once judged.
    ///
    /// - Parameter path: The file.
    /// - Returns: Its bytes: PEM certificates.
    /// - Throws: ``Network/NetworkError`` of kind ``Network/NetworkError/Kind/invalidConfiguration``
    ///   saying what is wrong with the file and what to give instead.
    static func read(_ path: String) throws(NetworkError) -> [UInt8] {
        let bytes: [UInt8]
        switch SafeFileReader.read(path, maximumBytes: maximumBytes) {
        case let .success(read):
            bytes = read
        case let .failure(problem):
            throw refusal(path, problem.description)
        }
        try check(bytes, path: path)
        return bytes
    }

    /// Checks that the bytes are PEM certificates: at least one, each complete, each body base64
    /// of a whole X.509 certificate in DER (``DERCertificate``), as the TLS library will parse it
    /// when the first transfer loads the file: a certificate with lines lost is refused here.
    private static func check(_ bytes: [UInt8], path: String) throws(NetworkError) {
        guard let text = String(validating: bytes, as: UTF8.self), text.unicodeScalars.allSatisfy(\.isASCII) else {
            throw refusal(path, "is not PEM text (it holds bytes that are not ASCII)")
        }
        var count = 0
        var body: [Substring]?
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            let line = line.trimmingCharacters(in: .whitespaces)
            if line == begin {
                guard body == nil else { throw refusal(path, "has a certificate that does not end (\(end) is missing)") }
                body = []
            } else if line == end {
                guard let lines = body else { throw refusal(path, "has \(end) without \(begin)") }
                count += 1
                guard let der = Data(base64Encoded: lines.joined()), DERCertificate.isWellFormed(Array(der)) else {
                    throw refusal(path, "has a certificate (number \(count)) whose body is not base64 of a certificate")
                }
                body = nil
            } else if body != nil {
                body?.append(Substring(line))
            }
        }
        guard body == nil else { throw refusal(path, "has a certificate that does not end (\(end) is missing)") }
        guard count > 0 else { throw refusal(path, "holds no PEM certificate (\(begin))") }
    }

    private static func refusal(_ path: String, _ problem: String) -> NetworkError {
        NetworkError(
            kind: .invalidConfiguration,
            message: "the CA file \(path) \(problem); give a readable PEM file of certificates of at most \(maximumBytes >> 20) MiB",
            mayHaveBeenCredited: false
        )
    }
}
