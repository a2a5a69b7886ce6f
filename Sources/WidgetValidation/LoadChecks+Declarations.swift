import Foundation
import WidgetHostCore
import WidgetPayload
import WidgetStoreModel

/// The checks of what the bundle declares: its widgets, their kinds, its App Groups.
extension LoadChecks {
    // MARK: descriptors

    var descriptorsCheck: ValidationCheck {
        if let bundle { return Self.describe(bundle.widgets) }
        guard let failure else { return .skip(.descriptors, notLoaded) }
        switch failure.owner {
        case .descriptors:
            return Self.descriptorFailure(failure.error)
        case .kindsUnique:
            return .skip(.descriptors, "the loader stopped reading widgets at a repeated kind (see kinds-unique)")
        default:
            return .skip(.descriptors, notLoaded)
        }
    }

    /// Warnings about what the loader accepts but a user would miss.
    static func describe(_ widgets: [WidgetDescriptor]) -> ValidationCheck {
        var problems: [String] = []
        for widget in widgets {
            if widget.displayName.trimmingCharacters(in: .whitespaces).isEmpty {
                problems.append("widget '\(widget.kind)' has an empty display name")
            }
            if widget.description.trimmingCharacters(in: .whitespaces).isEmpty {
                problems.append("widget '\(widget.kind)' has an empty description")
            }
        }
        if !problems.isEmpty {
            return .warn(
                .descriptors, ValidationFixes.summary(problems),
                fix: "set display_name and description: the widget gallery shows them to users")
        }
        let families = Set(widgets.flatMap(\.families)).count
        return .pass(
            .descriptors,
            "\(ValidationFixes.plural(widgets.count, "widget")) with kind, display name, description and known families (\(ValidationFixes.plural(families, "family", "families")) in all)")
    }

    static func descriptorFailure(_ error: BundleLoadError) -> ValidationCheck {
        switch error {
        case .invalidWidget(_, let index, let kind, let field, let problem):
            let which = kind.map { "widget '\($0)'" } ?? "widget #\(index)"
            let fix: String
            if field.hasPrefix("supported_families[") {
                fix = "list only families this host knows: \(WidgetFamily.allCases.map(\.rawValue).joined(separator: ", "))"
            } else if field == "supported_families" {
                fix = "list at least one family in supported_families, and set supported_family_count"
            } else if field == "kind" {
                fix = "give every widget a non-empty kind, unique in the bundle"
            } else if field == "struct_size" {
                fix = "set struct_size = sizeof(wk_widget_t)"
            } else if field == "pointer" {
                fix = "make every entry of widgets point to a wk_widget_t, and widget_count count them"
            } else {
                fix = "set placeholder, snapshot and timeline: every widget needs all three providers"
            }
            // The loader lists the known families; the fix does too.
            let shortProblem = problem.components(separatedBy: ", not one of ").first ?? problem
            let unknown = shortProblem == problem ? "" : ", an unknown family"
            return .fail(.descriptors, "\(which): \(field) \(shortProblem)\(unknown)", fix: fix)
        case .malformedBundle(_, let field, let problem):
            return .fail(.descriptors, "wk_bundle_t.\(field) \(problem)", fix: "declare at least one widget in widgets, and set widget_count")
        default:
            return .fail(.descriptors, "\(error)", fix: "fix the widget descriptors as widget.h describes")
        }
    }

    // MARK: kinds-unique

    var kindsUniqueCheck: ValidationCheck {
        let fix = "give every widget of the bundle a kind of its own, or remove the repeated entry from widgets"
        if let bundle {
            let kinds = bundle.widgets.map(\.kind)
            var seen = Set<String>()
            let repeated = kinds.filter { !seen.insert($0).inserted }
            if let kind = repeated.first {
                return .fail(.kindsUnique, "kind '\(kind)' is declared more than once", fix: fix)
            }
            return .pass(.kindsUnique, "\(ValidationFixes.plural(kinds.count, "kind")), each declared once")
        }
        guard let failure else { return .skip(.kindsUnique, notLoaded) }
        switch (failure.owner, failure.error) {
        case (.kindsUnique, .invalidWidget(_, let index, let kind, _, _)):
            return .fail(.kindsUnique, "kind '\(kind ?? "?")' is declared twice (again by widget #\(index)); the loader refuses the bundle", fix: fix)
        case (.descriptors, _):
            return .skip(.kindsUnique, "the widgets could not all be read (see descriptors)")
        default:
            return .skip(.kindsUnique, notLoaded)
        }
    }

