import Foundation
import ServiceLifecycle
import Synchronization

/// `hunt serve --public` NAME: Caddy (Debian `caddy`) in front of the loopback server, with its
/// automatic certificate for NAME (Let's Encrypt or ZeroSSL; or its own CA, `tls internal`, for a
/// rehearsal or a test), so phones get an HTTPS page and give their position. Caddy is a child
/// process, started once the server listens and stopped with it; when Caddy stops on its own the
/// server stops too and says why. It is waited for (its end is a termination handler), never polled.
package struct PublicProxy: Sendable {
    /// How Caddy gets its certificate.
    package enum Certificates: String, Sendable, CaseIterable {
        /// From a CA on the internet (ACME: Let's Encrypt, ZeroSSL): the name must point at this machine, ports 80 and 443 open.
        case automatic
        /// From Caddy's own local CA: nothing leaves the machine; phones must trust its root.
        case `internal`
    }

    /// The name phones open (`hunt.example.org`).
    package var name: String
    /// The HTTPS port (443; another for a test).
    package var port: Int
    package var certificates: Certificates
    /// The `caddy` to run (found on PATH by default).
    package var caddy: String

    package init(name: String, port: Int = 443, certificates: Certificates = .automatic, caddy: String = "caddy") {
        self.name = name.lowercased()
        self.port = port
        self.certificates = certificates
        self.caddy = caddy
    }

    /// `https://NAME` (with `:PORT` when it is not 443): what the phones and the judges open.
    package var base: String { port == 443 ? "https://\(name)" : "https://\(name):\(port)" }

    /// The Host header values requests through Caddy carry.
    package var hosts: [String] { [name, "\(name):\(port)"] }

    // MARK: Before starting

    /// The `caddy` executable's path, or what to install.
    package func caddyPath() throws(ServeError) -> String {
        if caddy.contains("/") {
            guard FileManager.default.isExecutableFile(atPath: caddy) else { throw ServeError("--public: \(caddy) is not an executable") }
            return caddy
        }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for folder in path.split(separator: ":") where FileManager.default.isExecutableFile(atPath: "\(folder)/\(caddy)") {
            return "\(folder)/\(caddy)"
        }
        throw ServeError(
            "--public runs Caddy, which is not installed: `sudo apt install caddy` (Debian, Ubuntu) or see https://caddyserver.com/docs/install")
    }

    /// Checks that `name` points at this machine (one of `local` addresses, the machine's
    /// interfaces by default) before Caddy asks a CA for its certificate; the addresses it points
    /// at, or what is wrong, with what to do. A machine behind a router that forwards ports 80 and
    /// 443 holds the name's address on none of its interfaces: `forwarded` skips the comparison.
    package func checkName(local: Set<String>? = nil, forwarded: Bool = false) throws(ServeError) -> [String] {
        let found = Self.addresses(of: name)
        let here = local ?? Set(ServeServer.interfaceAddresses().map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "[]")) })
        if let problem = problem(found: found, here: here, forwarded: forwarded) { throw problem }
        return found
    }

    /// What is wrong with a name that resolves to `found` for a machine whose addresses are `here`; nil when nothing is.
    func problem(found: [String], here: Set<String>, forwarded: Bool) -> ServeError? {
        guard !found.isEmpty else {
            return ServeError(
                "--public \(name): the name does not resolve (no A or AAAA record): add a DNS record pointing it at this machine's public address, "
                    + "then try again in a few minutes. Without a public name the phones get plain HTTP: photos count by their own GPS, but browsers give no position"
            )
        }
        if found.allSatisfy(ServeServer.isLoopback) {
            return certificates == .internal
                ? nil
                : ServeError(
                    "--public \(name): the name points at this machine's loopback (\(found.joined(separator: ", "))), which no phone reaches and no public CA "
                        + "certifies: give the machine's public name, or add --public-ca internal to try it on this machine")
        }
        if forwarded || found.contains(where: here.contains) { return nil }
        return ServeError(
            "--public \(name): the name points at \(found.joined(separator: ", ")), which is not this machine (\(here.sorted().joined(separator: ", "))): "
                + "point its DNS record at this machine's public address, or, if a router forwards ports 80 and 443 here, add --public-forwarded")
    }

    /// The IPv4 and IPv6 addresses `name` resolves to, sorted.
    static func addresses(of name: String) -> [String] {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(name, nil, &hints, &list) == 0, let first = list else { return [] }
        defer { freeaddrinfo(list) }
        var found: Set<String> = []
        for entry in sequence(first: first, next: { $0.pointee.ai_next }) {
            var text = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            guard getnameinfo(entry.pointee.ai_addr, entry.pointee.ai_addrlen, &text, socklen_t(text.count), nil, 0, NI_NUMERICHOST) == 0 else {
                continue
            }
            found.insert(String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return found.sorted()
    }

    // MARK: Running

    /// The Caddyfile for a server on `upstream` (`127.0.0.1:PORT`): no admin endpoint, the Host
    /// header passed on (the server checks it against `hosts`).
    func caddyfile(upstream: String) -> String {
        let redirects = port == 443 ? "" : "\tauto_https disable_redirects\n"
        let tls = certificates == .internal ? "\ttls internal\n" : ""
        // A CA root of Caddy's own (`tls internal`, and what Caddy uses by itself for names like
        // `localhost`) is never put in this machine's trust store: phones are what must trust it.
        let trust = "\tskip_install_trust\n"
        return """
            {
            \tadmin off
            \thttps_port \(port)
            \(redirects)\(trust)}

            \(name):\(port) {
            \(tls)\treverse_proxy \(upstream)
            }

            """
    }

    /// The service that runs Caddy for the server once `upstream` is known (`started(upstream:)`).
    package func service() -> Service { Service(proxy: self) }

    /// Caddy as a service of the server's group: started when the server listens, stopped (SIGTERM,
    /// then waited for) at the group's graceful shutdown; when Caddy ends first, it throws, and
    /// the group stops the server.
    package final class Service: ServiceLifecycle.Service, Sendable {
        let proxy: PublicProxy
        private let upstream: AsyncStream<String>
        private let upstreamKnown: AsyncStream<String>.Continuation
        private let process = Mutex<Process?>(nil)
        /// What Caddy said last on stderr (it logs JSON lines), for the reason it stopped.
        private let said = Mutex<[String]>([])
        /// Set when the server asked Caddy to stop (SIGTERM), so its end is no failure.
        private let stopped = Mutex(false)

        init(proxy: PublicProxy) {
            self.proxy = proxy
            (upstream, upstreamKnown) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
        }

        /// The server listens on `upstream` (`127.0.0.1:PORT`): Caddy may start.
        package func started(upstream address: String) { upstreamKnown.yield(address) }

        package func run() async throws {
            let address = await cancelWhenGracefulShutdown { [upstream] in await upstream.first { _ in true } }
            guard let address, !Task.isCancelled else { return }
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hunt-caddy-\(ProcessInfo.processInfo.processIdentifier)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let config = folder.appendingPathComponent("Caddyfile")
            try Data(proxy.caddyfile(upstream: address).utf8).write(to: config)
            let caddy = Process()
            caddy.executableURL = URL(fileURLWithPath: try proxy.caddyPath())
            caddy.arguments = ["run", "--config", config.path, "--adapter", "caddyfile"]
            caddy.standardInput = FileHandle.nullDevice
            caddy.standardOutput = FileHandle.nullDevice
            let errors = Pipe()
            caddy.standardError = errors
            errors.fileHandleForReading.readabilityHandler = { [self] handle in
                let text = String(decoding: handle.availableData, as: UTF8.self)
                self.said.withLock { $0 = Array(($0 + text.split(separator: "\n").map(String.init)).suffix(20)) }
            }
            let (ended, end) = AsyncStream<Int32>.makeStream(bufferingPolicy: .bufferingNewest(1))
            caddy.terminationHandler = {
                end.yield($0.terminationStatus); end.finish()
            }
            try caddy.run()
            process.withLock { $0 = caddy }
            let status = await withTaskCancellationHandler {
                await withGracefulShutdownHandler {
                    await ended.first { _ in true }
                } onGracefulShutdown: { [self] in
                    stop()
                }
            } onCancel: { [self] in
                stop()
            }
            errors.fileHandleForReading.readabilityHandler = nil
            // Ended because the server is stopping: nothing to say.
            if stopped.withLock({ $0 }) { return }
            let reason = Self.reason(said.withLock { $0 })
            // A Caddy left by a server that was killed (no shutdown to stop it) holds the port.
            let hint =
                reason.contains("address already in use")
                ? "; another program holds the port (`ss -ltnp` names it; a Caddy left by a hunt serve that was killed is one): stop it, or pass --public-port"
                : ""
            throw ServeError("Caddy stopped (exit status \(status ?? -1)), so \(proxy.base) is not served: \(reason)\(hint)", status: 500)
        }

        /// Asks Caddy to stop (SIGTERM); `run` returns once it has.
        private func stop() {
            stopped.withLock { $0 = true }
            process.withLock { $0?.terminate() }
        }

        /// The last error Caddy logged (its JSON `msg` and `error`), or its last line.
        static func reason(_ lines: [String]) -> String {
            for line in lines.reversed() {
                guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                    (object["level"] as? String) == "error" || (object["level"] as? String) == "fatal" || object["error"] != nil
                else { continue }
                return [object["msg"] as? String, object["error"] as? String].compactMap { $0 }.joined(separator: ": ")
            }
            return lines.last ?? "it said nothing"
        }
    }
}
