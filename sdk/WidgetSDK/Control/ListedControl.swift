/// A control listed in a `WidgetBundle`'s body, standing among the bundle's widgets as the
/// widget it is exported as: so a bundle lists controls and widgets alike, in any order and
/// inside `if` and `if #available` branches.
struct ListedControl<Control: ControlWidget>: Widget {
    let control: Control

    init() {
        control = Control()
    }

    init(_ control: Control) {
        self.control = control
    }

    /// Unused: a listed control is exported through `ControlListing`, not through its body.
    var body: EmptyWidgetConfiguration { EmptyWidgetConfiguration() }
}

/// A widget that stands for a control.
protocol ControlListing {
    func exportedControl() throws(WidgetExportError) -> ExportedWidget
}

extension ListedControl: ControlListing {
    func exportedControl() throws(WidgetExportError) -> ExportedWidget {
        guard let configuration = control.body as? any ExportableControlConfiguration else {
            throw .unsupportedControlConfiguration(control: String(describing: Control.self))
        }
        return configuration.exportedControl().exportedWidget()
    }
}
