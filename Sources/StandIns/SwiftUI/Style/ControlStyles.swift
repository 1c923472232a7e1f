/// A list's look (https://developer.apple.com/documentation/swiftui/liststyle).
public protocol ListStyle { static var _name: String { get } }
/// The plain list look.
public struct PlainListStyle: ListStyle {
    public static let _name = "plain"
    public init() {}
}
/// The inset grouped list look.
public struct InsetGroupedListStyle: ListStyle {
    public static let _name = "insetGrouped"
    public init() {}
}
/// The grouped list look.
public struct GroupedListStyle: ListStyle {
    public static let _name = "grouped"
    public init() {}
}
/// The sidebar look.
public struct SidebarListStyle: ListStyle {
    public static let _name = "sidebar"
    public init() {}
}
extension ListStyle where Self == PlainListStyle { public static var plain: PlainListStyle { .init() } }
extension ListStyle where Self == InsetGroupedListStyle {
    public static var insetGrouped: InsetGroupedListStyle { .init() }
}
extension ListStyle where Self == GroupedListStyle { public static var grouped: GroupedListStyle { .init() } }
extension ListStyle where Self == SidebarListStyle { public static var sidebar: SidebarListStyle { .init() } }

/// A button's look (https://developer.apple.com/documentation/swiftui/primitivebuttonstyle).
public protocol PrimitiveButtonStyle { static var _name: String { get } }
/// A button with no decoration.
public struct PlainButtonStyle: PrimitiveButtonStyle {
    public static let _name = "plain"
    public init() {}
}
/// A bordered button.
public struct BorderedButtonStyle: PrimitiveButtonStyle {
    public static let _name = "bordered"
    public init() {}
}
/// A bordered, filled button.
public struct BorderedProminentButtonStyle: PrimitiveButtonStyle {
    public static let _name = "borderedProminent"
    public init() {}
}
/// A borderless button.
public struct BorderlessButtonStyle: PrimitiveButtonStyle {
    public static let _name = "borderless"
    public init() {}
}
extension PrimitiveButtonStyle where Self == PlainButtonStyle { public static var plain: PlainButtonStyle { .init() } }
extension PrimitiveButtonStyle where Self == BorderedButtonStyle {
    public static var bordered: BorderedButtonStyle { .init() }
}
extension PrimitiveButtonStyle where Self == BorderedProminentButtonStyle {
    public static var borderedProminent: BorderedProminentButtonStyle { .init() }
}
extension PrimitiveButtonStyle where Self == BorderlessButtonStyle {
    public static var borderless: BorderlessButtonStyle { .init() }
}

/// A label's look (https://developer.apple.com/documentation/swiftui/labelstyle).
public protocol LabelStyle { static var _name: String { get } }
/// The icon only.
public struct IconOnlyLabelStyle: LabelStyle {
    public static let _name = "iconOnly"
    public init() {}
}
/// The title only.
public struct TitleOnlyLabelStyle: LabelStyle {
    public static let _name = "titleOnly"
    public init() {}
}
/// Title and icon.
public struct TitleAndIconLabelStyle: LabelStyle {
    public static let _name = "titleAndIcon"
    public init() {}
}
extension LabelStyle where Self == IconOnlyLabelStyle { public static var iconOnly: IconOnlyLabelStyle { .init() } }
extension LabelStyle where Self == TitleOnlyLabelStyle { public static var titleOnly: TitleOnlyLabelStyle { .init() } }
extension LabelStyle where Self == TitleAndIconLabelStyle {
    public static var titleAndIcon: TitleAndIconLabelStyle { .init() }
}

/// A picker's look (https://developer.apple.com/documentation/swiftui/pickerstyle).
public protocol PickerStyle { static var _name: String { get } }
/// A menu.
public struct MenuPickerStyle: PickerStyle {
    public static let _name = "menu"
    public init() {}
}
/// A segmented control.
public struct SegmentedPickerStyle: PickerStyle {
    public static let _name = "segmented"
    public init() {}
}
/// Inline rows.
public struct InlinePickerStyle: PickerStyle {
    public static let _name = "inline"
    public init() {}
}
extension PickerStyle where Self == MenuPickerStyle { public static var menu: MenuPickerStyle { .init() } }
extension PickerStyle where Self == SegmentedPickerStyle {
    public static var segmented: SegmentedPickerStyle { .init() }
}
extension PickerStyle where Self == InlinePickerStyle { public static var inline: InlinePickerStyle { .init() } }

/// A text field's look (https://developer.apple.com/documentation/swiftui/textfieldstyle).
public protocol TextFieldStyle { static var _name: String { get } }
/// A rounded border.
public struct RoundedBorderTextFieldStyle: TextFieldStyle {
    public static let _name = "roundedBorder"
    public init() {}
}
extension TextFieldStyle where Self == RoundedBorderTextFieldStyle {
    public static var roundedBorder: RoundedBorderTextFieldStyle { .init() }
}
