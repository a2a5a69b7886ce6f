import Foundation
import Testing
import TestSupport

/// `scripts/install.sh`: a desktop install into a temporary prefix, from this build, run from
/// there (docs: docs/install.md).
@Suite("Installing: scripts/install.sh")
struct InstallScriptTests {
    /// Runs `executable` from `folder` with `environment` added, off the cooperative pool.
    private func run(
        _ executable: String, _ arguments: [String], in folder: URL, environment extra: [String: String] = [:]
    ) async throws -> ProcessResult {
        var environment = ProcessInfo.processInfo.environment
        environment["WIDGETHOST_PATH"] = nil
        environment["WIDGETHOST_WORKER"] = nil
        environment.merge(extra) { $1 }
        return try await offThePool { [environment] in
            try ProcessRunner.run(URL(fileURLWithPath: executable), arguments, environment: environment, workingDirectory: folder)
        }
    }

    @Test("Installs the CLI, the worker, the samples, the headers, the .pc and the unit; runs from the prefix; uninstalls")
    func installsRunsAndUninstalls() async throws {
        let root = try TestPaths.makeTemporaryDirectory("widgethost-install")
        defer { try? FileManager.default.removeItem(at: root) }
        let prefix = root.appendingPathComponent("prefix").path
        let units = root.appendingPathComponent("units").path
        let busServices = root.appendingPathComponent("dbus-1/services").path
        // HOME is the test's: the installed host must find the samples in its prefix, not elsewhere.
        let home = root.appendingPathComponent("home").path
        let data = root.appendingPathComponent("home/data").path
        let keepsake = data + "/keep.txt"
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        try Data("the user's".utf8).write(to: URL(fileURLWithPath: keepsake))
        let script = TestPaths.packageRoot.appendingPathComponent("scripts/install.sh").path
        let install = try await run(
            "/bin/bash", [script, "--prefix", prefix, "--unit-dir", units, "--dbus-service-dir", busServices, "--from", TestPaths.binDirectory.path],
            in: root)
        try #require(install.status == 0, "\(install.standardError)")
        #expect(install.standardOutput.contains("systemctl --user daemon-reload && systemctl --user enable --now widgethost"))

        // An app's first call on the session bus starts the daemon through its unit, which is
        // ready once it owns the name.
        let activation = try String(contentsOfFile: busServices + "/dev.widgethost.WidgetHost1.service", encoding: .utf8)
        #expect(activation.contains("Name=dev.widgethost.WidgetHost1"))
        #expect(activation.contains("SystemdService=widgethost.service"))
        #expect(activation.contains("Exec=\(prefix)/bin/widgethost run --dbus session"))
        let busUnit = try String(contentsOfFile: units + "/widgethost.service", encoding: .utf8)
        #expect(busUnit.contains("BusName=dev.widgethost.WidgetHost1"))

        // The README's links hold in the installed documentation.
        #expect(FileManager.default.fileExists(atPath: prefix + "/share/doc/widgethost/docs/authoring.md"))

        // The installed CLI finds its worker beside it and the samples under its prefix.
        let cli = prefix + "/bin/widgethost"
        let environment = ["HOME": home, "XDG_DATA_HOME": "", "WIDGETHOST_DATA_DIR": data]
        let list = try await run(cli, ["list", "--format", "json"], in: root, environment: environment)
        #expect(list.status == 0, "\(list.standardError)")
        let kinds = (try JSONSerialization.jsonObject(with: Data(list.standardOutput.utf8)) as? [[String: Any]])?
            .compactMap { $0["kind"] as? String } ?? []
        #expect(Set(kinds).isSuperset(of: ["CounterWidget", "MoviePlannerWidget", "PillarWidget", "FishGoWidget", "ClockWidget"]))
        let timeline = try await run(
            cli, ["timeline", "MoviePlannerWidget", "--isolation", "worker", "--format", "json"], in: root, environment: environment)
        #expect(timeline.status == 0, "\(timeline.standardError)")
        #expect(timeline.standardOutput.contains("Avengers: Infinity War"))

        // The C sample, built with nothing but pkg-config's flags (and libm), passes the
        // installed validator.
        let pkgConfig = ["PKG_CONFIG_PATH": prefix + "/lib/pkgconfig"]
        let flags = try await run("/usr/bin/pkg-config", ["--cflags", "--libs", "widgethost"], in: root, environment: pkgConfig)
        try #require(flags.status == 0, "\(flags.standardError)")
        #expect(flags.standardOutput.contains("-I\(prefix)/include"))
        let clock = root.appendingPathComponent("libClock.so").path
        let compile = try await run(
            "/usr/bin/cc",
            ["-shared", "-fPIC", "-o", clock, TestPaths.packageRoot.appendingPathComponent("samples/ClockWidget/clock_widget.c").path]
                + flags.standardOutput.split(whereSeparator: \.isWhitespace).map(String.init) + ["-lm"],
            in: root)
        try #require(compile.status == 0, "\(compile.standardError)")
        let validate = try await run(cli, ["validate", clock], in: root, environment: environment)
        #expect(validate.status == 0, "\(validate.standardOutput)\(validate.standardError)")

        // The unit runs the installed daemon and restarts it on failure.
        let unit = try String(contentsOfFile: units + "/widgethost.service", encoding: .utf8)
        #expect(unit.contains("ExecStart=\(prefix)/bin/widgethost run"))
        #expect(unit.contains("Restart=on-failure"))
        #expect(unit.contains("WantedBy=default.target"))
        // The desktop's unit shows the home screen for as long as the graphical session lasts.
        let desktopUnit = try String(contentsOfFile: units + "/widgethost-desktop.service", encoding: .utf8)
        #expect(desktopUnit.contains("ExecStart=\(prefix)/bin/widgethost desktop"))
        #expect(desktopUnit.contains("PartOf=graphical-session.target"))
        #expect(desktopUnit.contains("WantedBy=graphical-session.target"))
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/systemd-analyze") {
            for name in ["widgethost.service", "widgethost-desktop.service"] {
                let verify = try await run("/usr/bin/systemd-analyze", ["verify", units + "/" + name], in: root)
                #expect(verify.status == 0, "\(name): \(verify.standardOutput)\(verify.standardError)")
            }
        }

        // Uninstalling removes what was installed and leaves the data folder alone.
        let uninstall = try await run("/bin/bash", [script, "--uninstall", "--prefix", prefix, "--unit-dir", units], in: root)
        #expect(uninstall.status == 0, "\(uninstall.standardError)")
        for installed in ["/bin/widgethost", "/bin/widgethost-worker", "/lib/widgethost/bundles/libCounterWidget.so",
                          "/include/widgethost/bundle.h", "/lib/pkgconfig/widgethost.pc", "/share/doc/widgethost/docs/cli.md"] {
            #expect(!FileManager.default.fileExists(atPath: prefix + installed), "\(installed) left behind")
        }
        #expect(!FileManager.default.fileExists(atPath: units + "/widgethost.service"))
        #expect(!FileManager.default.fileExists(atPath: units + "/widgethost-desktop.service"))
        #expect(FileManager.default.fileExists(atPath: keepsake))
    }
}
