import Hummingbird
import NIOCore

/// A request's context: who it is from, as its token says.
public struct ServeContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// Set by `AccessMiddleware`; nil for no valid token.
    public var role: ServeTokens.Role?
    /// The team a players' room request is for (set by `PlayerAccess` from the token in its path).
    public var team: String?

    /// Completes when the client's connection closes (an event stream ends then).
    var connectionClosed: EventLoopFuture<Void>?

    public init(source: Source) {
        coreContext = .init(source: source)
        role = nil
        team = nil
        connectionClosed = source.channel.closeFuture
    }

    /// Decisions, even bulk ones, are small; uploads are streamed, not collected.
    public var maxUploadSize: Int { ServeRoutes.maximumBodyBytes }
}
