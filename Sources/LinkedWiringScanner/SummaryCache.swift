import Foundation

/// What each file of one library holds for the generator, kept between its runs in one file
/// per library in the plugin's work folder, so that a build after touching one file reads that
/// file only: for a core library, what each file declares (``DeclarationFacts``); for a wiring
/// library, each file's scan (``ScannedFile``, with each `configure` body's reading instead of
/// its tokens).
///
/// Each entry is keyed by the file's path, modification date and size; a file whose key differs
/// is read again. A cache file is one JSON document after a first line that names its format
/// and kind: a cache of another format (an older generator's) or kind, or one that cannot be
/// read or decoded, is treated as empty, and one that cannot be written is left as it was: the
/// cache only saves time, and never changes an answer or fails a build. It is written again
/// only when a run read a file anew or no longer reads one, so a warm build that touched one
/// wiring file writes that library's cache alone.
struct SummaryCache<Summary: Codable> {
    /// One file's entry.
    struct Entry: Codable {
        /// The file's path, as the plugin passed it.
        var path: String
        /// Its modification date, in milliseconds since 1970, and its size.
        var key: String
        /// What the generator keeps of it.
        var summary: Summary
    }

    /// The cache file.
    let path: String
    /// Its first line.
    let formatLine: String
    private var entries: [String: Entry] = [:]
    private var used: [String: Entry] = [:]
    /// Whether this run read a file anew, so that the cache must be written.
    private var changed = false

    /// Reads the cache file of one library, if there is one of this format and kind.
    ///
    /// - Parameters:
    ///   - folder: The cache folder; it is made if it does not exist.
    ///   - library: The library's module name.
    ///   - kind: `core` or `wiring`.
    init(folder: String, library: String, kind: String) {
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        path = folder + "/" + library + "." + kind
        formatLine = "LinkedWiring cache 1 " + kind
        guard let data = FileManager.default.contents(atPath: path) else { return }
        let header = Data((formatLine + "\n").utf8)
        guard data.starts(with: header),
              let decoded = try? JSONDecoder().decode([Entry].self, from: data.dropFirst(header.count)) else { return }
        for entry in decoded { entries[entry.path] = entry }
    }

    /// The date and size of a file, as the cache keys it; nil when it cannot be read.
    private static func key(of file: String) -> String? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: file),
              let date = attributes[.modificationDate] as? Date, let size = attributes[.size] as? Int else { return nil }
        // Milliseconds: a date set from a `Date` reads back within a microsecond of it.
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        guard milliseconds.isFinite, abs(milliseconds) < 1e15 else { return nil }
        return "\(Int(milliseconds)) \(size)"
    }

    /// What the cache holds for a file as it is now, if anything.
    mutating func summary(of file: String) -> Summary? {
        guard let entry = entries[file], let key = Self.key(of: file), entry.key == key else { return nil }
        used[file] = entry
        return entry.summary
    }

    /// Records what a file holds, read anew.
    mutating func store(_ summary: Summary, of file: String) {
        changed = true
        guard let key = Self.key(of: file) else { return }
        used[file] = Entry(path: file, key: key, summary: summary)
    }

    /// Writes the entries of the files this run read, when it read one anew or no longer reads
    /// one the cache holds; the entries of files it did not read are dropped.
    func save() {
        guard changed || used.count != entries.count else { return }
        guard let json = try? JSONEncoder().encode(used.values.sorted { $0.path < $1.path }) else { return }
        try? (Data((formatLine + "\n").utf8) + json).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}
