/// The forms of the keys that record a merged outcome (docs/FORMAT.md §4.8), which a reader checks
/// so that a malformed link is reported rather than followed.
enum MergeLinkValue {
    /// What the value of `key` should be, when `key` is one of §4.8 and `value` is not of its form.
    static func problem(withKey key: String, value: String) -> String? {
        switch key {
        case FrontmatterKey.mergedFrom:
            (try? ObjectID(hex: value)) == nil ? "'merged-from' is a message id: 64 lowercase hexadecimal digits." : nil
        case FrontmatterKey.mergedThread:
            (try? ThreadName(value)) == nil ? "'merged-thread' is a valid thread name." : nil
        case FrontmatterKey.mergedSummary:
            value == "true" ? nil : "'merged-summary' is only ever 'true' (an answer merged as it is has no 'merged-summary')."
        default:
            nil
        }
    }
}
