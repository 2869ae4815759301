/// Day counts in the proleptic Gregorian calendar without Foundation's Calendar (which is slow on
/// hot paths): Howard Hinnant's `days_from_civil` and `civil_from_days`.
enum CivilCalendar {
    /// Days since 1970-01-01.
    /// Days in a month of the Gregorian calendar.
    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    static func daysFromCivil(_ year: Int, _ month: Int, _ day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The year, month and day of a count of days since 1970-01-01.
    static func civilFromDays(_ z: Int) -> (Int, Int, Int) {
        let z = z + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let y = yoe + era * 400
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (m <= 2 ? y + 1 : y, m, d)
    }

    /// The instants these functions take, in seconds since 1970: some 31 million years either
    /// side, far past any real date, and near enough that its milliseconds, days and years fit
    /// in `Int` with room to spare.
    static let heldSeconds: ClosedRange<Double> = -1e15...1e15

    /// `seconds` (since 1970) held within `heldSeconds`, NaN read as 0: what every conversion of
    /// an instant to whole days and seconds starts from, so that a number past any date (a
    /// client's `fixed_at=1e19`, a video's 64-bit creation time) is written as the nearest one
    /// held instead of trapping in `Int(_:)`.
    static func held(_ seconds: Double) -> Double {
        seconds.isNaN ? 0 : min(max(seconds, heldSeconds.lowerBound), heldSeconds.upperBound)
    }

    /// The day (since 1970-01-01) and the second within it of a count of seconds since
    /// 1970-01-01 UTC; floored, so an instant before 1970 falls on its own day.
    static func dayAndSecond(_ seconds: Int) -> (day: Int, second: Int) {
        let day = seconds >= 0 ? seconds / 86_400 : -((-seconds + 86_399) / 86_400)
        return (day, seconds - day * 86_400)
    }
}
