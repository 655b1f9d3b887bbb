/// The user's core library: plain Swift, no container.
public struct Greeting: Sendable {
    public let text: String
    public init(text: String) { self.text = text }
}

public struct Greeter: Sendable {
    public let greeting: Greeting
    public init(greeting: Greeting) { self.greeting = greeting }
}
