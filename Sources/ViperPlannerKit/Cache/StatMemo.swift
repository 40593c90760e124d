#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif
import Foundation

/// The cache keys of the files as they were on disk the last time (size, modification and change
/// time, inode), so that a file whose stamp has not moved is not read and hashed again.
///
/// A stamp is remembered only when the file was last modified well before the run started
/// (`settle` seconds), as git does against "racily clean" files: an edit within the same clock
/// tick as the hashing would otherwise keep its old stamp. The memo is one file per scanned root
/// and cache salt; anything unreadable in it is simply not used.
final class StatMemo: @unchecked Sendable {
    struct Stamp: Hashable {
        var size: Int64, modified: Int64, changed: Int64, inode: UInt64
    }

    static let settle: Int64 = 2_000_000_000
    let file: String
    private let previous: [String: (Stamp, String)]
    private let lock = NSLock()
    private var current: [String: (Stamp, String)] = [:]
    private let started: Int64

    init(cache: FactCache, root: String) {
        let absolute = URL(fileURLWithPath: root).standardizedFileURL.path
        let name = ContentHash(absolute + "\u{1E}" + cache.salt).description
        file = cache.directory.deletingLastPathComponent().appendingPathComponent("stat-v1").appendingPathComponent(name).path
        started = Self.now()
        previous = Self.read(file)
    }

    /// The key remembered for this file, if its stamp is the one remembered with it.
    func key(path: String, stamp: Stamp?) -> String? {
        guard let stamp, let (known, key) = previous[path], known == stamp else { return nil }
        return key
    }

    /// Remembers the key of a file hashed in this run, unless it changed too recently to trust.
    func record(path: String, stamp: Stamp?, key: String) {
        guard let stamp, max(stamp.modified, stamp.changed) < started - Self.settle else { return }
        lock.lock(); current[path] = (stamp, key); lock.unlock()
    }

    /// Writes the memo when it differs from the one read (best effort: a failure costs hashing).
    func save() {
        lock.lock(); let entries = current; lock.unlock()
        guard entries.count != previous.count || entries.contains(where: { path, entry in
            previous[path].map { $0.0 != entry.0 || $0.1 != entry.1 } ?? true
        }) else { return }
        var text = ""
        for (path, (stamp, key)) in entries.sorted(by: { $0.key < $1.key }) {
            text += "\(path)\u{0}\(stamp.size)\u{0}\(stamp.modified)\u{0}\(stamp.changed)\u{0}\(stamp.inode)\u{0}\(key)\u{0}"
        }
        try? FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try? AtomicFile.write(text, to: file)
    }

    private static func read(_ file: String) -> [String: (Stamp, String)] {
        guard case .bytes(let bytes) = FileIO.read(file) else { return [:] }
        let fields = String(decoding: bytes, as: UTF8.self).split(separator: "\u{0}", omittingEmptySubsequences: false)
        guard fields.count % 6 == 1, fields.last == "" else { return [:] }
        var result: [String: (Stamp, String)] = [:]
        var i = 0
        while i + 6 <= fields.count {
            guard let size = Int64(fields[i + 1]), let modified = Int64(fields[i + 2]), let changed = Int64(fields[i + 3]),
                  let inode = UInt64(fields[i + 4]) else { return [:] }
            result[String(fields[i])] = (Stamp(size: size, modified: modified, changed: changed, inode: inode), String(fields[i + 5]))
            i += 6
        }
        return result
    }

    /// The file's stamp (`stat`, following a symbolic link as reading does); nil if it cannot be read.
    static func stamp(_ path: String) -> Stamp? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        #if canImport(Darwin)
        let modified = Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
        let changed = Int64(info.st_ctimespec.tv_sec) * 1_000_000_000 + Int64(info.st_ctimespec.tv_nsec)
        #else
        let modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        let changed = Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec)
        #endif
        return Stamp(size: Int64(info.st_size), modified: modified, changed: changed, inode: UInt64(info.st_ino))
    }

    private static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }
}
