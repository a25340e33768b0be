extension Double {
    /// The number as Foundation's `JSONSerialization` wrote it: the shortest round-tripping
    /// `description` (`1e-07`, `1e+16`, `0.1`), without a trailing `.0` (`1`, `-0`, `1000000000000000`).
    package var jsonText: String {
        let text = description
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }
}
