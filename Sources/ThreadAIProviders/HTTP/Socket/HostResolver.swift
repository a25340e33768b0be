#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One address a host name resolved to, in the form `connect(2)` takes.
struct SocketAddress {
    var family: Int32
    var storage: sockaddr_storage
    var length: socklen_t

    /// Runs `body` with the address as a `sockaddr` pointer and its length.
    func withSockaddr<Result>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> Result) -> Result {
        withUnsafePointer(to: storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, length) }
        }
    }
}

/// Name resolution through `getaddrinfo`, so `localhost`, `/etc/hosts`, DNS and literal IPv4
/// and IPv6 addresses all work the way every other program on the machine sees them.
enum HostResolver {
    /// The stream-socket addresses of `host` (no brackets around IPv6 literals) on `port`, in
    /// the order the system prefers them.
    /// - Throws: `HTTPTransportError.other` when the name does not resolve.
    static func addresses(of host: String, port: Int) throws(HTTPTransportError) -> [SocketAddress] {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = SystemCalls.streamSocket
        hints.ai_flags = AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            throw .other("could not resolve the host \(host): \(describeLookupFailure(status))")
        }
        defer { freeaddrinfo(first) }
        var addresses: [SocketAddress] = []
        var cursor: UnsafeMutablePointer<addrinfo>? = first
        while let entry = cursor {
            if let address = entry.pointee.ai_addr {
                var storage = sockaddr_storage()
                let length = min(Int(entry.pointee.ai_addrlen), MemoryLayout<sockaddr_storage>.size)
                withUnsafeMutableBytes(of: &storage) { target in
                    target.copyMemory(from: UnsafeRawBufferPointer(start: address, count: length))
                }
                addresses.append(SocketAddress(family: entry.pointee.ai_family, storage: storage, length: socklen_t(length)))
            }
            cursor = entry.pointee.ai_next
        }
        guard !addresses.isEmpty else { throw .other("the host \(host) has no address to connect to") }
        return addresses
    }

    private static func describeLookupFailure(_ status: Int32) -> String {
        if status == EAI_SYSTEM { return SystemCalls.describe(errno) }
        guard let text = gai_strerror(status) else { return "lookup error \(status)" }
        return String(cString: text)
    }
}
