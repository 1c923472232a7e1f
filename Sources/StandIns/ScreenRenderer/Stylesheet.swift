/// The page's CSS: iOS system colours for both appearances, the text styles at their point sizes, and the look of
/// bars, lists and controls.
///
/// NB: values follow Apple's Human Interface Guidelines and UIKit's defaults (system colours, the Dynamic Type
/// "Large" sizes, 44-pt rows, 10-pt corners of inset-grouped cards), close enough to judge a layout by; they are
/// not a pixel copy of iOS.
enum Stylesheet {
    static func css(for device: ScreenDevice) -> String {
        palettes + base + bars + lists + controls + overlays + chrome
            + """
            .device{width:\(device.width)px;\(device.isFullLength ? "min-height" : "height"):\(device.height)px}
            .status-bar{height:\(device.statusBarHeight)px}
            .home-strip{height:\(device.homeIndicatorHeight)px}
            """
            + (device.isFullLength ? fullLength : "")
    }

    /// A page as tall as its content: the screen no longer sits on the device's frame, so it grows with what it
    /// holds, and the page's grey shows below it (which `scripts/screens` trims off the picture).
    static let fullLength = """

        .full-length .base{position:relative;inset:auto;flex:1 0 auto}
        .full-length .fill,.full-length .nav,.full-length .nav-content,.full-length .tabs,.full-length .tab-content,
        .full-length .list,.full-length .scroll{flex:1 0 auto;overflow:visible}

        """

    static let palettes = """
        :root.light{--label:#000;--secondary-label:rgba(60,60,67,.6);--tertiary-label:rgba(60,60,67,.3);
        --placeholder:rgba(60,60,67,.3);--separator:rgba(60,60,67,.29);--opaque-separator:#c6c6c8;
        --background:#fff;--grouped-background:#f2f2f7;--cell:#fff;--elevated:#fff;
        --fill:rgba(120,120,128,.2);--secondary-fill:rgba(120,120,128,.16);--tertiary-fill:rgba(118,118,128,.12);
        --bar:rgba(249,249,249,.94);--material:rgba(255,255,255,.8);--dim:rgba(0,0,0,.35);
        --segment:#fff;--knob:#fff;--map:#e4e4e0;--map-grid:rgba(0,0,0,.07);
        --blue:#007aff;--red:#ff3b30;--orange:#ff9500;--yellow:#ffcc00;--green:#34c759;--gray:#8e8e93;
        --indigo:#5856d6;--tint:var(--blue);--shadow:rgba(0,0,0,.12)}
        :root.dark{--label:#fff;--secondary-label:rgba(235,235,245,.6);--tertiary-label:rgba(235,235,245,.3);
        --placeholder:rgba(235,235,245,.3);--separator:rgba(84,84,88,.6);--opaque-separator:#38383a;
        --background:#000;--grouped-background:#000;--cell:#1c1c1e;--elevated:#1c1c1e;
        --fill:rgba(120,120,128,.36);--secondary-fill:rgba(120,120,128,.32);--tertiary-fill:rgba(118,118,128,.24);
        --bar:rgba(22,22,22,.94);--material:rgba(37,37,37,.8);--dim:rgba(0,0,0,.5);
        --segment:#636366;--knob:#fff;--map:#2c2c2e;--map-grid:rgba(255,255,255,.07);
        --blue:#0a84ff;--red:#ff453a;--orange:#ff9f0a;--yellow:#ffd60a;--green:#30d158;--gray:#8e8e93;
        --indigo:#5e5ce6;--tint:var(--blue);--shadow:rgba(0,0,0,.5)}

        """

