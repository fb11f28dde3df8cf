package io.replsim.scenario.run;

import io.replsim.scenario.report.flight.FlightRecordings;
import io.replsim.scenario.runtime.NodeFlightRecording;
import io.replsim.scenario.spec.ScenarioSpec;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.ParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import jdk.jfr.Configuration;
import jdk.jfr.Recording;

/**
 * The driver's side of {@code cluster.jfr}: this JVM records itself with the settings the nodes use while the run
 * plays, and once the nodes have exited (their recordings written as they exit) every recording of the run is
 * summarized: printed and written to {@link FlightRecordings#FILE}.
 */
final class RunFlightRecording implements AutoCloseable {
    static final String DRIVER_FILE = "driver.jfr";

    private final Recording driver;

    private RunFlightRecording(Recording driver) {
        this.driver = driver;
    }

    /** Starts this JVM's recording. */
    static RunFlightRecording start() {
        try {
            Recording recording = new Recording(Configuration.getConfiguration(NodeFlightRecording.SETTINGS));
            recording.setName("replsim driver");
            recording.start();
            return new RunFlightRecording(recording);
        } catch (IOException | ParseException e) {
            throw new IllegalStateException("the JDK's own '" + NodeFlightRecording.SETTINGS
                    + "' flight recorder settings could not be read: "
                    + e.getMessage(), e);
        }
    }

    /** Writes the driver's recording into {@code runDirectory} and summarizes it with every node's. */
    FlightRecordings finish(ScenarioSpec spec, Path runDirectory, PrintStream out) throws IOException {
        Path driverFile = runDirectory.resolve(DRIVER_FILE);
        driver.stop();
        driver.dump(driverFile);
        List<FlightRecordings.Recorded> recorded = new ArrayList<>();
        for (String node : spec.cluster().nodeNames()) {
            recorded.add(new FlightRecordings.Recorded(node, filesOf(runDirectory.resolve("nodes"), node)));
        }
        recorded.add(new FlightRecordings.Recorded("driver", List.of(driverFile)));
        FlightRecordings recordings = FlightRecordings.of(runDirectory, recorded);
        recordings.write(runDirectory);
        recordings.print(out);
        return recordings;
    }

    private static List<Path> filesOf(Path nodes, String node) throws IOException {
        if (!Files.isDirectory(nodes)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(nodes)) {
            return files.filter(file -> file.getFileName().toString().startsWith(NodeFlightRecording.filePrefix(node))
                            && file.getFileName().toString().endsWith(".jfr"))
                    .sorted().toList();
        }
    }

    @Override
    public void close() {
        driver.close();
    }
}
