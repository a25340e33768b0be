import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

struct SocketError: Error, CustomStringConvertible {
    var description: String
}

/// The few POSIX socket calls the loopback server needs.
enum Socket {
    #if canImport(Darwin)
    private static let streamType = SOCK_STREAM
    private static let sendFlags: Int32 = 0
    #else
    private static let streamType = Int32(SOCK_STREAM.rawValue)
    private static let sendFlags = Int32(MSG_NOSIGNAL)
    #endif

    /// A listening socket on 127.0.0.1 with a port the system picked, and that port.
    static func listenOnLoopback() throws -> (Int32, Int) {
        try bindLoopback(listening: true)
    }

    /// A socket bound to a loopback port but not listening: connecting to it is refused. The caller
    /// keeps it open for as long as it needs the port refused, so no other test's server can take the
    /// port meanwhile (a port merely closed is soon handed out again by the kernel).
    static func refusingPort() throws -> (Int32, Int) {
        try bindLoopback(listening: false)
    }

    /// Whether something accepts connections on 127.0.0.1:`port` now.
    static func isListening(port: Int) -> Bool {
        let fd = socket(AF_INET, streamType, 0)
        guard fd >= 0 else { return false }
        defer { _ = close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        } == 0
    }

    /// A port outside the kernel's range for `bind(0)` (which our own servers use), for an outside server
    /// to listen on; the caller retries with another if it turns out to be taken.
    static func candidatePortForOutsideServer() -> Int {
        Int.random(in: 20_000..<32_000)
    }

    private static func bindLoopback(listening: Bool, ipv6: Bool = false) throws -> (Int32, Int) {
        let fd = socket(ipv6 ? AF_INET6 : AF_INET, streamType, 0)
        guard fd >= 0 else { throw SocketError(description: "socket() failed: \(errno)") }
        var yes: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        #if canImport(Darwin)
        _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        #endif
        let port: UInt16?
        if ipv6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_addr = in6addr_loopback
            port = bindAndName(fd, &address) { $0.sin6_port }
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            port = bindAndName(fd, &address) { $0.sin_port }
        }
        guard let port, !listening || listen(fd, 64) == 0 else {
            _ = close(fd)
            throw SocketError(description: "bind/listen on \(ipv6 ? "[::1]" : "127.0.0.1") failed: \(errno)")
        }
        return (fd, Int(UInt16(bigEndian: port)))
    }

    /// Binds `fd` to `address` (port 0) and reads back the port the system chose, in network order.
    private static func bindAndName<Address>(_ fd: Int32, _ address: inout Address, port: (Address) -> UInt16) -> UInt16? {
        var length = socklen_t(MemoryLayout<Address>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return bound == 0 && named == 0 ? port(address) : nil
    }

    /// A listening socket on the IPv6 loopback address [::1], and its port.
    static func listenOnIPv6Loopback() throws -> (Int32, Int) {
        try bindLoopback(listening: true, ipv6: true)
    }

    /// Whether this machine has an IPv6 loopback address to listen on.
    static let ipv6LoopbackAvailable: Bool = {
        guard let (fd, _) = try? listenOnIPv6Loopback() else { return false }
        _ = close(fd)
        return true
    }()

    static func waitReadable(_ fd: Int32, milliseconds: Int32) -> Bool {
        var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, milliseconds) > 0
    }

    static func write(_ fd: Int32, _ data: Data) -> Bool {
        var offset = 0
        while offset < data.count {
            let written = data.withUnsafeBytes { buffer in
                send(fd, buffer.baseAddress.map { $0 + offset }, data.count - offset, sendFlags)
            }
            if written <= 0 { return false }
            offset += written
        }
        return true
    }

    /// Reads one request: head, then as many body bytes as Content-Length says.
    static func readRequest(_ fd: Int32, until stopped: () -> Bool) -> RecordedRequest? {
        var buffer = Data()
        var headEnd: Range<Data.Index>?
        var expected = Int.max
        while buffer.count < expected {
            if stopped() { return nil }
            guard waitReadable(fd, milliseconds: 20) else { continue }
            var chunk = [UInt8](repeating: 0, count: 16_384)
            let count = recv(fd, &chunk, chunk.count, 0)
            if count <= 0 { return nil }
            buffer.append(contentsOf: chunk[0..<count])
            if headEnd == nil, let end = buffer.range(of: Data("\r\n\r\n".utf8)) {
                headEnd = end
                let head = parseHead(buffer[..<end.lowerBound])
                let length = head.headers["content-length"].flatMap { Int($0) } ?? 0
                if head.headers["expect"]?.lowercased() == "100-continue" {
                    _ = write(fd, Data("HTTP/1.1 100 Continue\r\n\r\n".utf8))
                }
                expected = end.upperBound - buffer.startIndex + length
            }
        }
        guard let headEnd else { return nil }
        var request = parseHead(buffer[..<headEnd.lowerBound])
        request.body = Data(buffer[headEnd.upperBound...])
        return request
    }

    private static func parseHead(_ head: Data) -> RecordedRequest {
        let lines = String(decoding: head, as: UTF8.self).components(separatedBy: "\r\n")
        let requestLine = lines.first?.split(separator: " ") ?? []
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return RecordedRequest(
            method: requestLine.first.map(String.init) ?? "",
            path: requestLine.dropFirst().first.map(String.init) ?? "",
            headers: headers, body: Data())
    }
}
