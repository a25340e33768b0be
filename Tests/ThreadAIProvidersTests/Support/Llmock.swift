import Foundation
import ThreadAITestSupport
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

struct LlmockError: Error, CustomStringConvertible {
    var description: String
}

/// The third-party mock server `llmock` (PyPI, 0.2.2), run on loopback for one test.
///
/// Found on PATH. A test that starts it is skipped when it is missing, or fails under
/// `THREADAI_REQUIRE_TOOLS=1`, as CI sets (`RequiredTool`).
final class Llmock: @unchecked Sendable {
    let port: Int
    private let process: Process

    var root: String { "http://127.0.0.1:\(port)" }
    var anthropicBaseURL: String { root + "/anthropic" }
    var openAIBaseURL: String { root + "/v1" }

    /// Starts llmock on a free loopback port and waits until it answers `/health`.
    init() async throws {
        let executable = try RequiredTool.llmock.require()
        // A port outside the range our own loopback servers get from the kernel, so the two never
        // collide; if another process holds it, llmock exits at once and the next candidate is tried.
        var attempt = 0
        while true {
            attempt += 1
            let port = Socket.candidatePortForOutsideServer()
            // A server already there (another test's llmock) would answer the health check for ours.
            if Socket.isListening(port: port) { continue }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = ["serve", "--host", "127.0.0.1", "--port", String(port), "--log-level", "warning", "--tool-mode", "off"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            for _ in 0..<1200 where process.isRunning {
                if (try? await Self.health(port: port)) != nil, process.isRunning {
                    self.port = port
                    self.process = process
                    return
                }
                try await Task.sleep(for: .milliseconds(50))
            }
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
            }
            guard attempt < 5 else {
                throw LlmockError(description: "llmock did not start on 127.0.0.1 after \(attempt) tries (last port \(port))")
            }
        }
    }

    /// Kills the server: a graceful stop would wait for a scripted stall to end.
    func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    deinit { stop() }

    /// Queues behaviours, e.g. `{"type": "fail", "status": 429, "retry_after": 0.2}`.
    func script(_ behaviors: String) async throws {
        _ = try await send("POST", "/_llmock/scenario", body: "{\"behaviors\": [\(behaviors)]}")
    }

    /// Forgets requests and queued behaviours.
    func reset() async throws {
        _ = try await send("POST", "/_llmock/reset", body: "{}")
    }

    /// The statuses of the requests llmock served, oldest first, and the faults it applied.
    func journal() async throws -> [(status: Int, fault: String?)] {
        let data = try await get("/_llmock/requests")
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        let requests = object?["requests"] as? [[String: Any]] ?? []
        return requests.map { ($0["status"] as? Int ?? 0, $0["fault"] as? String) }
    }

    /// llmock's verdict on the client: whether it passed, and the findings.
    func verdict() async throws -> (passed: Bool, text: String) {
        let data = try await get("/_llmock/verdict")
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        let text = String(decoding: try await get("/_llmock/verdict?format=text"), as: UTF8.self)
        return (object?["passed"] as? Bool ?? false, text)
    }

    private func get(_ path: String) async throws -> Data {
        try await send("GET", path, body: nil)
    }

    private func send(_ method: String, _ path: String, body: String?) async throws -> Data {
        try await Self.send(method, root + path, body: body)
    }

    private static func health(port: Int) async throws -> Data {
        try await send("GET", "http://127.0.0.1:\(port)/health", body: nil)
    }

    private static func send(_ method: String, _ address: String, body: String?) async throws -> Data {
        let path = address
        guard let url = URL(string: address) else { throw LlmockError(description: "bad address \(address)") }
        var request = URLRequest(url: url)
        request.httpMethod = method
        if let body {
            request.httpBody = Data(body.utf8)
            request.setValue("application/json", forHTTPHeaderField: "content-type")
        }
        return try await withCheckedThrowingContinuation { continuation in
            URLSession.shared.dataTask(with: request) { data, response, error in
                if let error { return continuation.resume(throwing: error) }
                let status = (response as? HTTPURLResponse)?.statusCode ?? 0
                guard (200...299).contains(status), let data else {
                    return continuation.resume(throwing: LlmockError(description: "\(method) \(path) answered \(status)"))
                }
                continuation.resume(returning: data)
            }.resume()
        }
    }
}
