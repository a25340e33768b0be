import Testing
import ThreadAIStore

@Suite("Concurrent writers")
struct ConcurrentAppendTests {
    enum Outcome: Sendable, Equatable {
        case won(ObjectID)
        case lostRace
        case lockBusy
        case other(String)
    }

    @Test("of writers that expect the same head, exactly one wins; the others change nothing", arguments: [2, 8])
    func oneWriterWins(writers: Int) throws {
        let scratch = try ScratchRepository()
        let original = try scratch.append("the question")
        let repository = scratch.repository
        let replies = try (0..<writers).map { index in
            try scratch.message("reply \(index)", role: .assistant, parent: original)
        }

        let outcomes = runConcurrently(writers) { index in
            do throws(ThreadError) {
                return Outcome.won(try repository.append(replies[index], to: .main, reflogMessage: "writer \(index)"))
            } catch .ref(.concurrentChange(_, _, let found)) where found.count == 1 && found != [original] {
                return .lostRace
            } catch .ref(.lock(.held)) {
                return .lockBusy
            } catch {
                return .other(error.description)
            }
        }

        #expect(outcomes.count == writers)
        #expect(outcomes.filter { if case .other = $0 { true } else { false } }.isEmpty, "\(outcomes)")
        let winners = outcomes.compactMap { if case .won(let id) = $0 { id } else { nil } }
        try #require(winners.count == 1, "\(outcomes)")
        let head = try #require(try scratch.head(of: "main"))
        #expect(head == winners[0])
        #expect(try repository.objects.header(head).parent == original)
        #expect(try repository.walker().chain(to: head) == [original, head])
        let reflog = try repository.refs.reflog(of: .main).entries()
        #expect(reflog.count == 2, "one line for the question, one for the single winning reply")
        #expect(reflog.last?.old == original && reflog.last?.new == head)
        #expect(!Files.exists(repository.refs.path(of: .main) + ".lock"))
    }
}
