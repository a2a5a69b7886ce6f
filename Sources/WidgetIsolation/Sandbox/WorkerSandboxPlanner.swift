import Foundation
import WidgetHostCore
import WidgetPayload
import WidgetStoreModel

/// Decides, in the host, what each bundle's worker may reach: its own file and asset folder,
/// the containers of the App Groups it declared (created here, private), and the network unless
/// it declared it needs none. The worker enforces it (`WorkerSandbox`).
struct WorkerSandboxPlanner: Sendable {
    let storeLocation: StoreLocation
    /// false: workers run unsandboxed (`WorkerSettings.sandboxed`).
    let sandboxed: Bool
    /// The kernel's Landlock ABI as the host found it; the same kernel runs the workers.
    let landlock: Result<Int, LandlockError>
    /// Each bundle folder's resource folders, listed once while the folder is unchanged.
    private let listing: ResourceFolderListing

    init(
        storeLocation: StoreLocation, sandboxed: Bool, landlock: Result<Int, LandlockError> = Landlock.abiVersion(),
        listing: ResourceFolderListing = ResourceFolderListing()
    ) {
        self.storeLocation = storeLocation
        self.sandboxed = sandboxed
        self.landlock = landlock
        self.listing = listing
    }

    /// The policy for the bundle at `path`, given what it declared; nil `bundle` (not scanned
    /// yet): no groups, and the network as by default.
    func policy(forBundleAt path: String, declaring bundle: ScannedBundle?) -> WorkerSandboxPolicy {
        let groups = (bundle?.appGroups ?? []).compactMap { try? AppGroupID(validating: $0) }
        let library = URL(fileURLWithPath: path)
        let resources = resourceFolder(forBundleAt: path)
        return WorkerSandboxPolicy(
            readable: [path] + (BundleAssetFolder.beside(library, listing: listing.resourceFolders(in:)).map { [$0.path] } ?? [])
                // Everything the bundle ships, as an extension reads its own bundle: it is
                // `Bundle.main` in the worker (`ExtensionProcess`).
                + (resources.map { [$0.path] } ?? [])
                // Its entitlements and Info.plist, which the worker's loader reads (each resolved:
                // one that escapes its folder is refused before it is opened), in the resource
                // folder the worker is told of.
                + BundleInfoFiles.readablePaths(besideBundle: library, resourceFolder: .known(resources)),
            appGroups: groups.map(\.rawValue),
            containers: groups.map { storeLocation.containerURL(for: $0).path },
            network: bundle?.usesNetwork ?? true)
    }

    /// The bundle's SwiftPM resource folder (`BundleInfoFiles.resourceFolder(of:listing:)`),
    /// found here with the remembered listing and passed to its worker, which may not list.
    func resourceFolder(forBundleAt path: String) -> URL? {
        BundleInfoFiles.resourceFolder(of: URL(fileURLWithPath: path), listing: listing.resourceFolders(in:))
    }

    /// Creates the policy's containers (0700), so that the worker can allow them before the
    /// bundle runs: Landlock's rules name folders that exist.
    func prepare(_ policy: WorkerSandboxPolicy) {
        // One that cannot be made is left out by the worker (there is nothing to allow), and
        // the bundle's own attempt to use it fails with the reason.
        guard !policy.containers.isEmpty else { return }
        // The data folder and groups/ first, so that they too are made private (0700).
        try? DataFolderPrivacy.createFolder(storeLocation.directory)
        try? DataFolderPrivacy.createFolder(storeLocation.groupsDirectory)
        for container in policy.containers {
            try? DataFolderPrivacy.createFolder(URL(fileURLWithPath: container, isDirectory: true))
        }
    }

    /// The policy as `bundles` shows it.
    func description(of policy: WorkerSandboxPolicy) -> BundleSandbox {
        switch (sandboxed, landlock) {
        case (false, let abi):
            return BundleSandbox(
                enforcement: .off, landlockABI: try? abi.get(), readable: policy.readable, appGroups: policy.appGroups, network: true)
        case (true, .failure(let error)):
            return BundleSandbox(
                enforcement: .unavailable, landlockABI: nil, readable: policy.readable, appGroups: policy.appGroups,
                network: true, note: error.description)
        case (true, .success(let abi)):
            let denied = !policy.network && abi >= 4
            return BundleSandbox(
                enforcement: .landlock, landlockABI: abi, readable: policy.readable, appGroups: policy.appGroups,
                network: !denied,
                note: !policy.network && !denied ? "this kernel's Landlock (ABI \(abi)) cannot deny TCP; ABI 4 can" : nil)
        }
    }
}
