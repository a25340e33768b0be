import Dispatch

/// Work spread over every core, its results taken back in order.
///
/// `produce` runs for every index of `0..<count`, on several threads at once, `window` indices at a
/// time; it may only read what it captures (it is `@Sendable`). `consume` then gets the window's
/// results in index order, on the calling thread, before the next window starts. So the caller sees
/// exactly what a plain loop over the indices would give — the same results in the same order, and
/// the first failure in index order is the one thrown, after every result before it was consumed —
/// while at most `window` results exist at a time.
public enum OrderedParallel {
    public static func forEach<Output: Sendable, Failure: Error>(
        count: Int, window: Int,
        produce: @Sendable (Int) throws(Failure) -> Output,
        consume: (Output) throws(Failure) -> Void
    ) throws(Failure) {
        let slots = Slots<Result<Output, Failure>>(count: max(1, min(count, window)))
        var start = 0
        while start < count {
            let base = start
            let length = min(slots.count, count - base)
            DispatchQueue.concurrentPerform(iterations: length) { offset in
                slots.put(Result { () throws(Failure) in try produce(base + offset) }, at: offset)
            }
            for offset in 0..<length {
                // Every slot of the window was filled: `concurrentPerform` returns after every iteration.
                guard let result = slots.take(at: offset) else { continue }
                try consume(result.get())
            }
            start += length
        }
    }

    /// `first` and `second` at once (on two threads when the machine has two cores), both results
    /// when both have finished.
    static func both<First: Sendable, Second: Sendable>(
        _ first: @Sendable () -> First, _ second: @Sendable () -> Second
    ) -> (First, Second) {
        let one = Slots<First>(count: 1), other = Slots<Second>(count: 1)
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            if index == 0 { one.put(first(), at: 0) } else { other.put(second(), at: 0) }
        }
        // Both were put: `concurrentPerform` returns after every iteration.
        guard let firstResult = one.take(at: 0), let secondResult = other.take(at: 0) else { return (first(), second()) }
        return (firstResult, secondResult)
    }

    /// One slot per index of a window. Each iteration of `concurrentPerform` writes its own slot and
    /// no other, and the caller reads the slots only after `concurrentPerform` has returned, when
    /// every iteration has finished: no slot is ever touched by two threads at once, which is what
    /// makes the unchecked `Sendable` sound.
    private final class Slots<Element: Sendable>: @unchecked Sendable {
        private let buffer: UnsafeMutableBufferPointer<Element?>
        var count: Int { buffer.count }

        init(count: Int) {
            buffer = .allocate(capacity: count)
            buffer.initialize(repeating: nil)
        }

        func put(_ element: Element, at index: Int) {
            buffer[index] = element
        }

        /// The slot's element, leaving the slot empty.
        func take(at index: Int) -> Element? {
            defer { buffer[index] = nil }
            return buffer[index]
        }

        deinit {
            buffer.deinitialize()
            buffer.deallocate()
        }
    }
}
