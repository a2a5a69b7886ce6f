import WidgetPayload

/// The sheets over edit mode: the backend opens the gallery and Edit Widget with the data they
/// need (`presentGallery`, `presentConfigure`), the editor opens the remove alert itself; while
/// one is open, keys, typing and clicks go to it, and what it decides comes back as effects: the
/// gallery's `.add`, the alert's `.remove`, Edit Widget's `.reconfigure`.
extension HomeEditor {
    /// The gallery of `kinds`, adding to the page shown.
    public mutating func presentGallery(kinds: [GalleryKind]) {
        menu = nil
        let frame = HomeSheet.cardFrame(alert: false, width: shown.grid.width, height: shown.grid.height)
        present(.gallery(GallerySheet(kinds: kinds, page: page, sheetHeight: frame.height)))
    }

    /// Edit Widget for `instance` of `kind`, starting from its `configuration` (`unavailable`: a
    /// saved value the bundle no longer offers). Its first summary request when the kind has one.
    @discardableResult
    public mutating func presentConfigure(
        instance: String, kind: GalleryKind, configuration: [String: JSONValue], unavailable: UnavailableValue? = nil
    ) -> HomeEditorEffect? {
        menu = nil
        var sheet = ConfigureSheet(instance: instance, kind: kind, configuration: configuration, unavailable: unavailable)
        let first = sheet.start()
        present(.configure(sheet))
        return first.flatMap { effect(of: $0, in: sheet) }
    }

    public mutating func closeSheet() {
        sheet = nil
        sheetTargets = [:]
        chosenFrom = nil
    }

    /// The gallery a choice of a kind closed, open again with `kinds` (the chosen one's bundle's)
    /// marked as no longer available: the bundle was removed meanwhile, so nothing was added, and
    /// the person sees why where they chose it. False when no gallery was closed by that choice.
    @discardableResult
    public mutating func reopenGallery(markingRemoved kinds: Set<String>) -> Bool {
        guard sheet == nil, var gallery = chosenFrom else { return false }
        gallery.removedKinds.formUnion(kinds)
        present(.gallery(gallery))
        return true
    }

    /// An entity picker's choices (those `matching` a search), from the bundle; dropped when the
    /// sheet has moved on.
    public mutating func setOptions(_ options: [ParameterOption], kind: String, parameter: String, matching: String? = nil) {
        guard case .configure(var configure)? = sheet, configure.kind.kind == kind else { return }
        configure.setOptions(options, for: parameter, matching: matching)
        sheet = .configure(configure)
    }

    /// An entity picker's choices could not be loaded: the picker says why.
    public mutating func setOptionsFailed(_ message: String, kind: String, parameter: String, matching: String? = nil) {
        guard case .configure(var configure)? = sheet, configure.kind.kind == kind else { return }
        configure.setOptionsFailed(message, for: parameter, matching: matching)
        sheet = .configure(configure)
    }

    /// Edit Widget's summary sentence (nil: none for its values); the next request when the
    /// values changed meanwhile.
    public mutating func setSummary(_ summary: ResolvedSummary?, kind: String) -> HomeEditorEffect? {
        guard case .configure(var configure)? = sheet, configure.kind.kind == kind else { return nil }
        let outcome = configure.setSummary(summary)
        sheet = .configure(configure)
        return effect(of: outcome, in: configure)
    }

    /// The saved value of `instance` the bundle no longer offers, from its state.
    public mutating func setUnavailable(_ value: UnavailableValue?, instance: String) {
        guard case .configure(var configure)? = sheet, configure.instance == instance else { return }
        configure.setUnavailable(value)
        sheet = .configure(configure)
    }

    /// Why the sheet's request failed (entities that would not load, a configuration refused).
    public mutating func setSheetError(_ message: String) {
        guard case .configure(var configure)? = sheet else { return }
        configure.error = message
        sheet = .configure(configure)
    }

    /// Text typed: into the gallery's search field or Edit Widget's focused text row. Nil when
    /// nothing takes it (no sheet, or no text row focused), so the backend reads the key as a key
    /// (a space is Enter, there).
    public mutating func type(_ text: String) -> HomeEditorEffect? {
        switch sheet {
        case .gallery(var gallery)?:
            gallery.type(text)
            sheet = .gallery(gallery)
        case .configure(var configure)?:
            guard let outcome = configure.type(text) else { return nil }
            sheet = .configure(configure)
            return effect(of: outcome, in: configure)
        default:
            return nil
        }
        return .redraw
    }

    /// The instance a sheet is about (Edit Widget's, the alert's), closed when it goes away.
    var sheetInstance: String? {
        switch sheet {
        case .configure(let configure)?: configure.instance
        case .confirmRemove(let alert)?: alert.instance
        case .gallery?, nil: nil
        }
    }

