#if canImport(Glibc)
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Glibc
import ThreadAISupport

/// One request driven through libcurl's multi interface on its own thread, waiting in
/// `curl_multi_poll` — which sleeps in `poll` on the connection's socket and on the request's
/// `Interruption` pipe — so a model that thinks for minutes costs no CPU. Response headers are
/// collected until the blank line that ends the final (non-1xx) response head; body pieces are
/// handed on as libcurl delivers them.
final class CurlExchange {
    private let curl: LibCurl
    private let interruption: Interruption
    private let onHead: (Int, HTTPHeaders) -> Void
    private let onBody: (Data) -> Void
    private var status: Int?
    private var headers = HTTPHeaders()
    private(set) var headDelivered = false

    init(curl: LibCurl, interruption: Interruption, onHead: @escaping (Int, HTTPHeaders) -> Void, onBody: @escaping (Data) -> Void) {
        self.curl = curl
        self.interruption = interruption
        self.onHead = onHead
        self.onBody = onBody
    }

    /// Runs `request` to its end.
    /// - Throws: `HTTPTransportError`: `.cancelled` when interrupted, `.connectionRefused`,
    ///   `.timedOut`, `.connectionDropped` or `.other` with libcurl's words.
    func run(_ request: HTTPRequest, caBundle: String?) throws(HTTPTransportError) {
        guard let easy = curl.easyInit(), let multi = curl.multiInit() else {
            throw .other("libcurl could not start a request")
        }
        var headerList: OpaquePointer?
        defer {
            _ = curl.multiRemoveHandle(multi, easy)
            curl.easyCleanup(easy)
            _ = curl.multiCleanup(multi)
            curl.slistFreeAll(headerList)
        }
        for field in request.headers {
            headerList = curl.slistAppend(headerList, "\(field.name): \(field.value)")
        }
        // Without this, libcurl adds "Expect: 100-continue" to large bodies and waits for it.
        headerList = curl.slistAppend(headerList, "Expect:")
        let body = Array(request.body)
        let url = request.url.absoluteString
        let method = request.method
        let this = Unmanaged.passUnretained(self).toOpaque()
        let code: Int32 = url.withCString { urlPointer in
            method.withCString { methodPointer in
                body.withUnsafeBytes { bodyBytes in
                    (caBundle ?? "").withCString { caPointer in
                        _ = curl.setPointer(easy, LibCurl.Option.url, urlPointer)
                        _ = curl.setLong(easy, LibCurl.Option.noSignal, 1)
                        _ = curl.setPointer(easy, LibCurl.Option.httpHeader, UnsafeRawPointer(headerList))
                        if caBundle != nil { _ = curl.setPointer(easy, LibCurl.Option.caInfo, caPointer) }
                        if method == "GET" {
                            _ = curl.setLong(easy, LibCurl.Option.httpGet, 1)
                        } else {
                            _ = curl.setLong(easy, LibCurl.Option.post, 1)
                            _ = curl.setLong(easy, LibCurl.Option.postFieldSizeLarge, body.count)
                            _ = curl.setPointer(easy, LibCurl.Option.postFields, bodyBytes.baseAddress ?? UnsafeRawPointer(methodPointer))
                            if method != "POST" { _ = curl.setPointer(easy, LibCurl.Option.customRequest, methodPointer) }
                        }
                        _ = curl.setPointer(easy, LibCurl.Option.headerFunction, unsafeBitCast(curlHeaderCallback, to: UnsafeRawPointer.self))
                        _ = curl.setPointer(easy, LibCurl.Option.headerData, this)
                        _ = curl.setPointer(easy, LibCurl.Option.writeFunction, unsafeBitCast(curlWriteCallback, to: UnsafeRawPointer.self))
                        _ = curl.setPointer(easy, LibCurl.Option.writeData, this)
                        _ = curl.multiAddHandle(multi, easy)
                        return drive(multi)
                    }
                }
            }
        }
        if interruption.isTriggered { throw .cancelled }
        guard code == 0 else { throw Self.error(for: code, curl: curl) }
        if !headDelivered, let status { deliverHead(status) }
    }

    /// Performs and polls until the transfer ends; returns its CURLcode.
    private func drive(_ multi: OpaquePointer) -> Int32 {
        var running: Int32 = 1
        var wake = InterruptionWaitFD(fd: interruption.descriptor, events: Int16(POLLIN), revents: 0)
        while true {
            _ = curl.multiPerform(multi, &running)
            if let result = finishedResult(multi) { return result }
            if interruption.isTriggered { return LibCurl.Code.writeError }
            if running == 0 { return 0 }
            var ready: Int32 = 0
            _ = withUnsafeMutableBytes(of: &wake) { curl.multiPoll(multi, $0.baseAddress, 1, 60_000, &ready) }
        }
    }

    /// The result of the finished transfer, read from `curl_multi_info_read` (CURLMsg: an int
    /// `msg` at 0, the easy handle at 8, the CURLcode at 16 on 64-bit Linux).
    private func finishedResult(_ multi: OpaquePointer) -> Int32? {
        var remaining: Int32 = 0
        while let message = curl.multiInfoRead(multi, &remaining) {
            if message.load(as: Int32.self) == 1 {  // CURLMSG_DONE
                return message.load(fromByteOffset: 2 * MemoryLayout<Int>.size, as: Int32.self)
            }
        }
        return nil
    }

    fileprivate func header(_ line: String) {
        let trimmed = line.trimmingWhitespace()
        if trimmed.hasPrefix("HTTP/") {
            let parts = trimmed.split(separator: " ")
            status = parts.count > 1 ? Int(parts[1]) : nil
            headers = HTTPHeaders()
        } else if trimmed.isEmpty {
            if let status, status >= 200 { deliverHead(status) }
        } else if let colon = trimmed.firstIndex(of: ":") {
            let name = String(trimmed[..<colon])
            let value = trimmed[trimmed.index(after: colon)...].trimmingSpaces()
            headers[name] = headers[name].map { "\($0), \(value)" } ?? value
        }
    }

    fileprivate func body(_ bytes: UnsafeRawBufferPointer) -> Bool {
        if interruption.isTriggered { return false }
        if !headDelivered { deliverHead(status ?? 200) }
        onBody(Data(bytes))
        return true
    }

    private func deliverHead(_ status: Int) {
        guard !headDelivered else { return }
        headDelivered = true
        onHead(status, headers)
    }

    private static func error(for code: Int32, curl: LibCurl) -> HTTPTransportError {
        switch code {
        case LibCurl.Code.couldNotConnect: return .connectionRefused
        case LibCurl.Code.timedOut: return .timedOut
        case LibCurl.Code.partialFile, LibCurl.Code.gotNothing, LibCurl.Code.receiveError:
            return .connectionDropped(detail: curl.describe(code))
        default: return .other("curl: \(curl.describe(code))")
        }
    }
}

/// `struct curl_waitfd`: the interruption pipe, watched beside libcurl's own sockets.
private struct InterruptionWaitFD {
    var fd: Int32
    var events: Int16
    var revents: Int16
}

private let curlWriteCallback: LibCurl.WriteCallback = { data, size, count, context in
    guard let data, let context else { return 0 }
    let exchange = Unmanaged<CurlExchange>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    return exchange.body(UnsafeRawBufferPointer(start: data, count: length)) ? length : 0
}

private let curlHeaderCallback: LibCurl.WriteCallback = { data, size, count, context in
    guard let data, let context else { return 0 }
    let exchange = Unmanaged<CurlExchange>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    exchange.header(String(decoding: UnsafeRawBufferPointer(start: data, count: length), as: UTF8.self))
    return length
}
#endif
