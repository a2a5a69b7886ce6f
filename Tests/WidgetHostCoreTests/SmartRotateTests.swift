import Foundation
import Testing
import WidgetHostCore
import WidgetStoreModel

/// Smart Rotate's rule (`SmartRotate`): the stack moves to the member relevance puts forward, only
/// when that member changes; ties keep what is shown; a swipe holds until the next change.
@Suite("Smart Rotate")
struct SmartRotateTests {
    private static let a = WidgetInstanceID(rawValue: "wa"), b = WidgetInstanceID(rawValue: "wb"), c = WidgetInstanceID(rawValue: "wc")

    private static func stack(shown: WidgetInstanceID? = nil, leader: WidgetInstanceID? = nil, smartRotate: Bool = true) -> HomeStack {
        HomeStack(id: HomeStackID(rawValue: "s1"), members: [a, b, c], shown: shown, smartRotate: smartRotate, leader: leader,
                  createdAt: Date(timeIntervalSince1970: 0))
    }

    @Test("The strictly most relevant member comes forward and becomes the leader")
    func theMostRelevantComesForward() throws {
        let rotated = try #require(SmartRotate.apply(to: Self.stack(), scores: [Self.a: 0.2, Self.b: 0.9]))
        #expect(rotated.shownMember == Self.b)
        #expect(rotated.leader == Self.b)
    }

    @Test("A person's swipe holds while the leader stays, and gives way when it changes")
    func aSwipeHoldsUntilTheLeaderChanges() throws {
        // B led and the person swiped to C: the same ranking again changes nothing.
        let swiped = Self.stack(shown: Self.c, leader: Self.b)
        #expect(SmartRotate.apply(to: swiped, scores: [Self.a: 0.2, Self.b: 0.9]) == nil)
        // A's score changed but B still leads: nothing moves either.
        #expect(SmartRotate.apply(to: swiped, scores: [Self.a: 0.5, Self.b: 0.9]) == nil)
        // A now leads: the stack goes to A.
        let moved = try #require(SmartRotate.apply(to: swiped, scores: [Self.a: 0.95, Self.b: 0.9]))
        #expect(moved.shownMember == Self.a && moved.leader == Self.a)
    }

    @Test("A tie at the top keeps the leader among the tied, and moves nothing otherwise")
    func tiesDoNotFlip() throws {
        // B led; A catches up with it: B stays the leader, nothing to write.
        #expect(SmartRotate.apply(to: Self.stack(shown: Self.b, leader: Self.b), scores: [Self.a: 0.5, Self.b: 0.5]) == nil)
        // C led, then A and B tie above it: no leader, and the stack stays on C.
        let tied = try #require(SmartRotate.apply(to: Self.stack(shown: Self.c, leader: Self.c), scores: [Self.a: 0.5, Self.b: 0.5, Self.c: 0.1]))
        #expect(tied.leader == nil)
        #expect(tied.shownMember == Self.c)
        // Nobody relevant at all: no leader either.
        #expect(SmartRotate.leader(of: [Self.a, Self.b], scores: [:], previous: nil) == nil)
        #expect(SmartRotate.leader(of: [Self.a, Self.b], scores: [Self.a: 0, Self.b: 0], previous: Self.a) == nil)
    }

    @Test("With Smart Rotate off the stack keeps the swiped member whatever relevance says")
    func offKeepsTheSwipedMember() {
        #expect(SmartRotate.apply(to: Self.stack(shown: Self.c, smartRotate: false), scores: [Self.a: 1]) == nil)
    }

    @Test("A leader that left the stack counts as none")
    func aLeaderNoLongerAMemberIsForgotten() throws {
        var stack = Self.stack(shown: Self.a, leader: WidgetInstanceID(rawValue: "wgone"))
        stack.members = [Self.a, Self.b]
        let rotated = try #require(SmartRotate.apply(to: stack, scores: [Self.b: 0.3]))
        #expect(rotated.leader == Self.b && rotated.shownMember == Self.b)
    }
}
