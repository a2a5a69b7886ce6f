import Testing
@testable import WidgetPanel

@Suite("Server-Sent Events parser")
struct ServerSentEventParserTests {
    private func parse(_ chunks: [String]) -> (events: [ServerSentEvent], parser: ServerSentEventParser) {
        var parser = ServerSentEventParser()
        var events: [ServerSentEvent] = []
        for chunk in chunks { events += parser.parse(Array(chunk.utf8)) }
        return (events, parser)
    }

    @Test func theDaemonsEventsWithIdNameAndData() {
        let (events, parser) = parse(["retry: 2000\n\nid: 7\nevent: call\ndata: {\"kind\":\"A\"}\n\nid: 8\nevent: entry\ndata: {}\n\n"])
        #expect(events == [
            ServerSentEvent(id: "7", name: "call", data: #"{"kind":"A"}"#),
            ServerSentEvent(id: "8", name: "entry", data: "{}"),
        ])
        #expect(parser.retry == 2000)
        #expect(parser.lastEventId == "8")
    }

    @Test func dataLinesJoinWithNewlines() {
        let (events, _) = parse(["data: one\ndata:two\ndata\ndata:  three\n\n"])
        // One space after the colon is dropped, a second kept; `data` alone is an empty line.
        #expect(events.map(\.data) == ["one\ntwo\n\n three"])
        #expect(events.first?.name == "message")
    }

    @Test func commentsAreSkippedAndCounted() {
        let (events, parser) = parse([": heartbeat\n\n: heartbeat\n\nevent: entry\n: inside an event\ndata: x\n\n"])
        #expect(events == [ServerSentEvent(id: "", name: "entry", data: "x")])
        #expect(parser.commentCount == 3)
    }

    @Test func everyLineEndingCountsIncludingACRLFSplitBetweenChunks() {
        let (events, _) = parse(["id: 1\r\nevent: a\r\ndata: crlf\r", "\n\r", "\nid: 2\revent: b\rdata: cr\r\r", "data: lf\n\n"])
        #expect(events == [
            ServerSentEvent(id: "1", name: "a", data: "crlf"),
            ServerSentEvent(id: "2", name: "b", data: "cr"),
            ServerSentEvent(id: "2", name: "message", data: "lf"),
        ])
    }

    @Test func anEventCutAnywhereIsTheSameEvent() {
        let text = "id: 41\nevent: call\ndata: {\"kind\":\"PillarWidget\",\"family\":\"systemSmall\"}\n\n"
        let whole = parse([text]).events
        let bytes = Array(text.utf8)
        for cut in 1..<bytes.count {
            var parser = ServerSentEventParser()
            let events = parser.parse(bytes[..<cut]) + parser.parse(bytes[cut...])
            #expect(events == whole, "cut at \(cut)")
        }
        // Byte by byte too, a multi-byte character split across chunks included.
        var parser = ServerSentEventParser()
        let pieces = Array("data: café ☕\n\n".utf8).flatMap { parser.parse([$0]) }
        #expect(pieces.map(\.data) == ["café ☕"])
    }

    @Test func nothingIsDispatchedBeforeTheBlankLine() {
        var parser = ServerSentEventParser()
        #expect(parser.parse(Array("id: 3\nevent: entry\ndata: {}\n".utf8)).isEmpty)
        #expect(parser.parse(Array("\n".utf8)).count == 1)
    }

    @Test func anEventWithoutDataIsNotDispatchedButItsIdIsKept() {
        let (events, parser) = parse(["id: 5\nevent: call\n\ndata: after\n\n"])
        #expect(events == [ServerSentEvent(id: "5", name: "message", data: "after")])
        #expect(parser.lastEventId == "5")
    }

    @Test func unknownFieldsAndBadRetriesAreIgnored() {
        let (events, parser) = parse(["retry: 10x\nfoo: bar\nid: 1\u{0}2\ndata: y\n\n"])
        #expect(events == [ServerSentEvent(id: "", name: "message", data: "y")])
        #expect(parser.retry == nil)
    }

    @Test func aByteOrderMarkAtTheStartIsSkipped() {
        var parser = ServerSentEventParser()
        let events = parser.parse([0xEF, 0xBB, 0xBF] + Array("data: z\n\n".utf8))
        #expect(events.map(\.data) == ["z"])
    }
}
