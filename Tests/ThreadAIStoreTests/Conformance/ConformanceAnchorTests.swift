import Foundation
import Testing
@testable import ThreadAIStore

/// `Fixtures/conformance/anchors/`: anchor notes (docs/FORMAT.md §4.7.1), each beside `NAME.expected`:
/// `anchor LINE` for each message a reader anchors (as the line that anchors it), `malformed N` for
/// each line it skips, `cut-short` when the last line has no LF.
@Suite("Conformance set: anchor notes")
struct ConformanceAnchorTests {
    static let names = (try? ConformanceSet.entries("anchors", suffix: ".expected")) ?? []

    @Test("the set holds a valid note, malformed lines and a cut line, each beside what a reader concludes")
    func counts() throws {
        #expect(Set(Self.names).isSuperset(of: ["valid", "malformed", "cut-short", "empty"]))
        #expect(try ConformanceSet.entries("anchors").count == 2 * Self.names.count)
    }

    @Test("a reader concludes what the vector gives", arguments: names)
    func vector(_ name: String) throws {
        let contents = AnchorNotes.parse(try ConformanceSet.bytes("anchors/\(name)"))
        var expected = AnchorNotes.Contents()
        for line in try ConformanceSet.bytes("anchors/\(name).expected").split(separator: 0x0A) {
            let text = String(decoding: line, as: UTF8.self)
            if text.hasPrefix("anchor ") {
                guard case .anchor(let id, let anchor) = AnchorNoteLine.parse(line.dropFirst(7)) else {
                    Issue.record("\(name): expected line \(text) does not parse")
                    continue
                }
                expected.anchors[id] = anchor
                #expect(AnchorNoteLine.encode(id: id, anchor: anchor) == Array(line.dropFirst(7)) + [0x0A], "one written form")
            } else if text.hasPrefix("malformed ") {
                expected.malformed.append(.init(line: Int(text.dropFirst(10)) ?? 0, reason: ""))
            } else {
                #expect(text == "cut-short")
                expected.cutShort = true
            }
        }
        #expect(contents.anchors == expected.anchors)
        #expect(contents.malformed.map(\.line) == expected.malformed.map(\.line))
        #expect(contents.cutShort == expected.cutShort)
        #expect(StoreFuzzing.anchorNotes(try ConformanceSet.bytes("anchors/\(name)")) == nil, "the fuzz target's property holds")
    }
}
