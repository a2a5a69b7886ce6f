extension WidgetConfiguration {
    /// WidgetKit's hook for a background `URLSession` that finished while the extension was not
    /// running: iOS relaunches the extension and passes the session's identifier and a completion
    /// handler. Linux's `URLSession` has no background sessions, so a widget's requests finish
    /// while its provider runs, and the hook is never called; the configuration is unchanged.
    public func onBackgroundURLSessionEvents(
        matching matchingBlock: ((String) -> Bool)? = nil,
        _ urlSessionEvents: @escaping (_ identifier: String, _ completion: @escaping () -> Void) -> Void
    ) -> Self {
        self
    }
}
