import Foundation
internal import CCurl

/// The certificate authorities a transfer trusts when the configuration names a CA file: the
/// system's bundle (the one libcurl was built to use) and the file, together.
///
/// libcurl's `CURLOPT_CAINFO` replaces the system bundle with the file; so the transfer is given
/// both as one PEM blob instead (`CURLOPT_CAINFO_BLOB`), and the system's CA folder, if libcurl
/// has one, still applies.
enum TrustedAuthorities {
    /// The system's bundle followed by `caFile`, or nil when `caFile` cannot be read (libcurl is
    /// then given the file itself, and reports the problem with it).
    ///
    /// - Parameters:
    ///   - caFile: The extra authorities, in PEM.
    ///   - systemBundle: The system's bundle; by default libcurl's.
    static func bundle(adding caFile: String, systemBundle: String? = defaultBundlePath) -> [UInt8]? {
        guard let extra = FileManager.default.contents(atPath: caFile) else { return nil }
        let system = systemBundle.flatMap { FileManager.default.contents(atPath: $0) } ?? Data()
        var bundle = [UInt8](system)
        if let last = bundle.last, last != UInt8(ascii: "\n") { bundle.append(UInt8(ascii: "\n")) }
        bundle += extra
        return bundle
    }

    /// The CA bundle libcurl was built to use: `/etc/ssl/certs/ca-certificates.crt` on Debian.
    static var defaultBundlePath: String? {
        guard let info = ccurl_version_info_now(), let path = info.pointee.cainfo else { return nil }
        return String(cString: path)
    }
}