    /// Asks before `instance` is removed, as iOS does.
    mutating func confirmRemoval(of instance: String) -> HomeEditorEffect? {
        present(.confirmRemove(RemoveConfirmation(instance: instance, name: instanceNames[instance] ?? "Widget")))
        return .redraw
    }

    private mutating func present(_ new: HomeSheet) {
        sheet = new
        sheetTargets = [:]
        chosenFrom = nil
        recognizer = HomeGestureRecognizer(isEditing: isEditing)
        drag = nil
    }

    /// A click with a sheet open: on one of its targets, that target; outside the sheet's card,
    /// the sheet closes (the backdrop, as a tap beside an iOS sheet).
    mutating func sheetTap(at point: Point) -> HomeEditorEffect? {
        guard let sheet else { return nil }
        if let target = sheetTargets.first(where: { $0.value.contains(point) })?.key { return activate(target) }
        if !sheet.frame(width: shown.grid.width, height: shown.grid.height).contains(point) {
            closeSheet()
            return .redraw
        }
        return nil
    }

    /// Keys with a sheet open: Tab and the arrows move its focus, Enter acts, Escape backs out,
    /// Backspace deletes in the field typed into.
    mutating func sheetKey(_ key: HomeKey) -> HomeEditorEffect? {
        guard var current = sheet else { return nil }
        switch key {
        case .tab, .backTab, .arrow(.left), .arrow(.right), .arrow(.up), .arrow(.down):
            let delta = key == .backTab ? -1 : 1
            switch current {
            case .gallery(var gallery):
                if case .arrow(let direction) = key { gallery.moveFocus(toward: direction) } else { gallery.moveFocus(by: delta) }
                current = .gallery(gallery)
            case .configure(var configure):
                let back = key == .backTab || key == .arrow(.up) || key == .arrow(.left)
                configure.focus = stepFocus(configure.focus, by: back ? -1 : 1, in: configure.focusOrder)
                current = .configure(configure)
            case .confirmRemove(var alert):
                alert.focus = stepFocus(alert.focus, by: delta, in: current.focusOrder)
                current = .confirmRemove(alert)
            }
            sheet = current
            return .redraw
        case .enter:
            guard let target = current.focus else { return nil }
            return activate(target)
        case .escape:
            if case .configure(var configure) = current, !configure.escape() {
                sheet = .configure(configure)
                return .redraw
            }
            closeSheet()
            return .redraw
        case .delete:
            switch current {
            case .gallery(var gallery):
                gallery.deleteBackward()
                sheet = .gallery(gallery)
            case .configure(var configure):
                let outcome = configure.deleteBackward()
                sheet = .configure(configure)
                return effect(of: outcome, in: configure)
            case .confirmRemove:
                return nil
            }
            return .redraw
        case .move, .menu, .pageUp, .pageDown:
            return nil
        }
    }

    /// What Edit Widget's `outcome` asks of the backend.
    private mutating func effect(of outcome: ConfigureSheet.Outcome, in configure: ConfigureSheet) -> HomeEditorEffect {
        switch outcome {
        case .redraw: return .redraw
        case .loadOptions(let parameter, let matching): return .loadOptions(kind: configure.kind.kind, parameter: parameter, matching: matching)
        case .summarize(let configuration): return .summarize(kind: configure.kind.kind, configuration: configuration)
        case .close:
            closeSheet()
            return .redraw
        case .save(let configuration):
            closeSheet()
            return .change(.reconfigure(instance: configure.instance, configuration: configuration))
        }
    }

    /// A click or Enter on `target`.
    mutating func activate(_ target: SheetTarget) -> HomeEditorEffect? {
        guard let current = sheet else { return nil }
        switch current {
        case .gallery(var gallery):
            switch target {
            case .family(let kind, let family):
                do {
                    let change = try gallery.choose(kind: kind, family: family, in: arrangement)
                    closeSheet()
                    chosenFrom = gallery
                    return .change(change)
                } catch {
                    // The kind went away, or the family is larger than this output: nothing to add.
                    return nil
                }
            case .close:
                closeSheet()
                return .redraw
            default:
                gallery.focus = target
                sheet = .gallery(gallery)
                return .redraw
            }
        case .configure(var configure):
            let outcome = configure.activate(target)
            sheet = .configure(configure)
            return effect(of: outcome, in: configure)
        case .confirmRemove(var alert):
            switch target {
            case .confirm:
                closeSheet()
                return .change(.remove(instance: alert.instance))
            case .close:
                closeSheet()
                return .redraw
            default:
                alert.focus = target
                sheet = .confirmRemove(alert)
                return .redraw
            }
        }
    }
}
