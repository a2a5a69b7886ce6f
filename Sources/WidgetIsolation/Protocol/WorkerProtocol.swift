import WidgetHostCore
/// The conversation between the host and a bundle's worker process (`widgethost-worker`).
///
/// The worker is started with one end of a Unix stream socket as descriptor 3, the channel; its
/// standard output and error go to a pipe the host logs against the bundle, so whatever the
/// bundle prints can never corrupt the channel. On the channel each side sends frames
/// (`FrameCodec`): a JSON header naming the message, and for a provider's answer the payload
/// bytes as they came, uncopied into JSON.
///
///     worker → host   hello(version, pid, sandbox)   first, always, once the sandbox is in place
///     worker → host   scanned(report)                the bundle loaded, or why not
///     host → worker   call(request) …                any number, concurrently
///     host → worker   entityOptions(request) …       the same, for an entity parameter's options
///     host → worker   perform(request) …             the same, for one of the bundle's intents
///     host → worker   previews(request) …            the same, for a kind's previews
///     host → worker   entityQuery(request) …         the same, for an entity query's search or lookup
///     worker → host   result(id, outcome) + payload  one per call or request, in any order
///     worker → host   log, reloadRequested, violation, intentViolation   whenever the bundle says or does so
///     worker → host   defaults(id, group, request)   a shared-defaults call, after `scanned`
///     host → worker   defaultsAnswer(id, reply)      its answer
///     host → worker   shutdown                       or the channel closes: the worker exits
public enum WorkerProtocol {
    /// Bumped on any incompatible change; a worker of another version is refused at hello.
    /// 2: headers by `JSONValueEncoder.roundTrip`, which writes an id above Int64.max as a string.
    /// 3: a call carries the instance's configuration, and `entityOptions` asks for an entity
    /// parameter's options (ABI 1.3). A worker of 2 would drop the one and refuse the other.
    /// 4: `perform` runs an intent (ABI 1.4), and `intentViolation` reports its wrong
    /// completions. A worker of 3 would refuse the one and never send the other.
    /// 5: the worker no longer opens the store: `defaults` asks the host, `defaultsAnswer`
    /// answers; `hello` reports the sandbox. A worker of 4 would open the store itself.
    /// 6: `previews` asks for a kind's `#Preview`s (ABI 1.6). A worker of 5 would refuse it.
    /// 7: `entityQuery` asks an entity parameter's query (ABI 1.7). A worker of 6 would refuse it.
    public static let version = 7
    /// The channel's descriptor number in the worker.
    public static let channelDescriptor: Int32 = 3
    /// The largest frame either side accepts. A provider's payload is held to
    /// `CallLimits.maxPayloadBytes` inside the worker first; this bounds what a broken or hostile
    /// worker can make the host allocate.
    public static let maximumFrameBytes = 64 << 20
    /// The largest JSON header in a frame.
    public static let maximumHeaderBytes = 1 << 20
}
