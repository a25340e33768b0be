import Foundation
import Testing
@testable import ThreadAIStore

@Suite("Cache files: the envelope, fields and the threads codec (FORMAT §12)")
struct CacheFileCodecTests {
    static let body = Array("renames -\nthread main x\n".utf8)

    @Test("a sealed file opens to its body")
    func roundTrip() throws {
        let sealed = CacheFrame.seal(kind: "threads", version: 1, body: Self.body)
        #expect(sealed.starts(with: Array("threadai-cache threads 1\n".utf8)))
        #expect(try #require(CacheFrame.open(sealed, kind: "threads", version: 1)).elementsEqual(Self.body))
        let empty = CacheFrame.seal(kind: "threads", version: 1, body: [])
        #expect(try #require(CacheFrame.open(empty, kind: "threads", version: 1)).isEmpty)
    }

    @Test("every truncation, every flipped byte, another kind or version reads as absent")
    func damage() {
        let sealed = CacheFrame.seal(kind: "threads", version: 1, body: Self.body)
        for length in 0..<sealed.count {
            #expect(CacheFrame.open(Array(sealed.prefix(length)), kind: "threads", version: 1) == nil, "cut at \(length)")
        }
        for index in sealed.indices {
            var flipped = sealed
            flipped[index] ^= 0x20
            #expect(CacheFrame.open(flipped, kind: "threads", version: 1) == nil, "byte \(index) flipped")
        }
        #expect(CacheFrame.open(sealed, kind: "threads", version: 2) == nil)
        #expect(CacheFrame.open(sealed, kind: "search", version: 1) == nil)
        #expect(CacheFrame.open(sealed + [0x0a], kind: "threads", version: 1) == nil)
    }

    @Test("a heads field: ids joined by commas, as split on commas would read them")
    func headsField() {
        let a = ObjectID.of(Array("a".utf8)).hex, b = ObjectID.of(Array("b".utf8)).hex
        let cases = [a, a + "," + b, a + "," + b + "," + a, "", ",", a + ",", "," + a, a + ",," + b, String(a.dropLast()), a + "0", a.uppercased()]
        for text in cases {
            let expected: [ObjectID]? = {
                var ids: [ObjectID] = []
                for part in text.utf8.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false) {
                    guard let id = try? ObjectID(hex: String(decoding: part, as: UTF8.self)) else { return nil }
                    ids.append(id)
                }
                return ids
            }()
            #expect(ThreadSummaryFile.ids(ArraySlice(Array(text.utf8))) == expected, "\(text)")
        }
    }

    @Test("fields: plain runs and quoted values that hold spaces, quotes and escapes")
    func fields() throws {
        let line = ArraySlice(Array(#"thread "a b" c "say \"hi\" \\ " """#.utf8))
        let fields = try #require(CacheLine.fields(line))
        #expect(fields.map { String(decoding: $0, as: UTF8.self) } == ["thread", #""a b""#, "c", #""say \"hi\" \\ ""#, #""""#])
        #expect(CacheLine.value(fields[3]) == #"say "hi" \ "#)
        #expect(CacheLine.value(fields[4]) == "")
        #expect(CacheLine.fields(ArraySlice(Array(#"a "open"#.utf8))) == nil, "an unclosed quote")
        #expect(CacheLine.fields(ArraySlice(Array("a  b".utf8))) == nil, "two spaces")
        #expect(CacheLine.fields(ArraySlice(Array("a ".utf8))) == nil, "a trailing space")
        #expect(CacheLine.value(ArraySlice(Array(#""plain""#.utf8))) == nil, "a quoted value that could be plain")
    }

    @Test("the threads file round-trips names and titles of any text")
    func threadsRoundTrip() throws {
        let head = ObjectID.of(Array("h".utf8)), fork = ObjectID.of(Array("f".utf8)), other = ObjectID.of(Array("o".utf8))
        let date = try Timestamp(rfc3339: "2026-11-21T09:00:05Z")
        func entry(_ name: String, heads: [ObjectID], fork: ObjectID?, parent: String?, title: String,
                   source: CachedThreadSummary.TitleSource) throws -> CachedThreadSummary {
            CachedThreadSummary(summary: ThreadSummary(
                name: try ThreadName(name), heads: heads, forkPoint: fork, parent: parent, messageCount: 9,
                ownMessageCount: fork == nil ? 9 : 4, title: title, lastDate: date), titleSource: source)
        }
        let entries = [
            try entry("main", heads: [head], fork: nil, parent: nil, title: "What is a fork?", source: .own),
            try entry("café/ünï", heads: [head, other], fork: fork, parent: "main", title: "", source: .none),
            try entry("x", heads: [other], fork: fork, parent: "café/ünï", title: "tab\there \"quoted\" …", source: .fork),
        ]
        let file = ThreadSummaryFile(
            renamesFingerprint: ObjectID.of([]).hex,
            entries: Dictionary(uniqueKeysWithValues: entries.map { ($0.summary.name, $0) }))
        let bytes = file.encoded()
        #expect(ThreadSummaryFile.decode(bytes) == file)
        #expect(file.encoded() == bytes, "one file has one byte form")
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains("\nthread \"café/ünï\" \(head.hex),\(other.hex) \(fork.hex) main 9 4 2026-11-21T09:00:05Z none \"\"\n"))
    }

    @Test("a line that breaks the format makes the whole file absent")
    func rejectsBadLines() {
        let id = ObjectID.of([]).hex
        let good = "thread main \(id) - - 3 3 2026-11-21T09:00:05Z own title"
        #expect(ThreadSummaryFile.decode(sealed(["renames -", good])) != nil)
        let bad = [
            "thread main \(id) - - 3 3 2026-11-21T09:00:05Z own",  // a field missing
            "thread main \(id) - main 3 3 2026-11-21T09:00:05Z own title",  // a parent without a fork point
            "thread main \(id),\(id.prefix(63)) - - 3 3 2026-11-21T09:00:05Z own title",  // a short id
            "thread main \(id) - - 3 4 2026-11-21T09:00:05Z own title",  // more own messages than messages
            "thread main \(id) - - 3 3 2026-13-21T09:00:05Z own title",  // no such date
            "thread main \(id) - - 3 3 2026-11-21T09:00:05Z mine title",  // an unknown title source
            "thread \"main\" \(id) - - 3 3 2026-11-21T09:00:05Z own title",  // a needlessly quoted value
            "branch main \(id) - - 3 3 2026-11-21T09:00:05Z own title",
        ]
        for line in bad {
            #expect(ThreadSummaryFile.decode(sealed(["renames -", line])) == nil, "\(line)")
        }
        #expect(ThreadSummaryFile.decode(sealed(["renames -", good, good])) == nil, "a thread twice")
        #expect(ThreadSummaryFile.decode(sealed([good])) == nil, "no renames line")
    }

    private func sealed(_ lines: [String]) -> [UInt8] {
        CacheFrame.seal(kind: "threads", version: 1, body: Array(lines.map { $0 + "\n" }.joined().utf8))
    }
}
