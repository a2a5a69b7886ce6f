import Synchronization

extension SharedStore {
    /// One open store per location and process: opening checks the schema under a file lock,
    /// which is worth doing once, not on every `SharedDefaults(suiteName:)`.
    public static func shared(at location: StoreLocation) throws(StoreError) -> SharedStore {
        try openStores.withLock { stores throws(StoreError) in
            if let store = stores[location] { return store }
            let store = try SharedStore.open(location)
            stores[location] = store
            return store
        }
    }
}

private let openStores = Mutex<[StoreLocation: SharedStore]>([:])
