import CMicroHTTPD

/// The MHD connection a suspended request (or event stream) belongs to, carried into the Swift task that
/// answers it so that task can resume the connection.
// NB: `@unchecked Sendable` because `MHD_Connection` is an opaque C pointer Swift cannot reason about.
// It is only used for MHD_suspend_connection (on the MHD thread that owns the connection, inside its
// callbacks) and MHD_resume_connection (from any thread, which MHD allows), and only while the owner's
// lock records the connection as suspended. MHD never frees a suspended connection, so the pointer is
// alive at every use; once resumed, the owner forgets it.
struct ConnectionHandle: @unchecked Sendable {
    let pointer: OpaquePointer

    func suspend() { MHD_suspend_connection(pointer) }
    func resume() { MHD_resume_connection(pointer) }
}

/// A running MHD daemon, owned by ``Server``.
// NB: `@unchecked Sendable` because `MHD_Daemon` is an opaque C pointer. MHD_quiesce_daemon,
// MHD_get_daemon_info and MHD_stop_daemon may be called from any thread; Server's lock makes sure
// quiesce and stop happen once, and nothing uses the pointer after stop.
struct DaemonHandle: @unchecked Sendable {
    let pointer: OpaquePointer
    /// The header-deadline watchdog (see `cmhd_guard`), released after the daemon stops.
    let headerGuard: OpaquePointer?
}
