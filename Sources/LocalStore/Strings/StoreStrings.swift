import Foundation
import Localization

/// The sentences the device store gives a screen, from `Resources/<lang>.lproj/Localizable.strings`.
enum StoreStrings {
    static let table = StringTable(bundle: .module)
}
