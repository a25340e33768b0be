/// A day of the proleptic Gregorian calendar, converted to and from a count of days since 1970-01-01.
///
/// The conversions count in 400-year eras (146,097 days each, the period after which the Gregorian
/// leap-year pattern repeats) on a year that starts on March 1, so the leap day is the last day of its
/// year and the month lengths from March on follow a fixed pattern. They are exact for every year an
/// `Int64` day count can reach and need no tables or Foundation.
struct CivilDate: Equatable {
    var year: Int64
    /// 1 to 12.
    var month: Int64
    /// 1 to the length of the month.
    var day: Int64

    /// Days from 0000-03-01 (the start of an era) to 1970-01-01.
    private static let epochOffset: Int64 = 719_468
    private static let daysPerEra: Int64 = 146_097

    /// Whether `year` has a February 29.
    static func isLeapYear(_ year: Int64) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    /// The number of days in `month` (1–12) of `year`; 0 for a month outside 1–12.
    static func dayCount(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 1, 3, 5, 7, 8, 10, 12: 31
        case 4, 6, 9, 11: 30
        case 2: isLeapYear(year) ? 29 : 28
        default: 0
        }
    }

    /// Whether the date names a real day of the calendar.
    var isValid: Bool {
        day >= 1 && day <= Self.dayCount(month: month, year: year)
    }

    /// Days since 1970-01-01 (negative before it). Only meaningful when `isValid`.
    var daysSinceEpoch: Int64 {
        // Shift the year to start in March: January and February belong to the previous one.
        let marchYear = month <= 2 ? year - 1 : year
        let era = marchYear.flooredQuotient(dividingBy: 400)
        let yearOfEra = marchYear - era * 400
        let monthFromMarch = month <= 2 ? month + 9 : month - 3
        // 153 days per five months (31+30+31+30+31) gives the start of each month from March.
        let dayOfYear = (153 * monthFromMarch + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * Self.daysPerEra + dayOfEra - Self.epochOffset
    }

    /// The date `days` days after 1970-01-01.
    init(daysSinceEpoch days: Int64) {
        let shifted = days + Self.epochOffset
        let era = shifted.flooredQuotient(dividingBy: Self.daysPerEra)
        let dayOfEra = shifted - era * Self.daysPerEra
        // Undo the leap-day corrections (every 4th, 100th and 400th year) to count whole years.
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        self.day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        self.month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        self.year = yearOfEra + era * 400 + (self.month <= 2 ? 1 : 0)
    }

    init(year: Int64, month: Int64, day: Int64) {
        self.year = year
        self.month = month
        self.day = day
    }
}

extension Int64 {
    /// The quotient rounded toward negative infinity, for a positive `divisor`: days and eras before
    /// 1970 and year 0 must count down, where `/` rounds toward zero.
    func flooredQuotient(dividingBy divisor: Int64) -> Int64 {
        self >= 0 ? self / divisor : (self - divisor + 1) / divisor
    }
}
