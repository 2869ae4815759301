import Foundation
import HuntKit

extension ServeSession {
    /// With `--rehearse`, a line for the organizer: the day, and the window as moved; nil otherwise.
    package var rehearsalLine: String? {
        guard let day = configuration.rehearsalDay else { return nil }
        let clock = HuntClock(timezone: hunt.timezone)
        let window =
            hunt.window.map { "the window is \(clock.iso($0.start)) to \(clock.iso($0.end))" } ?? "the hunt has no window: its times stay as they are"
        return "rehearsal on \(day.text): \(window); every page and output says REHEARSAL"
    }
}
