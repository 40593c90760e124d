import Foundation
#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif

public struct PlanWriteError: Error, CustomStringConvertible, Equatable {
    public var path: String
    public var reason: String
    public var description: String { "\(path): \(reason)" }
    public init(path: String, reason: String) { self.path = path; self.reason = reason }
}

/// The only stage that writes the plan: the plan directory and nothing outside it, through
/// `AtomicFile` (every file, and a new plan as a whole, written aside and renamed into place).
public enum PlanWriter {
    /// A plan file name: one path component, no separators, not `.`/`..`, printable.
    public static func isSafeFileName(_ name: String) -> Bool {
        !name.isEmpty && name != "." && name != ".." && !name.contains("/") && !name.contains("\\")
            && !name.unicodeScalars.contains { $0.value < 0x20 } && name.utf8.count <= 255
    }

    /// Creates `directory` (its parent must exist) with `files` in it, all at once (`AtomicFile.writeDirectory`):
    /// a killed run leaves no plan rather than part of one. Refuses when the directory already
    /// exists: merging into an existing plan is `update`'s job.
    public static func writeNew(_ files: [String: String], to directory: String) throws {
        let fm = FileManager.default
        if fm.fileExists(atPath: directory) {
            throw PlanWriteError(path: directory, reason: "a plan already exists here; writeNew does not overwrite it (`viper-planner update` merges into it)")
        }
        for name in files.keys where !isSafeFileName(name) {
            throw PlanWriteError(path: name, reason: "refusing a plan file name that is not a plain file name")
        }
        try checkParent(of: directory)
        // The rename fails if another run created the plan meanwhile.
        do { try AtomicFile.writeDirectory(files.mapValues { Data($0.utf8) }, to: directory) }
        catch let error as AtomicFile.WriteError { throw PlanWriteError(path: error.path, reason: error.reason) }
    }

    /// The folder a new plan goes into must exist: checked before the scan too, so a mistyped
    /// `--dir` fails at once rather than after the whole analysis.
    public static func checkParent(of directory: String) throws {
        let parent = (directory as NSString).deletingLastPathComponent
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: parent.isEmpty ? "." : parent, isDirectory: &isDir), isDir.boolValue else {
            throw PlanWriteError(path: parent, reason: "the folder for the plan does not exist")
        }
    }

    /// Writes `name` inside `directory` atomically (`AtomicFile`).
    public static func writeAtomically(_ data: Data, name: String, in directory: String) throws {
        guard isSafeFileName(name) else { throw PlanWriteError(path: name, reason: "not a plain file name") }
        do { try AtomicFile.write(data, to: (directory as NSString).appendingPathComponent(name)) }
        catch let error as AtomicFile.WriteError { throw PlanWriteError(path: error.path, reason: error.reason) }
    }

    /// Writes several files of an existing plan directory: every file is first written to its temporary
    /// name, and only when all are written are they renamed into place (`.state.json` last). A failure
    /// (or a kill) while writing leaves the previous plan as it was.
    public static func writeFiles(_ files: [String: String], in directory: String) throws {
        let order = files.keys.sorted { ($0 == ".state.json" ? 1 : 0, $0) < ($1 == ".state.json" ? 1 : 0, $1) }
        for name in order where !isSafeFileName(name) {
            throw PlanWriteError(path: name, reason: "refusing a plan file name that is not a plain file name")
        }
        var staged: [AtomicFile.Staged] = []
        do {
            for name in order {
                staged.append(try AtomicFile.stage(Data(files[name]!.utf8), for: (directory as NSString).appendingPathComponent(name)))
            }
        } catch let error as AtomicFile.WriteError {
            for file in staged { file.discard() }
            throw PlanWriteError(path: error.path, reason: error.reason + "; nothing was changed")
        }
        for (i, file) in staged.enumerated() {
            do { try file.commit() } catch let error as AtomicFile.WriteError {
                for rest in staged[(i + 1)...] { rest.discard() }
                throw PlanWriteError(path: error.path, reason: error.reason)
            }
        }
    }

    /// Temporary files a killed run left behind.
    public static func removeLeftovers(in directory: String) { AtomicFile.removeLeftovers(in: directory) }
}

/// `refactoring/.lock`: created exclusively, removed at the end; a lock older than ten minutes, or
/// held by a process that no longer exists, is a crashed run's and is taken over.
public struct PlanLock: Sendable {
    public let path: String
    public static let staleAfter: TimeInterval = 600

    public static func acquire(directory: String, now: Date = Date()) throws -> PlanLock {
        let path = (directory as NSString).appendingPathComponent(".lock")
        for attempt in 0..<2 {
            let fd = open(path, O_CREAT | O_EXCL | O_WRONLY, 0o644)
            if fd >= 0 {
                let text = "pid \(getpid())\n"
                _ = text.withCString { write(fd, $0, strlen($0)) }
                close(fd)
                return PlanLock(path: path)
            }
            guard errno == EEXIST else {
                throw PlanWriteError(path: path, reason: "cannot create the lock (\(String(cString: strerror(errno))))")
            }
            let modified = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
            if attempt == 0, let modified, now.timeIntervalSince(modified) > staleAfter || holderIsGone(path) {
                unlink(path)
                continue
            }
            break
        }
        throw PlanWriteError(path: path, reason: "another viper-planner run is updating this plan (delete the lock if no run is active; it goes stale after 10 minutes)")
    }

    public func release() { unlink(path) }

    /// The lock names the process that holds it (`pid N`); on this machine a process that no longer
    /// exists (a killed run) holds nothing.
    static func holderIsGone(_ path: String) -> Bool {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8), text.hasPrefix("pid "),
              let pid = Int32(text.dropFirst(4).trimmingCharacters(in: .whitespacesAndNewlines)), pid > 0 else { return false }
        return kill(pid, 0) != 0 && errno == ESRCH
    }
}
