package io.replsim.scenario.report;

import static org.assertj.core.api.Assertions.assertThat;

/** A page's parts as a test reads them: where each comes on the page. */
public final class PageParts {

    private PageParts() {
    }

    /** Asserts that {@code parts} come in this order on {@code html}, each after the one before; true when so. */
    public static boolean inOrder(String html, String... parts) {
        int at = -1;
        for (String part : parts) {
            int next = html.indexOf(part, at + 1);
            assertThat(next).as(part + " after the part before it").isGreaterThan(at);
            at = next;
        }
        return true;
    }
}
