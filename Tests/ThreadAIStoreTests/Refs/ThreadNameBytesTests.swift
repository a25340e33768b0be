import Testing
@testable import ThreadAIStore

@Suite("ThreadName.validated: the verdict of init(_:) on bytes")
struct ThreadNameBytesTests {
    private func verdicts(_ text: String) -> (bytes: String?, string: String?) {
        let bytes = Array(text.utf8).withUnsafeBufferPointer(ThreadName.validated)
        return (bytes?.rawValue, (try? ThreadName(text))?.rawValue)
    }

    @Test("every name of up to four characters over an alphabet that reaches every rule")
    func exhaustiveShortNames() {
        let alphabet: [String] = ["a", "C", "o", "n", "/", ".", "-", "+", "1", "H", "E", "D", "f", "é", " "]
        var names: [String] = [""]
        var all: [String] = []
        for _ in 1...4 {
            names = names.flatMap { name in alphabet.map { name + $0 } }
            all += names
        }
        var mismatches: [String] = []
        for name in all {
            let (bytes, string) = verdicts(name)
            if bytes != string { mismatches.append(name) }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(20))")
    }

    @Test("names that break or pass rules 1 to 5", arguments: [
        "main", "notes/draft", "CON", "con.txt", "a/aux", "a/nul.x", "COM1", "com9.log", "LPT5", "COM0", "COM10", "CONX",
        "x.lock", "x.LOCK", "a/b.Lock/c", "lock", ".lock", "HEAD", "head", "heads", "abcd", "ABCDEF", "abc", "abcg", "12345", "1234/5",
        "-x", "+x", "x-", "a//b", "/a", "a/", "a/.b", "a/b.", "a..b", "a.b", String(repeating: "a", count: 200),
        String(repeating: "a", count: 201), String(repeating: "é", count: 101), "é/x", "x\u{301}", "a\u{200D}b", "a b", "a~b", "a@b", "a_b",
    ])
    func knownNames(_ name: String) {
        let (bytes, string) = verdicts(name)
        #expect(bytes == string)
    }

    @Test("random names of allowed ASCII, up to 12 bytes")
    func randomNames() {
        var generator = SeededGenerator(seed: 7)
        let alphabet = Array("aAcCoOnNlLkKhHeEdD0123456789/.-_+".utf8)
        for _ in 0..<20_000 {
            let length = Int.random(in: 1...12, using: &generator)
            let name = String(decoding: (0..<length).map { _ in alphabet.randomElement(using: &generator)! }, as: UTF8.self)
            let (bytes, string) = verdicts(name)
            #expect(bytes == string, "\(name)")
        }
    }

    @Test("bytes that are not UTF-8 are never a valid name")
    func notUTF8() {
        #expect([0x61, 0xff].withUnsafeBufferPointer(ThreadName.validated) == nil)
    }
}
