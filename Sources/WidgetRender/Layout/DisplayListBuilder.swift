import WidgetPayload

/// Collects what placing the layout tree draws, in painter's order, and the regions a click
/// acts on.
struct DisplayListBuilder {
    private(set) var commands: [DisplayCommand] = []
    private(set) var links: [LinkRegion] = []
    private(set) var controls: [ControlRegion] = []
    private(set) var invalidatableFrames: [Rect] = []
    /// What a `ContainerRelativeShape` is concentric with: the widget, once the engine says so.
    var container = ShapeContainer(frame: Rect(x: 0, y: 0, width: 0, height: 0), cornerRadius: 0)

    mutating func add(_ command: DisplayCommand) {
        commands.append(command)
    }

    mutating func addLink(_ url: String, frame: Rect) {
        links.append(LinkRegion(url: url, frame: frame))
    }

    mutating func addControl(_ control: ControlRegion.Control, action: ControlAction, frame: Rect) {
        controls.append(ControlRegion(control: control, action: action, frame: frame))
    }

    mutating func addInvalidatable(frame: Rect) {
        invalidatableFrames.append(frame)
    }

    /// Appends what `other` collected, its commands' colours treated for a rendering mode.
    mutating func append(_ other: DisplayListBuilder, treatedBy treatment: ColorTreatment) {
        commands += treatment.apply(to: other.commands)
        links += other.links
        controls += other.controls
        invalidatableFrames += other.invalidatableFrames
    }

    /// The links with the widget's URL first: a consumer that takes the last region under a
    /// click then prefers a `Link` over the whole-widget URL.
    func list(size: Size, widgetURL: String?) -> DisplayList {
        var regions = links
        if let widgetURL {
            regions.insert(LinkRegion(url: widgetURL, frame: Rect(origin: Point(x: 0, y: 0), size: size), isWidgetURL: true), at: 0)
        }
        return DisplayList(size: size, commands: commands, links: regions, controls: controls,
                           invalidatableFrames: invalidatableFrames)
    }
}
