import NIOCore
import NIOHTTP1
import NIOPosix

/// GET requests to the daemon's API over TCP or its Unix socket, on SwiftNIO: a whole answer
/// (`get`), or a body handed over as it arrives (`stream`, for the event stream). One connection
/// per request (`Connection: close`): a panel asks a few times a minute at most.
struct DaemonHTTPClient: Sendable {
    typealias Connection = NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>

    let address: DaemonAddress
    let group: any EventLoopGroup
    /// `/v1/widgets` with every sample is some tens of KiB; this only stops a runaway answer.
    var maximumAnswerSize = 64 << 20

    /// The body of a 200 answer to GET `path`.
    func get(_ path: String) async throws -> [UInt8] {
        var body: [UInt8] = []
        let limit = maximumAnswerSize
        try await stream(path) { chunk in
            guard body.count + chunk.readableBytes <= limit else { throw DaemonClientError.answerTooLarge(path: path, limit: limit) }
            body += chunk.readableBytesView
        }
        return body
    }

    /// Sends GET `path` and hands each piece of a 200 answer's body to `onBody` as it arrives;
    /// returns when the body ends. Transport failures are `DaemonClientError`s; what `onBody`
    /// throws is thrown as it is.
    func stream(_ path: String, headers: [(String, String)] = [], onBody: (ByteBuffer) async throws -> Void) async throws {
        let connection: Connection
        do {
            connection = try await connect()
        } catch {
            throw DaemonClientError.cannotConnect(address, reason: "\(error)")
        }
        var head = HTTPRequestHead(version: .http1_1, method: .GET, uri: path)
        head.headers.add(name: "Host", value: address.hostHeader)
        head.headers.add(name: "Connection", value: "close")
        for (name, value) in headers { head.headers.add(name: name, value: value) }
        let request = head
        try await connection.executeThenClose { inbound, outbound in
            do {
                try await outbound.write(contentsOf: [.head(request), .end(nil)])
            } catch {
                throw DaemonClientError.cannotConnect(address, reason: "\(error)")
            }
            var parts = inbound.makeAsyncIterator()
            var status: HTTPResponseStatus?
            var refusal: [UInt8] = []
            while true {
                let part: HTTPClientResponsePart?
                do {
                    part = try await parts.next()
                } catch {
                    throw DaemonClientError.answerCutShort(path: path)
                }
                switch part {
                case .head(let response)?:
                    status = response.status
                case .body(let buffer)?:
                    if status == .ok {
                        try await onBody(buffer)
                    } else if refusal.count < 4_096 {
                        refusal += buffer.readableBytesView.prefix(4_096 - refusal.count)
                    }
                case .end?:
                    guard let status, status == .ok else {
                        throw DaemonClientError.status(Int(status?.code ?? 0), path: path, body: String(decoding: refusal, as: UTF8.self))
                    }
                    return
                case nil:
                    throw DaemonClientError.answerCutShort(path: path)
                }
            }
        }
    }

    private func connect() async throws -> Connection {
        let bootstrap = ClientBootstrap(group: group).connectTimeout(.seconds(5))
        let initializer: @Sendable (any Channel) -> EventLoopFuture<Connection> = { channel in
            channel.eventLoop.makeCompletedFuture {
                try channel.pipeline.syncOperations.addHTTPClientHandlers()
                return try Connection(wrappingChannelSynchronously: channel)
            }
        }
        switch address {
        case .tcp(let host, let port):
            return try await bootstrap.connect(host: host, port: port, channelInitializer: initializer)
        case .unix(let path):
            return try await bootstrap.connect(unixDomainSocketPath: path, channelInitializer: initializer)
        }
    }
}
