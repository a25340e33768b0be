import Testing
@testable import ThreadAIStore

@Suite("Thread names: the plain ASCII rules match the general ones")
struct ThreadNameFastPathTests {
    /// Pieces that meet every rule's edge: dots, `.lock` in any case, device names, option signs,
    /// `HEAD`, hex runs, slashes.
    static let pieces = ["a", "Z", "0", "9", "f", "E", ".", "/", "-", "_", "+", "lock", ".lock", ".LoCk", "con", "CoM1",
                         "lpt9", "nul", "aux.txt", "com0", "com10", "head", "HEAD", "beef", "c0ffee", "x", "main"]

    @Test("every name of up to five pieces gets the same verdict", arguments: 0..<8)
    func sameVerdict(seed: Int) {
        var random = SeededGenerator(seed: UInt64(seed))
        var broken = 0
        for _ in 0..<4_000 {
            let name = (0..<Int.random(in: 1...5, using: &random)).map { _ in Self.pieces.randomElement(using: &random) ?? "" }.joined()
            let bytes = Array(name.utf8)
            #expect(bytes.allSatisfy(ThreadName.isAllowedASCII))
            let fast = ThreadName.firstBrokenRule(inPlainASCII: bytes)
            #expect(fast == ThreadName.firstBrokenRule(inAnyName: name), "\(name)")
            if fast != nil { broken += 1 }
        }
        #expect(broken > 400, "the pieces break rules often enough to compare the reasons")
    }
}
