#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The few libc details the socket transport needs, with the platform differences in one place.
enum SystemCalls {
    #if canImport(Glibc)
    static let streamSocket = Int32(SOCK_STREAM.rawValue)
    #else
    static let streamSocket = SOCK_STREAM
    #endif

    #if canImport(Darwin)
    /// Darwin has no per-call flag; `configureSocket` sets `SO_NOSIGPIPE` instead.
    static let sendFlags: Int32 = 0
    #else
    /// A peer that closed early must fail the write, not kill the process with SIGPIPE.
    static let sendFlags = Int32(MSG_NOSIGNAL)
    #endif

    /// The system's text for an `errno` value, e.g. "Connection reset by peer".
    static func describe(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }

    /// Keeps the descriptor out of child processes (an editor the CLI starts, say).
    static func markCloseOnExec(_ descriptor: Int32) {
        let flags = fcntl(descriptor, F_GETFD)
        if flags >= 0 { _ = fcntl(descriptor, F_SETFD, flags | FD_CLOEXEC) }
    }

    /// Makes a new socket non-blocking, close-on-exec and, on Darwin, free of SIGPIPE.
    /// - Returns: false when `fcntl` fails.
    static func configureSocket(_ descriptor: Int32) -> Bool {
        markCloseOnExec(descriptor)
        #if canImport(Darwin)
        var yes: Int32 = 1
        _ = setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        #endif
        let flags = fcntl(descriptor, F_GETFL)
        return flags >= 0 && fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) == 0
    }

    /// Whether `code` means "try again once the descriptor is ready".
    static func wouldBlock(_ code: Int32) -> Bool {
        code == EAGAIN || code == EWOULDBLOCK
    }
}
