import Foundation

/// Runs `body(0)`, …, `body(count - 1)` on `count` separate threads that all start together, and
/// returns their results in index order. Real threads, not tasks, so that the writers really race
/// even when the cooperative pool has only as many threads as cores.
func runConcurrently<Result: Sendable>(_ count: Int, _ body: @escaping @Sendable (Int) -> Result) -> [Result] {
    let results = ResultSlots<Result>(count: count)
    let ready = DispatchGroup()
    let finished = DispatchGroup()
    let start = DispatchSemaphore(value: 0)
    for index in 0..<count {
        ready.enter()
        finished.enter()
        let thread = Thread {
            ready.leave()
            start.wait()
            results.set(index, body(index))
            finished.leave()
        }
        thread.start()
    }
    ready.wait()
    for _ in 0..<count { start.signal() }
    finished.wait()
    return results.all()
}

/// One slot per thread, filled under a lock.
private final class ResultSlots<Result: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Result?]

    init(count: Int) {
        slots = Array(repeating: nil, count: count)
    }

    func set(_ index: Int, _ value: Result) {
        lock.lock()
        slots[index] = value
        lock.unlock()
    }

    func all() -> [Result] {
        lock.lock()
        defer { lock.unlock() }
        return slots.compactMap { $0 }
    }
}
