package io.replsim.loadgen.exchange;

import io.replsim.loadgen.check.CounterReply;

import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Reads the counter app's reply ({@link CounterReply}) by hand: a flat JSON object of strings, whole numbers,
 * booleans and nulls, its five fields in any order, unknown fields skipped, string escapes decoded. Binding it with
 * Jackson cost the driver a fifth of its CPU at full speed. Anything outside that shape (a nested object or array
 * in an unknown field, a fractional or huge number, a number given as a string, malformed JSON) goes to Jackson as
 * before, so a reply reads the same either way, and Jackson's error says what is wrong with a malformed one.
 *
 * <p>One parser per reply: it is its own cursor. Not thread-safe. A string equal to the one its connection's previous
 * reply held in the same field is that reply's String again ({@link ReplyTexts}).
 */
final class CounterReplyParser {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final byte[] SESSION = ascii("session");
    private static final byte[] SERIAL = ascii("serial");
    private static final byte[] NODE = ascii("node");
    private static final byte[] DIGEST = ascii("digest");
    private static final byte[] CREATED = ascii("created");

    /** Not the shape this parser reads: Jackson reads it instead. No stack trace, since it is control flow. */
    private static final class Unusual extends Exception {
        Unusual() {
            super(null, null, false, false);
        }
    }

    private static final Unusual UNUSUAL = new Unusual();

    private final byte[] in;
    private final ReplyTexts texts;
    private int at;
    private String session;
    private long serial;
    private String node;
    private String digest;
    private boolean created;

    private CounterReplyParser(byte[] in, ReplyTexts texts) {
        this.in = in;
        this.texts = texts;
    }

    /** The reply in {@code body}; an IOException (Jackson's, saying where) when it is not JSON of that shape. */
    static CounterReply parse(byte[] body) throws IOException {
        return parse(body, ReplyTexts.none());
    }

    /** As {@link #parse(byte[])}, reusing the strings of its connection's previous reply that came again. */
    static CounterReply parse(byte[] body, ReplyTexts texts) throws IOException {
        CounterReply flat = parseFlat(body, texts);
        return flat != null ? flat : JSON.readValue(body, CounterReply.class);
    }

    /** The reply when {@code body} is the flat shape this parser reads, else null (Jackson's turn). */
    static CounterReply parseFlat(byte[] body) {
        return parseFlat(body, ReplyTexts.none());
    }

    private static CounterReply parseFlat(byte[] body, ReplyTexts texts) {
        CounterReply asWritten = NodeWrittenReply.read(body, texts);
        return asWritten != null ? asWritten : parseAnyOrder(body, texts);
    }

    /** As {@link #parseFlat(byte[])} without the nodes' own layout read first ({@link NodeWrittenReply}). */
    static CounterReply parseAnyOrder(byte[] body, ReplyTexts texts) {
        try {
            return new CounterReplyParser(body, texts).object();
        } catch (Unusual unusual) {
            return null;
        }
    }

    private CounterReply object() throws Unusual {
        skipSpace();
        expect('{');
        skipSpace();
        if (peek() == '}') {
            at++;
        } else {
            while (true) {
                member();
                skipSpace();
                byte next = next();
                if (next == '}') {
                    break;
                }
                if (next != ',') {
                    throw UNUSUAL;
                }
                skipSpace();
            }
        }
        skipSpace();
        if (at != in.length) {
            throw UNUSUAL;
        }
        return new CounterReply(session, serial, node, digest, created);
    }

    private void member() throws Unusual {
        expect('"');
        int start = at;
        int end = plainStringEnd();
        byte[] name;
        int nameStart;
        int nameEnd;
        if (end >= 0) {
            name = in;
            nameStart = start;
            nameEnd = end;
        } else {
            // a name with escapes, e.g. "ser\u0069al": decoded, then compared as the plain ones are
            at = start;
            name = escapedString().getBytes(StandardCharsets.UTF_8);
            nameStart = 0;
            nameEnd = name.length;
        }
        skipSpace();
        expect(':');
        skipSpace();
        byte[] field = field(name, nameStart, nameEnd);
        if (field == SESSION) {
            session = stringOrNull(texts.session());
        } else if (field == NODE) {
            node = stringOrNull(texts.node());
        } else if (field == DIGEST) {
            digest = stringOrNull(texts.digest());
        } else if (field == SERIAL) {
            serial = wholeNumber();
        } else if (field == CREATED) {
            created = bool();
        } else {
            skipValue();
        }
    }

    /**
     * Which of the five fields {@code bytes[start, end)} names, or null: they differ in length or first letter, so
     * one compare at most.
     */
    private static byte[] field(byte[] bytes, int start, int end) {
        byte[] candidate = switch (end - start) {
            case 4 -> NODE;
            case 6 -> bytes[start] == 's' ? SERIAL : DIGEST;
            case 7 -> bytes[start] == 's' ? SESSION : CREATED;
            default -> null;
        };
        return candidate != null && Arrays.equals(bytes, start, end, candidate, 0, candidate.length) ? candidate : null;
    }

    private String stringOrNull(RepeatedText last) throws Unusual {
        if (peek() == 'n') {
            literal("null");
            return null;
        }
        expect('"');
        return string(last);
    }

