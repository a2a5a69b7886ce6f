import FoundationEssentials
import WidgetABI
import WidgetABIFields
import WidgetPayload

// The C functions the host calls (`widget.h`, `bundle.h`). They copy what they need out of
// the borrowed arguments, call the Swift provider and answer through the host's completion.

let bundleInit: @convention(c) (
    UnsafePointer<wk_bundle_t>?, UnsafePointer<wk_host_services_t>?
) -> Bool = { bundle, services in
    guard let bundle, let services else { return false }
    HostConnection.connect(services, bundle: bundle)
    return true
}

let widgetPlaceholder: ProviderEntryPoint = { widget, context, completion, token in
    withCall(widget, context, completion, token) { exported, context, answer in
        answer(exported.placeholder(context))
    }
}

let widgetSnapshot: ProviderEntryPoint = { widget, context, completion, token in
    withCall(widget, context, completion, token) { exported, context, answer in
        exported.snapshot(context, answer)
    }
}

let widgetTimeline: ProviderEntryPoint = { widget, context, completion, token in
    withCall(widget, context, completion, token) { exported, context, answer in
        exported.timeline(context, answer)
    }
}

/// Answers a call through the host's completion with a JSON document; nil when the host passed
/// no usable completion (nothing can be answered then).
private func jsonAnswer(
    _ completion: UnsafePointer<wk_completion_t>?, _ token: wk_request_token_t
) -> (@Sendable (JSONValue) -> Void)? {
    guard let completion, let complete = PeerStruct(completion)[present: \.complete] else { return nil }
    return { reply in
        let json = (try? JSONWriter.bytes(of: reply)) ?? []
        json.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { complete(token, $0.baseAddress, $0.count) }
        }
    }
}

/// The error payload of `payload.h`.
private func errorPayload(_ message: String) -> JSONValue {
    .object(["version": .integer(Int64(PayloadVersion.current)), "error": .object(["message": .string(message)])])
}

/// `wk_widget_t.previews` (ABI 1.6): the kind's `#Preview`s in the call's family.
let widgetPreviews: ProviderEntryPoint = { widget, context, completion, token in
    guard let answer = jsonAnswer(completion, token) else { return }
    guard let exported = ExportedWidgetBox.from(widget) else {
        return answer(errorPayload("the widget pointer carries no provider"))
    }
    switch TimelineProviderContext.decode(context) {
    case .success(let providerContext):
        Task { answer(await PreviewCatalog.reply(kind: exported.kind, in: providerContext)) }
    case .failure(let problem):
        answer(errorPayload("\(exported.kind): \(problem.message)"))
    }
}

let widgetEntityOptions: EntityOptionsEntryPoint = { widget, parameter, completion, token in
    guard let answer = jsonAnswer(completion, token) else { return }
    guard let exported = ExportedWidgetBox.from(widget), let options = exported.entityOptions else {
        return answer(errorPayload("the widget has no entity parameters"))
    }
    // Copied now: the parameter name is borrowed for the duration of the call only.
    let name = parameter.map { String(cString: $0) } ?? ""
    Task {
        do {
            answer(EntityOptions.reply(try await options(name)))
        } catch {
            answer(errorPayload("\(exported.kind): \(error)"))
        }
    }
}

/// `wk_widget_t.entity_query` (ABI 1.7): the parameter's query answers a search
/// (`entities(matching:)`) or a lookup by id (`entities(for:)`), shaped as `entity_options`.
let widgetEntityQuery: EntityOptionsEntryPoint = { widget, requestJSON, completion, token in
    guard let answer = jsonAnswer(completion, token) else { return }
    guard let exported = ExportedWidgetBox.from(widget), let query = exported.entityQuery else {
        return answer(errorPayload("the widget has no entity parameters"))
    }
    // Read now: the request is borrowed for the duration of the call only.
    let json = requestJSON.map { Array(String(cString: $0).utf8) } ?? []
    switch EntityQueryRequest.read(json) {
    case .success(let request):
        Task {
            do {
                answer(EntityOptions.reply(try await query(request)))
            } catch {
                answer(errorPayload("\(exported.kind): \(error)"))
            }
        }
    case .failure(let problem):
        answer(errorPayload("\(exported.kind): \(problem)"))
    }
}

typealias EntityOptionsEntryPoint = @convention(c) (
    UnsafePointer<wk_widget_t>?, UnsafePointer<CChar>?, UnsafePointer<wk_completion_t>?, wk_request_token_t
) -> Void

