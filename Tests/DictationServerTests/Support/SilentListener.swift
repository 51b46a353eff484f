import Foundation

/// A TCP port on 127.0.0.1 that takes connections and never says a word, the way a hung server
/// or a wrong port does; with `full`, its queue is filled first, so new connections are not even
/// taken (the kernel drops their SYNs), as behind a firewall that drops packets.
final class SilentListener: Sendable {
    let port: Int
    private let descriptors: [Int32]

    init(full: Bool = false) throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard listener >= 0 else { throw POSIXError(.EMFILE) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(listener, pointer, length) == 0 && listen(listener, full ? 0 : 16) == 0
                    && getsockname(listener, pointer, &length) == 0
            }
        }
        guard bound else {
            close(listener)
            throw POSIXError(.EADDRINUSE)
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        var descriptors = [listener]
        if full {
            // A backlog of 0 queues one connection: the filler takes it.
            let filler = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            _ = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(filler, $0, length) }
            }
            descriptors.append(filler)
        }
        self.descriptors = descriptors
    }

    var url: String { "ws://127.0.0.1:\(port)/v1/stream" }

    deinit { for descriptor in descriptors { close(descriptor) } }
}
