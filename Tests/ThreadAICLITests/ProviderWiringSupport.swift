import Foundation
import Testing
import ThreadAI
@testable import ThreadAICLI

/// A fresh folder under the system's temporary folder, removed when the value goes away.
final class ScratchFolder {
    let path: String

    init() throws {
        let base = FileManager.default.temporaryDirectory.path
        path = base + "/threadai-wiring-" + UUID().uuidString.lowercased()
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// A path inside the folder.
    func at(_ relative: String) -> String { path + "/" + relative }

    func write(_ text: String, to relative: String) throws {
        let target = at(relative)
        try FileManager.default.createDirectory(
            atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: target))
    }

    func read(_ relative: String) throws -> String {
        String(decoding: try Data(contentsOf: URL(fileURLWithPath: at(relative))), as: UTF8.self)
    }

    /// The permission bits of a file, from `stat`.
    func permissions(_ relative: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: at(relative))
        return try #require(attributes[.posixPermissions] as? Int)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// Keys in memory, for selection tests that must not touch a real store.
struct MemoryKeyStore: KeyStore {
    var keys: [ProviderKind: String] = [:]
    var location: String { "memory" }

    func key(for provider: ProviderKind) throws(KeyStoreError) -> Credential? {
        keys[provider].flatMap(Credential.init)
    }

    func setKey(_ secret: String, for provider: ProviderKind) throws(KeyStoreError) {
        throw .invalidKey(reason: "the memory store is read-only")
    }

    func removeKey(for provider: ProviderKind) throws(KeyStoreError) -> Bool { false }
}

/// Standard input that is a pipe holding `text`.
final class PipedInput: TextInput {
    let text: String
    init(_ text: String) { self.text = text }
    var isTerminal: Bool { false }
    func readAll() -> String { text }
}

/// A provider that replays scripted events, or fails after them.
struct ScriptedProvider: ChatProvider {
    var name = "anthropic"
    var pieces: [String]
    var completion: ChatCompletion?
    var failure: ProviderError?
    var sentKeys = SentKeys.none

    func stream(_ request: ChatRequest) -> AsyncThrowingStream<ChatEvent, any Error> {
        AsyncThrowingStream { continuation in
            for piece in pieces { continuation.yield(.text(piece)) }
            if let completion { continuation.yield(.finished(completion)) }
            continuation.finish(throwing: failure)
        }
    }
}

/// The outcome of one in-process run of the CLI.
struct CLIResult {
    var status: Int32
    var output: String
    var errors: String
}

/// Runs `threadai ARGUMENTS` in process in `folder`, with `environment` (HOME and
/// XDG_CONFIG_HOME default to folders inside `folder`, and keys go to a file store).
func runCLI(
    _ arguments: [String], in folder: ScratchFolder, environment: [String: String] = [:], input: String = "",
    providers: ProviderFactory = .live, stdoutIsTerminal: Bool = false
) async -> CLIResult {
    var environment = environment
    environment["HOME"] = environment["HOME"] ?? folder.at("home")
    environment["XDG_CONFIG_HOME"] = environment["XDG_CONFIG_HOME"] ?? folder.at("config")
    environment["THREADAI_KEY_STORE"] = "file"
    let output = BufferOutput()
    let errors = BufferOutput()
    let status = await ThreadAICLI.run(
        arguments: arguments, output: output, errors: errors, input: PipedInput(input), environment: environment,
        currentDirectory: folder.at("work"), stdoutIsTerminal: stdoutIsTerminal, providers: providers)
    return CLIResult(status: status, output: output.text, errors: errors.text)
}
