/// Where bundles run.
public enum IsolationMode: Sendable {
    /// In the host process: fastest, and what a debugger wants, but a bundle that crashes takes
    /// the host with it. Only for bundles you trust.
    case inProcess
    /// One worker process per bundle (the default for `widgethost run`): a bundle that crashes,
    /// exits, hangs or eats memory loses its worker, not the host, and the worker is restarted.
    case worker(WorkerSettings)
}
