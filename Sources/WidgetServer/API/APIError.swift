import Foundation
import Hummingbird

/// An error answered as `{"error": {"code", "message"}}` with its status.
struct APIError: Error, HTTPResponseError {
    let status: HTTPResponse.Status
    let code: String
    let message: String
    var headers: HTTPFields = [:]

    init(_ status: HTTPResponse.Status, code: String, _ message: String) {
        self.status = status
        self.code = code
        self.message = message
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(APIErrorBody(error: .init(code: code, message: message)))
        var fields = headers
        fields[.contentType] = "application/json; charset=utf-8"
        return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }
}

/// `{"error": {"code", "message"}}`.
struct APIErrorBody: Encodable {
    struct Detail: Encodable {
        let code: String
        let message: String
    }

    let error: Detail
}
