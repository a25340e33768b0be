#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An instant to the second, in UTC: what a message's `date` records (docs/FORMAT.md §2).
///
/// The text form is exactly `YYYY-MM-DDTHH:MM:SSZ`. Every timestamp has one, so its range is the years
/// 0000 to 9999; there are no leap seconds.
public struct Timestamp: Hashable, Comparable, Sendable {
    /// Seconds since 1970-01-01T00:00:00Z; negative before it.
    public let secondsSinceEpoch: Int64

    /// 0000-01-01T00:00:00Z.
    public static let earliest = Timestamp(unchecked: CivilDate(year: 0, month: 1, day: 1).daysSinceEpoch * secondsPerDay)
    /// 9999-12-31T23:59:59Z.
    public static let latest = Timestamp(
        unchecked: (CivilDate(year: 9_999, month: 12, day: 31).daysSinceEpoch + 1) * secondsPerDay - 1)

    private static let secondsPerDay: Int64 = 86_400

    /// The instant `seconds` seconds after 1970-01-01T00:00:00Z.
    /// - Throws: `TimestampError` with reason `.outOfRange` when the instant falls outside years 0000–9999.
    public init(secondsSinceEpoch seconds: Int64) throws(TimestampError) {
        guard seconds >= Self.earliest.secondsSinceEpoch && seconds <= Self.latest.secondsSinceEpoch else {
            throw TimestampError(text: String(seconds), reason: .outOfRange)
        }
        self.secondsSinceEpoch = seconds
    }

    private init(unchecked seconds: Int64) {
        self.secondsSinceEpoch = seconds
    }

    /// The current time, truncated to the second.
    public static func now() -> Timestamp {
        let seconds = Int64(Date().timeIntervalSince1970.rounded(.down))
        return Timestamp(unchecked: min(max(seconds, earliest.secondsSinceEpoch), latest.secondsSinceEpoch))
    }

    /// Reads exactly `YYYY-MM-DDTHH:MM:SSZ` (uppercase `T` and `Z`, no fraction, no offset) naming a real
    /// day and a time from 00:00:00 to 23:59:59.
    /// - Throws: `TimestampError` saying whether the shape, the day or the time is wrong.
    public init(rfc3339 text: String) throws(TimestampError) {
        guard let fields = Self.digitFields(of: text.utf8) else {
            throw TimestampError(text: text, reason: .notRFC3339)
        }
        let date = CivilDate(year: fields[0], month: fields[1], day: fields[2])
        guard date.isValid else {
            throw TimestampError(text: text, reason: .noSuchDay)
        }
        let (hour, minute, second) = (fields[3], fields[4], fields[5])
        guard hour < 24 && minute < 60 && second < 60 else {
            throw TimestampError(text: text, reason: .noSuchTime)
        }
        self.secondsSinceEpoch = date.daysSinceEpoch * Self.secondsPerDay + hour * 3_600 + minute * 60 + second
    }

    /// The text form, `YYYY-MM-DDTHH:MM:SSZ`.
    public var rfc3339: String {
        let days = secondsSinceEpoch.flooredQuotient(dividingBy: Self.secondsPerDay)
        let secondOfDay = secondsSinceEpoch - days * Self.secondsPerDay
        let date = CivilDate(daysSinceEpoch: days)
        // Every field fits its width (years 0000–9999): the 20 bytes are written in place.
        return String(unsafeUninitializedCapacity: 20) { buffer in
            func put(_ value: Int64, width: Int, at start: Int, then separator: UInt8) {
                var value = value
                for position in (start..<(start + width)).reversed() {
                    buffer[position] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value % 10)
                    value /= 10
                }
                buffer[start + width] = separator
            }
            put(date.year, width: 4, at: 0, then: UInt8(ascii: "-"))
            put(date.month, width: 2, at: 5, then: UInt8(ascii: "-"))
            put(date.day, width: 2, at: 8, then: UInt8(ascii: "T"))
            put(secondOfDay / 3_600, width: 2, at: 11, then: UInt8(ascii: ":"))
            put(secondOfDay / 60 % 60, width: 2, at: 14, then: UInt8(ascii: ":"))
            put(secondOfDay % 60, width: 2, at: 17, then: UInt8(ascii: "Z"))
            return 20
        }
    }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        lhs.secondsSinceEpoch < rhs.secondsSinceEpoch
    }

    /// The six numbers of `YYYY-MM-DDTHH:MM:SSZ`, or nil when the text does not have exactly that shape.
    private static func digitFields(of utf8: String.UTF8View) -> [Int64]? {
        guard utf8.count == 20 else { return nil }
        var fields: [Int64] = []
        fields.reserveCapacity(textLayout.count)
        var iterator = utf8.makeIterator()
        for (width, separator) in textLayout {
            var value: Int64 = 0
            for _ in 0..<width {
                guard let byte = iterator.next(), byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else {
                    return nil
                }
                value = value * 10 + Int64(byte - UInt8(ascii: "0"))
            }
            guard iterator.next() == separator else { return nil }
            fields.append(value)
        }
        return fields
    }

    /// Each number of the text form: its width in digits, then the byte that must follow it.
    private static let textLayout: [(width: Int, separator: UInt8)] = [
        (4, UInt8(ascii: "-")), (2, UInt8(ascii: "-")), (2, UInt8(ascii: "T")),
        (2, UInt8(ascii: ":")), (2, UInt8(ascii: ":")), (2, UInt8(ascii: "Z")),
    ]

}

extension Timestamp: CustomStringConvertible {
    /// The text form, `YYYY-MM-DDTHH:MM:SSZ`.
    public var description: String { rfc3339 }
}

extension Timestamp: Codable {
    /// Decodes the text form `YYYY-MM-DDTHH:MM:SSZ`.
    /// - Throws: `DecodingError.dataCorrupted` when the text is not a valid timestamp.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        do {
            self = try Timestamp(rfc3339: container.decode(String.self))
        } catch let error as TimestampError {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }

    /// Encodes the text form `YYYY-MM-DDTHH:MM:SSZ`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rfc3339)
    }
}