    static let base = """
        *{box-sizing:border-box;margin:0;padding:0}
        html,body{background:#777}
        body{font-family:-apple-system,"SF Pro Text","Inter",system-ui,sans-serif;font-size:17px;line-height:22px;
        letter-spacing:-.41px;color:var(--label);-webkit-font-smoothing:antialiased}
        .device{position:relative;overflow:hidden;background:var(--background);display:flex;flex-direction:column}
        .base{position:absolute;inset:0;display:flex;flex-direction:column;background:var(--background);
        transform-origin:50% 0}
        .fill{flex:1 1 auto;min-height:0;display:flex;flex-direction:column;position:relative}
        .f-largeTitle{font-size:34px;line-height:41px;letter-spacing:.37px}
        .f-title{font-size:28px;line-height:34px;letter-spacing:.36px}
        .f-title2{font-size:22px;line-height:28px;letter-spacing:.35px}
        .f-title3{font-size:20px;line-height:25px;letter-spacing:.38px}
        .f-headline{font-size:17px;line-height:22px;font-weight:600;letter-spacing:-.41px}
        .f-body{font-size:17px;line-height:22px;letter-spacing:-.41px}
        .f-callout{font-size:16px;line-height:21px;letter-spacing:-.32px}
        .f-subheadline{font-size:15px;line-height:20px;letter-spacing:-.24px}
        .f-footnote{font-size:13px;line-height:18px;letter-spacing:-.08px}
        .f-caption{font-size:12px;line-height:16px;letter-spacing:0}
        .f-caption2{font-size:11px;line-height:13px;letter-spacing:.07px}
        .text{white-space:pre-wrap;overflow-wrap:anywhere;min-width:0}
        .vstack{display:flex;flex-direction:column;align-items:flex-start;gap:8px;min-width:0}
        .center>.vstack,.vstack.center{align-items:center;text-align:center}
        .vstack.leading{align-items:flex-start;text-align:start}
        .vstack.trailing{align-items:flex-end;text-align:end}
        .hstack{display:flex;flex-direction:row;align-items:center;gap:8px;min-width:0;position:relative}
        .vstack{position:relative}
        .overlay-layer{position:absolute;inset:0;display:flex;align-items:center;justify-content:center;
        pointer-events:none}
        .zstack{display:grid;place-items:center}
        .zstack>*{grid-area:1/1}
        .spacer{flex:1 1 0;min-width:8px}
        .divider{align-self:stretch;border-top:.5px solid var(--separator);min-height:0}
        .scroll{flex:1 1 auto;overflow:hidden;display:flex;flex-direction:column;gap:8px}
        .grid{display:grid;align-self:stretch;min-width:0}
        .grid-cell{display:flex;flex-direction:column;align-items:stretch;justify-content:center;min-width:0}
        .glyph{display:inline-flex;align-items:center;justify-content:center;flex:none;width:1.25em;height:1.2em;
        vertical-align:-.2em}
        .glyph svg{width:100%;height:100%;fill:none;stroke:currentColor;stroke-width:1.7;stroke-linecap:round;
        stroke-linejoin:round;overflow:visible}
        .glyph svg .solid{fill:currentColor;stroke:none}
        .glyph.named{width:auto;min-width:1.3em;height:1.3em;padding:0 .25em;border:1px solid currentColor;
        border-radius:.3em;font-size:.45em;line-height:1.2;letter-spacing:0;opacity:.8;white-space:nowrap}
        .image-box{display:flex;align-items:center;justify-content:center;background:var(--tertiary-fill);
        color:var(--secondary-label);border-radius:8px;min-width:44px;min-height:44px;font-size:12px;padding:8px}
        .picture{display:block;max-width:100%;height:auto;border-radius:8px}
        .picture.fill{object-fit:cover}
        .shape{display:block;min-width:8px;min-height:8px}
        .color{align-self:stretch;min-height:1px}

        """

