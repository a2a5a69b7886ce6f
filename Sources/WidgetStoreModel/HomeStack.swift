import Foundation

/// A Smart Stack: one slot of the home screen holding several widgets of one family, one shown at
/// a time, as iOS makes one when a widget is dropped on another of the same family. A person
/// swipes through it; with Smart Rotate on, iOS brings forward the member whose current entry is
/// most relevant (`TimelineEntryRelevance`).
///
/// Where a stack sits is its top member's placement (`HomePlacement`): members below the top have
/// none, so the stack's place has one truth, and placing or unplacing any member moves the whole
/// stack. A stack always has at least two members: the store dissolves one left with a single
/// member (which keeps the stack's place) and deletes one left with none.
public struct HomeStack: Sendable, Hashable, Codable {
    public let id: HomeStackID
    /// The widgets in the stack, top first: on iOS, the order of the stack's pages as a vertical
    /// swipe goes through them, and the order Edit Stack lists them in. Never empty.
    public var members: [WidgetInstanceID]
    /// The member the person last swiped to; nil for the first (top) one, which is what iOS shows
    /// when a stack is made or a widget is dropped on it.
    public var shown: WidgetInstanceID?
    /// iOS's Smart Rotate (on unless the person turns it off in Edit Stack): the stack may bring
    /// forward the most relevant member by itself, instead of staying where it was swiped to.
    public var smartRotate: Bool
    /// The member Smart Rotate last brought forward (`SmartRotate`, in WidgetHostCore): the stack
    /// moves again only when relevance names another, so a swipe holds until then. nil when
    /// none stood out, or Smart Rotate is off.
    public var leader: WidgetInstanceID?
    public let createdAt: Date

    public init(
        id: HomeStackID, members: [WidgetInstanceID], shown: WidgetInstanceID? = nil, smartRotate: Bool = true,
        leader: WidgetInstanceID? = nil, createdAt: Date
    ) {
        self.id = id
        self.members = members
        self.shown = shown
        self.smartRotate = smartRotate
        self.leader = leader
        self.createdAt = createdAt
    }

    /// The top member: the one whose placement is the stack's.
    public var top: WidgetInstanceID? { members.first }

    /// The member on show: `shown` when it is still a member, else the top.
    public var shownMember: WidgetInstanceID? {
        if let shown, members.contains(shown) { return shown }
        return members.first
    }
}

/// A stack's id: `s` and 10 random letters and digits, so never an instance's.
public struct HomeStackID: StoreMadeID {
    public static let letter = "s"
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
}
