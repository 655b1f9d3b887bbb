/// The user's own BankNetwork, which shares its name with a target of Wiring's example.
public let bankNetworkName = "BankNetwork"
