import Testing
import ThreadAI

/// Two imports of one export: a thread the other import made is taken as it is. (The retry for one
/// made in the moment between reading a ref and writing it is exercised by running two imports at
/// once, which a unit test cannot time.)
@Suite("Importer: another import's threads")
struct ImporterRaceTests {
    static func conversation(_ id: String) -> ImportConversation {
        ImportConversation(
            format: "chatgpt", id: id, title: "race", date: nil,
            nodes: [ImportNode(sourceID: "a", parentSourceID: nil, role: .user, date: nil, content: "hello \(id)")], currentNode: "a")
    }

    @Test func aThreadAnotherImportMadeIsTakenAsItIs() async throws {
        let library = try await LibraryConversation()
        var first = Importer(repository: library.repository)
        var summary = Importer.Summary()
        try first.write(Self.conversation("c1"), into: &summary)  // `first` now knows every thread's name
        var other = Importer(repository: library.repository)
        var otherSummary = Importer.Summary()
        try other.write(Self.conversation("c2"), into: &otherSummary)
        try first.write(Self.conversation("c2"), into: &summary)
        #expect(summary.skipped.isEmpty && summary.notes.isEmpty, "\(summary)")
        #expect(try library.repository.refs.names().map(\.rawValue) == ["chatgpt/race-c1", "chatgpt/race-c2"])
    }
}
