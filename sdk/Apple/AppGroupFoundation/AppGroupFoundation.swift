// Foundation as a widget extension's files see it: all of Foundation, with the App Group APIs the
// host answers (WidgetFoundation). Apple's module names re-export this module, and a package may
// import it into every file of an extension (docs/porting.md), so a file that imports only
// Foundation sees the same names.
//
// Why the second, scoped re-export: when a file imports Foundation itself as well as WidgetKit,
// Foundation's `UserDefaults` and WidgetFoundation's both stay visible, and Swift would call the
// name ambiguous. Where two modules tie like that, Swift prefers the declaration reached through a
// scoped import (`import class M.Name`), so this line makes `UserDefaults` mean the App Group one
// in every such file, as it does on iOS.
@_exported import WidgetFoundation
@_exported import class WidgetFoundation.UserDefaults
