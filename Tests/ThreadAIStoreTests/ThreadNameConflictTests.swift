import Testing
@testable import ThreadAIStore

struct ConflictCase: CustomTestStringConvertible, Sendable {
    let name: String
    let existing: [String]
    let expected: String?
    let why: String
    var testDescription: String { why }
}

@Suite("ThreadName conflicts (rule 6)")
struct ThreadNameConflictTests {
    static let cases: [ConflictCase] = [
        .init(name: "Main", existing: ["main"], expected: "main", why: "differs only in case"),
        .init(name: "caf\u{e9}", existing: ["cafe\u{301}"], expected: "cafe\u{301}", why: "NFC against NFD"),
        .init(name: "cafe\u{301}", existing: ["CAF\u{C9}"], expected: "CAF\u{C9}", why: "NFD against upper-case NFC"),
        .init(name: "a/b", existing: ["a"], expected: "a", why: "existing name is a directory prefix"),
        .init(name: "a", existing: ["a/b"], expected: "a/b", why: "new name is a directory prefix"),
        .init(name: "a/b/c", existing: ["x", "a/b"], expected: "a/b", why: "deeper prefix"),
        .init(name: "A/b", existing: ["a"], expected: "a", why: "prefix differing in case"),
        .init(name: "main", existing: ["main", "MAIN"], expected: "MAIN", why: "identical name skipped, variant found"),
        .init(name: "main", existing: ["main"], expected: nil, why: "identical name is not a conflict"),
        .init(name: "a.b", existing: ["a"], expected: nil, why: "dot is not a separator"),
        .init(name: "ab", existing: ["a"], expected: nil, why: "string prefix is not a component prefix"),
        .init(name: "a/b", existing: ["a/c", "b"], expected: nil, why: "siblings"),
        .init(name: "x", existing: [], expected: nil, why: "nothing exists"),
    ]

    @Test("finds the conflicting name", arguments: cases)
    func conflict(_ example: ConflictCase) throws {
        let name = try ThreadName(example.name)
        let existing = try example.existing.map { try ThreadName($0) }
        let found = name.conflict(among: existing)
        // Scalars, not String ==, so a test expecting the NFD spelling fails on the NFC one.
        #expect(found.map { Array($0.rawValue.unicodeScalars) } == example.expected.map { Array($0.unicodeScalars) })
    }

    @Test("the index a new name is checked against finds the same conflicts", arguments: cases)
    func index(_ example: ConflictCase) throws {
        let names = NewThreadNames(names: try example.existing.map { try ThreadName($0) }, renames: try Renames(path: "/nonexistent/renames", localPath: "/nonexistent/local-renames"))
        let exists = example.existing.contains { $0.unicodeScalars.elementsEqual(example.name.unicodeScalars) }
        let name = try ThreadName(example.name)
        do {
            try names.check(name)
            #expect(example.expected == nil && !exists)
        } catch {
            switch error {
            case .ref(.threadExists): #expect(exists)
            case .ref(.conflictingName(_, let other)):
                #expect(!exists)
                #expect(Array(other.rawValue.unicodeScalars) == example.expected.map { Array($0.unicodeScalars) })
            default: Issue.record("unexpected \(error)")
            }
        }
    }
}
