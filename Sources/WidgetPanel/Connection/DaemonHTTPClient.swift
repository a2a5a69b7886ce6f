import NIOCore
import NIOHTTP1
import NIOPosix

/// Requests to the daemon's API over TCP or its Unix socket, on SwiftNIO: a whole answer (`get`,
/// `post`), or a body handed over as it arrives (`stream`, for the event stream). One connection
/// per request (`Connection: close`): a panel asks a few times a minute at most.
public struct DaemonHTTPClient: Sendable {
    typealias Connection = NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>

    public let address: DaemonAddress
    let group: any EventLoopGroup
    /// `/v1/widgets` with every sample is some tens of KiB; this only stops a runaway answer.
    var maximumAnswerSize = 64 << 20

    public init(address: DaemonAddress, group: any EventLoopGroup) {
        self.address = address
        self.group = group
    }

    /// The body of a 200 answer to POST `path` with a JSON `body`; `token` is the daemon's
    /// `<data>/http.token`, which every POST needs.
    public func post(_ path: String, json body: [UInt8], token: String?) async throws -> [UInt8] {
        try await send(path, method: .POST, json: body, token: token)
    }

    /// PUT `path` with a JSON `body`, as `post` (`PUT /v1/instances/{id}` replaces a configuration).
    public func put(_ path: String, json body: [UInt8], token: String?) async throws -> [UInt8] {
        try await send(path, method: .PUT, json: body, token: token)
    }

    private func send(_ path: String, method: HTTPMethod, json body: [UInt8], token: String?) async throws -> [UInt8] {
        var answer: [UInt8] = []
        var headers = [("Content-Type", "application/json")]
        if let token { headers.append(("X-Widgethost-Token", token)) }
        try await stream(path, method: method, headers: headers, body: body) { chunk in
            guard answer.count + chunk.readableBytes <= 1 << 20 else { throw DaemonClientError.answerTooLarge(path: path, limit: 1 << 20) }
            answer += chunk.readableBytesView
        }
        return answer
    }

    /// The body of a 200 answer to GET `path`.
    public func get(_ path: String) async throws -> [UInt8] {
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
    public func stream(
        _ path: String, method: HTTPMethod = .GET, headers: [(String, String)] = [], body: [UInt8]? = nil,
        onBody: (ByteBuffer) async throws -> Void
    ) async throws {
        let connection: Connection
        do {
            connection = try await connect()
        } catch {
            throw DaemonClientError.cannotConnect(address, reason: "\(error)")
        }
        var head = HTTPRequestHead(version: .http1_1, method: method, uri: path)
        head.headers.add(name: "Host", value: address.hostHeader)
        head.headers.add(name: "Connection", value: "close")
        for (name, value) in headers { head.headers.add(name: name, value: value) }
        if let body { head.headers.add(name: "Content-Length", value: String(body.count)) }
        let request = head
        let bodyBuffer = body.map { ByteBuffer(bytes: $0) }
        try await connection.executeThenClose { inbound, outbound in
            do {
                if let bodyBuffer {
                    try await outbound.write(contentsOf: [.head(request), .body(.byteBuffer(bodyBuffer)), .end(nil)])
                } else {
                    try await outbound.write(contentsOf: [.head(request), .end(nil)])
                }
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
