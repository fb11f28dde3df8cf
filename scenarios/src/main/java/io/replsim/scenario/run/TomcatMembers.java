package io.replsim.scenario.run;

import io.replsim.loadgen.exchange.TargetProtocol;
import io.replsim.scenario.runtime.NodeLauncher;
import io.replsim.scenario.runtime.RuntimeCapabilities;
import io.replsim.scenario.runtime.external.ProbeWorkload;
import io.replsim.scenario.runtime.tomcat.ProbeWar;
import io.replsim.scenario.runtime.tomcat.TomcatCapabilities;
import io.replsim.scenario.runtime.tomcat.TomcatCluster;
import io.replsim.scenario.spec.ScenarioSpec;
import io.replsim.scenario.spec.TomcatSpec;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Optional;

/**
 * A cluster of real Tomcat processes ({@code cluster.runtime: tomcat}) played as any runtime is: the members started
 * one after another ({@link TomcatCluster}), the scenario's load on the probe app's page for its workload through the
 * same driver, sticky router and verifier as replsim's own nodes (every answer's whole session state judged), its
 * kills, stops, pauses and restarts done to the processes (by the one nemesis), and the same report. What Tomcat
 * does not tell replsim (views, per-fault survivor CPU, gravitations) is reported as not measured; what its managers
 * count and each member's CPU over the load are read before and after the load ({@link TomcatObservation}).
 *
 * @param war replsim-probe.war, or empty to {@link ProbeWar#locate() locate} it
 */
public record TomcatMembers(NodeLauncher launcher, PrintStream out, Optional<Path> war)
        implements PlayedRuntime<TomcatCluster> {

    @Override
    public RuntimeCapabilities capabilities(ScenarioSpec spec) {
        return TomcatCapabilities.OF_TOMCAT;
    }

    @Override
    public String where(ScenarioSpec spec) {
        return " on " + spec.cluster().nodes() + " Tomcat members (" + TomcatObservation.describe(tomcat(spec))
                + "), page " + ProbeWorkload.pathFor(spec.workload());
    }

    @Override
    public TomcatCluster create(ScenarioSpec spec, Path nodeLogs) throws IOException {
        return new TomcatCluster(spec.cluster(), tomcat(spec), war.orElseGet(ProbeWar::locate), nodeLogs, launcher,
                out);
    }

    @Override
    public LoadTarget loadTarget(ScenarioSpec spec, TomcatCluster cluster) {
        return new LoadTarget(cluster.endpoints(), ProbeWorkload.pathFor(spec.workload()), protocol(spec));
    }

    @Override
    public Observation observe(ScenarioSpec spec, TomcatCluster cluster) throws InterruptedException {
        TomcatObservation observation = TomcatObservation.begin(cluster);
        return dir -> observation.end(tomcat(spec), dir.nodes(), ProbeWorkload.pathFor(spec.workload()),
                protocol(spec));
    }

    /** Tomcat's manager cannot say a session expired: the driver's clock judges (docs/drills.md, "Verdicts"). */
    private static TargetProtocol protocol(ScenarioSpec spec) {
        return TargetProtocol.replsim(spec.sessionShapes().judgedByIdleTime());
    }

    private static TomcatSpec tomcat(ScenarioSpec spec) {
        return spec.tomcat().orElseThrow(() -> new IllegalArgumentException("cluster.runtime is not tomcat"));
    }
}
