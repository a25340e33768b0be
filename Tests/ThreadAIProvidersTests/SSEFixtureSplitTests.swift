import Foundation
import Testing
@testable import ThreadAIProviders

@Suite("SSE parser gives the same events however the recorded streams are split")
struct SSEFixtureSplitTests {
    static let fixtures = (try? Fixture.all()) ?? []

    private static func events(_ bytes: [UInt8], cuts: [Int]) -> [SSEEvent] {
        var parser = SSEParser()
        var events: [SSEEvent] = []
        var start = 0
        for cut in cuts + [bytes.count] {
            events += parser.feed(bytes[start..<cut])
            start = cut
        }
        parser.finish()
        return events
    }

    @Test("the fixtures folder holds both wire formats")
    func fixturesExist() {
        #expect(Self.fixtures.contains { $0.hasPrefix("anthropic-") })
        #expect(Self.fixtures.contains { $0.hasPrefix("openai-") })
    }

    @Test("split in two at every byte boundary", arguments: fixtures)
    func everyBoundary(name: String) throws {
        let bytes = [UInt8](try Fixture.data(name))
        let whole = Self.events(bytes, cuts: [])
        #expect(!whole.isEmpty)
        for cut in 0...bytes.count {
            let split = Self.events(bytes, cuts: [cut])
            #expect(split == whole, "\(name) split at byte \(cut)")
            if split != whole { return }
        }
    }

    @Test("fed one byte at a time", arguments: fixtures)
    func byteByByte(name: String) throws {
        let bytes = [UInt8](try Fixture.data(name))
        #expect(Self.events(bytes, cuts: Array(1..<bytes.count)) == Self.events(bytes, cuts: []))
    }

    @Test("LF, CRLF with BOM and comments, and lone CR framings give the same events")
    func framings() throws {
        let lf = Self.events([UInt8](try Fixture.data("anthropic-hello.sse")), cuts: [])
        #expect(lf.count == 9)
        #expect(Self.events([UInt8](try Fixture.data("anthropic-crlf-bom.sse")), cuts: []) == lf)
        #expect(Self.events([UInt8](try Fixture.data("anthropic-cr.sse")), cuts: []) == lf)
    }
}
