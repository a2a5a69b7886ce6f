import Foundation
import WidgetHome
import WidgetPanel
import WidgetPayload

/// What the daemon answered a sheet, handed to the backend's loop through `HomeScreen`.
public enum SheetReply: Sendable, Hashable {
    /// An entity picker's choices (`GET /v1/kinds/{kind}/options/{parameter}`).
    case options(kind: String, parameter: String, [ParameterOption])
    /// A request failed: the sheet shows why.
    case failed(String)
}

/// The sheets' calls to the daemon, the ones `/home`'s sheets make: the loaded kinds with their
/// parameters (`GET /v1/kinds`), an entity parameter's choices, and Edit Widget's save
/// (`PUT /v1/instances/{id}`, which checks the configuration and reloads the widget). Each runs
/// in a task of its own; the answer comes back as a `SheetReply` (the backend's loop must not
/// wait for the daemon).
extension HomeScreenFeed {
    /// Reads every loaded kind, for the gallery and for who gets Edit Widget.
    func fetchKinds(_ client: DaemonHTTPClient) async throws {
        let body = try await client.get("/v1/kinds")
        do {
            screen.setKinds(try JSONDecoder().decode(KindList.self, from: Data(body)).kinds.map(\.galleryKind))
        } catch {
            throw DaemonClientError.malformedAnswer(path: "/v1/kinds", reason: "\(error)")
        }
    }

    /// Asks the bundle for `parameter`'s entities.
    public func loadOptions(kind: String, parameter: String) {
        Task {
            let path = "/v1/kinds/\(Self.escape(kind))/options/\(Self.escape(parameter))"
            do {
                let answer = try JSONDecoder().decode(OptionList.self, from: Data(try await get(path)))
                screen.post(.options(kind: kind, parameter: parameter, answer.options.map { ParameterOption(value: $0.value, title: $0.title) }))
            } catch {
                screen.post(.failed("the choices for \(parameter) could not be loaded: \(error)"))
            }
        }
    }

    /// Saves an instance's configuration as `/home`'s Edit Widget does; the daemon reloads it,
    /// and its new entry arrives as an event like any other.
    public func saveConfiguration(instance: String, configuration: [String: JSONValue]) {
        Task {
            do {
                let body = try JSONWriter.bytes(of: .object(["configuration": .object(configuration)]))
                _ = try await put("/v1/instances/\(Self.escape(instance))", body)
            } catch {
                note("the configuration of \(instance) was not saved: \(error)")
                screen.post(.failed("the configuration was not saved: \(error)"))
            }
        }
    }

    private static func escape(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-_.~"))) ?? text
    }

    /// `GET /v1/kinds`, as `KindJSON` writes it.
    private struct KindList: Decodable {
        let kinds: [Kind]
    }

    private struct Kind: Decodable {
        let kind: String
        let bundle: String
        let displayName: String
        let description: String
        let families: [String]
        let parameters: [Parameter]?

        var galleryKind: GalleryKind {
            GalleryKind(
                kind: kind, displayName: displayName, description: description, families: families.compactMap(WidgetFamily.init(rawValue:)),
                bundleName: bundle, parameters: (parameters ?? []).compactMap(\.parameter))
        }
    }

    private struct Parameter: Decodable {
        let name: String
        let title: String
        let type: String
        let defaultValue: JSONValue?
        let options: [Option]?
        let required: Bool

        enum CodingKeys: String, CodingKey {
            case name, title, type, options, required
            case defaultValue = "default"
        }

        /// Nil for a type this host does not know (a newer daemon's): that row is left out.
        var parameter: ConfigurationParameter? {
            guard let type = ParameterType(rawValue: type) else { return nil }
            return ConfigurationParameter(
                name: name, title: title, type: type, defaultValue: defaultValue == .null ? nil : defaultValue,
                options: options?.map { ParameterOption(value: $0.value, title: $0.title) }, isRequired: required)
        }
    }

    private struct Option: Decodable {
        let value: String
        let title: String
    }

    private struct OptionList: Decodable {
        let options: [Option]
    }
}
