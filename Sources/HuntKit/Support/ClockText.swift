/// Clock fields as ISO 8601 writes them, for the texts that are not on a hot path (the judge's
/// own times go through `HuntClock`'s byte writer).
enum ClockText {
    /// `07`, `12`.
    static func twoDigits(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

    /// A UTC offset: `+02:00`, `-03:30`.
    static func offset(_ seconds: Int) -> String {
        let minutes = abs(seconds) / 60
        return (seconds < 0 ? "-" : "+") + twoDigits(minutes / 60) + ":" + twoDigits(minutes % 60)
    }
}
