import Foundation
import Testing
import ThreadAITestSupport
import ThreadAI
@testable import ThreadAICLI

/// A folder with an initialized repository in `work/`.
func repositoryFolder() async throws -> ScratchFolder {
    let folder = try ScratchFolder()
    try FileManager.default.createDirectory(atPath: folder.at("work"), withIntermediateDirectories: true)
    let result = await runCLI(["init"], in: folder)
    try #require(result.status == 0, "init failed: \(result.errors)")
    return folder
}

@Suite("config, keys and models commands")
struct ProviderCommandsTests {
    static let canary = "sk-ant-api03-CANARY-0123456789abcdefWXYZ"

    @Test func configSetGetUnsetInTheRepository() async throws {
        let folder = try await repositoryFolder()
        #expect(await runCLI(["config", "set", "model", "haiku"], in: folder).status == 0)
        #expect(await runCLI(["config", "set", "timeout.stall", "12.5"], in: folder).status == 0)
        #expect(try folder.read("work/.threadai/config") == "model = haiku\ntimeout.stall = 12.5\n")
        #expect(await runCLI(["config", "get", "model"], in: folder).output == "haiku\n")
        #expect(await runCLI(["config", "unset", "model"], in: folder).status == 0)
        let missing = await runCLI(["config", "get", "model"], in: folder)
        #expect(missing.status == 1)
        #expect(missing.errors.contains("not set"))
        #expect(await runCLI(["config", "unset", "model"], in: folder).status == 1)
    }

    @Test func configUnsetRemovesALineListShowsAsUnknown() async throws {
        let folder = try await repositoryFolder()
        try folder.write("model = haiku\ncolour = auto\nbogus-key = 1\n", to: "work/.threadai/config")
        #expect(await runCLI(["config", "unset", "colour"], in: folder).status == 0)
        #expect(await runCLI(["config", "unset", "bogus-key"], in: folder).status == 0)
        #expect(try folder.read("work/.threadai/config") == "model = haiku\n")
        #expect(await runCLI(["config", "unset", "nosuch"], in: folder).status == 2)
    }

    @Test func configUserFileIsSeparate() async throws {
        let folder = try await repositoryFolder()
        #expect(await runCLI(["config", "set", "--user", "provider", "openai"], in: folder).status == 0)
        #expect(try folder.read("config/threadai/config") == "provider = openai\n")
        #expect(!FileManager.default.fileExists(atPath: folder.at("work/.threadai/config")))
        #expect(await runCLI(["config", "list", "--user"], in: folder).output == "provider = openai\n")
    }

    @Test("config set refuses", arguments: [
        (["config", "set", "anthropic.api-key", canary], Int32(2)),
        (["config", "set", "model", canary], Int32(1)),
        (["config", "set", "retry.max", "lots"], Int32(1)),
        (["config", "set", "modle", "x"], Int32(2)),
        (["config", "set", "model"], Int32(2)),
        (["config", "frobnicate"], Int32(2)),
    ])
    func configSetRefuses(_ arguments: [String], _ status: Int32) async throws {
        let folder = try await repositoryFolder()
        let result = await runCLI(arguments, in: folder)
        #expect(result.status == status)
        #expect(result.errors.hasPrefix("threadai: "))
        #expect(!result.errors.contains(Self.canary) && !result.output.contains(Self.canary))
        #expect(!FileManager.default.fileExists(atPath: folder.at("work/.threadai/config")))
    }

    @Test func configSetOutsideARepositoryPointsToUser() async throws {
        let folder = try ScratchFolder()
        try FileManager.default.createDirectory(atPath: folder.at("work"), withIntermediateDirectories: true)
        let result = await runCLI(["config", "set", "model", "haiku"], in: folder)
        #expect(result.status == 1)
        #expect(result.errors.contains("--user"))
    }

    @Test func configListShowsEffectiveValuesAndSources() async throws {
        let folder = try await repositoryFolder()
        _ = await runCLI(["config", "set", "--user", "model", "opus"], in: folder)
        _ = await runCLI(["config", "set", "retry.max", "1"], in: folder)
        try folder.write("mystery = 1\n", to: "config/threadai/config2")
        let result = await runCLI(["config", "list"], in: folder, environment: ["ANTHROPIC_BASE_URL": "http://127.0.0.1:9"])
        #expect(result.status == 0)
        let lines = result.output.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
        #expect(lines.contains("model opus user config \(folder.at("config/threadai/config"))"))
        #expect(lines.contains("retry.max 1 repository config \(folder.at("work/.threadai/config"))"))
        #expect(lines.contains("anthropic.base-url http://127.0.0.1:9 environment ANTHROPIC_BASE_URL"))
        #expect(lines.contains { $0.hasPrefix("provider anthropic automatic:") })
        #expect(lines.contains("timeout.stall 60 default"))
    }

