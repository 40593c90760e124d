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
