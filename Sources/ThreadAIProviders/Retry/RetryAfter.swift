#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ThreadAISupport

/// Reads how long a server asks the client to wait: `retry-after-ms` first (Anthropic's and
/// OpenAI's millisecond header), then `retry-after` as seconds or as an HTTP date.
enum RetryAfter {
    static func parse(_ headers: HTTPHeaders, now: Date) -> Duration? {
        if let text = headers["retry-after-ms"], let milliseconds = Double(text.trimmed), milliseconds.isFinite, milliseconds >= 0 {
            return .milliseconds(milliseconds)
        }
        guard let text = headers["retry-after"]?.trimmed, !text.isEmpty else { return nil }
        if let seconds = Double(text), seconds.isFinite {
            return seconds >= 0 ? .milliseconds(seconds * 1000) : nil
        }
        guard let date = httpDate(text) else { return nil }
        return .milliseconds(max(0, date.timeIntervalSince(now)) * 1000)
    }

    /// An IMF-fixdate such as `Sun, 06 Nov 1994 08:49:37 GMT`, the form HTTP requires senders to use.
    static func httpDate(_ text: String) -> Date? {
        let parts = text.split(separator: " ")
        guard parts.count == 6, parts[5] == "GMT",
              let day = Int(parts[1]),
              let month = months.firstIndex(of: String(parts[2])),
              let year = Int(parts[3]) else { return nil }
        let clock = parts[4].split(separator: ":").compactMap { Int($0) }
        guard clock.count == 3 else { return nil }
        var components = DateComponents()
        components.year = year
        components.month = month + 1
        components.day = day
        components.hour = clock[0]
        components.minute = clock[1]
        components.second = clock[2]
        var calendar = Calendar(identifier: .gregorian)
        guard let utc = TimeZone(identifier: "UTC") else { return nil }
        calendar.timeZone = utc
        return calendar.date(from: components)
    }

    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
}

private extension String {
    var trimmed: String { trimmingSpaces() }
}