    /** After the opening quote: the string's value, the cursor after its closing quote. */
    private String string(RepeatedText last) throws Unusual {
        int start = at;
        int end = plainStringEnd();
        if (end < 0) {
            at = start;
            return escapedString();
        }
        return plainString(in, start, end, last);
    }

    /** The string without escapes in {@code in[start, end)}: {@code last}'s String if the same bytes came again. */
    static String plainString(byte[] in, int start, int end, RepeatedText last) {
        String same = last.reuse(in, start, end);
        if (same != null) {
            return same;
        }
        boolean ascii = true;
        for (int i = start; i < end && ascii; i++) {
            ascii = in[i] >= 0;
        }
        return last.keep(in, start, end,
                new String(in, start, end - start, ascii ? StandardCharsets.ISO_8859_1 : StandardCharsets.UTF_8));
    }

    /**
     * Scans a string with no escapes: its end (the closing quote's index) with the cursor after the quote, or -1 at a
     * backslash. A control character or the end of the input is not JSON.
     */
    private int plainStringEnd() throws Unusual {
        for (int i = at; i < in.length; i++) {
            byte b = in[i];
            if (b == '"') {
                at = i + 1;
                return i;
            }
            if (b == '\\') {
                return -1;
            }
            if (b >= 0 && b < 0x20) {
                throw UNUSUAL;
            }
        }
        throw UNUSUAL;
    }

    /** A string with escapes, from after its opening quote: decoded, the cursor after its closing quote. */
    private String escapedString() throws Unusual {
        StringBuilder text = new StringBuilder(32);
        int runStart = at;
        while (true) {
            byte b = next();
            if (b == '"') {
                text.append(new String(in, runStart, at - 1 - runStart, StandardCharsets.UTF_8));
                return text.toString();
            }
            if (b >= 0 && b < 0x20) {
                throw UNUSUAL;
            }
            if (b != '\\') {
                continue;
            }
            text.append(new String(in, runStart, at - 1 - runStart, StandardCharsets.UTF_8));
            byte escaped = next();
            switch (escaped) {
                case '"', '\\', '/' -> text.append((char) escaped);
                case 'b' -> text.append('\b');
                case 'f' -> text.append('\f');
                case 'n' -> text.append('\n');
                case 'r' -> text.append('\r');
                case 't' -> text.append('\t');
                case 'u' -> text.append(hexChar());
                default -> throw UNUSUAL;
            }
            runStart = at;
        }
    }

    private char hexChar() throws Unusual {
        int value = 0;
        for (int i = 0; i < 4; i++) {
            int digit = Character.digit(next(), 16);
            if (digit < 0) {
                throw UNUSUAL;
            }
            value = value << 4 | digit;
        }
        return (char) value;
    }

    /** A JSON integer that fits a long; a fraction, an exponent, a leading zero or a string goes to Jackson. */
    private long wholeNumber() throws Unusual {
        boolean negative = peek() == '-';
        if (negative) {
            at++;
        }
        int start = at;
        long value = 0;
        while (at < in.length && in[at] >= '0' && in[at] <= '9') {
            int digit = in[at++] - '0';
            if (value > (Long.MAX_VALUE - digit) / 10) {
                throw UNUSUAL;
            }
            value = value * 10 + digit;
        }
        int digits = at - start;
        if (digits == 0 || digits > 1 && in[start] == '0'
                || at < in.length && (in[at] == '.' || in[at] == 'e' || in[at] == 'E')) {
            throw UNUSUAL;
        }
        return negative ? -value : value;
    }

    private boolean bool() throws Unusual {
        byte first = peek();
        if (first == 't') {
            literal("true");
            return true;
        }
        if (first == 'f') {
            literal("false");
            return false;
        }
        throw UNUSUAL;
    }

    /** An unknown field's value: a string, a number, a literal; an object or array goes to Jackson. */
    private void skipValue() throws Unusual {
        byte first = peek();
        switch (first) {
            case '"' -> {
                at++;
                if (plainStringEnd() < 0) {
                    escapedString();
                }
            }
            case 't' -> literal("true");
            case 'f' -> literal("false");
            case 'n' -> literal("null");
            default -> {
                if (first == '-' || first >= '0' && first <= '9') {
                    wholeNumber();
                } else {
                    throw UNUSUAL;
                }
            }
        }
    }

    private void literal(String word) throws Unusual {
        for (int i = 0; i < word.length(); i++) {
            if (next() != word.charAt(i)) {
                throw UNUSUAL;
            }
        }
    }

    private void skipSpace() {
        while (at < in.length && (in[at] == ' ' || in[at] == '\n' || in[at] == '\r' || in[at] == '\t')) {
            at++;
        }
    }

    private void expect(char wanted) throws Unusual {
        if (next() != wanted) {
            throw UNUSUAL;
        }
    }

    private byte peek() throws Unusual {
        if (at >= in.length) {
            throw UNUSUAL;
        }
        return in[at];
    }

    private byte next() throws Unusual {
        if (at >= in.length) {
            throw UNUSUAL;
        }
        return in[at++];
    }

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }
}
