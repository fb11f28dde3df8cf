package io.replsim.scenario.report.chart;

/** Text put into a page's HTML or SVG as text, never as markup: a scenario's name may hold {@code <} or {@code &}. */
public final class HtmlText {

    private HtmlText() {
    }

    public static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
