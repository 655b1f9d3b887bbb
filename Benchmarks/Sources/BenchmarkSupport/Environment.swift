internal import Foundation

extension Report.Environment {
    /// The machine this process runs on, the toolchain on the `PATH`, and the date (UTC).
    public static func current(mode: String) -> Self {
        Self(cpu: cpuModel(), cores: ProcessInfo.processInfo.activeProcessorCount, toolchain: toolchain(), date: utcDate(), mode: mode)
    }

    /// The first `model name` of /proc/cpuinfo.
    static func cpuModel() -> String {
        guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return "unknown CPU" }
        for line in text.split(separator: "\n") where line.hasPrefix("model name") {
            if let colon = line.firstIndex(of: ":") {
                return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
        }
        return "unknown CPU"
    }

    /// The first line of `swift --version`.
    static func toolchain() -> String {
        let output = try? ChildProcess.run(["swift", "--version"])
        return output?.standardOutput.split(separator: "\n").first.map(String.init) ?? "unknown toolchain"
    }

    static func utcDate() -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm 'UTC'"
        return formatter.string(from: Date())
    }
}