typealias ProviderEntryPoint = @convention(c) (
    UnsafePointer<wk_widget_t>?, UnsafePointer<wk_context_t>?,
    UnsafePointer<wk_completion_t>?, wk_request_token_t
) -> Void

/// Decodes the call's arguments and runs `body` with a way to answer; answers with an error
/// payload when the arguments make no sense.
private func withCall(
    _ widget: UnsafePointer<wk_widget_t>?,
    _ context: UnsafePointer<wk_context_t>?,
    _ completion: UnsafePointer<wk_completion_t>?,
    _ token: wk_request_token_t,
    body: (ExportedWidget, TimelineProviderContext, @escaping ExportedWidget.Reply) -> Void
) {
    guard let completion, let complete = PeerStruct(completion)[present: \.complete] else { return }
    let answer: ExportedWidget.Reply = { reply in
        let json = EntryEncoding.json(reply)
        json.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { complete(token, $0.baseAddress, $0.count) }
        }
    }
    guard let exported = ExportedWidgetBox.from(widget) else {
        return answer(.failure("the widget pointer carries no provider"))
    }
    switch TimelineProviderContext.decode(context) {
    case .success(let providerContext): body(exported, providerContext, answer)
    case .failure(let problem): answer(.failure("\(exported.kind): \(problem.message)"))
    }
}

extension TimelineProviderContext {
    struct DecodingProblem: Error {
        let message: String
    }

    /// Copies a borrowed C context into Swift values, reading only the fields its
    /// `struct_size` covers (`PeerStruct`).
    static func decode(_ context: UnsafePointer<wk_context_t>?) -> Result<Self, DecodingProblem> {
        guard let context else { return .failure(DecodingProblem(message: "the context is missing")) }
        let fields = PeerStruct(context)
        // Every field is ABI 1.0's; `now`, the last, being there means all of them are.
        guard fields.has(\.now), let width = fields[\.display_width], let height = fields[\.display_height],
              let isPreview = fields[\.is_preview], let now = fields[\.now]
        else {
            return .failure(DecodingProblem(message: "the context's struct_size \(fields.size) is smaller than ABI 1.0's"))
        }
        let name = fields[present: \.family].map { String(cString: $0) } ?? ""
        guard let family = WidgetFamily(rawValue: name) else {
            return .failure(DecodingProblem(message: "unknown widget family '\(name)'"))
        }
        var decoded = TimelineProviderContext(
            family: family,
            displaySize: DisplaySize(width: width, height: height),
            isPreview: isPreview,
            now: Date(timeIntervalSince1970: now)
        )
        // ABI 1.3: an older host sends no configuration, and the intent's defaults apply.
        if fields.has(\.configuration_json), let text = fields[present: \.configuration_json] {
            do {
                decoded.configuration = try JSONReader().read(Array(String(cString: text).utf8))
            } catch {
                return .failure(DecodingProblem(message: "the configuration is not JSON: \(error)"))
            }
        }
        return .success(decoded)
    }
}

/// `wk_bundle_t.perform` (ABI 1.4): runs one of the bundle's `AppIntent`s and answers
/// `{"version":1,"performed":true}`, or the error payload with what it threw.
let bundlePerform: PerformEntryPoint = { bundle, intent, parametersJSON, completion, token in
    guard let answer = jsonAnswer(completion, token) else { return }
    let version = JSONValue.integer(Int64(PayloadVersion.current))
    // Copied now: both strings are borrowed for the duration of the call only.
    let name = intent.map { String(cString: $0) } ?? ""
    let text = parametersJSON.map { String(cString: $0) } ?? "{}"
    guard let bundle, let exported = ExportedIntent.registry.intent(named: name, of: bundle) else {
        return answer(errorPayload("the bundle declares no intent '\(name)'"))
    }
    let parameters: [String: JSONValue]
    do {
        parameters = try JSONReader().read(Array(text.utf8)).objectValue ?? [:]
    } catch {
        return answer(errorPayload("\(name): the parameters are not JSON: \(error)"))
    }
    Task {
        do {
            try await exported.perform(parameters)
            answer(.object(["version": version, "performed": .bool(true)]))
        } catch {
            answer(errorPayload("\(name): \(error)"))
        }
    }
}

typealias PerformEntryPoint = @convention(c) (
    UnsafePointer<wk_bundle_t>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?,
    UnsafePointer<wk_completion_t>?, wk_request_token_t
) -> Void
