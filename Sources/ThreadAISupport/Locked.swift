#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value shared between threads, guarded by a mutex.
///
/// `Mutex` from the Synchronization module needs macOS 15, the package supports macOS 14, and
/// Foundation's `NSLock` would link full Foundation into the executable (docs/PERFORMANCE.md).
package final class Locked<Value>: @unchecked Sendable {
    // Allocated, not stored inline: a pthread mutex must not move while in use.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var value: Value

    package init(_ value: Value) {
        self.value = value
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the value and returns what it returns.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }

    package var current: Value { withLock { $0 } }
}
