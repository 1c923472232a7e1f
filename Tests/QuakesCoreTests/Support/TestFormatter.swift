import Foundation

@testable import QuakesCore

/// The formatter every test uses: Pacific time, US English.
let testFormatter = QuakeRowFormatter(
    timeZone: TimeZone(identifier: "America/Los_Angeles") ?? .current, locale: Locale(identifier: "en_US"))
