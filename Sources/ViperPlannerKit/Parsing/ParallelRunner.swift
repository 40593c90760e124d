import Foundation

/// Runs `work` over `count` items on `jobs` threads with large stacks (the syntax visitor recurses
/// as deep as the code nests; dispatch's worker threads have small stacks). Results keep input order.
public func parallelMap<T: Sendable>(count: Int, jobs: Int, _ work: @escaping @Sendable (Int) -> T) -> [T] {
    guard count > 0 else { return [] }
    let box = ResultBox<T>(count: count)
    let threads = max(1, min(jobs, count))
    let group = DispatchGroup()
    for _ in 0..<threads {
        group.enter()
        let thread = Thread {
            while let index = box.next() { box.store(work(index), at: index) }
            group.leave()
        }
        thread.stackSize = 256 << 20
        thread.start()
    }
    group.wait()
    return box.results()
}

private final class ResultBox<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var nextIndex = 0
    private var storage: [T?]

    init(count: Int) { storage = Array(repeating: nil, count: count) }

    func next() -> Int? {
        lock.lock(); defer { lock.unlock() }
        guard nextIndex < storage.count else { return nil }
        defer { nextIndex += 1 }
        return nextIndex
    }

    func store(_ value: T, at index: Int) {
        lock.lock(); storage[index] = value; lock.unlock()
    }

    func results() -> [T] { lock.lock(); defer { lock.unlock() }; return storage.map { $0! } }
}

public var defaultJobCount: Int { ProcessInfo.processInfo.activeProcessorCount }

/// `parallelMap` with a time budget per item, for work that cannot be interrupted (a parse).
/// The calling thread supervises the workers: an item still running `timeout` seconds after it
/// started gets `onTimeout(index)` as its result, its worker is abandoned (it finishes the item
/// in the background, its result is dropped, and it takes no other item) and a new worker takes
/// its place, so the call returns on time. An abandoned worker keeps its core busy until its item
/// ends; a command-line run exits without waiting for it.
public func parallelMap<T: Sendable>(count: Int, jobs: Int, timeout: Double?,
                                     onTimeout: @escaping @Sendable (Int) -> T,
                                     _ work: @escaping @Sendable (Int) -> T) -> [T] {
    guard let timeout else { return parallelMap(count: count, jobs: jobs, work) }
    guard count > 0 else { return [] }
    let run = SupervisedRun<T>(count: count, work: work)
    // Nanoseconds, capped at a year: `--file-timeout 1e30` means "no limit", not an overflow.
    let budget = UInt64(min(max(0, timeout), 365 * 86_400) * 1e9)
    run.condition.lock()
    for _ in 0..<max(1, min(jobs, count)) { run.startWorker() }
    while run.done < count {
        let now = DispatchTime.now().uptimeNanoseconds
        for (worker, item) in run.running where now - item.start >= budget {
            run.abandoned.insert(worker)
            run.running[worker] = nil
            run.storage[item.index] = onTimeout(item.index)
            run.done += 1
            if run.nextIndex < count { run.startWorker() }
        }
        guard run.done < count else { break }
        // Wake for a finished item, or when the oldest running item reaches its budget.
        let oldest = run.running.values.map(\.start).min() ?? now
        let wait = Double(oldest + budget > now ? oldest + budget - now : 0) / 1e9
        _ = run.condition.wait(until: Date(timeIntervalSinceNow: max(wait, 0.001)))
    }
    let results = run.storage.map { $0! }
    run.condition.unlock()
    return results
}

/// The state of a supervised `parallelMap`, all guarded by `condition`.
private final class SupervisedRun<T: Sendable>: @unchecked Sendable {
    let condition = NSCondition()
    let work: @Sendable (Int) -> T
    var storage: [T?]
    var nextIndex = 0
    var done = 0
    /// The item each busy worker runs, and when it started (uptime nanoseconds).
    var running: [Int: (index: Int, start: UInt64)] = [:]
    var abandoned: Set<Int> = []
    private var workers = 0

    init(count: Int, work: @escaping @Sendable (Int) -> T) {
        storage = Array(repeating: nil, count: count)
        self.work = work
    }

    /// Called with `condition` locked.
    func startWorker() {
        let id = workers
        workers += 1
        let thread = Thread { [self] in
            while true {
                condition.lock()
                guard !abandoned.contains(id), nextIndex < storage.count else { condition.unlock(); return }
                let index = nextIndex
                nextIndex += 1
                running[id] = (index, DispatchTime.now().uptimeNanoseconds)
                condition.unlock()
                let value = work(index)
                condition.lock()
                // Abandoned meanwhile: the item already has its timeout result.
                guard !abandoned.contains(id) else { condition.unlock(); return }
                running[id] = nil
                storage[index] = value
                done += 1
                condition.signal()
                condition.unlock()
            }
        }
        thread.stackSize = 256 << 20
        thread.start()
    }
}
