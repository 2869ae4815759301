import Foundation
import Testing
@testable import HuntKit

@Suite("Typed answers against an answer key")
struct AnswerKeyTests {
    @Test(
        "forgiving where players expect it",
        arguments: [
            ("Seven", "7"), ("seven", "7"), ("7", "seven"), (" 7 ", "Seven"), ("SIETE", "7"), ("sept", "7"), ("sieben", "7"), ("zeven", "7"),
            ("twenty-one", "21"), ("Twenty one", "21"), ("dix-sept", "17"), ("1,000", "1000"), ("1 000", "1000"),
            ("the Dom Tower", "Dom Tower"), ("Dom tower!", "The Dom Tower"), ("dom  tower", "Dom Tower"),
            ("Café de Flore", "cafe de flore"), ("CAFE DE FLORE", "Café de Flore"), ("l'Arc de Triomphe", "Arc de Triomphe"),
            ("El Obelisco", "obelisco"), ("der Dom", "Dom"), ("het Vondelpark", "Vondelpark"), ("ｄｏｍ", "dom"),
            ("Straße", "strasse"), ("dom\u{202E}tower", "domtower"), ("\u{200B}dom", "dom"), ("St. Martin's", "st martins")
        ])
    func accepted(_ typed: String, _ answer: String) {
        #expect(
            AnswerKey(texts: [answer]).match(typed) == .accepted(answer),
            "\(typed) for \(answer): \(AnswerKey.folded(typed)) vs \(AnswerKey.folded(answer))")
    }

    @Test(
        "strict where it must be",
        arguments: [
            ("8", "7"), ("eight", "seven"), ("Dom", "Dom Tower"), ("tower dom", "Dom Tower"), ("Marseille", "Paris"), ("71", "7")
        ])
    func wrong(_ typed: String, _ answer: String) {
        #expect(AnswerKey(texts: [answer]).match(typed) == .wrong, "\(typed) for \(answer)")
    }

    @Test("one or two letters off a long answer goes to the judges; off a short one is wrong")
    func close() {
        let key = AnswerKey(texts: ["Rietveld Schröder", "Dom"])
        #expect(key.match("Rietveld Schroeder") == .close(to: "Rietveld Schröder", distance: 1))
        #expect(key.match("Rietfeld Shroder") == .close(to: "Rietveld Schröder", distance: 2))
        #expect(key.match("Rietfelt Shrodr") == .wrong, "three letters off")
        #expect(key.match("Don") == .wrong, "a three-letter answer has no close ones")
        #expect(AnswerKey(texts: ["Utrecht"]).match("Utrekht") == .close(to: "Utrecht", distance: 1))
        #expect(AnswerKey(texts: ["Utrecht"]).match("Utrekkt") == .wrong, "a seven-letter answer allows one letter")
    }

    @Test("the first of several answers that matches")
    func several() {
        let key = AnswerKey(texts: ["Dom Tower", "Domtoren", "Torre del Dom"])
        #expect(key.match("domtoren") == .accepted("Domtoren"))
        #expect(key.match("Torre del Dom") == .accepted("Torre del Dom"))
    }

    @Test("a * stands for any run of characters")
    func wildcard() {
        let key = AnswerKey(texts: ["*tower"])
        #expect(key.match("The Dom Tower") == .accepted("*tower"))
        #expect(key.match("tower") == .accepted("*tower"))
        #expect(key.match("towers") == .wrong)
        let middle = AnswerKey(texts: ["Saint*Martin"])
        #expect(middle.match("Saint Martin") == .accepted("Saint*Martin"))
        #expect(middle.match("Saint-Pierre-et-Martin") == .accepted("Saint*Martin"))
        #expect(middle.match("Martin Saint") == .wrong)
        #expect(AnswerKey(texts: ["Dom*"]).match("dom tower") == .accepted("Dom*"))
        #expect(AnswerKey(texts: ["a*b*c"]).match("abc") == .accepted("a*b*c"))
        #expect(AnswerKey(texts: ["a*b*c"]).match("ac") == .wrong)
    }

    @Test("a number within its tolerance, as digits, a decimal comma or words")
    func numbers() {
        let key = AnswerKey([.number(42, within: 2)])
        for typed in ["42", "40", "44", "43.5", "43,5", "forty two", "Forty-Two", "cuarenta y dos".replacingOccurrences(of: " y ", with: " ")] {
            #expect(key.match(typed) == .accepted("42"), "\(typed)")
        }
        for typed in ["45", "39.9", "thirty", "lots", "nan", "inf", "1e308", "-42"] {
            #expect(key.match(typed) == .wrong, "\(typed)")
        }
        #expect(AnswerKey([.number(-3, within: 0)]).match("minus 3") == .accepted("-3"))
        #expect(AnswerKey([.number(-3, within: 0)]).match("-3") == .accepted("-3"))
        #expect(AnswerKey([.number(-3, within: 0)]).match("3") == .wrong)
        #expect(AnswerKey([.number(2.5, within: 0.1)]).match("2,5") == .accepted("2.5"))
    }

    @Test("empty and overlong answers are said to be so")
    func emptyAndLong() {
        let key = AnswerKey(texts: ["Dom"])
        #expect(key.match("") == .empty)
        #expect(key.match("  ?! ") == .empty)
        #expect(key.match("\u{202E}\u{200B}") == .empty)
        #expect(key.match(String(repeating: "a", count: AnswerKey.maximumTypedBytes + 1)) == .tooLong)
        #expect(key.match(String(repeating: "a", count: AnswerKey.maximumTypedBytes)) == .wrong)
    }

    @Test("problems of a key for validate")
    func problems() {
        #expect(AnswerKey(texts: ["The"]).problems.isEmpty, "one word is kept even if it is an article")
        #expect(AnswerKey(texts: ["?!"]).problems.count == 1)
        #expect(AnswerKey(texts: ["the*"]).problems.count == 1, "accepts anything")
        #expect(AnswerKey([]).problems == ["no accepted answer"])
        #expect(AnswerKey([.number(.nan, within: -1)]).problems.count == 2)
        #expect(AnswerKey(texts: ["Dom"]).problems.isEmpty)
    }

    @Test("fuzz: any text, any key: no trap, and an answer always matches itself")
    func fuzz() {
        var generator = SystemRandomNumberGenerator()
        let alphabet: [Character] = Array("aAeé éÉ1 7 ,.-*'\"\u{202E}\u{200F}\u{0301}\u{0000}\u{001B}ßﬁ日本语مرحبا\n\t🦊") + ["\u{1F1F3}\u{1F1F1}"]
        for _ in 0..<2_000 {
            let length = Int.random(in: 0...40, using: &generator)
            let text = String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
            let key = AnswerKey(texts: [text])
            _ = key.match(String(text.reversed()))
            _ = AnswerKey([.number(Double.random(in: -1e6...1e6, using: &generator), within: 1)]).match(text)
            if !text.contains("*"), !AnswerKey.folded(text).isEmpty, text.utf8.count <= AnswerKey.maximumTypedBytes {
                #expect(key.match(text) == .accepted(text), "\(text.debugDescription)")
            }
        }
        // The longest typed answer against a key as long: one letter off is close.
        let long = String(repeating: "ab", count: AnswerKey.maximumTypedBytes / 2)
        #expect(AnswerKey(texts: [long]).match(String(long.dropLast()) + "c") == .close(to: long, distance: 1))
    }
}
