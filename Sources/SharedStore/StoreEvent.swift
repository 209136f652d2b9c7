/// What the store service tells whoever watches it (`soma serve --metrics`:
/// `soma_store_errors_total` and `soma_store_retries_total`), about the requests it makes to the
/// database for the games: a save's write, and the reads (a player's progress, the hall of
/// fame, names). The service knows no metrics library: the command line, which owns both the
/// service and the server's metrics, turns each event into a count.
///
/// A request that fails N times and then succeeds gives N `failedTry` and N `retry`; a read that
/// gives up after its patience gives one `failedTry` more than `retry`.
public enum StoreEvent: Sendable, Equatable {
    /// One try of a request failed: an error from PostgreSQL or its connection pool, or no
    /// answer within `StoreTries.trySeconds`. (A refused save, a bad line, a name that is taken
    /// are answers, not failures.)
    case failedTry
    /// A request is tried again after a failed try: a save's second and later tries, a read's
    /// within its patience.
    case retry
}
