import Foundation
import HTTPTypes
import ScreenCatalog

/// The gallery page: app → screen → state, each state as a small live copy of its light and dark pages, and a
/// link to the picture `scripts/screens` takes of it.
enum Gallery {
    static func html(_ pages: [(entry: ScreenEntry, files: [String])]) -> String {
        var body = ""
        for app in ScreenCatalog.apps {
            let ofApp = pages.filter { $0.entry.app == app }
            guard !ofApp.isEmpty else { continue }
            let scale = app.device.isPad ? 0.3 : 0.42
            let width = Int(Double(app.device.width) * scale)
            let height = Int(Double(app.device.height) * scale)
            body +=
                "<h2 id=\"\(app.slug)\">\(app.name.markupEscaped) <small>\(app.device.width) × \(app.device.height) pt"
                + "</small></h2>"
            var screens: [String] = []
            for page in ofApp where !screens.contains(page.entry.screen) { screens.append(page.entry.screen) }
            for screen in screens {
                body += "<h3>\(screen.markupEscaped)</h3><div class=\"states\">"
                for page in ofApp where page.entry.screen == screen {
                    body +=
                        "<figure><figcaption><b>\(page.entry.state.markupEscaped)</b> \(page.entry.summary.markupEscaped)"
                        + "</figcaption><div class=\"pair\">"
                    // NB: a full-length page scrolls in its frame; its picture shows it whole.
                    let scrolling = page.entry.device.isFullLength ? "yes" : "no"
                    for file in page.files {
                        let path = "\(app.slug)/\(file)"
                        let picture = path.replacingOccurrences(of: ".html", with: ".png")
                        body +=
                            "<div><div class=\"frame\" style=\"width:\(width)px;height:\(height)px\">"
                            + "<iframe src=\"\(path)\" loading=\"lazy\" scrolling=\"\(scrolling)\" "
                            + "style=\"width:\(app.device.width)px;height:\(app.device.height)px;"
                            + "transform:scale(\(scale))\"></iframe></div>"
                            + "<a href=\"\(path)\">page</a> · <a href=\"\(picture)\">picture</a></div>"
                    }
                    body += "</div></figure>"
                }
                body += "</div>"
            }
        }
        return """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>Quartet screens</title><style>
            body{font-family:-apple-system,"SF Pro Text","Inter",system-ui,sans-serif;margin:24px;background:#f2f2f7;
            color:#000}
            h2{margin:32px 0 4px}h2 small{font-weight:400;color:#666;font-size:14px}h3{margin:16px 0 8px}
            .states{display:flex;flex-wrap:wrap;gap:20px}figure{margin:0;background:#fff;border-radius:12px;
            padding:12px}figcaption{font-size:13px;max-width:360px;margin-bottom:8px;color:#333}
            .pair{display:flex;gap:10px;font-size:12px}.frame{overflow:hidden;border-radius:10px;
            box-shadow:0 1px 4px rgba(0,0,0,.2);margin-bottom:4px}iframe{border:0;transform-origin:0 0}
            nav a{margin-right:12px}
            </style></head><body><h1>Quartet screens</h1><nav>
            \(ScreenCatalog.apps.map { "<a href=\"#\($0.slug)\">\($0.name.markupEscaped)</a>" }.joined())
            </nav>
            \(body)
            </body></html>

            """
    }
}
