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

    func hash(into hasher: inout Hasher) {
        hasher.combine(text.utf8.count)
        for byte in text.utf8 {
            hasher.combine(byte)
        }
    }
}