    // MARK: app-groups

    var appGroupsCheck: ValidationCheck {
        let fix = "name each group group.<reverse-DNS>, e.g. group.com.example.app: non-empty labels of letters, digits and inner hyphens"
        // Read before any provider call; the loader refuses the bundle for the same reasons.
        if case .failure(let error)? = files {
            return .fail(.appGroups, error.description, fix: error.fix
                ?? "ship a property list (XML or binary) of at most \(BundleInfoFiles.maximumBytes) bytes whose top level is a dictionary, as Xcode writes it")
        }
        let fromFile = (try? files?.get()).flatMap { files in files.entitlementsPath.map { ($0, files.appGroups) } }
        if let bundle {
            if let typo = likelyTypo(in: bundle.appGroups) { return typo }
            guard !bundle.appGroups.isEmpty else { return .pass(.appGroups, "declares no App Groups") }
            var message = "declares \(bundle.appGroups.map(\.rawValue).joined(separator: ", "))"
            if let (file, groups) = fromFile {
                message += groups.isEmpty ? "; its entitlements file \(file) lists none" : "; from its entitlements file \(file): \(groups.joined(separator: ", "))"
            }
            return .pass(.appGroups, message)
        }
        guard let failure else { return .skip(.appGroups, notLoaded) }
        switch failure.error {
        case .invalidEntitlementGroup(_, let file, let problem):
            return .fail(.appGroups, "\(file) lists '\(problem.name)' under \(BundleInfoFiles.appGroupsKey), which \(Self.reason(problem.problem)); the loader refuses the bundle before init", fix: fix)
        case .bundleFile(_, let problem):
            return .fail(.appGroups, problem.description, fix: (problem.fix ?? "fix or remove the file") + "; the loader refuses the bundle before init")
        case .invalidAppGroup(_, _, let index, let problem):
            return .fail(.appGroups, "app_groups[\(index)] '\(problem.name)' \(Self.reason(problem.problem)); the loader refuses the bundle before init", fix: fix)
        case .malformedBundle(_, "app_groups", let problem):
            return .fail(.appGroups, "wk_bundle_t.app_groups \(problem)", fix: "point app_groups at app_group_count names, or set app_group_count to 0")
        default:
            break
        }
        if failure.step > .appGroups { return .pass(.appGroups, "well formed (the loader checks them before init)") }
        return .skip(.appGroups, notLoaded)
    }

    /// A declared group no app has written to while one with a close name holds values: the
    /// bundle would read nothing, silently, as in WidgetKit.
    private func likelyTypo(in groups: [AppGroupID]) -> ValidationCheck? {
        for group in groups where !storedGroups.contains(group.rawValue) {
            let close = BundleCatalog.names(storedGroups, resembling: group.rawValue)
            guard let first = close.first else { continue }
            return .fail(
                .appGroups,
                "declares '\(group.rawValue)', which no app has written to, while '\(close.joined(separator: "', '"))' holds values: did you mean \(first)?",
                fix: "use the group the app writes to, in the entitlements file (\(BundleInfoFiles.appGroupsKey)) or export(appGroups:)")
        }
        return nil
    }

    private static func reason(_ problem: AppGroupIDError.Problem) -> String {
        switch problem {
        case .missingPrefix: "does not start with 'group.'"
        case .tooLong: "is longer than \(AppGroupID.maximumLength) bytes"
        case .tooFewLabels: "needs at least two labels after 'group.'"
        case .emptyLabel: "has an empty label (two dots in a row, or a dot at the end)"
        case .invalidLabel(let label): "has the label '\(label)', with characters other than letters, digits and inner hyphens"
        }
    }
}
