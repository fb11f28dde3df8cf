package io.replsim.loadgen.exchange;

import java.util.List;

/**
 * What came back for one request: status, the headers the checks use, the body, and whether the connection can be
 * reused.
 *
 * @param node         the {@code X-Replsim-Node} header's value, or null
 * @param wantedHeader the value of the one more header the caller asked to keep, or null
 * @param session      the {@code X-Replsim-Session} header's value ({@code unreadable}), or null
 * @param list         the {@code X-Replsim-List} header's value (the session's recorded writes), or null
 * @param replyTexts   its connection's previous counter reply's strings, for this one's parser to reuse
 */
record Response(int status, List<String> setCookies, String node, String wantedHeader, byte[] body,
                boolean reusable, String session, String list, ReplyTexts replyTexts) {
}
