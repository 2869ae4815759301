import Foundation
import HuntKit

/// Messages to standard error that quote paths, names or errors: shown through
/// `TerminalText.visible`, so a file name holding an escape sequence is printed, not obeyed.
/// Line breaks are kept: the message's lines are this program's. Text the library already made
/// safe (rendered diagnostics, which carry their own colours) is written as it is.
enum Console {
    static func error(_ text: String) {
        FileHandle.standardError.write(Data(TerminalText.visible(text, keepingLineBreaks: true).utf8))
    }

    static func output(_ text: String) {
        FileHandle.standardOutput.write(Data(TerminalText.visible(text, keepingLineBreaks: true).utf8))
    }
}
