import Foundation
import HuntKit

/// A task's hints on sheets: players' cards print the free ones (as `hint:` is printed) and for
/// the others only when or for what they open, never their text; the answer key lists them all.
extension SheetDocument {
    /// The free hints' texts in `language`, as the card's one hint; nil when there is none.
    static func freeHints(_ task: HuntTask, language: String?) -> String? {
        let texts = task.allHints.filter(\.isFree).compactMap { $0.text.text(in: language).nilIfBlank }
        return texts.isEmpty ? nil : texts.joined(separator: " · ")
    }

    /// "Hint at 11:30" for each hint that opens by time (when the time is the same for every
    /// team), "Hint for 5 points" for each that is sold.
    static func hintDetails(_ task: HuntTask, in hunt: Hunt, words: PlayerCatalog) -> [String] {
        var details: [String] = []
        for hint in task.allHints where !hint.isFree {
            if let opening = task.hintOpening(hint, in: hunt, unlockedAt: nil), opening != .distantPast {
                details.append(words.text("sheet.hint-at", ["time": HuntClock(timezone: hunt.timezone).clockTimes(opening, opening).0]))
            }
            if let cost = hint.cost { details.append(words.text("sheet.hint-cost", count: cost)) }
        }
        return details
    }

    /// Every hint's text for the answer key, each sold or timed one with what opens it
    /// (`(after 20 min, 5 pts)`), in the words' language; nil when the task has none.
    static func keyHints(_ task: HuntTask, language: String?, words: PlayerCatalog) -> String? {
        let lines = task.allHints.compactMap { hint -> String? in
            guard let text = hint.text.text(in: language).nilIfBlank else { return nil }
            let terms = [
                hint.after.map { words.text("sheet.key.hint-after", ["time": span($0, words)]) },
                hint.cost.map { words.text("sheet.points", count: $0) }
            ].compactMap { $0 }
            return terms.isEmpty ? text : text + " (" + terms.joined(separator: words.text("list.comma")) + ")"
        }
        return lines.isEmpty ? nil : lines.joined(separator: " · ")
    }
}
