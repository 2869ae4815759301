import Hummingbird
import NIOCore

/// A request's context: who it is from, as its token says.
public struct ServeContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// Set by `AccessMiddleware`; nil for no valid token.
    public var role: ServeTokens.Role?

    /// Completes when the client's connection closes (an event stream ends then).
    var connectionClosed: EventLoopFuture<Void>?

    public init(source: Source) {
        coreContext = .init(source: source)
        role = nil
        connectionClosed = source.channel.closeFuture
    }

    /// Decisions, even bulk ones, are small; nothing else has a body.
    public var maxUploadSize: Int { ServeRoutes.maximumBodyBytes }
}
