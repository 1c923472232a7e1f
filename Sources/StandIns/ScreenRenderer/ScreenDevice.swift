/// The device a screen is drawn for: its size in points and the system chrome around the app.
///
/// Sizes are the devices' real point sizes, so a layout that is too wide or too tall shows as it would on the
/// device (one CSS pixel is one point).
public struct ScreenDevice: Sendable, Hashable {
    /// A short name for file names and the gallery (`iphone`, `ipad`).
    public var name: String
    /// The width in points.
    public var width: Int
    /// The height in points.
    public var height: Int
    /// The status bar's height (taller on phones with a Dynamic Island).
    public var statusBarHeight: Int
    /// The strip at the bottom where the home indicator sits (none on a device with a Home button).
    public var homeIndicatorHeight: Int
    /// Whether it is an iPad: sheets are centred cards, not pulled up from the bottom.
    public var isPad: Bool
    /// Whether a page is drawn as tall as its content (at least `height`) instead of ending at the screen's bottom
    /// edge: every section of a long screen in one picture, as a person scrolling through it would see them.
    public var isFullLength = false

    /// A device from its parts.
    public init(
        name: String, width: Int, height: Int, statusBarHeight: Int, homeIndicatorHeight: Int, isPad: Bool
    ) {
        self.name = name
        self.width = width
        self.height = height
        self.statusBarHeight = statusBarHeight
        self.homeIndicatorHeight = homeIndicatorHeight
        self.isPad = isPad
    }

    /// The same device, its pages drawn as tall as their content.
    public var fullLength: ScreenDevice {
        var device = self
        device.isFullLength = true
        return device
    }

    /// iPhone 15: 393 × 852 points.
    public static let iPhone15 = ScreenDevice(
        name: "iphone", width: 393, height: 852, statusBarHeight: 54, homeIndicatorHeight: 34, isPad: false)

    /// 11-inch iPad (Pro or Air) in landscape: 1180 × 820 points.
    public static let iPad11 = ScreenDevice(
        name: "ipad", width: 1180, height: 820, statusBarHeight: 24, homeIndicatorHeight: 20, isPad: true)
}

/// Light or dark appearance: which palette of iOS system colours the page uses.
public enum Appearance: String, Sendable, Hashable, CaseIterable {
    /// The light palette (white backgrounds, black labels).
    case light
    /// The dark palette (black backgrounds, white labels).
    case dark
}
