import Foundation
import Testing
#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif

/// `plan` and `update` killed with SIGKILL at random moments of their run, the built
/// `viper-planner` binary on a copy of a sample: after every kill each plan file is the version
/// before the run or the version a complete run writes, never part of one, and the next run succeeds.
@Suite(.serialized) struct KillTests {
    /// The executable SwiftPM built beside the test bundle.
    static func binary() throws -> String {
        var folders = [URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
                       Bundle.main.bundleURL.deletingLastPathComponent(),
                       SampleGoldenTests.packageRoot.appendingPathComponent(".build/debug")]
        // On macOS the tests are a bundle loaded by `xctest`; the executable is beside the bundle.
        folders += Bundle.allBundles.filter { $0.bundlePath.hasSuffix(".xctest") }.map { $0.bundleURL.deletingLastPathComponent() }
        let found = folders.map { $0.appendingPathComponent("viper-planner").path }.first { FileManager.default.isExecutableFile(atPath: $0) }
        return try #require(found, "viper-planner is not built next to the tests (run `swift build --build-tests`)")
    }

    struct Run {
        let binary: String
        let app: String
        let cache: String

        func process(_ command: String, dir: String?, date: String) throws -> Process {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = [command, app, "--quiet", "--cache-path", cache, "--date", date] + (dir.map { ["--dir", $0] } ?? [])
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            return process
        }

        /// Runs to the end; the exit status.
        func complete(_ command: String, dir: String? = nil, date: String) throws -> Int32 {
            let process = try process(command, dir: dir, date: date)
            process.waitUntilExit()
            return process.terminationStatus
        }

        /// Starts the command and sends SIGKILL after `delay` seconds; whether the kill hit it.
        func kill(_ command: String, after delay: Double, date: String) throws -> Bool {
            let process = try process(command, dir: nil, date: date)
            usleep(useconds_t(delay * 1_000_000))
            _ = Glue.kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return process.terminationReason == .uncaughtSignal
        }
    }

    /// Every file of the plan directory but the lock and temporary files (which readers skip); nil
    /// when there is no directory.
    static func snapshot(_ dir: String) -> [String: Data]? {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir) else { return nil }
        var files: [String: Data] = [:]
        for name in names where name != ".lock" && !(name.hasPrefix(".") && name.contains(".tmp-")) {
            files[name] = FileManager.default.contents(atPath: dir + "/" + name)
        }
        return files
    }

    /// Each file as it was or as a complete run writes it.
    static func expectOldOrNew(_ now: [String: Data]?, old: [String: Data]?, new: [String: Data]?) {
        let names = Set((now ?? [:]).keys).union((old ?? [:]).keys).union((new ?? [:]).keys)
        for name in names.sorted() {
            let file = now?[name]
            #expect(file == old?[name] || file == new?[name], "\(name) is neither the old nor the new version")
        }
    }

    @Test func killedPlanAndUpdateLeaveOldOrNewFilesAndTheNextRunSucceeds() throws {
        let folder = try TemporaryFolder("kill")
        let run = Run(binary: try Self.binary(), app: folder.path + "/app", cache: folder.path + "/cache")
        try FileManager.default.copyItem(atPath: SampleGoldenTests.packageRoot.appendingPathComponent("Samples/NewsReader").path, toPath: run.app)
        let plan = run.app + "/refactoring", expected = folder.path + "/expected"
        // A complete plan, timed (the cache is warm from here on): kills fall across the same span.
        #expect(try run.complete("plan", dir: expected, date: "2026-11-21") == 0)
        let start = Date()
        try FileManager.default.removeItem(atPath: expected)
        #expect(try run.complete("plan", dir: expected, date: "2026-11-21") == 0)
        let span = max(Date().timeIntervalSince(start), 0.05)
        let planned = try #require(Self.snapshot(expected))
        var rng = SplitMix(seed: UInt64(Date().timeIntervalSince1970))
        /// Mostly in the second half of a run, where it writes.
        func delay(_ span: Double) -> Double { span * (0.3 + 0.75 * Double(rng.next() % 1000) / 1000) }
        var kills = 0, runs = 0

        // `plan`: no directory before, the whole plan after.
        while kills < 20 && runs < 60 {
            runs += 1
            if try run.kill("plan", after: delay(span), date: "2026-11-21") { kills += 1 }
            let now = Self.snapshot(plan)
            #expect(now == nil || now == planned, "a killed plan left part of a plan")
            if now != nil { #expect(try run.complete("update", date: "2026-11-21") == 0) }
            try? FileManager.default.removeItem(atPath: plan)
        }

        // `update` with a new date each time, so every run rewrites files.
        #expect(try run.complete("plan", date: "2026-11-21") == 0)
        var i = 0
        while kills < 50 && runs < 160 {
            runs += 1; i += 1
            let date = "2026-12-\(String(format: "%02d", 1 + i % 28))"
            let old = Self.snapshot(plan)
            // The next update after the previous kill, on a copy: it succeeds, and writes `new`.
            try? FileManager.default.removeItem(atPath: expected)
            try FileManager.default.copyItem(atPath: plan, toPath: expected)
            let started = Date()
            #expect(try run.complete("update", dir: expected, date: date) == 0)
            let updateSpan = Date().timeIntervalSince(started)
            let new = Self.snapshot(expected)
            if try run.kill("update", after: delay(updateSpan), date: date) { kills += 1 }
            Self.expectOldOrNew(Self.snapshot(plan), old: old, new: new)
        }
        #expect(try run.complete("update", date: "2027-01-01") == 0)
        #expect(kills >= 50, "only \(kills) of \(runs) runs were killed before they ended")
        withExtendedLifetime(folder) {}
    }
}

/// libc `kill` under a name that does not clash with `Run.kill`.
private enum Glue {
    static func kill(_ pid: Int32, _ signal: Int32) -> Int32 {
        #if canImport(Darwin)
        Darwin.kill(pid, signal)
        #else
        Glibc.kill(pid, signal)
        #endif
    }
}
