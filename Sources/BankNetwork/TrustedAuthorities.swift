import Foundation
internal import CCurl

/// The certificate authorities a transfer trusts when the configuration names a CA file: the
/// system's bundle (the one libcurl was built to use) and the file, together.
///
/// libcurl's `CURLOPT_CAINFO` replaces the system bundle with the file; so the transfer is given
/// both as one PEM blob instead (`CURLOPT_CAINFO_BLOB`), and the system's CA folder, if libcurl
/// has one, still applies.
enum TrustedAuthorities {
    /// The system's bundle followed by the extra certificates. The system's bundle is read as
    /// any file is here, without blocking and bounded; when it cannot be read, the extra
    /// certificates alone (libcurl's CA folder, if it has one, still applies).
    ///
    /// - Parameters:
    ///   - extra: The extra authorities, in PEM, as ``CertificateAuthorityFile`` read them.
    ///   - systemBundle: The system's bundle; by default libcurl's.
    static func bundle(adding extra: [UInt8], systemBundle: String? = defaultBundlePath) -> [UInt8] {
        let system = systemBundle.flatMap { try? SafeFileReader.read($0, maximumBytes: maximumSystemBundleBytes).get() } ?? []
        var bundle = system
        if let last = bundle.last, last != UInt8(ascii: "\n") { bundle.append(UInt8(ascii: "\n")) }
        bundle += extra
        return bundle
    }

    /// The largest system bundle read: 16 MiB (Debian's is about 220 KB).
    static let maximumSystemBundleBytes = 16 << 20

    /// The CA bundle libcurl was built to use: `/etc/ssl/certs/ca-certificates.crt` on Debian.
    static var defaultBundlePath: String? {
        guard let info = ccurl_version_info_now(), let path = info.pointee.cainfo else { return nil }
        return String(cString: path)
    }
}
