import WidgetHostCore

/// `sandbox`: what the bundle's worker may reach, and whether the bundle reached for an App
/// Group it does not declare. The kernel denies files outside the sandbox silently (the bundle
/// sees EACCES); a shared-defaults call for an undeclared group is refused by the host, which
/// logs it against the bundle: that is what this check can see.
struct SandboxCheck {
    let sandbox: BundleSandbox?
    /// What the bundle's host services logged while the validator called it.
    let logLines: [BundleLogLine]
    let inWorker: Bool

    var check: ValidationCheck {
        guard inWorker, let sandbox else {
            return .skip(.sandbox, "in process, bundles run unsandboxed; validate in a worker (the default) to check the sandbox")
        }
        let undeclared = Set(logLines.compactMap(Self.undeclaredGroup(in:))).sorted()
        if !undeclared.isEmpty {
            let groups = undeclared.map { "'\($0)'" }.joined(separator: ", ")
            return .fail(
                .sandbox, "the bundle used App Group \(groups), which it does not declare; each such call was refused",
                fix: "declare the \(undeclared.count == 1 ? "group" : "groups") \(undeclared.joined(separator: ", ")) in the bundle's entitlements file (com.apple.security.application-groups) or appGroups (export(appGroups:) in Swift, wk_bundle_t.app_groups in C), or stop using it")
        }
        switch sandbox.enforcement {
        case .landlock:
            return .pass(.sandbox, sandbox.summary)
        case .unavailable:
            return .warn(
                .sandbox, "the worker ran unsandboxed: \(sandbox.note ?? "this kernel has no Landlock")",
                fix: "run on a kernel with Landlock (Linux ≥ 5.13, landlock in the lsm= boot parameter) to check the sandbox")
        case .off:
            return .skip(.sandbox, "the sandbox was turned off")
        }
    }

    /// The group named by a refusal the host logged (`DefaultsError.undeclaredGroup`).
    private static func undeclaredGroup(in line: BundleLogLine) -> String? {
        guard line.level == .error, line.message.contains("which it does not declare"),
              let start = line.message.range(of: "used App Group '")?.upperBound,
              let end = line.message[start...].firstIndex(of: "'") else { return nil }
        return String(line.message[start..<end])
    }
}
