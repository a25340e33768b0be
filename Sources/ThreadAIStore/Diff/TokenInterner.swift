/// Numbers the distinct byte strings of two texts' tokens, so Myers' search compares integers.
///
/// A token is a byte range of its text, hashed with FNV-1a into an open-addressing table of symbol
/// numbers and compared byte for byte, never as `String` (whose equality is Unicode canonical
/// equivalence: "é" and "e\u{301}" must stay different tokens). Equal numbers exactly when the bytes
/// are equal. A `Dictionary` of `Substring`s hashed with SipHash cost a tenth of a word diff.
struct TokenInterner {
    /// Where each symbol's first occurrence lies: which text and which bytes.
    private var symbolText: [Int] = []
    private var symbolBytes: [Range<Int>] = []
    private var slots: [Int]
    private var mask: Int

    /// The symbols of two texts' tokens (ranges of UTF-8 byte offsets), numbered together, so equal
    /// numbers on the two sides mean equal bytes.
    static func symbols(
        old: String, _ oldTokens: [Range<Int>], new: String, _ newTokens: [Range<Int>]
    ) -> (old: [Int], new: [Int]) {
        withBytes(of: old) { oldBytes in
            withBytes(of: new) { newBytes in
                var interner = TokenInterner(expectedTokens: oldTokens.count + newTokens.count)
                let texts = [oldBytes, newBytes]
                return (interner.symbols(of: oldTokens, text: 0, in: texts), interner.symbols(of: newTokens, text: 1, in: texts))
            }
        }
    }

    private static func withBytes<Result>(of text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        return Array(text.utf8).withUnsafeBufferPointer(body)
    }

    private init(expectedTokens: Int) {
        var capacity = 16
        while capacity < expectedTokens * 2 { capacity <<= 1 }
        slots = [Int](repeating: -1, count: capacity)
        mask = capacity - 1
    }

    /// The symbols of `ranges` in `bytes`, which is text number `text` of those passed in `texts`.
    private mutating func symbols(
        of ranges: [Range<Int>], text: Int, in texts: [UnsafeBufferPointer<UInt8>]
    ) -> [Int] {
        ranges.map { symbol(for: $0, text: text, in: texts) }
    }

    private mutating func symbol(for range: Range<Int>, text: Int, in texts: [UnsafeBufferPointer<UInt8>]) -> Int {
        let bytes = UnsafeBufferPointer(rebasing: texts[text][range])
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        var slot = Int(truncatingIfNeeded: hash ^ (hash >> 29)) & mask
        while true {
            let symbol = slots[slot]
            if symbol < 0 { break }
            if bytes.elementsEqual(UnsafeBufferPointer(rebasing: texts[symbolText[symbol]][symbolBytes[symbol]])) {
                return symbol
            }
            slot = (slot + 1) & mask
        }
        let symbol = symbolText.count
        symbolText.append(text)
        symbolBytes.append(range)
        slots[slot] = symbol
        return symbol
    }
}
