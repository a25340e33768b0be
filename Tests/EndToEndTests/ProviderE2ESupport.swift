import Foundation
import Testing

/// The built `threadai` executable: beside the test bundle (SwiftPM builds both into one
/// folder), else `.build/debug` of this package.
enum ProviderE2EBinary {
    static let path: String? = {
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        var folders = [Bundle.main.executableURL, CommandLine.arguments.first.map { URL(fileURLWithPath: $0) }]
            .compactMap { $0?.resolvingSymlinksInPath().deletingLastPathComponent() }
        // On macOS the runner sits inside `X.xctest/Contents/MacOS`, three folders below the build folder.
        folders += folders.map { $0.appendingPathComponent("../../..").standardizedFileURL }
        folders.append(packageRoot.appendingPathComponent(".build/debug"))
        return folders.map { $0.appendingPathComponent("threadai").path }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }()
}

/// What one run of the binary did.
struct ProviderE2ERun {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// A message object as stored: its frontmatter fields and content.
struct StoredObject {
    var id: String
    var fields: [String: String]
    var content: String
}

/// A scratch folder for one test: the repository in `work/`, the user's config in `config/`,
/// `HOME` in `home/`. Removed when the value goes away.
final class ProviderE2EFolder {
    let root: String
    var work: String { root + "/work" }
    var repository: String { work + "/.threadai" }

    init() throws {
        root = FileManager.default.temporaryDirectory.path + "/threadai-e2e-providers-" + UUID().uuidString.lowercased()
        for folder in ["work", "home", "config"] {
            try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
        }
    }

    deinit {
        try? FileManager.default.removeItem(atPath: root)
    }

    /// Runs `threadai ARGUMENTS` in `work/` with a clean environment plus `environment`,
    /// standard input from `input` (empty when nil), and waits for it to end.
    func run(_ arguments: [String], environment: [String: String] = [:], input: String? = nil) throws -> ProviderE2ERun {
        let binary = try #require(ProviderE2EBinary.path, "the threadai executable was not found; run 'swift build' first")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: work)
        var base = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": root + "/home",
            "XDG_CONFIG_HOME": root + "/config", "THREADAI_KEY_STORE": "file", "NO_COLOR": "1",
        ]
        base.merge(environment) { _, new in new }
        process.environment = base
        let outputPath = root + "/stdout-\(UUID().uuidString)"
        let errorPath = root + "/stderr-\(UUID().uuidString)"
        let inputPath = root + "/stdin-\(UUID().uuidString)"
        for (path, contents) in [(outputPath, Data()), (errorPath, Data()), (inputPath, Data((input ?? "").utf8))] {
            try #require(FileManager.default.createFile(atPath: path, contents: contents), "cannot create \(path)")
        }
        let output = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
        let errors = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
        let standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: inputPath))
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = standardInput
        try process.run()
        process.waitUntilExit()
        try output.close()
        try errors.close()
        try standardInput.close()
        defer { for path in [outputPath, errorPath, inputPath] { try? FileManager.default.removeItem(atPath: path) } }
        return ProviderE2ERun(
            status: process.terminationStatus, stdout: try String(contentsOfFile: outputPath, encoding: .utf8),
            stderr: try String(contentsOfFile: errorPath, encoding: .utf8))
    }

    /// Runs `threadai init` and fails the test if it does not succeed.
    func initialize() throws {
        let result = try run(["init"])
        try #require(result.status == 0, "init failed: \(result.stderr)")
    }

    /// Every file under `.threadai`, with its bytes.
    func repositoryFiles() throws -> [(path: String, bytes: Data)] {
        let enumerator = try #require(FileManager.default.enumerator(atPath: repository))
        var files: [(String, Data)] = []
        while let relative = enumerator.nextObject() as? String {
            var isDirectory: ObjCBool = false
            let path = repository + "/" + relative
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files.append((relative, try Data(contentsOf: URL(fileURLWithPath: path))))
            }
        }
        return files
    }

    /// Every message object, parsed just enough for assertions.
    func storedObjects() throws -> [StoredObject] {
        try repositoryFiles().filter { $0.path.hasPrefix("objects/") && $0.path.hasSuffix(".md") }.map { file in
            let text = String(decoding: file.bytes, as: UTF8.self)
            let parts = text.components(separatedBy: "\n---\n")
            var fields: [String: String] = [:]
            for line in parts[0].split(separator: "\n").dropFirst() {
                let pair = line.split(separator: ":", maxSplits: 1)
                if pair.count == 2 { fields[String(pair[0])] = pair[1].trimmingCharacters(in: .whitespaces) }
            }
            let id = file.path.dropFirst("objects/".count).replacingOccurrences(of: "/", with: "").dropLast(3)
            let content = parts.dropFirst().joined(separator: "\n---\n")
            return StoredObject(id: String(id), fields: fields, content: String(content.dropLast()))
        }
    }

    /// The object a thread's ref points at.
    func head(of thread: String = "main") throws -> StoredObject {
        let id = try String(contentsOfFile: repository + "/refs/threads/" + thread, encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return try #require(try storedObjects().first { $0.id == id })
    }
}

