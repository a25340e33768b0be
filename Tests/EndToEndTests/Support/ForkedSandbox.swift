/// A sandbox whose repository has a fork of a fork, made with real commands:
///
///     main:      S u1 a1 u2 a2            (S: "Be brief.")
///     alt:             └ ua aa            (checkout -b alt main~2: forked at a1)
///     alt-deep:                └ ud ad    (checkout -b alt-deep: forked at alt's head, aa)
///
/// HEAD is left on alt-deep.
struct ForkedSandbox {
    let sandbox: CLISandbox
    /// Message ids by name: "S", "u1", "a1", "u2", "a2", "ua", "aa", "ud", "ad".
    let ids: [String: String]

    init() throws {
        let sandbox = try CLISandbox()
        try sandbox.succeed(["init"])
        try sandbox.succeed(["send", "-s", "Be brief.", "What is a fork?"])
        try sandbox.succeed(["send", "And a merge?"])
        try sandbox.succeed(["checkout", "-b", "alt", "main~2"])
        try sandbox.succeed(["send", "Say it in other words."])
        try sandbox.succeed(["checkout", "-b", "alt-deep"])
        try sandbox.succeed(["send", "Once more, shorter."])
        let main = try JSON.array(try sandbox.succeed(["log", "--json", "main"])).compactMap { $0["id"] as? String }
        let deep = try JSON.array(try sandbox.succeed(["log", "--json", "alt-deep"])).compactMap { $0["id"] as? String }
        var ids: [String: String] = [:]
        for (name, id) in zip(["a2", "u2", "a1", "u1", "S"], main) { ids[name] = id }
        for (name, id) in zip(["ad", "ud", "aa", "ua"], deep) { ids[name] = id }
        self.sandbox = sandbox
        self.ids = ids
    }

    /// The id called `name`, or a string that names no message (so a typo fails the test visibly).
    subscript(name: String) -> String {
        ids[name] ?? "no message called \(name)"
    }
}