    static let bars = """
        .status-bar{flex:none;display:flex;align-items:center;justify-content:space-between;padding:0 32px 0 44px;
        font-size:17px;font-weight:600;position:relative;z-index:5}
        .ipad .status-bar{padding:0 20px;font-size:13px}
        .status-icons{display:flex;gap:6px;align-items:center}
        .status-icons svg{height:12px;fill:currentColor}
        .home-strip{flex:none;position:relative}
        .home-indicator{position:absolute;left:50%;bottom:8px;width:134px;height:5px;margin-left:-67px;
        border-radius:3px;background:var(--label);z-index:20}
        .ipad .home-indicator{width:320px;margin-left:-160px}
        .nav{flex:1 1 auto;min-height:0;display:flex;flex-direction:column;background:var(--background)}
        .nav.grouped{background:var(--grouped-background)}
        .navbar{flex:none;height:44px;display:grid;grid-template-columns:1fr auto 1fr;align-items:center;
        padding:0 16px;gap:8px}
        .ipad .navbar{height:50px;padding:0 20px}
        .bar-leading,.bar-trailing{display:flex;align-items:center;gap:20px;min-width:0;color:var(--tint)}
        .bar-trailing{justify-content:flex-end}
        .bar-title{font-weight:600;text-align:center;white-space:nowrap;overflow:hidden;text-overflow:ellipsis;
        max-width:260px}
        .ipad .bar-title{max-width:560px}
        .bar-item{display:inline-flex;align-items:center;gap:4px;min-height:44px;min-width:22px;white-space:nowrap}
        .bar-item .glyph{width:24px;height:24px;font-size:22px}
        .bar-item.confirm{font-weight:600}
        .back{display:inline-flex;align-items:center;gap:2px;color:var(--tint)}
        .back .glyph{width:14px;height:22px}
        .large-title{flex:none;font-size:34px;line-height:41px;font-weight:700;letter-spacing:.37px;
        padding:3px 16px 8px;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
        .ipad .large-title{padding:3px 20px 8px}
        .nav-content{flex:1 1 auto;min-height:0;position:relative;display:flex;flex-direction:column;
        overflow:hidden}
        .nav-content>.plain-content{padding:8px 16px;display:flex;flex-direction:column;gap:8px}
        .bottom-bar{flex:none;min-height:44px;display:flex;align-items:center;justify-content:center;gap:12px;
        border-top:.5px solid var(--separator);background:var(--bar);color:var(--secondary-label);font-size:12px;
        padding:0 16px}
        .search{flex:none;margin:0 16px 10px;height:36px;border-radius:10px;background:var(--tertiary-fill);
        display:flex;align-items:center;gap:6px;padding:0 8px;color:var(--secondary-label)}
        .ipad .search{margin:0 20px 10px}
        .search .value{color:var(--label)}
        .tabs{flex:1 1 auto;min-height:0;display:flex;flex-direction:column}
        .tab-content{flex:1 1 auto;min-height:0;display:flex;flex-direction:column;position:relative}
        .tabbar{flex:none;display:flex;justify-content:space-around;border-top:.5px solid var(--separator);
        background:var(--bar);padding-top:6px;height:49px;position:relative;z-index:4}
        .tab{flex:1;display:flex;flex-direction:column;align-items:center;gap:2px;color:var(--gray);
        font-size:10px;line-height:12px;font-weight:500;letter-spacing:.1px;min-width:44px}
        .ipad .tabbar{justify-content:center;gap:40px;height:50px;padding-top:0}
        .ipad .tab{flex:none;flex-direction:row;gap:6px;font-size:13px;align-items:center}
        .tab.selected{color:var(--tint)}
        .tab-icon{position:relative;display:flex;align-items:center;justify-content:center;height:26px}
        .tab-icon .glyph{width:28px;height:26px;font-size:25px}
        .badge{position:absolute;left:18px;top:-2px;min-width:18px;height:18px;border-radius:9px;padding:0 5px;
        background:var(--red);color:#fff;font-size:13px;line-height:18px;font-weight:400;text-align:center}
        .row-badge{margin-left:auto;color:var(--secondary-label)}

        """

