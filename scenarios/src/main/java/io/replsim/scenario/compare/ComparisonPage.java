package io.replsim.scenario.compare;

import static io.replsim.scenario.report.chart.HtmlText.escape;

import io.replsim.scenario.report.PageStyle;
import io.replsim.scenario.report.ProvenanceTable;
import io.replsim.scenario.report.UnreadableRunException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * {@code compare.html}: a comparison on one page, from its compare.json alone (either mode's). First the question
 * (the variants, the reference, the baseline, the rounds), at one load whether the comparison holds and why not, and
 * whether the drivers differ; then per figure judged against the reference a bar per scenario at its ratio with the
 * 95% interval as a whisker, and in words each variant's band, its ratio with the interval and the verdict; when the
 * scenarios carried faults, the drill's table; last what made the figures. Self-contained as report.html is: inline
 * SVG and CSS, no script.
 */
public final class ComparisonPage {
    public static final String FILE = "compare.html";

    private ComparisonPage() {
    }

    /**
     * Writes compare.html into a comparison's {@code directory} from the compare.json it has just written: drawn
     * from the file, the page is the one {@code replsim report} draws again.
     */
    public static Path write(Path directory) throws IOException {
        try {
            return RecordedComparison.read(directory).writePage();
        } catch (UnreadableRunException e) {
            throw new IllegalStateException("the compare.json just written cannot be read back: " + e.getMessage(),
                    e);
        }
    }

    static String render(RecordedComparison comparison) {
        String title = comparison.capacity() ? "compare --capacity" : "compare";
        StringBuilder html = new StringBuilder("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
                + "<title>replsim " + title + " " + escape(String.join(", ", comparison.order()))
                + "</title>\n<style>\n" + PageStyle.CSS + "</style></head><body>\n");
        ComparisonStanding standing = comparison.standing();
        html.append("<h1>replsim ").append(title).append(standing == null ? "" : " <span class=\""
                        + (standing.comparable() ? "PASS" : "FAIL") + "\">" + standing.label() + "</span>")
                .append("</h1>\n<p class=\"run\">")
                .append(escape(comparison.directory().toString())).append("</p>\n<section class=\"first\">\n")
                .append("<p class=\"question\">").append(escape(question(comparison))).append("</p>\n")
                .append(standing == null ? "" : standing.html())
                .append(DriversDiffer.html(comparison.driversDiffer()))
                .append("<p>A verdict reads the ratio's 95% interval: \"differs\" only when the interval excludes"
                        + " 1.0, else \"no difference shown\", which is not the same as no difference.</p>\n")
                .append("</section>\n");
        for (ComparedFigure figure : comparison.figures()) {
            html.append("<h2>").append(escape(figure.name())).append(", against ")
                    .append(escape(comparison.reference())).append("</h2>\n")
                    .append(RatioChart.svg(figure, comparison.reference()))
                    .append("<ul class=\"verdicts\">\n");
            figure.bars().forEach(bar -> html.append("<li>").append(escape(verdict(bar, figure,
                    comparison.reference(), comparison.rounds()))).append("</li>\n"));
            html.append("</ul>\n");
        }
        html.append(DrillSection.html(comparison.drills()));
        html.append(comparison.provenance() == null ? ProvenanceTable.NOT_RECORDED
                : ProvenanceTable.html(comparison.provenance()));
        return html.append("</body></html>\n").toString();
    }

    /** What was compared, in one sentence. */
    static String question(RecordedComparison comparison) {
        List<String> variants = comparison.order().stream().filter(name -> !name.equals(comparison.reference())
                && !name.equals(comparison.baseline())).toList();
        String what = comparison.capacity() ? "How much load does each variant sustain" : "What does each variant"
                + " cost at the same load";
        return String.format(Locale.ROOT, "%s, against %s? Variants: %s; %d round%s interleaved%s%s.", what,
                comparison.reference(), variants.isEmpty() ? "none" : String.join(", ", variants),
                comparison.rounds(), comparison.rounds() == 1 ? "" : "s",
                comparison.capacity() ? ", a search each on a fresh cluster" : "",
                comparison.baseline() == null ? "" : "; baseline " + comparison.baseline());
    }

    /**
     * One scenario's line in words: its band over the rounds and, for a variant, its ratio with the interval, where
     * the interval comes from and the verdict, e.g. {@code buddies (compared): users sustained 8,400-9,600 users over 2
     * of 2 rounds; 2.20 times full's, 95% interval 1.44 to 3.35 (the searches' own intervals): differs, above full}.
     */
    static String verdict(ComparedFigure.Bar bar, ComparedFigure figure, String reference, int rounds) {
        String band = bar.band() == null ? "no " + figure.name() + " measured"
                : figure.name() + " " + bar.band().format(figure.pattern()) + " " + figure.unit();
        String head = String.format(Locale.ROOT, "%s (%s): %s over %d of %d rounds", bar.scenario(), bar.role(),
                band, bar.runs(), rounds);
        if (bar.scenario().equals(reference)) {
            return head + "; the reference";
        }
        RatioInterval interval = bar.interval();
        if (interval == null) {
            return head + (bar.role().equals("baseline") ? "; the baseline, judged against nothing"
                    : "; no ratio: no round in which both it and " + reference + " were measured");
        }
        String verdict = interval.verdict() == RatioVerdict.NO_DIFFERENCE_SHOWN ? "no difference shown"
                : "differs, " + (interval.low() != null && interval.low() > 1 ? "above " : "below ") + reference;
        return String.format(Locale.ROOT, "%s; %.2f times %s's, 95%% interval %s to %s (%s): %s", head,
                interval.ratio(), reference, end(interval.low(), "no low end"), end(interval.high(), "no high end"),
                interval.basis(), verdict);
    }

    private static String end(Double value, String open) {
        return value == null ? open : String.format(Locale.ROOT, "%.2f", value);
    }
}
