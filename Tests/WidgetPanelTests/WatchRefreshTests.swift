import Testing
@testable import WidgetPanel

@Suite("What watch reads again after an event")
struct WatchRefreshTests {
    private func refresh(_ name: String, _ data: String, selection: WidgetSelection = WidgetSelection()) -> WatchRefresh? {
        WatchRefresh(ServerSentEvent(id: "1", name: name, data: data), selection: selection)
    }

    @Test func anEventAboutOneWidgetReadsThatWidget() {
        #expect(refresh("call", #"{"kind":"Counter","family":"systemSmall","instance":null}"#)
            == .widget(WidgetKey(kind: "Counter", family: "systemSmall")))
        #expect(refresh("entry", #"{"kind":"Clock","family":"systemSmall","instance":"wtokyo"}"#)
            == .widget(WidgetKey(kind: "Clock", family: "systemSmall", instance: "wtokyo")))
    }

    @Test func eventsThatChangeWhichWidgetsThereAreReadTheList() {
        #expect(refresh("bundle", #"{"path":"/x.so","kinds":["Other"]}"#) == .everything)
        #expect(refresh("instances", #"{"added":["w1"],"reconfigured":[],"removed":[]}"#) == .everything)
        // A kind without a family: which of its widgets it is about is not said.
        #expect(refresh("error", #"{"kind":"Counter","family":null,"code":"intentCompletion"}"#) == .everything)
    }

    @Test func eventsThatCannotChangeWhatIsShownReadNothing() {
        let clockOnly = WidgetSelection(kinds: ["Clock"])
        #expect(refresh("entry", #"{"kind":"Counter","family":"systemSmall"}"#, selection: clockOnly) == nil)
        #expect(refresh("error", #"{"kind":null,"family":null,"code":"storeFailed"}"#) == nil)
    }

    @Test func eachWidgetHasItsOwnRoute() {
        #expect(PanelWatcher.path(of: WidgetKey(kind: "Counter", family: "systemSmall")) == "/v1/widgets/Counter/systemSmall")
        #expect(PanelWatcher.path(of: WidgetKey(kind: "Clock", family: "systemSmall", instance: "wtokyo")) == "/v1/instances/wtokyo")
        #expect(PanelWatcher.path(of: WidgetKey(kind: "a/b c", family: "systemSmall")) == "/v1/widgets/a%2Fb%20c/systemSmall")
    }

    @Test func eventsDuringAReadAreOneMoreReadOfWhatTheyName() async {
        let pending = PendingRefreshes()
        let counter = WidgetKey(kind: "Counter", family: "systemSmall")
        let clock = WidgetKey(kind: "Clock", family: "systemSmall")
        pending.add(.widget(counter))
        pending.add(.widget(clock))
        pending.add(.widget(counter))
        var signals = pending.signals.makeAsyncIterator()
        #expect(await signals.next() != nil)
        let due = pending.take()
        #expect(!due.everything)
        #expect(due.widgets == [counter, clock])
        #expect(pending.take().widgets.isEmpty)

        pending.add(.everything)
        pending.finish()
        #expect(await signals.next() != nil)
        #expect(pending.take().everything)
        #expect(await signals.next() == nil)
    }
}