    static let lists = """
        .list{flex:1 1 auto;min-height:0;display:flex;flex-direction:column;position:relative;overflow:hidden}
        .list.grouped{background:var(--grouped-background);padding-bottom:20px}
        .list.plain{background:var(--background)}
        .list-banner{flex:none;padding:8px 16px}
        .list.grouped .section{margin:0 16px 24px}
        .ipad .list.grouped .section{margin:0 20px 24px}
        .list.grouped .section.first{margin-top:12px}
        .list.grouped .rows{background:var(--cell);border-radius:10px;overflow:hidden}
        .section-header{padding:0 16px 7px;font-size:13px;line-height:18px;letter-spacing:-.08px;
        color:var(--secondary-label);text-transform:uppercase;display:flex;align-items:center;gap:8px}
        .section-header .hstack{flex:1}
        .list.plain .section-header{padding:8px 16px 4px;background:var(--background);text-transform:none;
        font-weight:600;font-size:15px;color:var(--label)}
        .section-footer{padding:7px 16px 0;font-size:13px;line-height:18px;color:var(--secondary-label)}
        .row{position:relative;min-height:44px;padding:11px 16px;display:flex;align-items:center;gap:12px;
        background:var(--row-background,transparent)}
        .ipad .row{padding:11px 20px}
        .row::after{content:"";position:absolute;left:var(--separator-inset,16px);right:0;bottom:0;
        border-bottom:.5px solid var(--row-separator,var(--separator))}
        .ipad .row::after{left:var(--separator-inset,20px)}
        .rows>.row:last-child::after{display:none}
        .list.plain .rows>.row:last-child::after{display:block}
        .row.no-separator::after{display:none}
        .row>*{min-width:0}
        .row>.vstack,.row>.text{flex:1 1 auto}
        .row>.hstack{flex:1 1 auto}
        .row.tinted{color:var(--tint)}
        .row.destructive{color:var(--red)}
        .row .row-title{flex:1 1 auto}
        .row .row-value{color:var(--secondary-label);text-align:right;margin-left:auto;flex:0 1 auto}
        .chevron{flex:none;color:var(--tertiary-label);margin-left:auto;width:9px;height:16px}
        .chevron svg{width:100%;height:100%;fill:none;stroke:currentColor;stroke-width:2.5;stroke-linecap:round;
        stroke-linejoin:round}
        .disclosure{margin-left:auto;color:var(--tint);width:13px;height:13px;flex:none}
        .disclosure svg{width:100%;height:100%;fill:none;stroke:currentColor;stroke-width:2.5;stroke-linecap:round;
        stroke-linejoin:round}
        .disclosure.expanded svg{transform:rotate(90deg)}
        .list-overlay{position:absolute;inset:0;display:flex;align-items:center;justify-content:center;
        pointer-events:none;padding:16px;text-align:center;color:var(--secondary-label)}
        .list-empty{flex:1}

        """