    @Test func configListShowsTheModelThatAnswers() async throws {
        let folder = try await repositoryFolder()
        _ = await runCLI(["config", "set", "provider", "offline"], in: folder)
        _ = await runCLI(["config", "set", "--user", "model", "gpt-4o"], in: folder)
        let result = await runCLI(["config", "list"], in: folder)
        let lines = result.output.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
        #expect(lines.contains { $0.hasPrefix("model offline-echo automatic: the offline provider has one model; gpt-4o (user config") },
                "the model in effect, not the one set at another level: \(lines)")
    }

    @Test func keysSetFromAPipeListMaskedAndRemove() async throws {
        let folder = try await repositoryFolder()
        let set = await runCLI(["keys", "set", "anthropic"], in: folder, input: Self.canary + "\n")
        #expect(set.status == 0, "\(set.errors)")
        #expect(try folder.permissions("config/threadai/keys") == 0o600)
        let list = await runCLI(["keys", "list"], in: folder)
        #expect(list.output.contains("••••WXYZ"))
        #expect(list.output.contains("key store \(folder.at("config/threadai/keys"))"))
        for output in [set.output, set.errors, list.output, list.errors] { #expect(!output.contains(Self.canary)) }
        let status = await runCLI(["status"], in: folder)
        #expect(status.output.contains("Provider: anthropic, model: claude-sonnet-5"))
        #expect(await runCLI(["keys", "remove", "anthropic"], in: folder).status == 0)
        #expect(await runCLI(["keys", "remove", "anthropic"], in: folder).status == 1)
        #expect(await runCLI(["keys", "list"], in: folder).output.contains("anthropic          not set"))
    }

    @Test func keysRefuseNonsense() async throws {
        let folder = try await repositoryFolder()
        #expect(await runCLI(["keys", "set", "offline"], in: folder, input: "x").status == 2)
        #expect(await runCLI(["keys", "set", "anthropic"], in: folder, input: "a\nb\n").status == 1)
        #expect(await runCLI(["keys", "set", "anthropic"], in: folder, input: "").status == 1)
        #expect(await runCLI(["keys", "set"], in: folder).status == 2)
        #expect(!FileManager.default.fileExists(atPath: folder.at("config/threadai/keys")))
    }

    @Test func keysListReportsAnUnsafeFile() async throws {
        let folder = try await repositoryFolder()
        try folder.write("openai = \(Self.canary)\n", to: "config/threadai/keys")
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: folder.at("config/threadai/keys"))
        let list = await runCLI(["keys", "list"], in: folder)
        #expect(list.status == 1)
        #expect(list.errors.contains("chmod 600"))
        #expect(list.output.contains("unknown (store not read") && !list.output.contains("not set"), "\(list.output)")
        let send = await runCLI(["send", "hi"], in: folder)
        #expect(send.status == 1)
        #expect(!(list.output + list.errors + send.output + send.errors).contains(Self.canary))
    }

    @Test func commandSpecsAreSoundAndRegistered() {
        for command in [ConfigCommand.self, KeysCommand.self, ModelsCommand.self, RetryCommand.self] as [any Command.Type] {
            #expect(command.spec.problems.isEmpty, "\(command.spec.name): \(command.spec.problems)")
            #expect(ThreadAICLI.commands.contains { $0.spec.name == command.spec.name })
        }
    }

    @Test func modelsMarkDefaultsAndSayWhatSendUses() async throws {
        let folder = try await repositoryFolder()
        let result = await runCLI(["models", "--provider", "anthropic"], in: folder)
        let defaultLine = result.output.split(separator: "\n").first { $0.hasPrefix("*") }
        #expect(defaultLine?.contains("claude-sonnet-5") == true)
        #expect(defaultLine?.contains("1000000") == true)
        #expect(!result.output.contains("gpt-5.5"))
        #expect(result.output.contains("send would use offline"))
        let json = await runCLI(["models", "--json"], in: folder)
        let decoded = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]]
        #expect(decoded?.count == ModelCatalog.all.count)
        #expect(decoded?.filter { $0["isDefault"] as? Bool == true }.count == 3)
    }
}
