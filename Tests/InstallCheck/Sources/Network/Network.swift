/// The user's own Network, which shares its name with a target of Wiring's example.
public let networkName = "Network"
