/// The user's own CCurl, which shares its name with a target of Wiring's example.
public let cCurlName = "CCurl"
