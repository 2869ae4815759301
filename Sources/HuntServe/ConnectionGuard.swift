import Foundation
import HTTPTypes
import NIOCore
import NIOHTTPTypes
import Synchronization

/// Keeps the console answering while idle, half-open or busy connections pile up, whoever opens
/// them (no token is needed to open a socket). Hummingbird's idle timeout closes a connection that
/// sends no complete request head, or sits idle between requests, for `idleTimeout`; this guard
/// bounds what can be open before that. It never refuses a connection for where it comes from:
/// behind a venue's NAT or the TLS proxy, the judges, every phone and any attacker share one
/// address. It counts each connection against whoever its request says it serves (`Holder`,
/// `Ledger`): a team's room, the leaderboard's screens, or, without a valid token, the client
/// address; the judge's token against nothing but `total`, kept below the process's descriptor
/// limit. Over an allowance, that holder's oldest idle connection makes way, else the request is
/// answered 429 here, without reaching the routes, and its connection closed. A request body that
/// drips (`bodyBytesPerWindow`) has its connection closed too.
final class ConnectionGuard: Sendable {
    struct Limits: Sendable {
        var total: Int
        /// Connections from one address without a valid token (or before their first request).
        var perAddress: Int
        /// Connections for one team's room, wherever they come from.
        var perTeam = Limits.perTeam
        /// Connections with the leaderboard's token, in all.
        var viewers = Limits.viewers
        /// What Hummingbird's idle timeout is set to (see `ServeServer.application`).
        var idleTimeout: TimeAmount
        /// A request body must bring at least `bodyBytesPerWindow` bytes in each `bodyWindow`, or
        /// its connection is closed: the idle timeout alone keeps open a body that drips a byte
        /// every few seconds. 8 KiB in 20 s (400 B/s) is far below what any phone that can send a
        /// photo at all manages.
        var bodyWindow: TimeAmount = .seconds(20)
        var bodyBytesPerWindow = 8_192

        /// From the descriptor limit: 200 descriptors are kept for reading photos, the reviews
        /// file, `--out` and the listening socket.
        static var forThisProcess: Limits {
            var limit = rlimit()
            let soft = getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 ? Int(clamping: limit.rlim_cur) : 1024
            return Limits(total: max(32, min(soft, 65_536) - 200), perAddress: perAddress, idleTimeout: .seconds(5))
        }

        /// Connections without a valid token one address may hold unless told otherwise.
        static let perAddress = 128

        /// With the players' pages, per team: a phone holds its page's event stream and sends two
        /// photos at a time (3 connections at most in Chromium, measured), and a venue's Wi-Fi, a
        /// carrier's CGNAT or a TLS proxy puts every phone behind one address; 8 a team covers
        /// two or three phones each (`.ci/bench/players-venue.sh`). The default of `perAddress`
        /// with the players' pages is 8 a team too: a burst of uploads through one proxy opens
        /// that many connections before their request heads are read.
        static let perTeam = 8

        /// Screens showing the leaderboard: its URL is handed out more widely than the judge's (a
        /// screen per team, or every player's phone without `--players`), and streams cost ~30 KB.
        static let viewers = 512

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

    let limits: Limits
    /// Whose a request head is: the judge's, a team's, the leaderboard's; nil without a valid token.
    private let holder: @Sendable (HTTPRequest) -> Holder?
    private struct State {
        var ledger: Ledger<ObjectIdentifier>
        var channels: [ObjectIdentifier: any Channel] = [:]

        /// Applies `answer`: forgets the channels it evicts and hands them back to be closed.
        mutating func evicted(by answer: Ledger<ObjectIdentifier>.Answer) -> [any Channel] {
            guard case .go(let keys) = answer else { return [] }
            return keys.compactMap { channels.removeValue(forKey: $0) }
        }
    }

    private let state: Mutex<State>

    init(limits: Limits, holder: @escaping @Sendable (HTTPRequest) -> Holder?) {
        self.limits = limits
        self.holder = holder
        state = Mutex(State(ledger: Ledger(limits: limits)))
    }

    /// How many connections are open now.
    var count: Int { state.withLock { $0.ledger.open.count } }

    /// A handler for one connection's pipeline (after the HTTP codec).
    func handler() -> Handler { Handler(guard: self) }

