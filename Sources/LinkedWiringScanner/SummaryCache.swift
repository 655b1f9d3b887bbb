import Foundation

/// The names each core library file declares, kept between runs of the generator in one file of
/// the plugin's work folder, so that a build after touching one file rescans that file only.
///
/// Each entry is keyed by the file's path, modification date and size; a file whose key differs
/// is scanned again. The cache is text, one file per line:
/// `path<TAB>date<TAB>size<TAB>=facts<TAB>name:topLevel:shadowed<TAB>…`, where facts is the
/// file's ``DeclarationFacts`` as JSON (which holds no raw tab or line break); an entry without
/// them, written by an older generator, is read again. A cache that cannot be read is
/// treated as empty, and one that cannot be written is left as it was: it only saves time.
struct SummaryCache {
    let path: String
    private var entries: [String: (key: String, names: [String: GraphCheck.NameEntry], facts: DeclarationFacts)] = [:]
    private var used: [String: (key: String, names: [String: GraphCheck.NameEntry], facts: DeclarationFacts)] = [:]

    init(path: String) {
        self.path = path
        guard let data = FileManager.default.contents(atPath: path) else { return }
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 3 else { continue }
            var names: [String: GraphCheck.NameEntry] = [:]
            guard fields.count >= 4, fields[3].hasPrefix("="),
                  let facts = try? JSONDecoder().decode(DeclarationFacts.self, from: Data(fields[3].dropFirst().utf8)) else { continue }
            for field in fields.dropFirst(4) {
                let parts = field.split(separator: ":").map(String.init)
                guard parts.count == 3, let topLevel = Int(parts[1]) else { continue }
                names[parts[0]] = GraphCheck.NameEntry(topLevel: topLevel, isShadowed: parts[2] == "1")
            }
            entries[fields[0]] = (fields[1] + "\t" + fields[2], names, facts)
        }
    }

    /// The date and size of a file, as the cache keys it; nil when it cannot be read.
    private static func key(of file: String) -> String? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: file),
              let date = attributes[.modificationDate] as? Date, let size = attributes[.size] as? Int else { return nil }
        // Milliseconds: a date set from a `Date` reads back within a microsecond of it.
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        guard milliseconds.isFinite, abs(milliseconds) < 1e15 else { return nil }
        return "\(Int(milliseconds))\t\(size)"
    }

    /// The names and facts a file declares, when the cache holds them for the file as it is now.
    mutating func summary(of file: String) -> (names: [String: GraphCheck.NameEntry], facts: DeclarationFacts)? {
        guard let entry = entries[file], let key = Self.key(of: file), entry.key == key else { return nil }
        used[file] = entry
        return (entry.names, entry.facts)
    }

    /// Records the names and facts a file declares.
    mutating func store(_ names: [String: GraphCheck.NameEntry], facts: DeclarationFacts, of file: String) {
        guard let key = Self.key(of: file), !file.contains("\t"), !file.contains("\n") else { return }
        used[file] = (key, names, facts)
    }

    /// Writes the entries of the files this run read; the others are dropped.
    func save() {
        var lines: [String] = []
        for (file, entry) in used.sorted(by: { $0.key < $1.key }) {
            let names = entry.names.sorted { $0.key < $1.key }
                .filter { !$0.key.contains(":") && !$0.key.contains("\t") }
                .map { "\($0.key):\($0.value.topLevel):\($0.value.isShadowed ? 1 : 0)" }
            guard let json = try? JSONEncoder().encode(entry.facts) else { continue }
            lines.append(([file, entry.key, "=" + String(decoding: json, as: UTF8.self)] + names).joined(separator: "\t"))
        }
        try? Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}
