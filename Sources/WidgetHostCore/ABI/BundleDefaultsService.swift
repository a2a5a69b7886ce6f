import Foundation
import WidgetABI
import WidgetStore

/// What a bundle's defaults calls (`defaults.h`) do: check the group against the bundle's
/// declaration, then read or write the shared store.
extension BundleServiceBinding {
    /// A status and the JSON for the bundle's `wk_reply_t`, if any.
    typealias DefaultsAnswer = (status: wk_status_t, reply: Data?)

    func defaultsGet(group: String, key: String) -> DefaultsAnswer {
        answer(group: group) { store, group throws(DefaultsError) in
            guard let value = try store.value(forKey: key, in: group) else { return (Int32(WK_STATUS_NOT_FOUND), nil) }
            return (Int32(WK_STATUS_OK), try? JSONEncoder().encode(value))
        }
    }

    func defaultsSet(group: String, key: String, json: Data) -> DefaultsAnswer {
        answer(group: group) { store, group throws(DefaultsError) in
            guard let value = try? JSONDecoder().decode(StoredValue.self, from: json) else {
                throw .refusedByHost(
                    code: "invalidValue",
                    message: "the value for '\(key)' in '\(group)' is not a VALUE (defaults.h), e.g. {\"type\":\"int\",\"value\":42}")
            }
            try store.setValue(value, forKey: key, in: group)
            return (Int32(WK_STATUS_OK), nil)
        }
    }

    func defaultsRemove(group: String, key: String) -> DefaultsAnswer {
        answer(group: group) { store, group throws(DefaultsError) in
            try store.removeValue(forKey: key, in: group)
            return (Int32(WK_STATUS_OK), nil)
        }
    }

    func containerPath(group: String) -> DefaultsAnswer {
        answer(group: group) { store, group throws(DefaultsError) in
            let url = try store.containerURL(for: group)
            return (Int32(WK_STATUS_OK), try? JSONEncoder().encode(ContainerPathPayload(path: url.path)))
        }
    }

    /// Checks the group, opens the store, runs `body`; a failure becomes a FAILURE reply and a
    /// line in the host's log against this bundle.
    private func answer(
        group name: String,
        _ body: (SharedStore, AppGroupID) throws(DefaultsError) -> DefaultsAnswer
    ) -> DefaultsAnswer {
        do throws(DefaultsError) {
            let declared = appGroups
            guard let group = declared.first(where: { $0.rawValue == name }) else {
                throw DefaultsError.undeclaredGroup(group: name, bundle: bundleName, declared: declared.map(\.rawValue))
            }
            let store: SharedStore
            do throws(StoreError) { store = try delegate().sharedStore() } catch { throw DefaultsError.storeUnavailable(reason: error.description) }
            return try body(store, group)
        } catch {
            log(level: BundleLogLevel.error.rawValue, message: error.description)
            return (Self.status(for: error), try? JSONEncoder().encode(DefaultsFailurePayload(error)))
        }
    }

    private static func status(for error: DefaultsError) -> wk_status_t {
        switch error {
        case .undeclaredGroup, .invalidGroup: Int32(WK_STATUS_UNDECLARED_GROUP)
        case .storeUnavailable, .noHost: Int32(WK_STATUS_STORE_UNAVAILABLE)
        default: Int32(WK_STATUS_REFUSED)
        }
    }
}