    static let controls = """
        .button{color:var(--tint);display:inline-flex;align-items:center;gap:6px;min-height:44px;
        white-space:nowrap}
        .hstack>.button{flex:none}
        .button>.text{white-space:nowrap}
        .row>.button>.text,.row>.button>.vstack .text{white-space:pre-wrap}
        .button.destructive{color:var(--red)}
        .button.plain{color:inherit}
        .button.bordered{background:color-mix(in srgb,var(--tint) 15%,transparent);border-radius:7px;
        padding:7px 12px;min-height:34px;font-size:15px;font-weight:500}
        .button.borderedProminent{background:var(--tint);color:#fff;border-radius:7px;padding:7px 14px;
        min-height:34px;font-weight:600}
        .button.large-hit{min-width:44px;justify-content:center}
        .disabled,.disabled *{color:var(--tertiary-label)!important}
        .button.borderedProminent.disabled{background:var(--fill)}
        .link{color:var(--tint)}
        .field{flex:1 1 auto;min-width:0;min-height:22px;color:var(--label);white-space:pre-wrap;
        overflow-wrap:anywhere}
        .field.placeholder{color:var(--placeholder)}
        .field.rounded{border:.5px solid var(--opaque-separator);border-radius:6px;padding:6px 8px;
        background:var(--background)}
        .field.multiline{min-height:88px}
        .editor{flex:1 1 auto;min-height:120px;white-space:pre-wrap;color:var(--label)}
        .field-caption{display:block;font-size:12px;color:var(--secondary-label)}
        .toggle-switch{flex:none;width:51px;height:31px;border-radius:16px;background:var(--fill);position:relative;
        margin-left:auto}
        .toggle-switch.on{background:var(--green)}
        .toggle-switch::after{content:"";position:absolute;top:2px;left:2px;width:27px;height:27px;
        border-radius:50%;background:var(--knob);box-shadow:0 3px 8px rgba(0,0,0,.15),0 3px 1px rgba(0,0,0,.06)}
        .toggle-switch.on::after{left:22px}
        .stepper{flex:none;margin-left:auto;display:flex;align-items:center;height:32px;border-radius:8px;
        background:var(--tertiary-fill);color:var(--label);font-size:22px}
        .stepper span{width:47px;text-align:center;line-height:32px}
        .stepper span+span{border-left:.5px solid var(--separator)}
        .segmented{flex:1 1 auto;display:flex;height:32px;border-radius:9px;background:var(--tertiary-fill);
        padding:2px;gap:2px;font-size:13px;font-weight:500}
        .segment{flex:1;display:flex;align-items:center;justify-content:center;border-radius:7px;
        white-space:nowrap;overflow:hidden;text-overflow:ellipsis;padding:0 6px}
        .segment.selected{background:var(--segment);box-shadow:0 3px 8px rgba(0,0,0,.12),0 3px 1px rgba(0,0,0,.04);
        font-weight:600}
        .picker-value{margin-left:auto;color:var(--secondary-label);display:inline-flex;align-items:center;gap:4px;
        white-space:nowrap}
        .menu-picker-value{color:var(--tint)}
        .check{margin-left:auto;color:var(--tint);font-weight:600}
        .spinner{display:inline-block;width:20px;height:20px;flex:none}
        .spinner svg{width:100%;height:100%}
        .spinner.large{width:37px;height:37px}
        .progress-bar{flex:1 1 auto;height:4px;border-radius:2px;background:var(--fill);overflow:hidden}
        .progress-bar span{display:block;height:100%;background:var(--tint)}
        .progress-title{color:var(--secondary-label);font-size:15px}
        .label{display:inline-flex;align-items:center;gap:8px}
        .map{flex:1 1 auto;min-height:240px;display:flex;flex-direction:column;overflow:hidden;
        background-color:var(--map);background-image:linear-gradient(var(--map-grid) 1px,transparent 1px),
        linear-gradient(90deg,var(--map-grid) 1px,transparent 1px);background-size:40px 40px}
        .map-area{flex:1 1 auto;position:relative;min-height:160px}
        .map-pin{position:absolute;transform:translate(-50%,-50%);display:flex;flex-direction:column;
        align-items:center;gap:2px}
        .map-pin .default-pin{width:12px;height:12px;border-radius:50%;background:var(--red);
        border:2px solid #fff;box-shadow:0 1px 3px rgba(0,0,0,.4)}
        .map-pin .shape{border:1.5px solid rgba(255,255,255,.9);box-shadow:0 1px 3px rgba(0,0,0,.35)}
        .map-pins{flex:none;margin:0 12px 12px;background:var(--material);
        -webkit-backdrop-filter:blur(20px);backdrop-filter:blur(20px);border-radius:13px;padding:8px 14px;
        font-size:13px;line-height:18px;box-shadow:0 2px 10px var(--shadow)}
        .map-pins b{display:block;font-size:11px;text-transform:uppercase;color:var(--secondary-label);
        font-weight:600}
        .map-pins li{list-style:none;display:flex;gap:6px;align-items:baseline;white-space:nowrap;overflow:hidden;
        text-overflow:ellipsis}
        .map-pins li span{color:var(--secondary-label);font-variant-numeric:tabular-nums}
        .map-legal{position:absolute;left:10px;top:8px;font-size:10px;color:var(--secondary-label)}
        .platform{flex:1 1 auto;display:flex;flex-direction:column;min-height:200px;background:var(--background)}
        .browser-bar{flex:none;display:flex;align-items:center;gap:10px;padding:0 16px;height:44px;
        background:var(--bar);border-bottom:.5px solid var(--separator)}
        .browser-bar .done{color:var(--tint);font-weight:600}
        .browser-address{flex:1;display:flex;align-items:center;justify-content:center;gap:4px;font-size:15px;
        background:var(--tertiary-fill);border-radius:10px;height:36px;padding:0 10px;overflow:hidden;
        white-space:nowrap}
        .browser-address .glyph{width:12px;height:12px;color:var(--secondary-label)}
        .browser-page{flex:1 1 auto;display:flex;flex-direction:column;align-items:center;justify-content:center;
        gap:6px;padding:24px;text-align:center;color:var(--secondary-label);font-size:15px;
        background:repeating-linear-gradient(135deg,transparent 0 14px,var(--tertiary-fill) 14px 15px)}
        .browser-page .platform-kind{font-size:13px;font-weight:600;color:var(--label);padding:3px 8px;
        border-radius:6px;background:var(--tertiary-fill)}
        .browser-page .url{color:var(--tint);overflow-wrap:anywhere}
        .browser-page pre{white-space:pre-wrap;text-align:left;color:var(--label);font-size:13px;max-width:100%}
        .browser-tools{flex:none;display:flex;justify-content:space-around;align-items:center;height:44px;
        color:var(--tint);background:var(--bar);border-top:.5px solid var(--separator)}
        .browser-tools .glyph{width:24px;height:24px}

        """

