#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif

/// Plain POSIX reads for the hot paths (every source file, every cache entry): Foundation's
/// `attributesOfItem` + `contents(atPath:)` cost ~20 syscalls per file on Linux. Writes go
/// through `AtomicFile`.
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
}

/// libc `read` under a name that does not clash with `FileIO.read`.
private enum Glue {
    static func read(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Darwin)
        Darwin.read(fd, buffer, count)
        #else
        Glibc.read(fd, buffer, count)
        #endif
    }
}
