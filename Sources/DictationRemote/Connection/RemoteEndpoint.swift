import DictationKit
import Foundation

/// Where a ``RemoteRecognizer`` connects: the parts of its `ws://` or `wss://` URL that the
/// connection needs.
struct RemoteEndpoint: Sendable, Equatable {
    /// Whether the connection speaks TLS (`wss://`).
    let secure: Bool
    /// The host as written, without an IPv6 literal's brackets.
    let host: String
    let port: Int
    /// The path and query of the upgrade request.
    var target: String

    /// - Throws: `DictationError/Code/invalidConfiguration` for anything but a `ws://` or `wss://`
    ///   URL with a host.
    init(url: String) throws(DictationError) {
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(),
            scheme == "ws" || scheme == "wss", let host = components.host, !host.isEmpty
        else { throw DictationError.remoteURLInvalid(url) }
        secure = scheme == "wss"
        self.host = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        port = components.port ?? (secure ? 443 : 80)
        let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        target = path + (components.percentEncodedQuery.map { "?" + $0 } ?? "")
    }

    /// The `Host` header: the port is left out when it is the scheme's own.
    var hostHeader: String {
        let name = host.contains(":") ? "[\(host)]" : host
        return port == (secure ? 443 : 80) ? name : "\(name):\(port)"
    }

    /// Whether the host is an IP address, which TLS can't send as a server name (SNI); the
    /// certificate is then checked against the address.
    var hostIsAddress: Bool {
        var ipv4 = in_addr()
        var ipv6 = in6_addr()
        return inet_pton(AF_INET, host, &ipv4) == 1 || inet_pton(AF_INET6, host, &ipv6) == 1
    }
}
