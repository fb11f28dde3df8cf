package io.replsim.loadgen.exchange;

import io.replsim.loadgen.check.CounterReply;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Reads a counter reply laid out exactly as the replsim nodes write it: the five fields in the record's order, no
 * space, no escape, a serial of up to 18 digits. Every answer of theirs is one, so it is read with a few compares
 * of the fixed text between the values and one scan of each value, where the general parser
 * ({@link CounterReplyParser}) steps byte by byte through tokens. Anything else gives null, and that parser reads
 * it from its start, so a reply reads the same either way.
 */
final class NodeWrittenReply {

    private static final byte[] BEFORE_SESSION = ascii("{\"session\":\"");
    private static final byte[] BEFORE_SERIAL = ascii("\",\"serial\":");
    private static final byte[] BEFORE_NODE = ascii(",\"node\":\"");
    private static final byte[] BEFORE_DIGEST = ascii("\",\"digest\":\"");
    private static final byte[] BEFORE_CREATED = ascii("\",\"created\":");
    private static final byte[] TRUE_END = ascii("true}");
    private static final byte[] FALSE_END = ascii("false}");
    /** More digits could overflow a long: the general parser decides. */
    private static final int MAX_DIGITS = 18;

    private NodeWrittenReply() {
    }

    /** The reply if {@code in} is laid out as the nodes write it, else null. */
    static CounterReply read(byte[] in, ReplyTexts texts) {
        if (!at(in, 0, BEFORE_SESSION)) {
            return null;
        }
        int sessionStart = BEFORE_SESSION.length;
        int sessionEnd = plainEnd(in, sessionStart);
        if (sessionEnd < 0 || !at(in, sessionEnd, BEFORE_SERIAL)) {
            return null;
        }
        int digitsStart = sessionEnd + BEFORE_SERIAL.length;
        int at = digitsStart;
        long serial = 0;
        while (at < in.length && at - digitsStart < MAX_DIGITS && in[at] >= '0' && in[at] <= '9') {
            serial = serial * 10 + in[at++] - '0';
        }
        int digits = at - digitsStart;
        if (digits == 0 || digits > 1 && in[digitsStart] == '0' || !at(in, at, BEFORE_NODE)) {
            return null;
        }
        int nodeStart = at + BEFORE_NODE.length;
        int nodeEnd = plainEnd(in, nodeStart);
        if (nodeEnd < 0 || !at(in, nodeEnd, BEFORE_DIGEST)) {
            return null;
        }
        int digestStart = nodeEnd + BEFORE_DIGEST.length;
        int digestEnd = plainEnd(in, digestStart);
        if (digestEnd < 0 || !at(in, digestEnd, BEFORE_CREATED)) {
            return null;
        }
        int createdStart = digestEnd + BEFORE_CREATED.length;
        boolean created = in.length - createdStart == TRUE_END.length && at(in, createdStart, TRUE_END);
        if (!created && !(in.length - createdStart == FALSE_END.length && at(in, createdStart, FALSE_END))) {
            return null;
        }
        return new CounterReply(CounterReplyParser.plainString(in, sessionStart, sessionEnd, texts.session()), serial,
                CounterReplyParser.plainString(in, nodeStart, nodeEnd, texts.node()),
                CounterReplyParser.plainString(in, digestStart, digestEnd, texts.digest()), created);
    }

    /** Whether {@code text} is in {@code in} at {@code start}. */
    private static boolean at(byte[] in, int start, byte[] text) {
        return in.length - start >= text.length
                && Arrays.equals(in, start, start + text.length, text, 0, text.length);
    }

    /** The closing quote of a string from {@code start} without escapes or control characters, else -1. */
    private static int plainEnd(byte[] in, int start) {
        for (int i = start; i < in.length; i++) {
            byte b = in[i];
            if (b == '"') {
                return i;
            }
            if (b == '\\' || b >= 0 && b < 0x20) {
                return -1;
            }
        }
        return -1;
    }

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }
}
