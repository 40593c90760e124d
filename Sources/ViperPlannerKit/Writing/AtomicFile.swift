import Foundation
#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif

/// The one way this tool writes a file: the bytes go to a temporary file in the destination's
/// folder (`.<name>.tmp-<pid>-<random>`), are flushed to disk, and the temporary file is renamed
/// over the destination. `rename(2)` within one folder is atomic, so a reader — or a run after a
/// crash or `kill -9` — sees the old file or the new one, never part of one.
public enum AtomicFile {
    public struct WriteError: Error, CustomStringConvertible, Equatable {
        public var path: String
        public var reason: String
        public var description: String { "\(path): \(reason)" }
    }

    /// A file written to its temporary name and not yet renamed into place.
    public struct Staged: Sendable {
        public let path: String
        let temporary: String

        /// Renames the staged file over `path`.
        public func commit() throws {
            guard rename(temporary, path) == 0 else {
                let reason = AtomicFile.errorText()
                unlink(temporary)
                throw WriteError(path: path, reason: "cannot move the new file into place (\(reason))")
            }
        }

        /// Removes the temporary file (the destination is untouched).
        public func discard() { unlink(temporary) }

        /// Puts the staged file at `path` only if nothing is there: `link(2)` fails on an existing
        /// name, so a file that appeared since it was checked is never replaced. Where the file
        /// system has no hard links, an existence check and a rename.
        public func commitIfAbsent() throws {
            defer { unlink(temporary) }
            if link(temporary, path) == 0 { return }
            let failure = errno
            guard failure != EEXIST, FileIO.kind(path) == nil else { throw WriteError(path: path, reason: "already exists") }
            guard rename(temporary, path) == 0 else {
                throw WriteError(path: path, reason: "cannot move the new file into place (\(AtomicFile.errorText()))")
            }
        }
    }

    /// Writes `data` to `path` atomically.
    public static func write(_ data: Data, to path: String, durable: Bool = true) throws {
        try stage(data, for: path, durable: durable).commit()
    }

    public static func write(_ text: String, to path: String, durable: Bool = true) throws {
        try write(Data(text.utf8), to: path, durable: durable)
    }

    /// Writes a new file at `path`, atomically, and fails with "already exists" rather than
    /// replace one.
    public static func create(_ text: String, at path: String) throws {
        try stage(Data(text.utf8), for: path).commitIfAbsent()
    }

    /// The same for bytes that live elsewhere (a report's own storage, a cache entry's parts).
    public static func write(parts: [UnsafeRawBufferPointer], to path: String, durable: Bool = true) throws {
        try stage(parts: parts, for: path, durable: durable).commit()
    }

    /// The same for an entry made of several byte arrays (a cache entry's chunks).
    public static func write(chunks: [[UInt8]], to path: String, durable: Bool = true) throws {
        var parts: [UnsafeRawBufferPointer] = []
        func collect(_ i: Int) throws {
            guard i < chunks.count else { return try write(parts: parts, to: path, durable: durable) }
            try chunks[i].withUnsafeBytes { parts.append($0); try collect(i + 1) }
        }
        try collect(0)
    }

    public static func stage(_ data: Data, for path: String, durable: Bool = true) throws -> Staged {
        try data.withUnsafeBytes { try stage(parts: [$0], for: path, durable: durable) }
    }

    /// Writes the temporary file of `path`. `durable: false` skips the fsync: for files that are
    /// checked on reading and cheap to lose (the fact cache), where syncing each entry doubled a cold audit.
    public static func stage(parts: [UnsafeRawBufferPointer], for path: String, durable: Bool = true) throws -> Staged {
        let temporary = temporaryPath(for: path)
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard fd >= 0 else { throw WriteError(path: path, reason: "cannot write (\(errorText()))") }
        var failure: String?
        for bytes in parts where failure == nil && bytes.count > 0 {
            var written = 0
            while written < bytes.count {
                let n = systemWrite(fd, bytes.baseAddress! + written, bytes.count - written)
                if n < 0 { if errno == EINTR { continue }; failure = errorText(); break }
                written += n
            }
        }
        if failure == nil, durable, fsync(fd) != 0 { failure = errorText() }
        close(fd)
        if let failure {
            unlink(temporary)
            throw WriteError(path: path, reason: "cannot write (\(failure))")
        }
        return Staged(path: path, temporary: temporary)
    }

    /// Creates `directory` with `files` (name → bytes) in one step: they are written into a temporary
    /// folder beside it, which is then renamed to `directory`. A reader, or a run after a kill, sees
    /// no directory or the whole of it. Fails if `directory` exists (and is not empty) by then.
    public static func writeDirectory(_ files: [String: Data], to directory: String) throws {
        removeAbandonedFolders(for: directory)
        let staging = temporaryPath(for: directory)
        guard mkdir(staging, 0o755) == 0 else { throw WriteError(path: directory, reason: "cannot create the folder (\(errorText()))") }
        do {
            for name in files.keys.sorted() {
                try write(files[name]!, to: (staging as NSString).appendingPathComponent(name))
            }
            guard rename(staging, directory) == 0 else {
                throw WriteError(path: directory, reason: "cannot move the new folder into place (\(errorText()))")
            }
        } catch {
            try? FileManager.default.removeItem(atPath: staging)
            throw error
        }
    }

    /// `.<name>.tmp-<pid>-<random>` beside `path`.
    static func temporaryPath(for path: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        return (folder.isEmpty ? "" : folder + "/") + ".\(name)\(temporaryMarker)\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    }

    /// Staging folders of `directory` left by runs that were killed (their process is gone).
    static func removeAbandonedFolders(for directory: String) {
        let folder = (directory as NSString).deletingLastPathComponent
        let prefix = "." + (directory as NSString).lastPathComponent + temporaryMarker
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? [] where name.hasPrefix(prefix) {
            guard let pid = Int32(name.dropFirst(prefix.count).prefix { $0 != "-" }), kill(pid, 0) != 0, errno == ESRCH else { continue }
            try? FileManager.default.removeItem(atPath: (folder.isEmpty ? "" : folder + "/") + name)
        }
    }

    /// What every temporary name contains, for cleaning up after a killed run.
    static let temporaryMarker = ".tmp-"

    /// Removes the temporary files a killed run left in `directory`.
    public static func removeLeftovers(in directory: String) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        for name in names where name.hasPrefix(".") && name.contains(temporaryMarker) {
            unlink((directory as NSString).appendingPathComponent(name))
        }
    }

    fileprivate static func errorText() -> String { String(cString: strerror(errno)) }

    private static func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Darwin)
        Darwin.write(fd, buffer, count)
        #else
        Glibc.write(fd, buffer, count)
        #endif
    }
}
