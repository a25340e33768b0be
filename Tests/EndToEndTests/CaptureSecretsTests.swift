import Foundation
import Testing

/// Credentials in a captured session's tool output (issue 37; docs/CLI.md `capture`, "Secrets"): the
/// shapes an `env`, a `cat .env` or a log line carry are stored redacted, appear in no file under
/// `.threadai/` (packs and caches included), and are counted in the log and by `status`.
@Suite("capture: secrets")
struct CaptureSecretsTests {
    /// Canaries assembled at run time, so that no source file holds a credential-shaped string.
    static let password = "Cn4ry" + "Pw9Xq2Lm7Vt3"
    static let keyBody = "b3BlbnNzaC1rZXktdjEAAAAA" + "Cn4ryKeyBody8Hx2Qw5Ln7"
    static let assigned = "Cn4ry" + "Sk7Pq2Zr9Wm4Xt6Lb3"
    static let jwt = "eyJ" + "hbGciOiJIUzI1NiJ9" + ".eyJ" + "zdWIiOiJDbjRyeSJ9" + ".Cn4ry" + "Sig7Hq2Wd9Lm4Xv"

    /// What the tool printed: one of each shape, beside ordinary output.
    static var toolOutput: String {
        [
            "HOME=/home/ada",
            "DATABASE_URL=postgres" + "://app:" + password + "@db.internal:5432/app",
            "DJANGO_SECRET_KEY=" + assigned,
            "SESSION=" + jwt,
            "-----BEGIN " + "OPENSSH PRIVATE KEY-----", keyBody, "-----END " + "OPENSSH PRIVATE KEY-----",
            "",
        ].joined(separator: "\n")
    }

    /// The capture fixture with the tool result of its `env` call replaced by `toolOutput`.
    static func transcript(in folder: String) throws -> String {
        var lines = try CaptureTests.lines()
        let index = try #require(lines.firstIndex { String(decoding: $0, as: UTF8.self).contains("\"tool_result\"") })
        var object = try #require(try JSONSerialization.jsonObject(with: lines[index]) as? [String: Any])
        var message = try #require(object["message"] as? [String: Any])
        var content = try #require(message["content"] as? [[String: Any]])
        content[0]["content"] = toolOutput
        message["content"] = content
        object["message"] = message
        lines[index] = try JSONSerialization.data(withJSONObject: object) + Data("\n".utf8)
        let path = folder + "/source.jsonl"
        try lines.reduce(Data(), +).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("no canary of a tool result is anywhere under .threadai, packed and cached too; log and status count them")
    func canariesRedacted() throws {
        let sandbox = try CLISandbox.initialized()
        _ = try CaptureTests.grow(try Self.transcript(in: try sandbox.folder.folder("source")), in: sandbox)
        try sandbox.succeed(["gc"])
        let shown = try sandbox.succeed(["log", "--all"]).stdout
        try sandbox.succeed(["grep", "DATABASE_URL"])
        for kind in ["url-password", "secret-assignment", "jwt", "private-key"] {
            #expect(shown.contains("[REDACTED:\(kind)]"), "\(kind)")
        }
        #expect(shown.contains("DATABASE_URL=postgres://app:[REDACTED:url-password]@db.internal:5432/app"))
        let files = try DirectorySnapshot(sandbox.repository).entries
        #expect(files.keys.contains { $0.hasPrefix("packs/") }, "gc wrote a pack")
        for canary in [Self.password, Self.keyBody, Self.assigned, Self.jwt, "Cn4ry"] {
            for (path, entry) in files.sorted(by: { $0.key < $1.key }) {
                #expect(entry.bytes.firstRange(of: Array(canary.utf8)) == nil, "a canary is in .threadai/\(path)")
            }
        }
        let log = try String(contentsOfFile: sandbox.repository + "/logs/capture.log", encoding: .utf8)
        #expect(log.contains("4 credentials stored redacted"), "\(log)")
        #expect(try sandbox.succeed(["status"]).stdout.contains("Captured transcripts: 1 (4 credentials stored redacted)"))
    }
}