    static let overlays = """
        .dim{position:absolute;inset:0;background:var(--dim);z-index:10}
        .iphone.sheet-open>.base{transform:scale(.92) translateY(10px);border-radius:12px;overflow:hidden}
        .sheet{position:absolute;left:0;right:0;bottom:0;z-index:11;display:flex;flex-direction:column;
        background:var(--background);border-radius:12px 12px 0 0;overflow:hidden;box-shadow:0 -2px 20px var(--shadow)}
        .sheet.grouped{background:var(--grouped-background)}
        .dark .sheet{--background:#1c1c1e;--grouped-background:#1c1c1e;--cell:#2c2c2e}
        .ipad .sheet{left:50%;right:auto;border-radius:13px;box-shadow:0 10px 40px var(--shadow)}
        .grabber{position:absolute;top:5px;left:50%;width:36px;height:5px;margin-left:-18px;border-radius:3px;
        background:var(--tertiary-label);z-index:2}
        .sheet-body{flex:1 1 auto;min-height:0;display:flex;flex-direction:column;padding-top:6px}
        .sheet-body>.plain-content{padding:24px 16px;display:flex;flex-direction:column;gap:12px;
        align-items:center;text-align:center}
        .alert{position:absolute;left:50%;top:50%;width:270px;transform:translate(-50%,-50%);z-index:12;
        background:var(--material);-webkit-backdrop-filter:blur(30px);backdrop-filter:blur(30px);
        border-radius:14px;overflow:hidden;text-align:center}
        .dark .alert{background:rgba(44,44,46,.92)}
        .alert-body{padding:19px 16px}
        .alert-title{font-size:17px;line-height:22px;font-weight:600}
        .alert-message{margin-top:2px;font-size:13px;line-height:18px}
        .alert-buttons{display:flex;flex-direction:column;border-top:.5px solid var(--separator)}
        .alert-buttons.pair{flex-direction:row}
        .alert-button{min-height:44px;display:flex;align-items:center;justify-content:center;color:var(--tint);
        font-size:17px;padding:0 8px}
        .alert-buttons .alert-button+.alert-button{border-top:.5px solid var(--separator)}
        .alert-buttons.pair .alert-button{flex:1}
        .alert-buttons.pair .alert-button+.alert-button{border-top:none;border-left:.5px solid var(--separator)}
        .alert-button.cancel{font-weight:600}
        .alert-button.destructive{color:var(--red)}
        .action-sheet{position:absolute;left:8px;right:8px;bottom:42px;z-index:12;display:flex;flex-direction:column;
        gap:8px;text-align:center}
        .ipad .action-sheet{left:50%;width:320px;margin-left:-160px;right:auto;top:50%;bottom:auto}
        .action-group{background:var(--material);-webkit-backdrop-filter:blur(30px);backdrop-filter:blur(30px);
        border-radius:14px;overflow:hidden}
        .dark .action-group{background:rgba(44,44,46,.92)}
        .action-title{padding:14px 16px;font-size:13px;color:var(--secondary-label);font-weight:600;
        border-bottom:.5px solid var(--separator)}
        .action-title:has(+.action-message){border-bottom:0;padding-bottom:2px}
        .action-message{padding:0 16px 14px;font-size:13px;color:var(--secondary-label);
        border-bottom:.5px solid var(--separator)}
        .action-group .alert-button{min-height:57px;font-size:20px}
        .action-group .alert-button+.alert-button{border-top:.5px solid var(--separator)}
        .action-cancel{font-weight:600}

        """
}

extension Stylesheet {
    /// The system chrome takes the colour of the screen under it, as the status bar and home strip do on iOS.
    static let chrome = """
        .base:has(.nav.grouped),.base:has(>.fill>.list.grouped){background:var(--grouped-background)}
        .base:has(.tabbar)>.home-strip{background:var(--bar)}

        """
}
