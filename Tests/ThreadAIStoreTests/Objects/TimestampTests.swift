import Foundation
import Testing
@testable import ThreadAIStore

@Suite("Timestamp")
struct TimestampTests {
    struct Known: CustomTestStringConvertible, Sendable {
        let text: String
        let seconds: Int64
        var testDescription: String { text }
    }

    /// Seconds computed independently (Python's calendar.timegm).
    static let known: [Known] = [
        Known(text: "1970-01-01T00:00:00Z", seconds: 0),
        Known(text: "1969-12-31T23:59:59Z", seconds: -1),
        Known(text: "2026-11-21T09:00:05Z", seconds: 1_795_251_605),
        Known(text: "2000-02-29T12:34:56Z", seconds: 951_827_696),
        Known(text: "2024-02-29T00:00:00Z", seconds: 1_709_164_800),
        Known(text: "1900-03-01T00:00:00Z", seconds: -2_203_891_200),
        Known(text: "2100-02-28T23:59:59Z", seconds: 4_107_542_399),
        Known(text: "2038-01-19T03:14:08Z", seconds: 2_147_483_648),
        Known(text: "1600-02-29T00:00:00Z", seconds: -11_670_998_400),
        Known(text: "0000-01-01T00:00:00Z", seconds: -62_167_219_200),
        Known(text: "9999-12-31T23:59:59Z", seconds: 253_402_300_799),
    ]

    @Test("reads and writes the text form", arguments: known)
    func roundTrip(_ known: Known) throws {
        let timestamp = try Timestamp(rfc3339: known.text)
        #expect(timestamp.secondsSinceEpoch == known.seconds)
        #expect(timestamp.rfc3339 == known.text)
        #expect(try Timestamp(secondsSinceEpoch: known.seconds).rfc3339 == known.text)
        #expect(timestamp.description == known.text)
    }

    struct Rejection: CustomTestStringConvertible, Sendable {
        let why: String
        let text: String
        let reason: TimestampError.Reason
        var testDescription: String { "\(why): \(text.debugDescription)" }
    }

    static let rejections: [Rejection] = [
        Rejection(why: "February 29 of a common year", text: "2026-02-29T00:00:00Z", reason: .noSuchDay),
        Rejection(why: "February 29 of a century that is not a leap year", text: "1900-02-29T00:00:00Z", reason: .noSuchDay),
        Rejection(why: "February 30 of a leap year", text: "2024-02-30T00:00:00Z", reason: .noSuchDay),
        Rejection(why: "April 31", text: "2026-04-31T00:00:00Z", reason: .noSuchDay),
        Rejection(why: "month 13", text: "2026-13-01T00:00:00Z", reason: .noSuchDay),
        Rejection(why: "month 0", text: "2026-00-10T00:00:00Z", reason: .noSuchDay),
        Rejection(why: "day 0", text: "2026-01-00T00:00:00Z", reason: .noSuchDay),
        Rejection(why: "hour 24", text: "2026-11-21T24:00:00Z", reason: .noSuchTime),
        Rejection(why: "minute 60", text: "2026-11-21T23:60:00Z", reason: .noSuchTime),
        Rejection(why: "a leap second", text: "2016-12-31T23:59:60Z", reason: .noSuchTime),
        Rejection(why: "missing Z", text: "2026-11-21T09:00:05", reason: .notRFC3339),
        Rejection(why: "fractional seconds", text: "2026-11-21T09:00:05.5Z", reason: .notRFC3339),
        Rejection(why: "lowercase t", text: "2026-11-21t09:00:05Z", reason: .notRFC3339),
        Rejection(why: "lowercase z", text: "2026-11-21T09:00:05z", reason: .notRFC3339),
        Rejection(why: "an offset instead of Z", text: "2026-11-21T09:00:05+00:00", reason: .notRFC3339),
        Rejection(why: "a space instead of T", text: "2026-11-21 09:00:05Z", reason: .notRFC3339),
        Rejection(why: "one-digit month", text: "2026-1-021T09:00:05Z", reason: .notRFC3339),
        Rejection(why: "five-digit year", text: "12026-11-21T09:00:05Z", reason: .notRFC3339),
        Rejection(why: "a sign", text: "-026-11-21T09:00:05Z", reason: .notRFC3339),
        Rejection(why: "full-width digits", text: "２０２６-11-21T09:00:05Z", reason: .notRFC3339),
        Rejection(why: "date only", text: "2026-11-21", reason: .notRFC3339),
        Rejection(why: "empty", text: "", reason: .notRFC3339),
    ]

