import Foundation
import HTTPTypes
import NIOCore
import NIOHTTPTypes
import Synchronization

/// Keeps the console answering while idle or half-open connections pile up, whoever opens them
/// (no token is needed to open a socket). Hummingbird's idle timeout closes a connection that
/// sends no complete request head, or sits idle between requests, for `idleTimeout`; this guard
/// bounds what can be open before that: at most `perAddress` connections from one client address
/// (a further one is closed at once), and at most `total` in all, kept below the process's
/// descriptor limit. At `total`, a new connection takes the place of the oldest one that has no
/// request in progress, a judge's last (judges first); when every connection is busy, the new one
/// is closed.
final class ConnectionGuard: Sendable {
    struct Limits: Sendable {
        var total: Int
        var perAddress: Int
        /// What Hummingbird's idle timeout is set to (see `ServeServer.application`).
        var idleTimeout: TimeAmount

        /// From the descriptor limit: 200 descriptors are kept for reading photos, the reviews
        /// file, `--out` and the listening socket.
        static var forThisProcess: Limits {
            var limit = rlimit()
            let soft = getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 ? Int(clamping: limit.rlim_cur) : 1024
            return Limits(total: max(32, min(soft, 65_536) - 200), perAddress: perAddress, idleTimeout: .seconds(5))
        }

        /// Connections one address may hold unless told otherwise: the judges' console alone.
        static let perAddress = 128

        /// With the players' pages, per team: a phone holds its page's event stream and sends two
        /// photos at a time (3 connections at most in Chromium, measured), and a venue's Wi-Fi, a
        /// carrier's CGNAT or a TLS proxy puts every phone behind one address; 8 a team covers
        /// two or three phones each (`.ci/bench/players-venue.sh`).
        static let perTeam = 8

        /// The soft descriptor limit raised to the hard one (at most 65,536): the shell's default
        /// (1,024 on Linux, 256 on macOS) holds fewer connections than a venue's phones keep open.
        static func raiseDescriptorLimit() {
            var limit = rlimit()
            guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return }
            // macOS refuses more than OPEN_MAX (10,240) whatever the hard limit says.
            for wanted in [rlim_t(65_536), rlim_t(10_240)] where limit.rlim_cur < min(wanted, limit.rlim_max) {
                var raised = limit
                raised.rlim_cur = min(wanted, limit.rlim_max)
                if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { return }
            }
        }
    }

    private struct Connection {
        let channel: any Channel
        let address: String
        let order: UInt64
        var requestsInProgress = 0
        var judge = false
    }

    let limits: Limits
    /// Whether a request head carries the judge's token.
    private let isJudge: @Sendable (HTTPRequest) -> Bool
    private struct State {
        var open: [ObjectIdentifier: Connection] = [:]
        var perAddress: [String: Int] = [:]
        var opened: UInt64 = 0

        mutating func forget(_ id: ObjectIdentifier) {
            guard let connection = open.removeValue(forKey: id) else { return }
            perAddress[connection.address, default: 1] -= 1
            if perAddress[connection.address] == 0 { perAddress[connection.address] = nil }
        }
    }

    private let state = Mutex(State())

    init(limits: Limits, isJudge: @escaping @Sendable (HTTPRequest) -> Bool) {
        self.limits = limits
        self.isJudge = isJudge
    }

    /// How many connections are open now.
    var count: Int { state.withLock { $0.open.count } }

    /// A handler for one connection's pipeline (after the HTTP codec).
    func handler() -> Handler { Handler(guard: self) }

    /// Takes in a new connection, or says to close it. A connection it makes way for is closed.
    private func admit(_ channel: any Channel) -> Bool {
        let id = ObjectIdentifier(channel)
        let address = channel.remoteAddress?.ipAddress ?? "?"
        var evicted: (any Channel)?
        let admitted: Bool = state.withLock { state in
            guard state.open[id] == nil else { return true }
            guard state.perAddress[address, default: 0] < limits.perAddress else { return false }
            if state.open.count >= limits.total {
                // The oldest idle connection, a judge's only when no other is idle.
                let idle = state.open.filter { $0.value.requestsInProgress == 0 }
                guard let victim = idle.min(by: { ($0.value.judge ? 1 : 0, $0.value.order) < ($1.value.judge ? 1 : 0, $1.value.order) }) else {
                    return false
                }
                state.forget(victim.key)
                evicted = victim.value.channel
            }
            state.opened += 1
            state.open[id] = Connection(channel: channel, address: address, order: state.opened)
            state.perAddress[address, default: 0] += 1
            return true
        }
        evicted?.close(promise: nil)
        return admitted
    }

    private func closed(_ channel: any Channel) { state.withLock { $0.forget(ObjectIdentifier(channel)) } }

    private func requestBegan(_ channel: any Channel, head: HTTPRequest) {
        let judge = isJudge(head)
        state.withLock { state in
            state.open[ObjectIdentifier(channel)]?.requestsInProgress += 1
            if judge { state.open[ObjectIdentifier(channel)]?.judge = true }
        }
    }

    private func responseEnded(_ channel: any Channel) {
        state.withLock { state in
            if let n = state.open[ObjectIdentifier(channel)]?.requestsInProgress, n > 0 { state.open[ObjectIdentifier(channel)]?.requestsInProgress = n - 1 }
        }
    }

    /// Tells the guard what one connection does: opened, a request begun, a response ended, closed.
    final class Handler: ChannelDuplexHandler, RemovableChannelHandler {
        typealias InboundIn = HTTPRequestPart
        typealias InboundOut = HTTPRequestPart
        typealias OutboundIn = HTTPResponsePart
        typealias OutboundOut = HTTPResponsePart

        private let connections: ConnectionGuard
        private var admitted = false
        /// The response being written is an event stream (it has no end of its own).
        private var streaming = false

        init(guard connections: ConnectionGuard) { self.connections = connections }

        private func admit(_ context: ChannelHandlerContext) {
            guard !admitted else { return }
            admitted = true
            if !connections.admit(context.channel) { context.close(promise: nil) }
        }

        func handlerAdded(context: ChannelHandlerContext) {
            if context.channel.isActive { admit(context) }
        }

        func channelActive(context: ChannelHandlerContext) {
            admit(context)
            context.fireChannelActive()
        }

        func channelInactive(context: ChannelHandlerContext) {
            connections.closed(context.channel)
            context.fireChannelInactive()
        }

        func handlerRemoved(context: ChannelHandlerContext) {
            connections.closed(context.channel)
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            if case .head(let head) = unwrapInboundIn(data) { connections.requestBegan(context.channel, head: head) }
            context.fireChannelRead(data)
        }

        func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
            switch unwrapOutboundIn(data) {
            case .head(let head): streaming = head.headerFields[.contentType] == "text/event-stream"
            case .end: streaming = false; connections.responseEnded(context.channel)
            case .body: break
            }
            context.write(data, promise: promise)
        }

        /// A client that closes its side of an event stream has gone (a browser tab closed): close
        /// the connection, which ends the stream now rather than at the next event. Any other
        /// request is still answered (a client may half-close once its request is sent).
        func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
            if let event = event as? ChannelEvent, event == .inputClosed, streaming {
                context.close(promise: nil)
                return
            }
            context.fireUserInboundEventTriggered(event)
        }
    }
}

@available(*, unavailable)
extension ConnectionGuard.Handler: Sendable {}
