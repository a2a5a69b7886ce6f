/// The tree on the wire: `docs/view-tree.md`, and `sdk/view-tree.schema.json` for machines.
extension ViewTree {
    /// The tree as `docs/view-tree.md` writes it, members at their default left out.
    public var jsonValue: JSONValue {
        ViewTreeEncoding.tree(self)
    }

    /// Reads a tree, checking every rule of `docs/view-tree.md` and the bounds in `Limits`;
    /// it stops at the first fault. Unknown members are ignored.
    ///
    /// Asset names and App Group paths are only checked to be non-empty: whether the file is
    /// there, and inside its folder, is for the host to say.
    public init(json: JSONValue) throws(ViewTreeError) {
        var reader = ViewTreeReader()
        let members = try reader.object(json)
        // The version first: a newer tree may not read as this one at all.
        guard let versionValue = members["version"] else { throw reader.error(.missingMember("version")) }
        let version = try reader.integer(versionValue, in: 1...Int.max, member: "version")
        guard version <= ViewTree.currentVersion else {
            throw reader.error(.unsupportedVersion(found: version, supported: ViewTree.currentVersion), member: "version")
        }
        let root = try reader.child(members, "root", depth: 0)
        let dark = try reader.optionalChild(members, "dark", depth: 0)
        let accented = try reader.optionalChild(members, "accented", depth: 0)
        let vibrant = try reader.optionalChild(members, "vibrant", depth: 0)
        self.init(
            version: version,
            root: root,
            dark: dark,
            contentMarginsDisabled: try reader.bool(members, "contentMarginsDisabled", default: false),
            accented: accented,
            vibrant: vibrant
        )
    }
}
