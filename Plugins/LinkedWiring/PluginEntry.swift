/// The plugin's executable: the generator when a build command starts it with
/// ``Generator/flag``, and the plugin SwiftPM talks to otherwise.
@main
enum PluginEntry {
    static func main() async throws {
        let arguments = CommandLine.arguments.dropFirst()
        if arguments.first == Generator.flag {
            Generator.run(arguments.dropFirst())
        }
        try await LinkedWiringPlugin.main()
    }
}
