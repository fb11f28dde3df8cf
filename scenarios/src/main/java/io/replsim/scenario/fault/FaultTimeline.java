package io.replsim.scenario.fault;

import io.replsim.scenario.spec.FaultSpec;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * Plays a scenario's faults at their times, counted from the moment the load starts, on a thread of its own.
 * Every fault is healed when the timeline ends, also when the run is cut short.
 */
public final class FaultTimeline implements AutoCloseable {
    private final List<FaultSpec> faults;
    private final Nemesis nemesis;
    private final Consumer<FaultEvent> onEvent;
    private final Consumer<String> onProblem;
    private final List<FaultEvent> events = new CopyOnWriteArrayList<>();
    private Thread player;

    public FaultTimeline(List<FaultSpec> faults, Nemesis nemesis, Consumer<FaultEvent> onEvent, Consumer<String> onProblem) {
        this.faults = new ArrayList<>(faults);
        this.faults.sort(Comparator.comparing(FaultSpec::at));
        this.nemesis = nemesis;
        this.onEvent = onEvent;
        this.onProblem = onProblem;
    }

    /** Starts playing; {@code startNanos} is the {@link System#nanoTime()} the fault times count from. */
    public void start(long startNanos) {
        player = Thread.ofPlatform().name("fault-timeline").daemon().start(() -> play(startNanos));
    }

    private void play(long startNanos) {
        try {
            for (FaultSpec fault : faults) {
                long waitNanos = startNanos + fault.at().toNanos() - System.nanoTime();
                if (waitNanos > 0) {
                    Thread.sleep(waitNanos / 1_000_000, (int) (waitNanos % 1_000_000));
                }
                long atMs = (System.nanoTime() - startNanos) / 1_000_000;
                try {
                    FaultEvent event = nemesis.apply(fault, atMs);
                    events.add(event);
                    onEvent.accept(event);
                } catch (RuntimeException e) {
                    onProblem.accept("fault " + fault + " failed: " + e.getMessage());
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    public List<FaultEvent> events() {
        return List.copyOf(events);
    }

    @Override
    public void close() {
        try {
            if (player != null) {
                player.interrupt();
                player.join(10_000);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            nemesis.healAll();
        }
    }
}
