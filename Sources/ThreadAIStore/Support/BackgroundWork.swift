import Dispatch

/// Work started on another thread at once, its value taken later with `wait()`: what the caller
/// does in between runs beside it (`fsck` checks the refs while every core reads objects).
///
/// The value is written once, by the work, before it signals; `wait()` reads it only after that
/// signal. No two threads touch it at once, which is what makes the unchecked `Sendable` sound.
final class BackgroundWork<Value: Sendable>: @unchecked Sendable {
    private let finished = DispatchSemaphore(value: 0)
    private let work: @Sendable () -> Value
    private var value: Value?

    init(_ work: @escaping @Sendable () -> Value) {
        self.work = work
        DispatchQueue.global().async {
            self.value = work()
            self.finished.signal()
        }
    }

    /// The work's value, once it has finished; call it once.
    func wait() -> Value {
        finished.wait()
        // Always set by now; doing the work here instead keeps this total without a force-unwrap.
        return value ?? work()
    }
}