    @Test("rejects text that is not exactly a real YYYY-MM-DDTHH:MM:SSZ", arguments: rejections)
    func rejection(_ rejection: Rejection) {
        #expect(throws: TimestampError(text: rejection.text, reason: rejection.reason)) {
            try Timestamp(rfc3339: rejection.text)
        }
    }

    @Test("rejects seconds outside the years 0000 to 9999", arguments: [
        Timestamp.earliest.secondsSinceEpoch - 1, Timestamp.latest.secondsSinceEpoch + 1, Int64.min, Int64.max,
    ])
    func outOfRange(_ seconds: Int64) {
        #expect(throws: TimestampError(text: String(seconds), reason: .outOfRange)) {
            try Timestamp(secondsSinceEpoch: seconds)
        }
    }

    @Test("every day from 1583 to 2500 converts both ways and follows the one before it")
    func everyDayInOrder() {
        let start = CivilDate(year: 1583, month: 1, day: 1)
        var expected = start
        var days = start.daysSinceEpoch
        while expected.year <= 2500 {
            let date = CivilDate(daysSinceEpoch: days)
            if date != expected || date.daysSinceEpoch != days {
                Issue.record("day \(days): expected \(expected), got \(date)")
                return
            }
            expected = Self.dayAfter(expected)
            days += 1
        }
    }

    @Test("agrees with Foundation's Gregorian calendar on the first day of every month from 1601 to 2400")
    func agreesWithFoundation() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        for year in 1601...2400 {
            for month in 1...12 {
                let components = DateComponents(year: year, month: month, day: 1)
                let date = try #require(calendar.date(from: components))
                let ours = CivilDate(year: Int64(year), month: Int64(month), day: 1).daysSinceEpoch * 86_400
                #expect(Int64(date.timeIntervalSince1970) == ours, "\(year)-\(month)")
            }
        }
    }

    @Test("now is a time that writes and reads back")
    func now() throws {
        let now = Timestamp.now()
        #expect(try Timestamp(rfc3339: now.rfc3339) == now)
        #expect(now > (try Timestamp(rfc3339: "2020-01-01T00:00:00Z")))
    }

    @Test("orders by time and encodes as its text in JSON")
    func orderAndCodable() throws {
        let early = try Timestamp(rfc3339: "1999-12-31T23:59:59Z")
        let late = try Timestamp(rfc3339: "2000-01-01T00:00:00Z")
        #expect(early < late)
        let json = try JSONEncoder().encode([late])
        #expect(String(decoding: json, as: UTF8.self) == #"["2000-01-01T00:00:00Z"]"#)
        #expect(try JSONDecoder().decode([Timestamp].self, from: json) == [late])
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([Timestamp].self, from: Data(#"["2000-02-30T00:00:00Z"]"#.utf8))
        }
    }

    @Test("error messages name the text and say what is expected")
    func errorMessages() {
        let error = TimestampError(text: "2026-02-29T00:00:00Z", reason: .noSuchDay)
        #expect(error.description.contains("'2026-02-29T00:00:00Z'"))
        #expect(TimestampError(text: "x", reason: .notRFC3339).description.contains("YYYY-MM-DDTHH:MM:SSZ"))
    }

    private static func dayAfter(_ date: CivilDate) -> CivilDate {
        if date.day < CivilDate.dayCount(month: date.month, year: date.year) {
            return CivilDate(year: date.year, month: date.month, day: date.day + 1)
        }
        if date.month < 12 {
            return CivilDate(year: date.year, month: date.month + 1, day: 1)
        }
        return CivilDate(year: date.year + 1, month: 1, day: 1)
    }
}
