package io.replsim.scenario.report;

/**
 * The pages' one stylesheet, inline: verdict colours, plain tables, charts that shrink to the page, and a print
 * stylesheet that lays the page on A4 landscape, keeps each chart and table row whole on a page and prints the
 * charts' shading and colours.
 */
public final class PageStyle {
    public static final String CSS = "body{font-family:sans-serif;margin:24px;color:#222;max-width:1000px}"
            + "table{border-collapse:collapse;margin:8px 0}"
            + "td,th{border:1px solid #ccc;padding:3px 8px;font-size:13px;text-align:left;vertical-align:top}"
            + "h2{margin:18px 0 6px}h3{margin:14px 0 2px;font-size:15px}"
            + "svg{display:block;margin:6px 0 18px;max-width:100%;height:auto}"
            + "p.run{color:#666;font-size:12px}ul.invalid{color:#b60}"
            + ".PASS,.VALID{color:#070}.FAIL{color:#b00}.INVALID{color:#b60}\n"
            + "@page{size:A4 landscape;margin:12mm}\n"
            + "@media print{body{margin:0;max-width:none;font-size:11px}"
            + "*{-webkit-print-color-adjust:exact;print-color-adjust:exact}"
            + "svg,tr,p.scenario{break-inside:avoid;page-break-inside:avoid}"
            + "h2,h3{break-after:avoid;page-break-after:avoid}td,th{font-size:10px;padding:2px 4px}}\n";

    private PageStyle() {
    }
}
