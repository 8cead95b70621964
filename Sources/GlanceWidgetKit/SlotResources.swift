import Synchronization

/// What a slot's provider keeps for as long as the slot runs (a watched file's watcher),
/// one resource a key: released when the slot is, or when the provider keeps another
/// under the same key (the slot configured anew with another file).
///
/// The host gives each slot one, in `TimelineProviderContext.resources`; providers
/// asked outside a running slot (`glance render`, previews) get none.
package final class SlotResources: Sendable {
    private let kept = Mutex<[String: any AnyObject & Sendable]>([:])

    package init() {}

    /// Keeps `resource` under `key`, releasing what was kept there before (`nil`: only that).
    package func keep(_ resource: (any AnyObject & Sendable)?, for key: String) {
        // Released outside the lock: a resource's deinit may take locks of its own.
        let earlier = kept.withLock { kept in
            let earlier = kept[key]
            kept[key] = resource
            return earlier
        }
        withExtendedLifetime(earlier) {}
    }

    /// What is kept under `key`.
    package func resource(for key: String) -> (any AnyObject & Sendable)? { kept.withLock { $0[key] } }
}
