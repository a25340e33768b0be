import Foundation
import Testing
@testable import ThreadAIStore

/// `Fixtures/conformance/objects/`: every valid object is accepted, named by its id and canonical
/// (it encodes back to its own bytes); every invalid one is rejected and names its rule.
@Suite("Conformance set: message objects")
struct ConformanceObjectTests {
    static let valid = (try? ConformanceSet.entries("objects/valid", suffix: ".md")) ?? []
    static let invalid = (try? ConformanceSet.entries("objects/invalid", suffix: ".md")) ?? []

    @Test("the set holds at least the promised number of objects, and nothing else")
    func counts() throws {
        #expect(Self.valid.count >= ConformanceSet.minimumValidObjects)
        #expect(Self.invalid.count >= ConformanceSet.minimumInvalidObjects)
        #expect(try ConformanceSet.entries("objects/valid") == Self.valid.map { $0 + ".md" })
        let rules = try ConformanceSet.entries("objects/invalid", suffix: ".rule")
        #expect(rules == Self.invalid, "each invalid object beside its .rule, and nothing else")
        #expect(try ConformanceSet.entries("objects/invalid").count == 2 * Self.invalid.count)
    }

    @Test("a valid object is accepted, its id is its file name, and it is canonical", arguments: valid)
    func validObject(_ name: String) throws {
        let bytes = try ConformanceSet.bytes("objects/valid/\(name).md")
        #expect(ObjectID.of(bytes).hex == name)
        let message = try MessageCodec.decode(bytes)
        #expect(MessageCodec.encode(message) == bytes)
    }

    @Test("an invalid object is rejected, and its rule names a section", arguments: invalid)
    func invalidObject(_ name: String) throws {
        let bytes = try ConformanceSet.bytes("objects/invalid/\(name).md")
        #expect(throws: MessageFormatError.self) { try MessageCodec.decode(bytes) }
        let rule = try ConformanceSet.lines("objects/invalid/\(name).rule")
        #expect(rule.count == 1 && rule[0].hasPrefix("§"), "one line naming the rule")
    }
}

/// `Fixtures/conformance/names/`: thread names one per line, valid (rules 1–5 of §5.2, as a reader
/// accepts them) or not.
@Suite("Conformance set: thread names")
struct ConformanceNameTests {
    static let valid = (try? ConformanceSet.lines("names/valid.txt")) ?? []
    static let invalid = (try? ConformanceSet.lines("names/invalid.txt")) ?? []

    @Test("the set holds at least the promised number of names, each once")
    func counts() {
        #expect(Self.valid.count + Self.invalid.count >= ConformanceSet.minimumNames)
        #expect(!Self.valid.isEmpty && !Self.invalid.isEmpty)
        // Compared as bytes: a name and its other Unicode form are two names (and two vectors).
        #expect(Set((Self.valid + Self.invalid).map { Array($0.utf8) }).count == Self.valid.count + Self.invalid.count)
    }

    @Test("a valid name is accepted", arguments: valid)
    func validName(_ name: String) throws {
        #expect(Array(try ThreadName(name).rawValue.utf8) == Array(name.utf8))
    }

    @Test("an invalid name is rejected", arguments: invalid)
    func invalidName(_ name: String) {
        #expect(throws: ThreadNameError.self) { try ThreadName(name) }
    }
}
