package io.replsim.probe;

import java.util.function.Function;

/**
 * What a {@code /session} request asks the session to hold (docs/interfaces.md §2e): {@code kb} kilobytes of content
 * split evenly over {@code attrs} attributes, of which a share {@code share} is replaced per request.
 */
record ProbeShape(int kb, int attrs, double share) {
    static final ProbeShape DEFAULT = new ProbeShape(4, 8, 0.25);
    static final int MAX_KB = 10_240;
    static final int MAX_ATTRS = 1_000;

    ProbeShape {
        if (kb < 0 || kb > MAX_KB) {
            throw new IllegalArgumentException("kb: got " + kb + ", expected a whole number of kilobytes from 0 to "
                    + MAX_KB);
        }
        if (attrs < 1 || attrs > MAX_ATTRS) {
            throw new IllegalArgumentException("attrs: got " + attrs + ", expected a whole number from 1 to "
                    + MAX_ATTRS);
        }
        if (!(share >= 0 && share <= 1)) {
            throw new IllegalArgumentException("share: got " + share + ", expected a number from 0 to 1");
        }
    }

    /** From a request's parameters ({@code parameter.apply("kb")} is null when absent); the defaults fill the gaps. */
    static ProbeShape of(Function<String, String> parameter) {
        return new ProbeShape(whole(parameter, "kb", DEFAULT.kb()), whole(parameter, "attrs", DEFAULT.attrs()),
                fraction(parameter, "share", DEFAULT.share()));
    }

    /** Bytes per attribute: the kilobytes over the attributes, rounded down. */
    int attributeBytes() {
        return kb * 1024 / attrs;
    }

    /** How many attributes one request replaces: the share of them, rounded half up, at least one above 0. */
    int changedPerRequest() {
        return share == 0 ? 0 : Math.max(1, (int) Math.floor(share * attrs + 0.5));
    }

    private static int whole(Function<String, String> parameter, String name, int fallback) {
        String text = parameter.apply(name);
        if (text == null || text.isEmpty()) {
            return fallback;
        }
        try {
            return Integer.parseInt(text.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + ": got \"" + text + "\", expected a whole number");
        }
    }

    private static double fraction(Function<String, String> parameter, String name, double fallback) {
        String text = parameter.apply(name);
        if (text == null || text.isEmpty()) {
            return fallback;
        }
        try {
            return Double.parseDouble(text.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + ": got \"" + text + "\", expected a number from 0 to 1");
        }
    }
}
