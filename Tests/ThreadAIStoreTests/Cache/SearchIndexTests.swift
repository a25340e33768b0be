import Foundation
import Testing
@testable import ThreadAIStore

/// The pieces of `grep` below the command line: the CHECK of docs/FORMAT.md §12.3 against a plain
/// reading of the spec, the literal search, the literal an expression requires, the block scan, and
/// Fixtures/cache/search.
@Suite("cache/search: CHECK, literal search, required literals, block scan, fixture (FORMAT §12.3)")
struct SearchIndexTests {
    /// CHECK as FORMAT §12.3 words it, one word at a time, sharing no code with `SearchCheck`.
    static func specCheck(_ bytes: [UInt8]) -> UInt64 {
        func rotl(_ value: UInt64) -> UInt64 { value << 29 | value >> 35 }
        let multiplier: UInt64 = 0xBF58_476D_1CE4_E5B9
        let start = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
        var lanes = [start, start &+ 1, start &+ 2, start &+ 3]
        let padded = bytes + [UInt8](repeating: 0, count: (8 - bytes.count % 8) % 8)
        for word in 0..<(padded.count / 8) {
            let value = (0..<8).reduce(UInt64(0)) { $0 | UInt64(padded[word * 8 + $1]) << (8 * UInt64($1)) }
            lanes[word % 4] = (rotl(lanes[word % 4]) ^ value) &* multiplier
        }
        var result = lanes[0]
        for lane in lanes[1...] { result = (rotl(result) ^ lane) &* multiplier }
        return result ^ (result >> 32)
    }

    @Test("SearchCheck is the spec's CHECK for every length, however the bytes are split")
    func check() {
        let all = (0..<300).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        for length in [0, 1, 7, 8, 9, 31, 32, 33, 63, 64, 65, 200, 300] {
            let bytes = Array(all.prefix(length))
            let expected = Self.specCheck(bytes)
            #expect(bytes.withUnsafeBytes { SearchCheck.of($0) } == expected, "length \(length)")
            for piece in [1, 3, 8, 13, 32] {
                var check = SearchCheck(byteCount: length)
                for start in stride(from: 0, to: length, by: piece) { check.update(bytes[start..<min(start + piece, length)]) }
                #expect(check.finish() == expected, "length \(length) in pieces of \(piece)")
            }
        }
        #expect(Self.specCheck([]) != Self.specCheck([0]), "the length counts, so zero padding is seen")
    }

    @Test("LiteralFinder finds what a plain search finds, with and without case, at every length, start and needle place")
    func finderEveryPlace() {
        // `@` and a back quote differ only in the small-letter bit, as `Z` and `z` do: a filter that
        // set that bit on them as on letters would take one for the other.
        var state: UInt32 = 11
        let text: [UInt8] = (0..<300).map { _ in
            state = state &* 1_103_515_245 &+ 12_345
            return Array("abzZ@`e.\n\u{e9}".utf8)[Int(state >> 16) % 11]
        }
        // One byte (`memchr`), and longer needles (16 bytes at a time) whose rarest bytes lie anywhere.
        let needles = ["z", "Za", "a.z", "e\na", "zzz", "a@", "`a", "zZ", "Ze.zZab", "@`@", "\u{e9}z", "zz zZ ab zz zz ab zz"]
        // Bytes named frequent move the rare pair elsewhere in the needle (as `.packed` names its hex digits).
        for needle in needles {
            for (ignoringCase, frequent) in [(false, ""), (true, ""), (false, "az\n"), (true, "z@")] {
                let finder = LiteralFinder(Array(needle.utf8), ignoringCase: ignoringCase, frequent: Array(frequent.utf8))
                let fold: (UInt8) -> UInt8 = { ignoringCase ? LiteralFinder.lowercased($0) : $0 }
                let target = Array(needle.utf8).map(fold)
                for length in [0, 1, 15, 16, 17, 31, 33, 64, 100, 299, 300] {
                    text.withUnsafeBytes { whole in
                        let bytes = UnsafeRawBufferPointer(rebasing: whole[..<length])
                        for start in 0...length {
                            let plain = (start..<max(start, length - target.count + 1)).first { offset in
                                (0..<target.count).allSatisfy { fold(text[offset + $0]) == target[$0] }
                            }
                            #expect(finder.find(in: bytes, from: start) == plain, "\(needle) \(ignoringCase) \(frequent) length \(length) from \(start)")
                        }
                    }
                }
            }
        }
    }

    @Test("the literal every match of an expression contains", arguments: [
        ("zeppelin", "zeppelin"), ("^Once (more|again)", ""), ("fork|merge", ""), ("ab+c", "ab"), ("colou?r", "colo"),
        ("\\<word\\>", "word"), ("a\\.b*", "a."), ("[abc]def", "def"), ("x{2,3}yz", "yz"), ("é.t", "t"), ("(abc)+de", "de"),
    ])
    func required(_ pattern: String, _ literal: String) {
        #expect(SearchLiteral.required(in: Array(pattern.utf8)) == Array(literal.utf8))
    }

