extension String {
    /// Every occurrence of `target` replaced by `replacement`, matched on the exact UTF-8 bytes (as
    /// Foundation's `replacingOccurrences(of:with:)` matches code units: no Unicode equivalence, and
    /// a match may begin inside a character, before a combining mark). An empty target changes nothing.
    package func replacingEvery(_ target: String, with replacement: String) -> String {
        let bytes = Array(utf8), needle = Array(target.utf8)
        guard !needle.isEmpty, bytes.count >= needle.count else { return self }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0, replaced = false
        while index < bytes.count {
            if bytes[index] == needle[0], index + needle.count <= bytes.count,
               bytes[index..<index + needle.count].elementsEqual(needle) {
                result.append(contentsOf: replacement.utf8)
                index += needle.count
                replaced = true
            } else {
                result.append(bytes[index])
                index += 1
            }
        }
        return replaced ? String(decoding: result, as: UTF8.self) : self
    }
}
