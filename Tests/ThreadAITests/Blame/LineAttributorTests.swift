import Testing
@testable import ThreadAI
@testable import ThreadAIStore

/// How `blame` gives lines their messages (docs/CLI.md, `blame`), on git's porcelain and evidence
/// made up for the case: no git, no repository.
@Suite("blame's line attribution")
struct LineAttributorTests {
    static let agentCommit = String(repeating: "a", count: 40)
    static let handCommit = String(repeating: "b", count: 40)

    /// Porcelain for `lines` (commit, text), the agent's commit at 2026-11-02, the hand's at 2026-11-03.
    static func porcelain(_ lines: [(commit: String, text: String)]) -> GitBlameLines {
        var output = ""
        var described: Set<String> = []
        for (number, line) in lines.enumerated() {
            output += "\(line.commit) \(number + 1) \(number + 1)\n"
            if described.insert(line.commit).inserted {
                output += "committer-time \(line.commit == agentCommit ? 1_793_620_800 : 1_793_707_200)\nfilename src/a.py\n"
            }
            output += "\t\(line.text)\n"
        }
        return GitBlameLines(porcelain: output)
    }

    static func entry(_ id: UInt8, _ kind: WrittenKind, seconds: Int64, _ lines: [String], path: String = "/home/dev/src/a.py") -> WrittenEntry {
        WrittenEntry(id: ObjectID(digest: [UInt8](repeating: id, count: 32)), seconds: seconds,
                     lines: WrittenLines(path: path, kind: kind, keys: lines.compactMap { LineKey(line: $0[...])?.hash }))
    }

    @Test("a weak line goes with its strong neighbour of the same commit, never on its own")
    func weakLines() {
        let agent = Self.entry(1, .tool, seconds: 1_793_600_000, ["def total(values):", "    pass", "    return sum(values)", "}"])
        let blamed = Self.porcelain([
            (Self.agentCommit, "def total(values):"), (Self.agentCommit, "    pass"), (Self.agentCommit, "    return sum(values)"),
            (Self.handCommit, "    pass"), (Self.handCommit, "}"), (Self.handCommit, "print('by hand')"),
        ])
        var attributor = LineAttributor(lines: blamed, path: "src/a.py", evidence: [agent])
        attributor.attributeWritten()
        let named = attributor.result().map { $0.attribution?.message }
        #expect(named == [agent.id, agent.id, agent.id, nil, nil, nil])
    }

    @Test("stronger evidence wins over newer; a message newer than the commit never counts; another file's path never matches")
    func choice() {
        let tool = Self.entry(1, .tool, seconds: 1_793_500_000, ["let limit = maxRetries * 2"])
        let reply = Self.entry(2, .reply, seconds: 1_793_600_000, ["let limit = maxRetries * 2"], path: "src/a.py")
        let later = Self.entry(3, .tool, seconds: 1_793_700_000, ["let other = computeSomethingElse()"])
        let elsewhere = Self.entry(4, .tool, seconds: 1_793_500_000, ["let third = somethingFromAnotherFile()"], path: "/x/src/b.py")
        let blamed = Self.porcelain([
            (Self.agentCommit, "  let limit = maxRetries*2"), (Self.agentCommit, "let other = computeSomethingElse()"),
            (Self.agentCommit, "let third = somethingFromAnotherFile()"),
        ])
        var attributor = LineAttributor(lines: blamed, path: "src/a.py", evidence: [reply, tool, later, elsewhere])
        attributor.attributeWritten()
        let result = attributor.result()
        #expect(result[0].attribution == BlameAttribution(message: tool.id, evidence: .tool))
        #expect(result[1].attribution == nil)
        #expect(result[2].attribution == nil)
    }

    @Test("paths match whole components from the end, either way")
    func paths() {
        #expect(LineAttributor.pathsMatch("/home/dev/proj/src/a.py", "src/a.py"))
        #expect(LineAttributor.pathsMatch("a.py", "src/a.py"))
        #expect(!LineAttributor.pathsMatch("/home/dev/proj/xsrc/a.py", "src/a.py"))
        #expect(!LineAttributor.pathsMatch("/home/dev/proj/src/ba.py", "src/a.py"))
        #expect(!LineAttributor.pathsMatch("src/a.py.orig", "src/a.py"))
    }
}
