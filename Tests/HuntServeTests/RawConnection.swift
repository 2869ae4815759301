import NIOCore
import NIOPosix
import Synchronization

/// A socket to a server under test that sends bytes as written and keeps what comes back: for
/// what a test client cannot do, such as holding an event stream open or never finishing a request.
final class RawConnection: Sendable {
    private let channel: any Channel
    private let inbox: Inbox

    private init(channel: any Channel, inbox: Inbox) {
        self.channel = channel
        self.inbox = inbox
    }

    /// A connection to 127.0.0.1:`port` that has sent `request`.
    static func open(port: Int, sending request: String) async throws -> RawConnection {
        let inbox = Inbox()
        let channel = try await ClientBootstrap(group: NIOSingletons.posixEventLoopGroup)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(Collector(inbox: inbox)) }
            }
            .connect(host: "127.0.0.1", port: port).get()
        try await channel.writeAndFlush(ByteBuffer(string: request))
        return RawConnection(channel: channel, inbox: inbox)
    }

    /// An HTTP/1.1 GET of `path` on `port` with `headers` (`Host` is added).
    static func get(_ path: String, port: Int, headers: [String: String] = [:]) async throws -> RawConnection {
        let fields = (["Host": "127.0.0.1:\(port)"].merging(headers) { $1 }).map { "\($0.key): \($0.value)\r\n" }.joined()
        return try await open(port: port, sending: "GET \(path) HTTP/1.1\r\n\(fields)\r\n")
    }

    /// What the server has sent so far.
    var text: String { inbox.state.withLock { String(decoding: $0.bytes, as: UTF8.self) } }

    /// The server has closed the connection.
    var isClosed: Bool { inbox.state.withLock { $0.closed } }

    /// The status code of the response, once its status line has come.
    var status: Int? {
        let line = text.prefix { $0 != "\r" }
        guard line.hasPrefix("HTTP/1.1 ") else { return nil }
        return Int(line.dropFirst(9).prefix(3))
    }

    /// Waits until `done` holds (true) or `within` passes (false), looking every 20 ms.
    func wait(within: Duration = .seconds(5), until done: (RawConnection) -> Bool) async throws -> Bool {
        let deadline = ContinuousClock.now + within
        while !done(self) {
            guard ContinuousClock.now < deadline else { return false }
            try await Task.sleep(for: .milliseconds(20))
        }
        return true
    }

    func close() async { try? await channel.close() }

    private final class Inbox: Sendable {
        let state = Mutex<(bytes: [UInt8], closed: Bool)>(([], false))
    }

    private final class Collector: ChannelInboundHandler {
        typealias InboundIn = ByteBuffer
        let inbox: Inbox

        init(inbox: Inbox) { self.inbox = inbox }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            let buffer = unwrapInboundIn(data)
            inbox.state.withLock { $0.bytes += buffer.readableBytesView }
        }

        func channelInactive(context: ChannelHandlerContext) {
            inbox.state.withLock { $0.closed = true }
            context.fireChannelInactive()
        }

        func errorCaught(context: ChannelHandlerContext, error: any Error) { context.close(promise: nil) }
    }
}
