/// A real self-signed certificate (an EC key on P-256, valid until 2126) for tests that need a CA
/// file a TLS library would load; its key was thrown away, so nothing can be signed with it.
public enum TestCertificate {
    /// The certificate in PEM, ten lines of base64.
    public static let pem = """
-----BEGIN CERTIFICATE-----
MIIBkTCCATegAwIBAgIUQlOC5gGPvXXvhAKF08mO/sUVv10wCgYIKoZIzj0EAwIw
HTEbMBkGA1UEAwwSV2lyaW5nIEFUTSB0ZXN0IENBMCAXDTI2MTEyODIzMjQxNloY
DzIxMjYxMTA0MjMyNDE2WjAdMRswGQYDVQQDDBJXaXJpbmcgQVRNIHRlc3QgQ0Ew
WTATBgcqhkjOPQIBBggqhkjOPQMBBwNCAAS+UFyNtHP1PDUIbXP623mU1VotEKyR
npNrKBO6Na03x9Tm2wmhJUJwfPGS2S/270+5Ms7pqsIvP9hZgEI0Q8Pmo1MwUTAd
BgNVHQ4EFgQUY9vGoT08gJXV62j65fnr6xRNlIAwHwYDVR0jBBgwFoAUY9vGoT08
gJXV62j65fnr6xRNlIAwDwYDVR0TAQH/BAUwAwEB/zAKBggqhkjOPQQDAgNIADBF
AiAo2yCxu4oMsSMutB2cVTa6QaMuakPYON1c/tQQlp2OvgIhAPFHy67EphUYEwmV
2Y/+VXA29sYgQEXiSO0H483wjolI
-----END CERTIFICATE-----

"""

    /// The same certificate with three of its base64 lines lost: still PEM, still base64 of
    /// something that starts as a certificate, but not a certificate any TLS library loads.
    public static var truncatedPEM: String {
        var lines = pem.split(separator: "\n", omittingEmptySubsequences: false)
        lines.removeSubrange(4..<7)
        return lines.joined(separator: "\n")
    }
}
