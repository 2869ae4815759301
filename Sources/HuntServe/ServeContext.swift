import Hummingbird

/// A request's context: who it is from, as its token says.
public struct ServeContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// Set by `AccessMiddleware`; nil for no valid token.
    public var role: ServeTokens.Role?

    public init(source: Source) {
        coreContext = .init(source: source)
        role = nil
    }

    /// Decisions, even bulk ones, are small; nothing else has a body.
    public var maxUploadSize: Int { ServeRoutes.maximumBodyBytes }
}
