import Foundation
import HTTPTypes
import Hummingbird
import HuntKit
import NIOCore

/// A request `hunt serve` refuses, worded for the judge: answered as plain text with its status
/// (and the console's security headers, as every answer has them).
public struct ServeError: Error, Sendable, CustomStringConvertible, HTTPResponseError {
    public var description: String
    /// The HTTP status code the API answers with.
    package var code: Int

    /// The refusal's catalog entry, when a player reads it: the players' room answers it in the
    /// player's language (`PlayerRefusalWords`); `description` holds the English words, for logs.
    package var playerWords: PlayerWords?

    package init(_ description: String, status: Int = 400) {
        self.description = description
        self.code = status
    }

    /// A refusal a player reads: the catalogs' `key` filled with `values` (and `count`, for a
    /// counted text), in English here and in the player's language once the players' room answers it.
    package init(player key: String, count: Int? = nil, _ values: [String: String] = [:], status: Int = 400) {
        let words = PlayerWords(key: key, count: count, values: values)
        self.init(words.text(in: .english), status: status)
        playerWords = words
    }

    /// The status the refusal is answered with.
    public var status: HTTPResponse.Status { .init(code: code) }

    /// The refusal as plain text with its status (`text(_:status:)`).
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        Self.text(description, status: status)
    }

    /// A plain-text answer, with the security headers.
    static func text(_ message: String, status: HTTPResponse.Status) -> Response {
        var headers: HTTPFields = [.contentType: "text/plain; charset=utf-8"]
        headers.append(contentsOf: AccessMiddleware.securityHeaders)
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: message + "\n")))
    }
}

/// A refusal's words as a catalog entry, so each player reads it in their own language.
package struct PlayerWords: Sendable {
    /// The catalog key (`refused.too-large`).
    package var key: String
    /// The count that picks a counted text's form, if the text is counted.
    package var count: Int?
    /// The placeholders' values.
    package var values: [String: String]

    /// The words in `catalog`'s language.
    package func text(in catalog: PlayerCatalog) -> String {
        count.map { catalog.text(key, count: $0, values) } ?? catalog.text(key, values)
    }
}
