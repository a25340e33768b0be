#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A thread of its own for work that blocks (a socket read, a pipe drained to its end), where a
/// task would hold one of the few cooperative threads. Foundation's `Thread` would link full
/// Foundation into the executable (docs/PERFORMANCE.md).
package enum DetachedThread {
    package struct StartFailure: Error, CustomStringConvertible {
        package var code: Int32
        package var description: String { "cannot start a thread (error \(code)): the system is out of threads or memory" }
    }

    /// Starts `body` on a new detached thread.
    /// - Throws: `StartFailure` when the system refuses a thread; `body` then never runs.
    package static func start(_ body: @escaping @Sendable () -> Void) throws(StartFailure) {
        let context = Unmanaged.passRetained(Box(body)).toOpaque()
        #if canImport(Darwin)
        var thread: pthread_t?
        #else
        var thread = pthread_t()
        #endif
        let status = pthread_create(&thread, nil, { context in
            #if canImport(Darwin)
            let box = Unmanaged<Box>.fromOpaque(context).takeRetainedValue()
            #else
            guard let context else { return nil }
            let box = Unmanaged<Box>.fromOpaque(context).takeRetainedValue()
            #endif
            box.body()
            return nil
        }, context)
        guard status == 0 else {
            Unmanaged<Box>.fromOpaque(context).release()
            throw StartFailure(code: status)
        }
        #if canImport(Darwin)
        if let thread { pthread_detach(thread) }
        #else
        pthread_detach(thread)
        #endif
    }

    private final class Box {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
}
