package io.replsim.scenario.run;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.replsim.loadgen.exchange.TargetProtocol;
import io.replsim.scenario.report.ForeignCluster;
import io.replsim.scenario.report.RunSummary;
import io.replsim.scenario.runtime.external.ContentVerification;
import io.replsim.scenario.runtime.tomcat.TomcatCluster;
import io.replsim.scenario.runtime.tomcat.TomcatStatus;
import io.replsim.scenario.spec.TomcatSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a drill reads of its Tomcat members around the load: each member's status page before it and after it (a
 * member killed on the way has none after), what its manager counts and the CPU it used in between, kept in
 * {@code nodes/<node>-tomcat.json} and printed after the report; and summary.json's {@code external} section, which
 * says what was driven and what Tomcat does not tell replsim.
 */
public final class TomcatObservation {

    static final List<String> NOT_MEASURED = List.of("time to a new view and back in the view (Tomcat's"
            + " membership is not read as views)", "survivor CPU", "gravitations",
            "replication messages and bytes (only DeltaManager's delta counts, in nodes/<node>-tomcat.json)");
    private static final ObjectMapper JSON = new ObjectMapper();

    private final TomcatCluster cluster;
    private final Map<String, TomcatStatus> first;

    private TomcatObservation(TomcatCluster cluster, Map<String, TomcatStatus> first) {
        this.cluster = cluster;
        this.first = first;
    }

    /** Reads every member up now, before the load. */
    public static TomcatObservation begin(TomcatCluster cluster) throws InterruptedException {
        Map<String, TomcatStatus> first = new LinkedHashMap<>();
        for (String node : cluster.up()) {
            cluster.status(node).ifPresent(status -> first.put(node, status));
        }
        return new TomcatObservation(cluster, first);
    }

    /**
     * Reads every member up now, after the load, and writes each one's figures to {@code nodeLogs}: summary.json's
     * section on the cluster, and a console line per member read. {@code path}
     * and {@code protocol}: the probe's page the load drove and how its answers were judged.
     */
    public ForeignCluster end(TomcatSpec tomcat, Path nodeLogs, String path, TargetProtocol protocol)
            throws IOException, InterruptedException {
        List<String> lines = new ArrayList<>();
        for (String node : cluster.up()) {
            Optional<TomcatStatus> status = cluster.status(node);
            if (status.isPresent()) {
                TomcatNodeFigures figures = TomcatNodeFigures.of(status.get(), Optional.ofNullable(first.get(node)));
                lines.add(figures.line());
                Files.writeString(nodeLogs.resolve(node + "-tomcat.json"),
                        JSON.writerWithDefaultPrettyPrinter().writeValueAsString(figures));
            }
        }
        RunSummary.External external = new RunSummary.External(cluster.endpoints().stream()
                .map(node -> node.name() + "=" + node.baseUri()).toList(), path, protocol.cookieName(), "json",
                "SIGKILL of the member's Tomcat process (cluster.runtime tomcat, " + describe(tomcat) + ")",
                "a fresh Tomcat process with the member's name and ports", NOT_MEASURED,
                ContentVerification.of(protocol, path));
        return new ForeignCluster(external, lines);
    }

    /** As the report says it: {@code DeltaManager, async (channelSendOptions 8)}. */
    public static String describe(TomcatSpec tomcat) {
        String manager = switch (tomcat.manager()) {
            case DELTA -> "DeltaManager";
            case BACKUP -> "BackupManager";
        };
        String options = switch (tomcat.replication()) {
            case SYNC -> "channelSendOptions 6";
            case ASYNC -> "channelSendOptions 8";
        };
        return manager + ", " + tomcat.replication().label() + " (" + options + ")";
    }
}
