package io.replsim.loadgen.exchange;

/**
 * One connection's last counter reply's strings, for its next reply's parser to reuse ({@link RepeatedText}): the
 * same user's session, its node, and (against an endpoint whose state stays) the same digest.
 */
record ReplyTexts(RepeatedText session, RepeatedText node, RepeatedText digest) {

    /** Nothing seen yet: a connection's own, or a reply read on its own. */
    static ReplyTexts none() {
        return new ReplyTexts(new RepeatedText(), new RepeatedText(), new RepeatedText());
    }
}
