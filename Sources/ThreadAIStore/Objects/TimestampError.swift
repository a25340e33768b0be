/// Why a text or a number is not a `Timestamp`.
public struct TimestampError: Error, CustomStringConvertible, Equatable, Sendable {
    public enum Reason: Equatable, Sendable {
        /// The text is not shaped `YYYY-MM-DDTHH:MM:SSZ`.
        case notRFC3339
        /// The shape is right but the day does not exist (month 13, February 30, February 29 of a common year).
        case noSuchDay
        /// The shape is right but the time does not exist (hour 24, minute 60, second 60).
        case noSuchTime
        /// The instant is before year 0000 or after year 9999, which the text form cannot write.
        case outOfRange
    }

    /// The rejected text, or the rejected number of seconds written in decimal.
    public let text: String
    public let reason: Reason

    public init(text: String, reason: Reason) {
        self.text = text
        self.reason = reason
    }

    public var description: String {
        switch reason {
        case .notRFC3339:
            "\(text.quotedForDisplay) is not a date: write it as YYYY-MM-DDTHH:MM:SSZ in UTC, "
                + "for example 2026-11-21T09:00:05Z."
        case .noSuchDay:
            "\(text.quotedForDisplay) is not a date: that day does not exist in the calendar."
        case .noSuchTime:
            "\(text.quotedForDisplay) is not a date: the time must be 00:00:00 to 23:59:59."
        case .outOfRange:
            "\(text) seconds since 1970 is not a date that can be written: years run from 0000 to 9999."
        }
    }
}
