/// A piece of text compared by its exact UTF-8 bytes.
///
/// `String` equality uses Unicode canonical equivalence, so "é" and "e\u{301}"
/// compare equal; a diff of stored bytes must still report that change, and must
/// let the equal runs rebuild both sides byte for byte.
struct ExactText: Hashable {
    var text: Substring

    static func == (lhs: ExactText, rhs: ExactText) -> Bool {
        lhs.text.utf8.elementsEqual(rhs.text.utf8)
    }

    /// Hashes the bytes in one call where they are contiguous (always, for native strings): the
    /// interning of a long diff's tokens hashes every byte once.
    func hash(into hasher: inout Hasher) {
        let hashed: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
            hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
        }
        if hashed == nil {
            Array(text.utf8).withUnsafeBytes { hasher.combine(bytes: $0) }
        }
    }
}
