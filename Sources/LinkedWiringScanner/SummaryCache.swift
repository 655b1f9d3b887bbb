import Foundation

/// What the generator keeps of each file it reads, between its runs, in the plugin's work
/// folder: for a core library's file, what it declares (``DeclarationFacts``); for a wiring
/// library's file, its scan (``ScannedFile``, with each `configure` body's reading instead of
/// its tokens). A build after touching one file reads that file alone and writes its entry
/// alone; every other file's entry is read back, not the file.
///
/// Each file has an entry of its own in the cache folder, named by its kind and a hash of the
/// file's path, and keyed by the path, the file's modification date and its size: an entry whose
/// path or key differs is not used, and the file is read again. An entry is one JSON document
/// after a first line that names its format and kind: an entry of another format (an older
/// generator's) or kind, or one that cannot be read or decoded, is not used, and one that cannot
/// be written is left as it was: the cache only saves time, and never changes an answer or fails
/// a build.
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

    /// The cache folder.
    let folder: String
    /// `core` or `wiring`.
    let kind: String
    /// The first line of each entry.
    var formatLine: String { "LinkedWiring cache 8 " + kind }

    /// A cache in `folder`, which is made if it does not exist, for files of one kind.
    @_optimize(none)
    init(folder: String, kind: String) {
        self.folder = folder
        self.kind = kind
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    /// Where the entry of `file` is kept: `kind-HASH` in the folder, HASH the FNV-1a hash of the
    /// path in hexadecimal (two paths with one hash share a place, and each finds the other's
    /// path there: a miss, never a wrong answer).
    @_optimize(none)
    func entryPath(of file: String) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in file.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3
        }
        return folder + "/" + kind + "-" + String(hash, radix: 16)
    }

    /// The date and size of a file, as the cache keys it; nil when it cannot be read. Taken
    /// before the file is read, so that an edit while it is read leaves an entry under the older
    /// key, which the next run does not use.
    @_optimize(none)
    static func key(of file: String) -> String? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: file),
              let date = attributes[.modificationDate] as? Date, let size = attributes[.size] as? Int else { return nil }
        // Milliseconds: a date set from a `Date` reads back within a microsecond of it.
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        guard milliseconds.isFinite, abs(milliseconds) < 1e15 else { return nil }
        return "\(Int(milliseconds)) \(size)"
    }

    /// What the cache holds for a file whose date and size are `key`, if anything.
    @_optimize(none)
    func summary(of file: String, key: String?) -> Summary? {
        guard let key, let data = FileManager.default.contents(atPath: entryPath(of: file)) else { return nil }
        let header = Data((formatLine + "\n").utf8)
        guard data.starts(with: header), let entry = try? JSONDecoder().decode(Entry.self, from: data.dropFirst(header.count)),
              entry.path == file, entry.key == key else { return nil }
        return entry.summary
    }

    /// Keeps what a file whose date and size were `key` before it was read holds.
    @_optimize(none)
    func store(_ summary: Summary, of file: String, key: String?) {
        guard let key, let json = try? JSONEncoder().encode(Entry(path: file, key: key, summary: summary)) else { return }
        try? (Data((formatLine + "\n").utf8) + json).write(to: URL(fileURLWithPath: entryPath(of: file)), options: .atomic)
    }
}
