#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif

/// Plain POSIX reads and writes for the hot paths (every source file, every cache entry).
/// Foundation's `attributesOfItem` + `contents(atPath:)` cost ~20 syscalls per file on Linux
/// (stat, listxattr, lseek, …) and its atomic write adds an fsync per file: profiled, writing
/// the cache that way doubled a cold audit.
enum FileIO {
    enum ReadResult {
        case bytes([UInt8])
        case tooLarge(Int)
        case unreadable
    }

    /// The file's bytes, unless it is larger than `maxBytes` (then only its size is looked at).
    static func read(_ path: String, maxBytes: Int = Int.max) -> ReadResult {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return .unreadable }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .unreadable }
        let size = Int(info.st_size)
        if size > maxBytes { return .tooLarge(size) }
        var bytes = [UInt8](repeating: 0, count: size)
        var filled = 0
        while filled < size {
            let n = bytes.withUnsafeMutableBytes { buffer in
                Glue.read(fd, buffer.baseAddress! + filled, size - filled)
            }
            if n < 0 { if errno == EINTR { continue }; return .unreadable }
            if n == 0 { break }   // shrank while reading
            filled += n
        }
        if filled < size { bytes.removeLast(size - filled) }
        return .bytes(bytes)
    }

    enum Kind { case directory, file, symbolicLink, other }

    /// What `path` itself is (`lstat`: a symbolic link is not followed); nil if it cannot be read.
    static func kind(_ path: String) -> Kind? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return .directory
        case S_IFREG: return .file
        case S_IFLNK: return .symbolicLink
        default: return .other
        }
    }

    /// Writes to a unique temporary file beside `path` and renames it into place, so readers
    /// see the old file, the new one or none — never half of one. No fsync: a cache entry lost
    /// or torn by a crash fails its checksum and is rebuilt.
    @discardableResult
    static func writeAtomically(_ chunks: [[UInt8]], to path: String) -> Bool {
        var parts: [UnsafeRawBufferPointer] = []
        func collect(_ i: Int) -> Bool {
            guard i < chunks.count else { return writeAtomically(parts, to: path) }
            return chunks[i].withUnsafeBytes { parts.append($0); return collect(i + 1) }
        }
        return collect(0)
    }

    /// The same for parts that live elsewhere (a report's own bytes).
    @discardableResult
    static func writeAtomically(_ parts: [UnsafeRawBufferPointer], to path: String) -> Bool {
        let temporary = "\(path).tmp.\(getpid()).\(UInt64.random(in: 0...UInt64.max))"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard fd >= 0 else { return false }
        var complete = true
        for bytes in parts where complete {
            var written = 0
            while written < bytes.count {
                let n = Glue.write(fd, bytes.baseAddress! + written, bytes.count - written)
                if n < 0 { if errno == EINTR { continue }; break }
                written += n
            }
            complete = written == bytes.count
        }
        close(fd)
        guard complete, rename(temporary, path) == 0 else { unlink(temporary); return false }
        return true
    }
}

/// libc `read`/`write` under names that do not clash with the methods above.
private enum Glue {
    static func read(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Darwin)
        Darwin.read(fd, buffer, count)
        #else
        Glibc.read(fd, buffer, count)
        #endif
    }
    static func write(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Darwin)
        Darwin.write(fd, buffer, count)
        #else
        Glibc.write(fd, buffer, count)
        #endif
    }
}
