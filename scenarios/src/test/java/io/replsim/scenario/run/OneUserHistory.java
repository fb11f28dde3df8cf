package io.replsim.scenario.run;

import io.replsim.loadgen.anomaly.Consistency;
import io.replsim.loadgen.anomaly.ConsistencyChecker;
import io.replsim.loadgen.exchange.BlockingClient;
import io.replsim.loadgen.exchange.ConnectionMode;
import io.replsim.loadgen.exchange.Exchange;
import io.replsim.loadgen.exchange.NodeEndpoint;
import io.replsim.loadgen.exchange.SessionCookie;
import io.replsim.loadgen.history.HistoryFile;
import io.replsim.loadgen.history.HistoryRecorder;
import io.replsim.loadgen.history.HistoryRequest;
import io.replsim.loadgen.history.Operation;
import io.replsim.loadgen.history.SentRequest;
import io.replsim.scenario.runtime.NodeHandle;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * One user of the counter app whose every request the test chooses: sent one at a time to the node the test names
 * (as a sticky balancer sends a user to its node), with its history id in {@code X-Replsim-Request}, through the
 * driver's own client, and recorded as the driver records its users' requests ({@link SentRequest},
 * {@link HistoryRecorder}) in {@code history.jsonl}, which {@link #checked()} hands the checker as {@code replsim
 * check} reads it.
 */
final class OneUserHistory implements AutoCloseable {
    private static final String APPEND = "/counter";
    private static final String READ = "/counter?op=read";

    private final Path file;
    private final HistoryRecorder recorder;
    private final BlockingClient client;
    private final Map<String, NodeEndpoint> nodes;
    private Optional<SessionCookie> cookie = Optional.empty();

    OneUserHistory(Path directory, List<NodeHandle> nodes, Duration requestTimeout) throws IOException {
        this.file = directory.resolve(HistoryFile.NAME);
        this.nodes = nodes.stream().map(node -> new NodeEndpoint(node.name(), node.httpUri()))
                .collect(Collectors.toUnmodifiableMap(NodeEndpoint::name, Function.identity()));
        this.client = new BlockingClient(List.copyOf(this.nodes.values()), APPEND, List.of(READ), requestTimeout,
                ConnectionMode.SHARED_POOL);
        this.recorder = HistoryRecorder.open(file, HistoryRecorder.DEFAULT_CAPACITY, System.nanoTime());
    }

    /** A writing request to {@code node}: it appends its id to the session's list; the request as recorded. */
    HistoryRequest append(String node) throws InterruptedException {
        long id = recorder.nextId();
        return send(node, APPEND, new SentRequest(id, 1, 0, sentSession(), new Operation.Append(id),
                recorder.micros(System.nanoTime())));
    }

    /** A request to {@code node} that only reads the session's list; the request as recorded. */
    HistoryRequest read(String node) throws InterruptedException {
        return send(node, READ, new SentRequest(recorder.nextId(), 1, 0, sentSession(), new Operation.Read(),
                recorder.micros(System.nanoTime())));
    }

    /** Ends the history (the file written whole) and judges it as {@code replsim check} does. */
    Consistency checked() throws IOException {
        recorder.close();
        return ConsistencyChecker.check(HistoryFile.readHistory(file));
    }

    @Override
    public void close() throws IOException {
        client.close();
        recorder.close();
    }

    private Optional<String> sentSession() {
        return cookie.map(SessionCookie::sessionId);
    }

    private HistoryRequest send(String node, String path, SentRequest sent) throws InterruptedException {
        Exchange exchange = client.get(nodes.get(node), path, cookie, sent.id());
        HistoryRequest ended = sent.ended(exchange, recorder.micros(System.nanoTime()));
        recorder.record(ended);
        if (exchange instanceof Exchange.Answered answered && answered.setCookie().isPresent()) {
            cookie = answered.setCookie();
        }
        return ended;
    }
}
