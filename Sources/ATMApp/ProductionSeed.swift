import ATMAppSupport
import ATMCLI
import ATMLib
import BankNetwork
import Network

/// What one run of `atm` seeds its graph with: the ATM's configuration, and the configuration of
/// the libcurl bank client, made from the invocation's URL and transport options.
struct ProductionSeed: ATMSeed {
    /// The account, the bank and the journal.
    let configuration: ATMConfiguration
    /// How `BankNetworkExecutor` reaches the bank.
    let bank: BankConfiguration

    init(settings: ATMRunSettings) throws {
        configuration = settings.configuration
        bank = try Self.bankConfiguration(settings.bank)
    }

    /// Judges the transport options as the client does: a bearer token it cannot send is
    /// refused here, before anything is read or built.
    static func checkBank(_ options: BankOptions) throws {
        _ = try bankConfiguration(options)
    }

    private static func bankConfiguration(_ options: BankOptions) throws(NetworkError) -> BankConfiguration {
        guard let url = options.url else {
            throw NetworkError(kind: .invalidURL, message: "no bank URL; pass --bank URL or set ATM_BANK_URL", mayHaveBeenCredited: false)
        }
        return try BankConfiguration(
            baseURL: url.absoluteString,
            connectTimeout: options.connectTimeout ?? BankConfiguration.defaultConnectTimeout,
            totalTimeout: options.totalTimeout ?? BankConfiguration.defaultTotalTimeout,
            bearerToken: options.bearerToken,
            caFile: options.caFile,
            allowsInsecureHTTP: options.allowsInsecureHTTP
        )
    }
}
