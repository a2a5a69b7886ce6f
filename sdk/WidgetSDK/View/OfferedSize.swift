import WidgetPayload

extension EnvironmentValues {
    /// The space a view is offered in the evaluation, as the host will lay it out (roughly: see
    /// `GeometryReader`).
    package struct OfferedSize: Sendable, Hashable {
        package var width: Double
        package var height: Double

        /// The widget's content area in `family`: its size, less the content margins.
        package init(family: WidgetFamily, contentMarginsDisabled: Bool) {
            let size = family.defaultDisplaySize
            // WidgetKit's content margins (iOS 17): 16 points for the system families, none for
            // the accessory ones, as the host lays them out.
            let margin: Double = switch family {
            case _ where contentMarginsDisabled: 0
            case .systemSmall, .systemMedium, .systemLarge, .systemExtraLarge: 16
            case .accessoryCircular, .accessoryRectangular, .accessoryInline: 0
            }
            width = size.width - 2 * margin
            height = size.height - 2 * margin
        }

        /// Whether `modifier` changes the space its view is offered.
        static func changes(_ modifier: ViewModifierNode) -> Bool {
            switch modifier {
            case .padding, .frame: true
            default: false
            }
        }

        /// The space left to a view that `modifier` is applied to.
        func inside(_ modifier: ViewModifierNode) -> OfferedSize {
            var inner = self
            switch modifier {
            case .padding(let insets):
                inner.width = max(0, width - insets.leading - insets.trailing)
                inner.height = max(0, height - insets.top - insets.bottom)
            case .frame(let frame):
                if let fixed = frame.width { inner.width = fixed }
                if let fixed = frame.height { inner.height = fixed }
            default:
                break
            }
            return inner
        }
    }
}

extension EnvironmentValues {
    /// Runs `body` with `offeredSize` changed by `change`.
    static func offering<Result>(_ change: (inout OfferedSize) -> Void, _ body: () -> Result) -> Result {
        var environment = current
        change(&environment.offeredSize)
        return $current.withValue(environment, operation: body)
    }
}
