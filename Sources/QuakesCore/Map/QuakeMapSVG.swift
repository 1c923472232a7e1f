import HTTPTypes
import Localization
import QuakesModels

/// Draws quake pins on an equirectangular longitude/latitude graticule, as SVG text.
public enum QuakeMapSVG {
    /// Fill colours of the tints, shared with the terminal table's meaning.
    public static func color(for tint: QuakeTint) -> String {
        switch tint {
        case .none: "#f2a33a"
        case .lightRed: "#f28b82"
        case .red: "#d93025"
        }
    }

    /// Circle radius in pixels for a magnitude: grows with magnitude, never below 2.
    public static func radius(for magnitude: Double, scale: Double) -> Double {
        max(2, (magnitude - 2.5) * 2.5) * scale
    }

    /// A complete SVG document, `width` pixels wide and half as tall; the largest pins are drawn last.
    ///
    /// `title` is the document's `<title>`: ``QuakeScreenText/svgTitle(_:)`` of the floor the pins start at
    /// (``QuakeMapAnnotation/floor(for:)``), so it says the filter's floor rather than always 3.5.
    public static func render(_ annotations: [QuakeMapAnnotation], title: String, width: Int = 1440) -> String {
        let width = max(360, width)
        let height = width / 2
        let scale = Double(width) / 1440
        func x(_ longitude: Double) -> String { NumberText.fixed((longitude + 180) / 360 * Double(width), digits: 1) }
        func y(_ latitude: Double) -> String { NumberText.fixed((90 - latitude) / 180 * Double(height), digits: 1) }
        var svg = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" \
            viewBox="0 0 \(width) \(height)">
            <title>\(title.markupEscaped)</title>
            <rect width="\(width)" height="\(height)" fill="#0b2540"/>
            <g stroke="#34597d" stroke-width="1" fill="none">

            """
        for longitude in stride(from: -180, through: 180, by: 30) {
            let lineWidth = longitude == 0 ? " stroke-width=\"2\"" : ""
            svg += "<line x1=\"\(x(Double(longitude)))\" y1=\"0\" x2=\"\(x(Double(longitude)))\" y2=\"\(height)\""
            svg += lineWidth + "/>\n"
        }
        for latitude in stride(from: -90, through: 90, by: 30) {
            let lineWidth = latitude == 0 ? " stroke-width=\"2\"" : ""
            svg += "<line x1=\"0\" y1=\"\(y(Double(latitude)))\" x2=\"\(width)\" y2=\"\(y(Double(latitude)))\""
            svg += lineWidth + "/>\n"
        }
        svg += "</g>\n<g stroke=\"#ffffff\" stroke-width=\"0.5\" fill-opacity=\"0.8\">\n"
        let ordered = annotations.sorted { ($0.magnitude, $0.id) < ($1.magnitude, $1.id) }
        for pin in ordered {
            svg += "<circle cx=\"\(x(pin.coordinate.longitude))\" cy=\"\(y(pin.coordinate.latitude))\""
            svg += " r=\"\(NumberText.fixed(radius(for: pin.magnitude, scale: scale), digits: 1))\""
            svg += " fill=\"\(color(for: pin.tint))\"><title>\(pin.title.markupEscaped)</title></circle>\n"
        }
        svg += "</g>\n</svg>\n"
        return svg
    }
}
