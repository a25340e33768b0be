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
        let fd = socket(AF_INET, streamType, 0)
        guard fd >= 0 else { throw SocketError(description: "socket() failed: \(errno)") }
        var yes: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        #if canImport(Darwin)
        _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        #endif
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 64) == 0 else {
            _ = close(fd)
            throw SocketError(description: "bind/listen on 127.0.0.1 failed: \(errno)")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return (fd, Int(UInt16(bigEndian: address.sin_port)))
    }

    /// A loopback port that nothing listens on (bound, then closed).
    static func unusedPort() throws -> Int {
        let (fd, port) = try listenOnLoopback()
        _ = close(fd)
        return port
    }

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
