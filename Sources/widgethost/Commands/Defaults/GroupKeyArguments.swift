import ArgumentParser
import WidgetHostCore
import WidgetPayload

/// The GROUP KEY pair the defaults subcommands take.
struct GroupKeyArguments: ParsableArguments {
    @Argument(help: ArgumentHelp("The App Group, e.g. group.bacon.data.", valueName: "group"))
    var group: String
    @Argument(help: ArgumentHelp("The key.", valueName: "key"))
    var key: String

    /// The group, checked: a malformed name fails naming the fix.
    func appGroup() throws(AppGroupIDError) -> AppGroupID {
        try AppGroupID(validating: group)
    }
}
