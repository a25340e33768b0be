import Foundation
import Testing
@testable import ThreadAIStore

/// The one frame of every cache file (docs/FORMAT.md §12 rule 3): the header line and both kinds of
/// last line. A frame whose last line is wrong is no cache at all.
@Suite("CacheFrame: header and trailer lines of every cache kind (FORMAT §12)")
struct CacheFrameTests {
    static let header = CacheFrame.header(kind: "search", version: 1)

    /// The end of a `check`-framed file: `checked` bytes, then LF and the line of their CHECK with the header's.
    static func checkedTail(_ checked: [UInt8]) -> [UInt8] {
        var check = SearchCheck(byteCount: header.count + checked.count + 1)
        check.update(header)
        check.update(checked + [0x0a])
        return checked + [0x0a] + CacheFrame.checkLine(check.finish())
    }

    @Test("the header line names the kind and version as every reader expects")
    func header() {
        #expect(CacheFrame.header(kind: "objects", version: 1) == Array("threadai-cache objects 1\n".utf8))
        #expect(SearchIndexLayout.header == Array("threadai-cache search 1\n".utf8))
        #expect(MessageGraphLayout.header == Array("threadai-cache messages 2\n".utf8))
        #expect(PackedObjects.header == Array("threadai-cache objects 1\n".utf8))
    }

    @Test("a `checksum` line of other bytes, or in another case, makes the file absent")
    func wrongChecksumLine() {
        let body = Array("line\n".utf8)
        let sealed = CacheFrame.seal(kind: "threads", version: 1, body: body)
        #expect(CacheFrame.open(sealed, kind: "threads", version: 1).map(Array.init) == body)
        let other = CacheFrame.header(kind: "threads", version: 1) + body
            + CacheFrame.checksumLine(ObjectID.of(Array("other".utf8)))
        #expect(CacheFrame.open(other, kind: "threads", version: 1) == nil)
        let upper = Array(String(decoding: sealed, as: UTF8.self).uppercased().utf8)
        #expect(CacheFrame.open(upper, kind: "threads", version: 1) == nil)
    }

    @Test("a `check` line verifies; a wrong digit, a cut, or too short a tail does not")
    func checkLine() {
        let tail = Self.checkedTail([1, 2, 3, 4, 5, 6, 7, 8, 9])
        #expect(CacheFrame.verifiesCheck(header: Self.header, tail: tail))
        var wrong = tail
        wrong[wrong.count - 2] = wrong[wrong.count - 2] == UInt8(ascii: "0") ? UInt8(ascii: "1") : UInt8(ascii: "0")
        #expect(!CacheFrame.verifiesCheck(header: Self.header, tail: wrong))
        #expect(!CacheFrame.verifiesCheck(header: CacheFrame.header(kind: "objects", version: 1), tail: tail))
        #expect(!CacheFrame.verifiesCheck(header: Self.header, tail: Array(tail.dropFirst())))
        #expect(!CacheFrame.verifiesCheck(header: Self.header, tail: Array(tail.suffix(CacheFrame.checkTrailerSize - 1))))
        #expect(!CacheFrame.verifiesCheck(header: Self.header, tail: []))
    }

    @Test("an open file begins with its header or is not this kind; a short file is not either")
    func begins() throws {
        let folder = try TemporaryDirectory("cache-frame")
        let path = folder.path + "/file"
        for (contents, expected) in [(Self.header + [0, 1], true), (CacheFrame.header(kind: "search", version: 2), false),
                                     (Array(Self.header.dropLast()), false), ([], false)] {
            try Data(contents).write(to: URL(fileURLWithPath: path))
            let file = try FileDescriptor(opening: path, flags: FilePaths.replacedFileFlags)
            #expect(CacheFrame.begins(file, with: Self.header) == expected)
        }
    }
}
