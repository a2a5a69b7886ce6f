import Foundation
import WidgetABI
import WidgetPayload
import WidgetStoreModel

/// One shared-defaults call of a bundle (`defaults.h`) for a group it declared. In a worker it
/// crosses the channel to the host: only the host opens the store.
public enum DefaultsRequest: Sendable, Hashable, Codable {
    case get(key: String)
    /// `json` is the VALUE the bundle passed (defaults.h), not yet checked.
    case set(key: String, json: String)
    case remove(key: String)
    case containerPath
}

/// The answer to a `DefaultsRequest`: the status the bundle's call returns and the JSON its
/// `wk_reply_t` receives.
public struct DefaultsReply: Sendable, Hashable, Codable {
    public var status: Int32
    public var json: String?
    /// Why the call failed, when it did; the host logs it against the bundle.
    public var failure: String?

    public init(status: Int32, json: String? = nil, failure: String? = nil) {
        self.status = status
        self.json = json
        self.failure = failure
    }

    /// The FAILURE reply for `error`, with the status `defaults.h` gives it.
    public init(_ error: DefaultsError) {
        let payload = try? JSONEncoder().encode(DefaultsFailurePayload(error))
        self.init(status: Self.status(for: error), json: payload.map { String(decoding: $0, as: UTF8.self) }, failure: error.description)
    }

    private static func status(for error: DefaultsError) -> wk_status_t {
        switch error {
        case .undeclaredGroup, .invalidGroup: Int32(WK_STATUS_UNDECLARED_GROUP)
        case .storeUnavailable, .noHost: Int32(WK_STATUS_STORE_UNAVAILABLE)
        default: Int32(WK_STATUS_REFUSED)
        }
    }

    static func ok(_ json: Data? = nil) -> DefaultsReply {
        DefaultsReply(status: Int32(WK_STATUS_OK), json: json.map { String(decoding: $0, as: UTF8.self) })
    }
}

extension DefaultsRequest {
    /// Runs the request against `store`, in `group` (already checked against the bundle's
    /// declaration).
    public func answer(in group: AppGroupID, store: any HostStore) -> DefaultsReply {
        do throws(DefaultsError) {
            return try reply(in: group, store: store)
        } catch {
            return DefaultsReply(error)
        }
    }

    private func reply(in group: AppGroupID, store: any HostStore) throws(DefaultsError) -> DefaultsReply {
        switch self {
        case .get(let key):
            guard let value = try store.value(forKey: key, in: group) else { return DefaultsReply(status: Int32(WK_STATUS_NOT_FOUND)) }
            return .ok(try? JSONEncoder().encode(value))
        case .set(let key, let json):
            guard let value = try? JSONDecoder().decode(StoredValue.self, from: Data(json.utf8)) else {
                throw .refusedByHost(
                    code: "invalidValue",
                    message: "the value for '\(key)' in '\(group)' is not a VALUE (defaults.h), e.g. {\"type\":\"int\",\"value\":42}")
            }
            try store.setValue(value, forKey: key, in: group)
            // A widget's own write (an intent's) is an app's change too, to those listening.
            store.announceDefaultsChange(keys: [key], in: group)
            return .ok()
        case .remove(let key):
            if try store.removeValue(forKey: key, in: group) {
                store.announceDefaultsChange(keys: [key], in: group)
            }
            return .ok()
        case .containerPath:
            let url = try store.containerURL(for: group)
            return .ok(try? JSONEncoder().encode(ContainerPathPayload(path: url.path)))
        }
    }
}
