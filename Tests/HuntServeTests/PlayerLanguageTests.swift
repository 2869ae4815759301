import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import HuntServe

/// Issue 39, items 1 and 5: the team page in the language the phone asks for among those the
/// hunt offers, the page's switch winning, right to left for Arabic; the team's state (task
/// titles, reasons) in the same language.
@Suite struct PlayerLanguageTests {
    static func fixture() async throws -> ServeFixture {
        try await ServeFixture { folder in
            let url = folder.appendingPathComponent("hunt.yaml")
            var text = try String(contentsOf: url, encoding: .utf8)
            text = text.replacingOccurrences(
                of: "\ntimezone: Europe/Amsterdam\n", with: "\nlanguage: en\nlanguages: [en, es, ar]\ntimezone: Europe/Amsterdam\n")
            text = text.replacingOccurrences(of: "title: The Kruyt tower", with: "title: { en: The Kruyt tower, es: La torre Kruyt }")
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
    }

    @Test func thePageIsInThePhonesLanguageAndTheSwitchWins() async throws {
        let fixture = try await Self.fixture()
        defer { fixture.remove() }
        let room = PlayerRoutesTests.room("foxes")
        try await PlayerRoutesTests.application(fixture).test(.router) { client in
            try await client.execute(uri: room, method: .get, headers: [.acceptLanguage: "es-AR,es;q=0.9,en;q=0.5"]) { response in
                #expect(response.text.contains(#"<html lang="es" dir="ltr">"#))
                #expect(response.text.contains("<h2>Otras fotos</h2>") && response.text.contains(#"["es","Español"]"#))
            }
            try await client.execute(uri: room, method: .get, headers: [.acceptLanguage: "fr-FR,fr"]) { response in
                #expect(response.text.contains(#"<html lang="en" dir="ltr">"#) && response.text.contains("<h2>Other photos</h2>"))
            }
            try await client.execute(uri: room + "?lang=en", method: .get, headers: [.acceptLanguage: "es"]) { response in
                #expect(response.text.contains(#"<html lang="en""#), "the page's switch wins over the phone")
            }
            try await client.execute(uri: room, method: .get, headers: [.acceptLanguage: "ar"]) { response in
                #expect(response.text.contains(#"<html lang="ar" dir="rtl">"#) && response.text.contains("صور أخرى"))
            }
            try await client.execute(uri: room + "/api/state?lang=es", method: .get) { response in
                #expect(response.text.contains(#""title":"La torre Kruyt""#))
            }
            try await client.execute(uri: room + "/api/state?lang=en", method: .get) { response in
                #expect(response.text.contains(#""title":"The Kruyt tower""#))
            }
        }
    }

    /// Issue 39, item 6: what the server refuses reaches the player in the page's language —
    /// an upload that is no photo, an answer for no question, a link that names no team (else the hunt's).
    @Test func refusalsAreInThePlayersLanguage() async throws {
        let fixture = try await Self.fixture()
        defer { fixture.remove() }
        let room = PlayerRoutesTests.room("foxes")
        try await PlayerRoutesTests.application(fixture).test(.router) { client in
            let notAPhoto = ByteBuffer(string: String(repeating: "not a photo ", count: 20))
            try await client.execute(uri: room + "/upload?task=library&lang=es", method: .post, body: notAPhoto) { response in
                #expect(response.status.code == 415)
                #expect(response.text.contains("esto no es una foto ni un video"), "\(response.text)")
            }
            try await client.execute(uri: room + "/upload?task=library&lang=ar", method: .post, body: notAPhoto) { response in
                #expect(response.status.code == 415 && response.text.contains("هذه ليست صورة"), "\(response.text)")
            }
            try await client.execute(uri: room + "/upload?task=library", method: .post, headers: [.acceptLanguage: "fr"], body: notAPhoto) {
                response in
                #expect(response.text.contains("this is not a photo or a video"), "French is not offered: the hunt's language")
            }
            let body = ByteBuffer(string: #"{"task":"nope","answer":"7"}"#)
            try await client.execute(uri: room + "/answer?lang=es", method: .post, headers: [.contentType: "application/json"], body: body) {
                response in
                #expect(response.status.code == 404 && response.text.contains("esta pregunta no está"), "\(response.text)")
            }
            try await client.execute(uri: "/t/00000000000000000000000000000000/api/state", method: .get, headers: [.acceptLanguage: "es"]) {
                response in
                #expect(response.status.code == 404 && response.text.contains("este enlace de equipo no es válido"), "\(response.text)")
            }
        }
    }
}
