/// How a connection tells a server gone silent from a quiet one: it pings every
/// ``pingInterval`` and gives the connection up after ``silenceLimit`` without a word from the
/// server. Without it, a connection whose peer vanished without closing it (a machine that lost
/// power, a NAT that forgot it) would wait for TCP to give up, many minutes later.
struct RemoteKeepAlive: Sendable {
    var pingInterval: Duration
    var silenceLimit: Duration

    /// Every 10 s, given up after 30 s: three pings unanswered. The server pings every 30 s.
    static let standard = RemoteKeepAlive(pingInterval: .seconds(10), silenceLimit: .seconds(30))
}
