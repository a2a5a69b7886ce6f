import Foundation
import WidgetHome
import WidgetPanel
import WidgetPayload

/// What the daemon answered a sheet, handed to the backend's loop through `HomeScreen`.
public enum SheetReply: Sendable, Hashable {
    /// An entity picker's choices (`GET /v1/kinds/{kind}/options/{parameter}`), those `matching`
    /// a search when it is not nil.
    case options(kind: String, parameter: String, matching: String?, [ParameterOption])
    /// Asking for them failed: the picker says why.
    case optionsFailed(kind: String, parameter: String, matching: String?, String)
    /// Edit Widget's summary sentence (`POST /v1/kinds/{kind}/summary`); nil when there is none.
    case summary(kind: String, ResolvedSummary?)
    /// An instance's saved value the bundle no longer offers (`GET /v1/instances/{id}`'s `unavailable`).
    case unavailable(instance: String, UnavailableValue?)
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

    /// Asks the bundle for `parameter`'s entities, those `matching` the text for a searchable one.
    public func loadOptions(kind: String, parameter: String, matching: String? = nil) {
        Task {
            var path = "/v1/kinds/\(Self.escape(kind))/options/\(Self.escape(parameter))"
            if let matching { path += "?matching=\(Self.escape(matching))" }
            do {
                let answer = try JSONDecoder().decode(OptionList.self, from: Data(try await get(path)))
                screen.post(
                    .options(kind: kind, parameter: parameter, matching: matching, answer.options.map { ParameterOption(value: $0.value, title: $0.title) }))
            } catch {
                screen.post(.optionsFailed(kind: kind, parameter: parameter, matching: matching, "\(error)"))
            }
        }
    }

    /// Asks the daemon for the kind's summary sentence for `configuration` (a sheet's draft). A
    /// failure is answered as no summary: the sheet shows every row.
    public func summarize(kind: String, configuration: [String: JSONValue]) {
        Task {
            let path = "/v1/kinds/\(Self.escape(kind))/summary"
            do {
                let body = try JSONWriter.bytes(of: .object(["configuration": .object(configuration)]))
                let answer = try JSONDecoder().decode(SummaryAnswer.self, from: Data(try await post(path, body)))
                screen.post(.summary(kind: kind, answer.summary?.resolved))
            } catch {
                note("the summary of \(kind) could not be read: \(error)")
                screen.post(.summary(kind: kind, nil))
            }
        }
    }

    /// Reads the instance's state for its `unavailable` value (the sheet shows the one the
    /// widgets' list last said meanwhile).
    public func loadUnavailable(instance: String) {
        Task {
            do {
                let answer = try JSONDecoder().decode(InstanceAnswer.self, from: Data(try await get("/v1/instances/\(Self.escape(instance))")))
                screen.post(.unavailable(instance: instance, answer.state?.unavailable?.resolved))
            } catch {
                note("the state of \(instance) could not be read: \(error)")
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
        /// The intent's `ParameterSummary` as the schema records it; only its presence is read here.
        let summary: JSONValue?

        var galleryKind: GalleryKind {
            GalleryKind(
                kind: kind, displayName: displayName, description: description, families: families.compactMap(WidgetFamily.init(rawValue:)),
                bundleName: bundle, parameters: (parameters ?? []).compactMap(\.parameter), hasSummary: summary != nil && summary != .null)
        }
    }

    private struct Parameter: Decodable {
        let name: String
        let title: String
        let type: String
        let defaultValue: JSONValue?
        let options: [Option]?
        let required: Bool
        let searchable: Bool?

        enum CodingKeys: String, CodingKey {
            case name, title, type, options, required, searchable
            case defaultValue = "default"
        }

        /// Nil for a type this host does not know (a newer daemon's): that row is left out.
        var parameter: ConfigurationParameter? {
            guard let type = ParameterType(rawValue: type) else { return nil }
            return ConfigurationParameter(
                name: name, title: title, type: type, defaultValue: defaultValue == .null ? nil : defaultValue,
                options: options?.map { ParameterOption(value: $0.value, title: $0.title) }, isRequired: required,
                isSearchable: searchable == true && type == .entity)
        }
    }

    private struct Option: Decodable {
        let value: String
        let title: String
    }

    private struct OptionList: Decodable {
        let options: [Option]
    }

    /// `POST /v1/kinds/{kind}/summary`.
    private struct SummaryAnswer: Decodable {
        let summary: Summary?
    }

    private struct Summary: Decodable {
        struct Part: Decodable {
            let text: String?
            let parameter: String?
            let title: String?
            let display: String?
        }

        let sentence: [Part]
        let parameters: [String]
        let text: String

        var resolved: ResolvedSummary {
            ResolvedSummary(
                sentence: sentence.map { part in
                    if let parameter = part.parameter { .value(parameter: parameter, title: part.title ?? parameter, display: part.display) } else { .text(part.text ?? "") }
                }, parameters: parameters, text: text)
        }
    }

    /// `GET /v1/instances/{id}`: its state's `unavailable`.
    private struct InstanceAnswer: Decodable {
        let state: State?

        struct State: Decodable {
            let unavailable: Unavailable?
        }
    }

    struct Unavailable: Decodable {
        let parameter: String
        let value: JSONValue

        /// Nil for a value that is not an entity's or an enum's string.
        var resolved: UnavailableValue? {
            guard case .string(let text) = value else { return nil }
            return UnavailableValue(parameter: parameter, value: text)
        }
    }
}
