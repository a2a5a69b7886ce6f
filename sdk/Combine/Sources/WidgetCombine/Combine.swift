// `import Combine`, as widget extensions write it: OpenCombine under Apple's module name.
//
// OpenCombine gives its types Apple's names (`AnyPublisher`, `Just`, `Future`, `sink`, `@Published`,
// `ObservableObject`), and, where no module named Combine exists while it compiles, the
// Foundation and Dispatch pieces under Apple's names too: `URLSession.dataTaskPublisher(for:)`,
// `NotificationCenter.publisher(for:)`, `Timer.publish(every:on:in:)`, `JSONDecoder` as a
// `TopLevelDecoder` for `decode(type:decoder:)`, and `DispatchQueue`, `RunLoop` and
// `OperationQueue` as schedulers for `receive(on:)`. SwiftPM builds OpenCombine before this
// module, so in a build of a package those names are always there (docs/porting.md, "Combine").
//
// `URLSession` is in FoundationNetworking on Linux: an extension that uses it imports that module
// into every file with the package setting docs/porting.md gives, as it does without Combine.
@_exported import OpenCombine
@_exported import OpenCombineDispatch
@_exported import OpenCombineFoundation