    @Test("a block scan finds the records a record-by-record scan finds; a literal across two contents is no match")
    func blockScan() throws {
        let contents = ["abc", "zep", "pelin", "say zeppelin\nx", "", "ZEPPELIN", "no", "zeppelin", "zep\npelin"]
        let packed = Array(contents.joined().utf8)
        var ends: [Int] = []
        for content in contents { ends.append((ends.last ?? 0) + content.utf8.count) }
        for (text, syntax, ignoringCase) in [("zeppelin", SearchPattern.Syntax.fixed, false), ("zeppelin", .fixed, true),
                                            ("^z.p+elin$", .extended, false), ("x|no", .extended, false), ("", .fixed, false)] {
            let pattern = try SearchPattern(text, syntax: syntax, ignoringCase: ignoringCase)
            var found: [Int] = []
            packed.withUnsafeBytes { block in
                pattern.matchingRecords(in: block, ends: { ends[$0] }, count: contents.count, isCandidate: { $0 != 7 }) { found.append($0) }
            }
            let oneByOne = contents.indices.filter { $0 != 7 && pattern.matches(contents[$0]) }
            #expect(found == oneByOne, "\(text)")
        }
    }

    @Test("blocks close at 1 MiB; a record of 1 MiB or more is a block of its own; a search finds every record")
    func blocks() throws {
        let scratch = try ScratchRepository()
        let small = String(repeating: "small words ", count: 30_000)  // 360 KB each.
        let large = String(repeating: "a long answer ", count: 80_000) + "zeppelin"  // 1.1 MB.
        for content in [small, small, large, small, small, small, "zeppelin at the end"] { try scratch.append(content) }
        try scratch.repository.rebuildCache()
        let index = try #require(SearchIndex.open(scratch.repository.cache.path(of: "search")))
        let sizes = (0..<index.blockCount).map { block in index.records(ofBlock: block).map { index.contentRange($0).count } }
        #expect(sizes.allSatisfy { $0.reduce(0, +) < 1 << 20 || $0.count == 1 || $0.dropLast().reduce(0, +) < 1 << 20 }, "\(sizes)")
        #expect(sizes.contains([large.utf8.count]), "the long record alone: \(sizes)")
        #expect(sizes.flatMap { $0 }.count == 7)
        var threads: [String] = []
        let found = try scratch.repository.search(SearchQuery(pattern: try SearchPattern("zeppelin", syntax: .fixed, ignoringCase: false))) {
            threads.append($0.thread)
        }
        #expect(found == 2 && threads == ["main", "main"])
    }

    @Test("a truncated or altered file is absent, never a crash, whatever its counts then say")
    func damagedFiles() throws {
        let fixture = GoldenRepository.fixtureDirectory.replacingOccurrences(of: "/golden", with: "/cache/search")
        let bytes = try Files.read(fixture)
        let folder = try TemporaryDirectory("search-damage")
        let path = folder.path + "/search"
        #expect(SearchIndex.open(fixture) != nil)
        for length in 0..<bytes.count {
            try Files.write(Array(bytes.prefix(length)), to: path)
            #expect(SearchIndex.open(path) == nil, "cut to \(length) bytes")
        }
        for position in stride(from: 0, to: bytes.count, by: 1) {
            var altered = bytes
            altered[position] ^= 0x80
            try Files.write(altered, to: path)
            let index = SearchIndex.open(path)
            // A flip in CONTENT passes the file's check; only that block's check sees it.
            if let index {
                var buffer: [UInt8] = []
                #expect((0..<index.blockCount).contains { !index.readBlock($0, into: &buffer) }, "flip at \(position)")
            }
        }
        var huge = bytes
        for offset in (bytes.count - 52)..<(bytes.count - 24) { huge[offset] = 0xff }  // Every count at its maximum.
        try Files.write(huge, to: path)
        #expect(SearchIndex.open(path) == nil)
    }

    @Test("Fixtures/cache/search is the search cache of Fixtures/golden, byte for byte")
    func fixture() throws {
        let folder = try TemporaryDirectory("search-fixture")
        let golden = try GoldenRepository.build(in: folder.path).repository
        try golden.rebuildCache()
        let built = try Files.read(golden.cache.path(of: "search"))
        let fixture = GoldenRepository.fixtureDirectory.replacingOccurrences(of: "/golden", with: "/cache/search")
        if ProcessInfo.processInfo.environment["THREADAI_REGENERATE_FIXTURES"] == "1" {
            try Files.write(built, to: fixture)
        }
        #expect(try Files.read(fixture) == built)
        let check = Array(built.suffix(17).prefix(16))
        let header = Array("threadai-cache search 1\n".utf8)
        let index = try #require(SearchIndex.open(fixture))
        let checked = header + built[(header.count + index.layout.contentBytes)..<(built.count - 23)]
        #expect(String(decoding: check, as: UTF8.self) == String(Self.specCheck(checked), radix: 16).leftPadded(to: 16))
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
