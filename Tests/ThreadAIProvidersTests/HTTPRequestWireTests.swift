import Foundation
import Testing
@testable import ThreadAIProviders

/// A URL and where the socket transport must connect for it.
struct EndpointCase: Sendable, CustomTestStringConvertible {
    var url: String
    var host: String
    var port: Int
    var hostHeader: String
    var target: String
    var testDescription: String { url }
}

/// A URL and environment, and whether the automatic transport takes the socket for them.
struct RoutingCase: Sendable, CustomTestStringConvertible {
    var testDescription: String
    var url: String
    var environment: [String: String]
    var socket: Bool

    init(_ testDescription: String, _ url: String, _ environment: [String: String], socket: Bool) {
        self.testDescription = testDescription
        self.url = url
        self.environment = environment
        self.socket = socket
    }
}

@Suite("HTTP/1.1 requests for the socket transport")
struct HTTPRequestWireTests {
    static let endpoints = [
        EndpointCase(url: "http://127.0.0.1:8080/v1/chat/completions", host: "127.0.0.1", port: 8080,
                     hostHeader: "127.0.0.1:8080", target: "/v1/chat/completions"),
        EndpointCase(url: "http://localhost/v1/models?owner=a%20b", host: "localhost", port: 80,
                     hostHeader: "localhost", target: "/v1/models?owner=a%20b"),
        EndpointCase(url: "http://[::1]:11434/api/chat", host: "::1", port: 11434, hostHeader: "[::1]:11434", target: "/api/chat"),
        EndpointCase(url: "HTTP://Example.COM", host: "Example.COM", port: 80, hostHeader: "Example.COM", target: "/"),
        EndpointCase(url: "http://192.168.1.20:1234/v1/", host: "192.168.1.20", port: 1234,
                     hostHeader: "192.168.1.20:1234", target: "/v1/"),
    ]

    @Test("a URL gives the address to connect to, the Host header and the request target", arguments: endpoints)
    func endpoint(expected: EndpointCase) throws {
        let endpoint = try HTTPEndpoint(try #require(URL(string: expected.url)))
        #expect(endpoint.host.lowercased() == expected.host.lowercased())
        #expect(endpoint.port == expected.port)
        #expect(endpoint.hostHeader.lowercased() == expected.hostHeader.lowercased())
        #expect(endpoint.target == expected.target)
    }

    @Test("only plain http URLs with a host are taken", arguments: ["https://api.openai.com/v1", "ftp://example.com/", "http:///path"])
    func refusedEndpoints(url: String) throws {
        #expect(throws: HTTPTransportError.self) { try HTTPEndpoint(try #require(URL(string: url))) }
    }

    @Test("the request goes out with Host, Content-Length and Connection: close, each once")
    func encodesRequest() throws {
        let url = try #require(URL(string: "http://127.0.0.1:9000/v1/chat?x=1"))
        let endpoint = try HTTPEndpoint(url)
        var headers = HTTPHeaders(["Content-Type": "application/json", "Authorization": "Bearer k"])
        headers["Host"] = "elsewhere"
        headers["Connection"] = "keep-alive"
        headers["Content-Length"] = "999"
        let request = HTTPRequest(url: url, headers: headers, body: Data("{\"a\":1}".utf8))
        let text = String(decoding: try HTTPRequestEncoder.encode(request, to: endpoint), as: UTF8.self)
        #expect(text == "POST /v1/chat?x=1 HTTP/1.1\r\nHost: 127.0.0.1:9000\r\nauthorization: Bearer k\r\n"
            + "content-type: application/json\r\nContent-Length: 7\r\nConnection: close\r\n\r\n{\"a\":1}")
        let get = HTTPRequest(url: url, method: "GET")
        #expect(!String(decoding: try HTTPRequestEncoder.encode(get, to: endpoint), as: UTF8.self).contains("Content-Length"))
    }

    @Test("a line break in a header value or a bad method cannot smuggle in another header")
    func refusesInjection() throws {
        let url = try #require(URL(string: "http://127.0.0.1:9000/"))
        let endpoint = try HTTPEndpoint(url)
        let injected = HTTPRequest(url: url, headers: HTTPHeaders(["x-note": "a\r\nX-Evil: 1"]))
        #expect(throws: HTTPTransportError.self) { try HTTPRequestEncoder.encode(injected, to: endpoint) }
        let badMethod = HTTPRequest(url: url, method: "GET / HTTP/1.1\r\n")
        #expect(throws: HTTPTransportError.self) { try HTTPRequestEncoder.encode(badMethod, to: endpoint) }
    }

    static let routes = [
        RoutingCase("a local server", "http://127.0.0.1:11434/v1", [:], socket: true),
        RoutingCase("a LAN server", "http://192.168.1.20:8080/v1", [:], socket: true),
        RoutingCase("https", "https://api.anthropic.com", [:], socket: false),
        RoutingCase("a LAN server behind http_proxy", "http://192.168.1.20:8080/v1", ["http_proxy": "http://proxy:3128"], socket: false),
        RoutingCase("localhost despite http_proxy", "http://localhost:11434/v1", ["http_proxy": "http://proxy:3128"], socket: true),
        RoutingCase("[::1] despite ALL_PROXY", "http://[::1]:11434/v1", ["ALL_PROXY": "socks5://proxy"], socket: true),
        RoutingCase("an empty http_proxy", "http://192.168.1.20:8080/v1", ["http_proxy": ""], socket: true),
    ]

    #if canImport(Glibc)
    @Test("without libcurl, an https request fails saying what to install")
    func missingLibCurl() async throws {
        let request = HTTPRequest(url: try #require(URL(string: "https://api.anthropic.com/v1/messages")))
        await #expect(throws: HTTPTransportError.other(
            "https needs the system's libcurl, which cannot be loaded (no libcurl.so.4 here); install libcurl4 (apt install libcurl4)"
        )) {
            try await MissingLibCurl(reason: "no libcurl.so.4 here").send(request)
        }
    }
    #endif

    @Test("the automatic transport sends plain http to the socket, https and proxied http to the https transport", arguments: routes)
    func automaticRouting(route: RoutingCase) throws {
        let transport = AutomaticHTTPTransport(environment: route.environment)
        #expect(transport.usesSocket(try #require(URL(string: route.url))) == route.socket)
    }
}
