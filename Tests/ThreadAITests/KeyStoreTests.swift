import Foundation
import Testing
import ThreadAITestSupport
import ThreadAI

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The file key store. Serialized because one test clears the process's umask for a moment.
@Suite("Key file: mode 0600, refusals, round trip", .serialized)
struct KeyStoreTests {
    static let secret = "sk-ant-api03-canary-0000000000000000abcd"

    @Test func createdWithMode0600FromTheFirstByte() throws {
        let folder = try ScratchFolder()
        let store = FileKeyStore(path: folder.at("config/threadai/keys"))
        // With no umask, a file created with a default mode would come out 0644 or 0666: only a
        // file created 0600 from the start, and kept so through the rename, ends up 0600.
        let saved = umask(0)
        defer { umask(saved) }
        try store.setKey(Self.secret, for: .anthropic)
        #expect(try folder.permissions("config/threadai/keys") == 0o600)
        #expect(try folder.permissions("config/threadai") == 0o700)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.at("config/threadai")) == ["keys"])
        try store.setKey("sk-test-second-00000000efgh", for: .openai)
        #expect(try folder.permissions("config/threadai/keys") == 0o600)
    }

    @Test func roundTripAndRemove() throws {
        let folder = try ScratchFolder()
        let store = FileKeyStore(path: folder.at("c/keys"))
        #expect(try store.key(for: .anthropic) == nil)
        try store.setKey("  \(Self.secret)\n", for: .anthropic)
        try store.setKey("local-key-0000000001234", for: .openAICompatible)
        #expect(try store.key(for: .anthropic) == Credential(Self.secret))
        #expect(try store.storedProviders() == [.anthropic, .openAICompatible])
        #expect(try store.removeKey(for: .anthropic))
        #expect(try !store.removeKey(for: .anthropic))
        #expect(try store.key(for: .anthropic) == nil)
        #expect(try store.key(for: .openAICompatible) != nil)
    }

    @Test("refuses a file others can read", arguments: [0o640, 0o604, 0o644, 0o660])
    func refusesReadableFile(_ mode: Int) throws {
        let folder = try ScratchFolder()
        try folder.write("anthropic = \(Self.secret)\n", to: "keys")
        chmod(folder.at("keys"), mode_t(mode))
        let store = FileKeyStore(path: folder.at("keys"))
        let error = try #require(throws: KeyStoreError.self) { try store.key(for: .anthropic) }
        #expect(error == .unsafePermissions(path: folder.at("keys"), mode: UInt32(mode)))
        #expect(error.description.contains("chmod 600"))
        #expect(!error.description.contains(Self.secret))
        #expect(throws: KeyStoreError.self) { try store.setKey("another-key-000000000000", for: .openai) }
    }

    @Test func refusesALinkInsteadOfAFile() throws {
        let folder = try ScratchFolder()
        try folder.write("anthropic = \(Self.secret)\n", to: "real")
        chmod(folder.at("real"), 0o600)
        try FileManager.default.createSymbolicLink(atPath: folder.at("keys"), withDestinationPath: folder.at("real"))
        #expect(throws: KeyStoreError.notARegularFile(path: folder.at("keys"))) {
            try FileKeyStore(path: folder.at("keys")).key(for: .anthropic)
        }
    }

    @Test("refuses to store inside a repository or work tree", arguments: [".git", ".threadai"])
    func refusesInsideRepository(_ marker: String) throws {
        let folder = try ScratchFolder()
        try FileManager.default.createDirectory(atPath: folder.at("project/\(marker)"), withIntermediateDirectories: true)
        let store = FileKeyStore(path: folder.at("project/settings/threadai/keys"))
        let error = try #require(throws: KeyStoreError.self) { try store.setKey(Self.secret, for: .anthropic) }
        #expect(error == .insideRepository(
            path: folder.at("project/settings/threadai/keys"), folder: folder.at("project"), marker: marker))
        #expect(!FileManager.default.fileExists(atPath: folder.at("project/settings")))
    }

    @Test func refusesAThreadAIFolderItself() throws {
        let folder = try ScratchFolder()
        let store = FileKeyStore(path: folder.at("x/.threadai/keys"))
        #expect(throws: KeyStoreError.self) { try store.setKey(Self.secret, for: .anthropic) }
    }

    @Test("refuses unusable keys", arguments: ["", "   \n", "two words", "tab\there", "naïve-key"])
    func refusesUnusableKeys(_ key: String) throws {
        let folder = try ScratchFolder()
        let store = FileKeyStore(path: folder.at("keys"))
        #expect(throws: KeyStoreError.self) { try store.setKey(key, for: .openai) }
        #expect(!FileManager.default.fileExists(atPath: folder.at("keys")))
    }

    @Test func malformedFileNamesTheLineButNotItsText() throws {
        let folder = try ScratchFolder()
        try folder.write("anthropic = ok-key-000000000000\n\(Self.secret)\n", to: "keys")
        chmod(folder.at("keys"), 0o600)
        let error = try #require(throws: KeyStoreError.self) { try FileKeyStore(path: folder.at("keys")).key(for: .openai) }
        #expect(error == .malformedFile(path: folder.at("keys"), line: 2))
        #expect(!error.description.contains(Self.secret))
    }

    @Test func userFolderFollowsXDG() {
        #expect(ConfigLocations(environment: ["XDG_CONFIG_HOME": "/x/cfg/", "HOME": "/home/u"]).keysFile == "/x/cfg/threadai/keys")
        #expect(ConfigLocations(environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/home/u"]).userConfig
            == "/home/u/.config/threadai/config")
        #expect(ConfigLocations(environment: [:]).userDirectory == nil)
    }
}
