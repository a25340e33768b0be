#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A non-blocking TCP connection used by the one thread that opened it.
///
/// Every wait is a `poll` on the socket and on the request's `Interruption`, with no timeout:
/// the thread sleeps until the server sends something or the request is cancelled, and never
/// spins. Timeouts are the harness's job; it cancels, which ends the wait.
final class SocketConnection {
    private let descriptor: Int32
    private let interruption: Interruption
    private var buffer = [UInt8](repeating: 0, count: 64 * 1024)

    private init(descriptor: Int32, interruption: Interruption) {
        self.descriptor = descriptor
        self.interruption = interruption
    }

    deinit {
        closeDescriptor(descriptor)
    }

    /// Connects to the first of `addresses` that accepts, trying them in order.
    /// - Parameter endpoint: "host:port", for messages.
    /// - Throws: `.connectionRefused` when nothing listens, `.cancelled`, `.timedOut`, or `.other`.
    static func open(
        to addresses: [SocketAddress], endpoint: String, interruption: Interruption
    ) throws(HTTPTransportError) -> SocketConnection {
        var failures: [Int32] = []
        for address in addresses {
            if interruption.isTriggered { throw .cancelled }
            let descriptor = socket(address.family, SystemCalls.streamSocket, 0)
            guard descriptor >= 0 else {
                failures.append(errno)
                continue
            }
            let failure: Int32
            do {
                failure = try attemptConnection(descriptor, to: address, interruption: interruption)
            } catch {
                closeDescriptor(descriptor)
                throw error
            }
            if failure == 0 { return SocketConnection(descriptor: descriptor, interruption: interruption) }
            closeDescriptor(descriptor)
            failures.append(failure)
        }
        if failures.contains(ECONNREFUSED) { throw .connectionRefused }
        if failures.contains(ETIMEDOUT) { throw .timedOut }
        let reason = failures.last.map(SystemCalls.describe) ?? "no address to try"
        throw .other("could not connect to \(endpoint): \(reason)")
    }

    /// Writes all of `data`, waiting whenever the socket's send buffer is full.
    /// - Throws: `.connectionDropped` when the server closed the connection, `.cancelled`, `.other`.
    func sendAll(_ data: Data) throws(HTTPTransportError) {
        var offset = 0
        while offset < data.count {
            if interruption.isTriggered { throw .cancelled }
            let sent = data.withUnsafeBytes { bytes in
                send(descriptor, bytes.baseAddress.map { $0 + offset }, bytes.count - offset, SystemCalls.sendFlags)
            }
            if sent >= 0 {
                offset += sent
                continue
            }
            let code = errno
            if code == EINTR { continue }
            if SystemCalls.wouldBlock(code) {
                try Self.wait(for: Int16(POLLOUT), on: descriptor, interruption: interruption)
                continue
            }
            if code == EPIPE || code == ECONNRESET {
                throw .connectionDropped(detail: "the server closed the connection while the request was being sent")
            }
            throw .other("could not send the request: \(SystemCalls.describe(code))")
        }
    }

    /// The next bytes the server sent, as soon as there are any; nil once it closed its side.
    /// - Throws: `.connectionDropped` when the connection failed (reset), `.cancelled`.
    func receive() throws(HTTPTransportError) -> Data? {
        while true {
            if interruption.isTriggered { throw .cancelled }
            let count = buffer.withUnsafeMutableBytes { bytes in
                recv(descriptor, bytes.baseAddress, bytes.count, 0)
            }
            if count > 0 { return Data(buffer[0..<count]) }
            if count == 0 { return nil }
            let code = errno
            if code == EINTR { continue }
            if SystemCalls.wouldBlock(code) {
                try Self.wait(for: Int16(POLLIN), on: descriptor, interruption: interruption)
                continue
            }
            throw .connectionDropped(detail: SystemCalls.describe(code))
        }
    }

    /// Starts a non-blocking connect and waits for it to finish.
    /// - Returns: 0 when connected, else the `errno` it failed with.
    private static func attemptConnection(
        _ descriptor: Int32, to address: SocketAddress, interruption: Interruption
    ) throws(HTTPTransportError) -> Int32 {
        guard SystemCalls.configureSocket(descriptor) else { return errno }
        let result = address.withSockaddr { connect(descriptor, $0, $1) }
        if result == 0 { return 0 }
        let code = errno
        guard code == EINPROGRESS || code == EINTR else { return code }
        try wait(for: Int16(POLLOUT), on: descriptor, interruption: interruption)
        var pending: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &pending, &length) == 0 else { return errno }
        return pending
    }

    /// Sleeps until `descriptor` is ready for `events` or the request is cancelled.
    private static func wait(
        for events: Int16, on descriptor: Int32, interruption: Interruption
    ) throws(HTTPTransportError) {
        var watched = [
            pollfd(fd: descriptor, events: events, revents: 0),
            pollfd(fd: interruption.descriptor, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            if interruption.isTriggered { throw .cancelled }
            let ready = poll(&watched, nfds_t(watched.count), -1)
            if ready < 0 {
                if errno == EINTR { continue }
                throw .other("waiting for the server failed: \(SystemCalls.describe(errno))")
            }
            if watched[1].revents != 0 { throw .cancelled }
            if watched[0].revents != 0 { return }
        }
    }
}
