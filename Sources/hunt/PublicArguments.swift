import ArgumentParser
import Foundation
import HuntServe

extension HuntCommand {
    /// `hunt serve --public NAME`: HTTPS for the phones through Caddy, in one command.
    struct PublicArguments: ParsableArguments {
        @Option(
            name: .customLong("public"),
            help: ArgumentHelp(
                "This machine's public name: Caddy runs in front of the server with an automatic HTTPS certificate for it, and the printed URLs are https://NAME/…. The name must point at this machine (checked first); ports 80 and 443 must be open.",
                valueName: "name"))
        var name: String?

        @Option(name: .customLong("public-port"), help: ArgumentHelp("The HTTPS port Caddy listens on.", valueName: "port"))
        var port = 443

        @Option(
            name: .customLong("public-ca"),
            help: ArgumentHelp(
                "Where the certificate comes from: automatic (a public CA, Let's Encrypt or ZeroSSL) or internal (Caddy's own CA: phones must trust its root; for rehearsals and tests).",
                valueName: "automatic|internal"))
        var ca = "automatic"

        @Flag(
            name: .customLong("public-forwarded"),
            help: "The name points at a router that forwards ports 80 and 443 to this machine: skip the check that it points here.")
        var forwarded = false

        var proxy: PublicProxy? {
            name.map { PublicProxy(name: $0, port: port, certificates: PublicProxy.Certificates(rawValue: ca) ?? .automatic) }
        }

        func validate() throws {
            if name == nil, port != 443 || ca != "automatic" || forwarded {
                throw ValidationError("--public-port, --public-ca and --public-forwarded go with --public NAME")
            }
            guard PublicProxy.Certificates(rawValue: ca) != nil else { throw ValidationError("--public-ca takes automatic or internal, not `\(ca)`") }
            guard (1...65535).contains(port) else { throw ValidationError("--public-port takes a port from 1 to 65535, not \(port)") }
            if let name, name.isEmpty || name.contains("/") || name.contains(":") {
                throw ValidationError("--public takes a host name, e.g. `hunt.example.org`, not `\(name)`")
            }
        }

        /// Checks that Caddy is installed and the name points here: a line saying so, or the failure.
        func check() throws(ServeError) -> String? {
            guard let proxy else { return nil }
            _ = try proxy.caddyPath()
            let addresses = try proxy.checkName(forwarded: forwarded)
            return "\(proxy.name) points at \(addresses.joined(separator: ", ")): Caddy serves \(proxy.base) with "
                + (proxy.certificates == .internal ? "a certificate from its own CA" : "a certificate from a public CA") + " in front of this server"
        }
    }
}
