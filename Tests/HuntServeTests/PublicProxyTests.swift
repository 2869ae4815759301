import Foundation
@testable import HuntServe
import Testing

/// `hunt serve --public NAME` before Caddy runs: the name is checked, and the Caddyfile says what
/// the issue asks (the server behind it on loopback, the certificate automatic or internal).
@Suite struct PublicProxyTests {
    @Test func aNameThatDoesNotResolveIsRefusedWithWhatToDo() {
        #expect {
            try PublicProxy(name: "no-such-name.invalid").checkName()
        } throws: { error in
            let text = "\(error)"
            return text.hasPrefix("--public no-such-name.invalid: the name does not resolve") && text.contains("add a DNS record")
                && text.contains("this machine's public address") && text.contains("photos count by their own GPS")
        }
    }

    @Test func aNamePointingElsewhereIsRefusedUnlessForwarded() throws {
        let proxy = PublicProxy(name: "hunt.example.org")
        let elsewhere = proxy.problem(found: ["203.0.113.7"], here: ["192.0.2.10", "127.0.0.1"], forwarded: false)
        #expect(
            elsewhere?.description.hasPrefix(
                "--public hunt.example.org: the name points at 203.0.113.7, which is not this machine (127.0.0.1, 192.0.2.10)") == true,
            "\(String(describing: elsewhere))")
        #expect(elsewhere?.description.contains("--public-forwarded") == true)
        #expect(proxy.problem(found: ["203.0.113.7"], here: ["192.0.2.10"], forwarded: true) == nil)
        #expect(proxy.problem(found: ["192.0.2.10", "2001:db8::1"], here: ["192.0.2.10"], forwarded: false) == nil)
        // Loopback is no public name: only with Caddy's own CA, to try it here.
        #expect {
            try PublicProxy(name: "localhost").checkName()
        } throws: { "\($0)".contains("points at this machine's loopback") && "\($0)".contains("--public-ca internal") }
        #expect(try PublicProxy(name: "localhost", certificates: .internal).checkName().contains("127.0.0.1"))
    }

    @Test func theCaddyfileProxiesToLoopback() {
        let day = PublicProxy(name: "Hunt.Example.org").caddyfile(upstream: "127.0.0.1:8765")
        #expect(day.contains("hunt.example.org:443 {\n\treverse_proxy 127.0.0.1:8765\n}"))
        #expect(
            day.contains("admin off") && day.contains("skip_install_trust") && !day.contains("tls internal") && !day.contains("disable_redirects"))
        let test = PublicProxy(name: "localhost", port: 8443, certificates: .internal).caddyfile(upstream: "127.0.0.1:9")
        #expect(
            test.contains("\ttls internal\n") && test.contains("skip_install_trust") && test.contains("https_port 8443")
                && test.contains("disable_redirects"))
        #expect(PublicProxy(name: "h.example.org").base == "https://h.example.org")
        #expect(PublicProxy(name: "localhost", port: 8443).base == "https://localhost:8443")
    }

    @Test func caddysLastErrorIsTheReason() {
        let lines = [
            #"{"level":"info","msg":"using provided configuration"}"#,
            #"{"level":"error","msg":"loading new config","error":"listen tcp :443: bind: address already in use"}"#
        ]
        #expect(PublicProxy.Service.reason(lines) == "loading new config: listen tcp :443: bind: address already in use")
    }
}