    /// Takes in a new connection, or says to close it. A connection it makes way for is closed.
    private func admit(_ channel: any Channel) -> Bool {
        let id = ObjectIdentifier(channel)
        let address = channel.remoteAddress?.ipAddress ?? "?"
        let (answer, evicted) = state.withLock { state in
            let answer = state.ledger.admit(id, address: address)
            if answer != .refuse { state.channels[id] = channel }
            return (answer, state.evicted(by: answer))
        }
        for channel in evicted { channel.close(promise: nil) }
        return answer != .refuse
    }

    private func closed(_ channel: any Channel) {
        state.withLock { state in
            let id = ObjectIdentifier(channel)
            state.ledger.forget(id)
            state.channels[id] = nil
        }
    }

    /// Whether the request may go on; a connection it makes way for is closed.
    private func requestBegan(_ channel: any Channel, head: HTTPRequest) -> Bool {
        let holder = holder(head)
        let (answer, evicted) = state.withLock { state in
            let answer = state.ledger.began(ObjectIdentifier(channel), holder: holder)
            return (answer, state.evicted(by: answer))
        }
        for channel in evicted { channel.close(promise: nil) }
        return answer != .refuse
    }

    private func responseEnded(_ channel: any Channel) { state.withLock { $0.ledger.ended(ObjectIdentifier(channel)) } }

    /// Tells the guard what one connection does: opened, a request begun, a response ended, closed.
    final class Handler: ChannelDuplexHandler, RemovableChannelHandler {
        typealias InboundIn = HTTPRequestPart
        typealias InboundOut = HTTPRequestPart
        typealias OutboundIn = HTTPResponsePart
        typealias OutboundOut = HTTPResponsePart

        private let connections: ConnectionGuard
        private var admitted = false
        /// The request being read was refused: its remaining parts are dropped.
        private var refusing = false
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
            stopBodyClock()
            connections.closed(context.channel)
            context.fireChannelInactive()
        }

        func handlerRemoved(context: ChannelHandlerContext) {
            stopBodyClock()
            connections.closed(context.channel)
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            guard !refusing else { return }
            switch unwrapInboundIn(data) {
            case .head(let head):
                guard connections.requestBegan(context.channel, head: head) else {
                    refusing = true
                    refuse(context)
                    return
                }
                let fields = head.headerFields
                if fields[.transferEncoding] != nil || (fields[.contentLength].flatMap { Int($0) } ?? 0) > 0 { startBodyClock(context) }
            case .body(let piece): bodyBytes? += piece.readableBytes
            case .end: stopBodyClock()
            }
            context.fireChannelRead(data)
        }

        /// Body bytes read since the body clock last looked; nil while no body is being read.
        private var bodyBytes: Int?
        private var bodyClock: RepeatedTask?

        /// Closes the connection when a window passes in which the body brought too little.
        private func startBodyClock(_ context: ChannelHandlerContext) {
            stopBodyClock()
            bodyBytes = 0
            let (limits, channel) = (connections.limits, context.channel)
            let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
            bodyClock = context.eventLoop.scheduleRepeatedTask(initialDelay: limits.bodyWindow, delay: limits.bodyWindow) { task in
                let handler = handler.value
                guard let read = handler.bodyBytes else { task.cancel(); return }
                if read >= limits.bodyBytesPerWindow { handler.bodyBytes = 0; return }
                task.cancel()
                channel.close(promise: nil)
            }
        }

        private func stopBodyClock() {
            bodyClock?.cancel()
            bodyClock = nil
            bodyBytes = nil
        }

        /// Answers the request with 429 and closes, without passing it on: its holder has all the
        /// connections it may keep, each busy.
        private func refuse(_ context: ChannelHandlerContext) {
            let text = ByteBuffer(string: "too many connections at once for this team, address or screen: close another page or wait a few seconds\n")
            let head = HTTPResponse(
                status: .tooManyRequests,
                headerFields: [
                    .retryAfter: "5", .connection: "close", .contentType: "text/plain; charset=utf-8", .contentLength: "\(text.readableBytes)"
                ])
            context.write(wrapOutboundOut(.head(head)), promise: nil)
            context.write(wrapOutboundOut(.body(text)), promise: nil)
            let channel = context.channel
            context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in channel.close(promise: nil) }
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
