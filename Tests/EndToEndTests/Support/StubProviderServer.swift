import Foundation
import Testing
import ThreadAITestSupport

/// One scripted answer of the stub server (see `Fixtures/provider-e2e/stub_server.py`).
struct StubResponse: Encodable {
    var status = 200
    var headers: [String: String] = ["Content-Type": "text/event-stream"]
    var chunks: [String] = []
    /// `clean`, `drop` (closed mid-body) or `stall`.
    var end = "clean"
    /// Seconds the server waits before the response head, as a model that thinks.
    var delaySeconds = 0.0

    enum CodingKeys: String, CodingKey {
        case status, headers, chunks, end
        case delaySeconds = "delay_seconds"
    }

    /// A recorded stream from `Fixtures/streams`, sent one event per chunk (each ends with a blank line).
    static func fixture(_ name: String) throws -> StubResponse {
        let text = try String(contentsOf: StubProviderServer.fixtures.appendingPathComponent("streams/\(name).sse"), encoding: .utf8)
        return StubResponse(chunks: text.components(separatedBy: "\n\n").filter { !$0.isEmpty }.map { $0 + "\n\n" })
    }

    /// The first `count` chunks of a fixture, then silence: the connection stays open, as a stalled
    /// provider leaves it, so a test can interrupt the reply or wait for the stall timeout.
    static func stalling(_ name: String, after count: Int) throws -> StubResponse {
        var response = try fixture(name)
        response.chunks = Array(response.chunks.prefix(count))
        response.end = "stall"
        return response
    }

    /// An error status with a JSON body.
    static func json(_ status: Int, _ body: String, headers: [String: String] = [:]) -> StubResponse {
        StubResponse(status: status, headers: headers.merging(["Content-Type": "application/json"]) { a, _ in a }, chunks: [body])
    }
}

/// The stub server, run with python3 on 127.0.0.1 for as long as the value lives.
final class StubProviderServer {
    /// The package's `Fixtures` folder, found from this file's place in `Tests/EndToEndTests/Support`.
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")

    private let process = Process()
    private let isTLS: Bool
    private let journalPath: String
    let port: Int

    /// Starts the server with its script of responses, answered in order; its scenario and journal
    /// files go in `folder`.
    /// - Parameter tls: a certificate and key (PEM paths); the server then speaks https.
    init(_ responses: [StubResponse], in folder: TemporaryDirectory, tls: (cert: String, key: String)? = nil) throws {
        try RequiredTool.python3.require()
        isTLS = tls != nil
        let name = UUID().uuidString
        let scenarioPath = try folder.folder("stub") + "/scenario-\(name).json"
        journalPath = try folder.folder("stub") + "/journal-\(name).jsonl"
        struct Scenario: Encodable {
            var responses: [StubResponse]
            /// The server exits by itself after this long, even if requests are still expected.
            var deadlineSeconds = 60
            var tlsCert: String?
            var tlsKey: String?
            enum CodingKeys: String, CodingKey {
                case responses
                case deadlineSeconds = "deadline_seconds"
                case tlsCert = "tls_cert"
                case tlsKey = "tls_key"
            }
        }
        try JSONEncoder().encode(Scenario(responses: responses, tlsCert: tls?.cert, tlsKey: tls?.key)).write(to: URL(fileURLWithPath: scenarioPath))
        let script = Self.fixtures.appendingPathComponent("provider-e2e/stub_server.py").path
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script, scenarioPath, journalPath]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let piece = pipe.fileHandleForReading.availableData
            if piece.isEmpty { break }
            line.append(piece)
        }
        port = try #require(Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)),
                            "the stub server did not start (is python3 installed?)")
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    var url: String { (isTLS ? "https" : "http") + "://127.0.0.1:\(port)" }

    /// A self-signed certificate for 127.0.0.1 and localhost, made with openssl in `folder`:
    /// trusted by pointing `SSL_CERT_FILE` at `cert` (docs/PROVIDERS.md).
    static func selfSignedCertificate(in folder: TemporaryDirectory) throws -> (cert: String, key: String) {
        try RequiredTool.openssl.require()
        let base = try folder.folder("tls")
        let (cert, key) = (base + "/cert.pem", base + "/key.pem")
        let openssl = Process()
        openssl.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        openssl.arguments = [
            "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert, "-days", "1",
            "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost",
        ]
        openssl.standardOutput = FileHandle.nullDevice
        openssl.standardError = FileHandle.nullDevice
        try openssl.run()
        openssl.waitUntilExit()
        try #require(openssl.terminationStatus == 0, "openssl could not make a certificate (is openssl installed?)")
        return (cert, key)
    }

    /// The requests received so far: method, path, headers (lowercased names), body.
    func journal() throws -> [[String: Any]] {
        guard let text = try? String(contentsOfFile: journalPath, encoding: .utf8) else { return [] }
        return try text.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }
}
