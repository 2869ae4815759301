import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// A request `hunt serve` refuses, worded for the judge: answered as plain text with its status
/// (and the console's security headers, as every answer has them).
public struct ServeError: Error, Sendable, CustomStringConvertible, HTTPResponseError {
    public var description: String
    /// The HTTP status code the API answers with.
    package var code: Int

    package init(_ description: String, status: Int = 400) {
        self.description = description
        self.code = status
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
