import Foundation
import ThreadAITestSupport

/// Clones of one git repository that each hold a ThreadAI repository, driven with real `git` and the
/// real `threadai` binary, as people share conversations: `origin.git` is a bare repository, and each
/// clone is a folder in the sandbox's `work/`. Git runs with no system or global configuration, so the
/// user's settings cannot change what a test sees.
struct GitClones {
    let sandbox: CLISandbox
    var origin: String { sandbox.work + "/origin.git" }

    init() throws {
        try RequiredTool.git.require()
        sandbox = try CLISandbox()
        try git(["init", "-q", "--bare", "-b", "main", origin], in: sandbox.work)
    }

    /// Clones a and b of one repository, each of which asked one more question on `main`; b then
    /// pulled a's (with a merge, or `--rebase`), so b's `main` has diverged into two heads.
    static func bothExtendedMain(rebase: Bool) throws -> GitClones {
        let clones = try GitClones()
        try clones.start("a", sending: ["first question"])
        try clones.clone("b")
        try clones.threadai(["send", "asked in a"], in: "a")
        try clones.commitAndPush("a", "a")
        try clones.threadai(["send", "asked in b"], in: "b")
        try clones.commit("b", "b")
        try clones.pull("b", rebase: rebase)
        return clones
    }

    /// The folder of clone `name`.
    func path(_ name: String) -> String { sandbox.work + "/" + name }

    /// Makes the first clone: `git init`, `threadai init`, commit, push.
    func start(_ name: String, sending messages: [String] = []) throws {
        try FileManager.default.createDirectory(atPath: path(name), withIntermediateDirectories: true)
        try git(["init", "-q", "-b", "main"], in: path(name))
        try git(["remote", "add", "origin", origin], in: path(name))
        try threadai(["init"], in: name)
        for message in messages { try threadai(["send", message], in: name) }
        try commitAndPush(name, "start")
    }

    /// `git clone` of origin into `name`.
    func clone(_ name: String, configuration: [String] = []) throws {
        try git(configuration.flatMap { ["-c", $0] } + ["clone", "-q", origin, path(name)], in: sandbox.work)
        for setting in configuration {
            let parts = setting.split(separator: "=", maxSplits: 1).map(String.init)
            try git(["config", parts[0], parts[1]], in: path(name))
        }
    }

    /// Commits everything in clone `name` and pushes it; the push must succeed.
    func commitAndPush(_ name: String, _ message: String) throws {
        try commit(name, message)
        try git(["push", "-q", "origin", "HEAD:main"], in: path(name))
    }

    func commit(_ name: String, _ message: String) throws {
        try git(["add", "-A"], in: path(name))
        try git(["commit", "-q", "--allow-empty", "-m", message], in: path(name))
    }

    /// `git pull` with a merge (or `--rebase`); the union driver merges ref files.
    func pull(_ name: String, rebase: Bool = false) throws {
        try git(["pull", "-q", rebase ? "--rebase" : "--no-rebase", "origin", "main"], in: path(name))
    }

    /// The commit clone `name`'s HEAD is at, in full.
    func head(_ name: String) throws -> String {
        try git(["rev-parse", "HEAD"], in: path(name)).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Runs `threadai` in clone `name`; it must succeed.
    @discardableResult
    func threadai(_ arguments: [String], in name: String) throws -> CLIResult {
        let result = try sandbox.run(arguments, in: path(name))
        guard result.status == 0, !result.signaled else { throw CLISandbox.UnexpectedFailure(result: result) }
        return result
    }

    /// Runs `threadai` in clone `name`, whatever its exit status.
    func run(_ arguments: [String], in name: String) throws -> CLIResult {
        try sandbox.run(arguments, in: path(name))
    }

    /// Every message id the clone's threads reach (after following every head of every thread).
    func reachableIDs(_ name: String) throws -> Set<String> {
        let threads = try JSON.array(try threadai(["threads", "--json"], in: name))
        var ids: Set<String> = []
        for thread in threads {
            for head in (thread["heads"] as? [String]) ?? [] {
                for entry in try JSON.array(try threadai(["log", "--json", head], in: name)) {
                    if let id = entry["id"] as? String { ids.insert(id) }
                }
            }
        }
        return ids
    }

    /// Every message id stored in the clone's object folder.
    func storedIDs(_ name: String) throws -> Set<String> {
        let objects = path(name) + "/.threadai/objects"
        var ids: Set<String> = []
        for folder in (try? FileManager.default.contentsOfDirectory(atPath: objects)) ?? [] where folder.count == 2 {
            for file in try FileManager.default.contentsOfDirectory(atPath: objects + "/" + folder) where file.hasSuffix(".md") {
                ids.insert(folder + file.dropLast(3))
            }
        }
        return ids
    }

    /// Runs git; it must succeed. Returns its standard output.
    @discardableResult
    func git(_ arguments: [String], in directory: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-c", "user.name=t", "-c", "user.email=t@t", "-c", "init.defaultBranch=main"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("GIT_") }
        environment["GIT_CONFIG_NOSYSTEM"] = "1"
        environment["GIT_CONFIG_GLOBAL"] = "/dev/null"
        environment["HOME"] = sandbox.home
        process.environment = environment
        let output = Pipe(), errors = Pipe()
        (process.standardOutput, process.standardError) = (output, errors)
        try process.run()
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        let errData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw GitFailure(arguments: arguments, output: String(decoding: outData + errData, as: UTF8.self))
        }
        return String(decoding: outData, as: UTF8.self)
    }

    struct GitFailure: Error, CustomStringConvertible {
        var arguments: [String]
        var output: String
        var description: String { "git \(arguments.joined(separator: " ")) failed: \(output)" }
    }
}
