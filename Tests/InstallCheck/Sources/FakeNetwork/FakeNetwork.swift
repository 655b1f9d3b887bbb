/// The user's own FakeNetwork, which shares its name with a target of Wiring's example.
public let fakeNetworkName = "FakeNetwork"