/// One scripted answer of the stub server (see `Fixtures/provider-e2e/stub_server.py`).
struct StubResponse: Encodable {
    var status = 200
    var headers: [String: String] = ["Content-Type": "text/event-stream"]
    var chunks: [String] = []
    /// `clean`, `drop` (closed mid-body) or `stall`.
    var end = "clean"

    /// A recorded stream from `Fixtures/streams`, sent one event per chunk.
    static func fixture(_ name: String) throws -> StubResponse {
        let url = packageRoot.appendingPathComponent("Fixtures/streams/\(name).sse")
        let text = try String(contentsOf: url, encoding: .utf8)
        return StubResponse(chunks: events(of: text))
    }

    /// A stream made of these events' text (each ends with a blank line).
    static func stream(_ events: [String], end: String = "clean") -> StubResponse {
        StubResponse(chunks: events.map { $0 + "\n\n" }, end: end)
    }

    /// An error status with a JSON body.
    static func json(_ status: Int, _ body: String, headers: [String: String] = [:]) -> StubResponse {
        StubResponse(status: status, headers: headers.merging(["Content-Type": "application/json"]) { a, _ in a }, chunks: [body])
    }

    /// The text split after each blank line, so chunks arrive event by event.
    static func events(of text: String) -> [String] {
        text.components(separatedBy: "\n\n").filter { !$0.isEmpty }.map { $0 + "\n\n" }
    }

    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
}

/// The stub server, run with python3 on 127.0.0.1 for as long as the value lives.
final class StubProviderServer {
    private let process = Process()
    private let journalPath: String
    let port: Int

    /// Starts the server with its script of responses, answered in order.
    init(_ responses: [StubResponse], in folder: ProviderE2EFolder) throws {
        let name = UUID().uuidString
        let scenarioPath = folder.root + "/scenario-\(name).json"
        journalPath = folder.root + "/journal-\(name).jsonl"
        struct Scenario: Encodable {
            var responses: [StubResponse]
            /// The server exits by itself after this long, even if requests are still expected.
            var deadlineSeconds = 60
            enum CodingKeys: String, CodingKey {
                case responses
                case deadlineSeconds = "deadline_seconds"
            }
        }
        try JSONEncoder().encode(Scenario(responses: responses)).write(to: URL(fileURLWithPath: scenarioPath))
        let script = StubResponse.packageRoot.appendingPathComponent("Fixtures/provider-e2e/stub_server.py").path
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

    var url: String { "http://127.0.0.1:\(port)" }

    /// The requests received so far: method, path, headers (lowercased names), body.
    func journal() throws -> [[String: Any]] {
        guard let text = try? String(contentsOfFile: journalPath, encoding: .utf8) else { return [] }
        return try text.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }
}
