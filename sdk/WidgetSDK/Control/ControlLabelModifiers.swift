/// What a control's label tells iOS beyond what it draws: the hint beside the Action button and
/// the status Control Center announces. Neither place exists on this host, so these are
/// accepted, as in WidgetKit, and draw nothing; the label draws as it would without them.
extension View {
    /// The text beside the Action button when it runs this control. Draws nothing here.
    public func controlWidgetActionHint(_ hint: Text) -> some View {
        self
    }

    public func controlWidgetActionHint(_ hint: LocalizedStringKey) -> some View {
        self
    }

    @_disfavoredOverload
    public func controlWidgetActionHint(_ hint: LocalizedStringResource) -> some View {
        self
    }

    public func controlWidgetActionHint(_ hint: some StringProtocol) -> some View {
        self
    }

    /// The text Control Center shows when the control's state changes. Draws nothing here.
    public func controlWidgetStatus(_ status: Text) -> some View {
        self
    }

    public func controlWidgetStatus(_ status: LocalizedStringKey) -> some View {
        self
    }

    @_disfavoredOverload
    public func controlWidgetStatus(_ status: LocalizedStringResource) -> some View {
        self
    }

    public func controlWidgetStatus(_ status: some StringProtocol) -> some View {
        self
    }
}
