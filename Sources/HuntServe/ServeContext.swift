import Foundation
import Hummingbird
import NIOCore

/// A request's context: who it is from, as its token says.
package struct ServeContext: RequestContext {
    package var coreContext: CoreRequestContextStorage
    /// Set by `AccessMiddleware`; nil for no valid token.
    package var role: ServeTokens.Role?
    /// The team a players' room request is for (set by `PlayerAccess` from the token in its path).
    package var team: String?

    /// Completes when the client's connection closes (an event stream ends then).
    var connectionClosed: EventLoopFuture<Void>?

    package init(source: Source) {
        coreContext = .init(source: source)
        role = nil
        team = nil
        connectionClosed = source.channel.closeFuture
    }

    /// Decisions, even bulk ones, are small; uploads are streamed, not collected.
    package var maxUploadSize: Int { ServeRoutes.maximumBodyBytes }

    /// Answers are JSON with the keys each type declares, sorted, as every JSON file of the
    /// console's is (`ServeJSON`).
    package var responseEncoder: JSONEncoder { ServeJSON.encoder }

    /// Request bodies are JSON; a refusal is worded for the judge (`ServeRequestDecoder`).
    package var requestDecoder: ServeRequestDecoder { ServeRequestDecoder() }
}

/// Reads a request's JSON body as Hummingbird's JSON decoder does, with the console's refusals:
/// a body over `maxUploadSize` is 413, one that is not the JSON asked for is 400, each said in
/// words that point at the API's table rather than at a coding path.
package struct ServeRequestDecoder: RequestDecoder {
    package func decode<T: Decodable>(_ type: T.Type, from request: Request, context: some RequestContext) async throws -> T {
        let body: ByteBuffer
        do { body = try await request.body.collect(upTo: context.maxUploadSize) } catch {
            throw ServeError("the request body is larger than \(context.maxUploadSize >> 20) MiB", status: 413)
        }
        do { return try ServeJSON.decoder.decode(type, from: Data(buffer: body)) } catch {
            throw ServeError("the request body is not the JSON this takes (see “The judges' console”, the API table): \(error.localizedDescription)")
        }
    }
}
