/// A count with its noun as English writes it, for the messages people read: "1 message",
/// "2 messages", "0 messages".
package enum CountedNoun {
    /// `count` and `noun`, the noun taking an "s" unless `count` is 1.
    package static func phrase(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
