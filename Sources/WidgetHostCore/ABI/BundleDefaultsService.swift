import Foundation
import WidgetABI
import WidgetStoreModel

/// What a bundle's defaults calls (`defaults.h`) do: check the group against the bundle's
/// declaration, then hand the request to the delegate, which reaches the shared store (in the
/// host) or the host (in a worker).
extension BundleServiceBinding {
    /// A status and the JSON for the bundle's `wk_reply_t`, if any.
    typealias DefaultsAnswer = (status: wk_status_t, reply: Data?)

    func defaultsGet(group: String, key: String) -> DefaultsAnswer {
        answer(.get(key: key), group: group)
    }

    func defaultsSet(group: String, key: String, json: Data) -> DefaultsAnswer {
        guard let text = String(validating: json, as: UTF8.self) else {
            return answer(DefaultsReply(.refusedByHost(
                code: "invalidValue", message: "the value for '\(key)' in '\(group)' is not valid UTF-8 JSON (defaults.h)")))
        }
        return answer(.set(key: key, json: text), group: group)
    }

    func defaultsRemove(group: String, key: String) -> DefaultsAnswer {
        answer(.remove(key: key), group: group)
    }

    func containerPath(group: String) -> DefaultsAnswer {
        answer(.containerPath, group: group)
    }

    /// Checks the group, then asks the delegate; a failure is also a line in the host's log
    /// against this bundle.
    private func answer(_ request: DefaultsRequest, group name: String) -> DefaultsAnswer {
        let declared = appGroups
        guard let group = declared.first(where: { $0.rawValue == name }) else {
            return answer(DefaultsReply(.undeclaredGroup(group: name, bundle: bundleName, declared: declared.map(\.rawValue))))
        }
        return answer(delegate().answerDefaults(request, in: group, bundle: bundleName))
    }

    private func answer(_ reply: DefaultsReply) -> DefaultsAnswer {
        if let failure = reply.failure { log(level: BundleLogLevel.error.rawValue, message: failure) }
        return (reply.status, reply.json.map { Data($0.utf8) })
    }
}
