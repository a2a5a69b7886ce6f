import Dispatch
import WidgetHostCore

extension BundleWorker {
    /// Answers the worker's shared-defaults request `id`: only for a group its bundle declared
    /// in its scan, whatever the worker claims, since a bundle can write to the channel itself.
    /// Off the reader thread: a write waits for the store, and the worker's other answers must not.
    func answerDefaults(_ request: DefaultsRequest, in group: String, id: UInt64, generation: Int) {
        let (process, declared, name) = state.withLock { state in
            (state.generation == generation ? state.process : nil, state.declaredGroups, state.bundleName ?? path)
        }
        guard let process else { return }
        defaultsAnswering.async { [events, path] in
            let reply = if let appGroup = declared.first(where: { $0.rawValue == group }) {
                events.services.answerDefaults(request, in: appGroup, bundle: name)
            } else {
                DefaultsReply(.undeclaredGroup(group: group, bundle: name, declared: declared.map(\.rawValue)))
            }
            // The worker's own services refuse such a call before sending it: this one came
            // from around them, so the host records it.
            if let failure = reply.failure, !declared.contains(where: { $0.rawValue == group }) {
                events.services.bundleLogged(BundleLogLine(bundle: name, path: path, level: .error, message: failure))
            }
            // A worker gone meanwhile has nobody left to answer.
            try? process.channel.send(HostMessage.defaultsAnswer(id: id, reply: reply))
        }
    }
}
