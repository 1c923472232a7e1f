import Database
import Foundation
import LocalStore
import os

/// Opens an app's device store (cache, hidden rows, saved lists, outbox): `Application Support/<name>.sqlite`.
///
/// The same ``LocalStore`` the command line opens under `--data-dir`, at the place iOS keeps an app's own files.
enum DeviceStore {
    /// The store in `Application Support/<name>.sqlite`; in memory when that file cannot be opened.
    static func open(_ name: String) async -> LocalStore {
        do {
            let folder = try FileManager.default.url(
                for: .applicationSupportDirectory, in: .userDomainMask, appropriateFor: nil, create: true)
            let path = folder.appendingPathComponent(name + ".sqlite").path
            let opened = try await LocalStore.open(path: path)
            if let setAside = opened.setAside {
                logger.error(
                    "The device store \(name, privacy: .public) was damaged; set aside to \(setAside, privacy: .public)"
                )
            }
            return opened.store
        } catch {
            // NB: a full disk must not keep the app from starting (a damaged file is set aside by `open`): the
            // screens still work online, they only forget their offline copy (and a queued edit) when the app quits.
            let reason = String(describing: error)
            logger.error("The device store \(name, privacy: .public) did not open: \(reason, privacy: .public)")
        }
        do {
            return try await LocalStore(database: SQLiteDatabase(inMemory: SQLiteDatabase.Configuration()))
        } catch {
            fatalError("SQLite cannot open even an in-memory database: \(error)")
        }
    }

    private static let logger = Logger(subsystem: "dev.quartet", category: "DeviceStore")
}
