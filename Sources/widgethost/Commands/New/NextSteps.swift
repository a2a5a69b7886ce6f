/// What `widgethost new` prints: the commands that build, show, draw and preview the bundle.
struct NextSteps {
    let request: ScaffoldRequest
    let language: BundleLanguage
    let template: any BundleTemplate
    let folder: String

    var text: String {
        let host = "widgethost"
        let bundles = "--bundles \(template.bundleFolder)"
        let library = "\(template.bundleFolder == "." ? "" : template.bundleFolder + "/")lib\(request.name).so"
        var lines = ["Created \(language == .swift ? "a Swift" : "a C") widget bundle \(request.name) in \(folder)"]
        if let sdk = request.sdk { lines.append("  WidgetSDK: \(sdk.description)") }
        lines += [
            "",
            "Build it, then see it:",
            "  cd \(folder)",
            "  \(template.buildCommand)",
        ]
        if let group = request.appGroup {
            lines.append(language == .swift
                ? "  \(host) defaults write \(group) message Hi"
                : "  \(host) defaults write \(group) count 3 --type int")
        }
        lines += [
            "  \(host) timeline \(request.name) \(bundles)",
            "  \(host) render \(request.name) \(bundles) --output -",
            "  \(host) validate \(library)",
            "  \(host) preview .            # redraws on every rebuild",
        ]
        if language == .c {
            lines += [
                "",
                "make asks pkg-config for widgethost; if it is not found, install the SDK from a checkout",
                "(scripts/install.sh --sdk-only --prefix ~/.local) and export PKG_CONFIG_PATH=~/.local/lib/pkgconfig.",
            ]
        }
        return lines.joined(separator: "\n")
    }
}
