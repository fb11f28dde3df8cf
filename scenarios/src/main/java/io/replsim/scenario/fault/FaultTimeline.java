package io.replsim.scenario.fault;

import io.replsim.scenario.spec.DelaySpec;
import io.replsim.scenario.spec.ResetSpec;
import io.replsim.scenario.spec.DiscardSpec;
import io.replsim.scenario.spec.DoubleKillSpec;
import io.replsim.scenario.spec.FaultSpec;
import io.replsim.scenario.spec.KillSpec;
import io.replsim.scenario.spec.NodeSelector;
import io.replsim.scenario.spec.PartitionSpec;
import io.replsim.scenario.spec.PauseSpec;
import io.replsim.scenario.spec.RestartSpec;
import io.replsim.scenario.spec.ResumeSpec;
import io.replsim.scenario.spec.StopSpec;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.PriorityQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * Plays a scenario's faults at their times, counted from the moment the load starts, on a thread of its own. It
 * keeps every lasting disruption (a pause, a partition, a delay) until it is healed: after the fault's
 * {@code for}, by a {@code resume}, or when the timeline is closed, which also happens when the run is cut short.
 * Closing it ends the playing: a fault then still being struck or read back is recorded as unfinished, and one whose
 * turn had not come as never started, so that the report says the run did not play them.
 */
public final class FaultTimeline implements AutoCloseable {
    private static final Duration JOIN_DEADLINE = Duration.ofSeconds(30);
    private static final String STILL_AIMING = "its target was still being found; lengthen the load (load.duration)"
            + " past the fault's time";

    private final List<FaultSpec> faults;
    private final Nemesis nemesis;
    private final TimelineClock clock;
    private final Consumer<FaultEvent> onEvent;
    private final Consumer<String> onProblem;
    private final List<FaultEvent> events = new CopyOnWriteArrayList<>();
    // Touched by the player thread while it plays and by close() after the player has stopped.
    private final List<OpenFault> open = new ArrayList<>();
    private volatile long startNanos;
    // When close() was called, set before it interrupts the player: what fails from then on failed because the run
    // ended, which was then, not when the act it interrupted gave up (a killed command's children may take seconds).
    private volatile long endedAtMs;
    private volatile long endedEpochMs;
    private volatile boolean ended;
    private Thread player;

    /** A lasting disruption not healed yet, with the event that started it. */
    private record OpenFault(FaultEvent start, Disruption disruption) {
    }

    /** One thing to do at one time: a fault to inject, or an open one to heal. Heals go first at equal times. */
    private record Step(Duration at, int order, Optional<FaultSpec> fault, Optional<OpenFault> heal) {
        static final Comparator<Step> ORDER = Comparator.comparing(Step::at)
                .thenComparing(step -> step.fault().isPresent())
                .thenComparingInt(Step::order);
    }

    public FaultTimeline(List<FaultSpec> faults, Nemesis nemesis, TimelineClock clock, Consumer<FaultEvent> onEvent,
                         Consumer<String> onProblem) {
        this.faults = List.copyOf(faults);
        this.nemesis = nemesis;
        this.clock = clock;
        this.onEvent = onEvent;
        this.onProblem = onProblem;
    }

    /** Starts playing; {@code startNanos} is the {@link TimelineClock#nanoTime()} the fault times count from. */
    public void start(long startNanos) {
        player = Thread.ofPlatform().name("fault-timeline").daemon().start(() -> play(startNanos));
    }

    /** Plays every fault in order on the calling thread; returns when the last is done or when interrupted. */
    void play(long startNanos) {
        this.startNanos = startNanos;
        PriorityQueue<Step> steps = new PriorityQueue<>(Step.ORDER);
        for (int order = 0; order < faults.size(); order++) {
            for (Duration at : faults.get(order).schedule().times()) {
                steps.add(new Step(at, order, Optional.of(faults.get(order)), Optional.empty()));
            }
        }
        try {
            while (!steps.isEmpty() && !runEnded()) {
                clock.sleepUntil(startNanos + steps.peek().at().toNanos());
                Step step = steps.poll();
                if (step.heal().isPresent()) {
                    heal(step.heal().get(), "at the end of its for");
                } else {
                    FaultSpec fault = step.fault().orElseThrow();
                    // A lasting fault lasts its length from when it struck: finding its target (asking every node
                    // for primary-of-most) can take a while on busy nodes, and counting from the schedule then cut
                    // a 5 s pause to 4 s.
                    fire(step.order(), fault).ifPresent(opened -> lasting(fault).ifPresent(length ->
                            steps.add(new Step(Duration.ofMillis(opened.start().atMs()).plus(length), step.order(),
                                    Optional.empty(), Optional.of(opened)))));
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        for (Step left : steps) {
            left.fault().ifPresent(fault -> neverStarted(left.order(), fault, "it was due at " + left.at().toMillis()
                    + " ms and waited for the faults before it to be done; lengthen the load (load.duration) past"
                    + " them, or shorten what they wait for"));
        }
    }

    /** Injects the fault, or heals paused nodes for a resume; the disruption when one was opened. */
    private Optional<OpenFault> fire(int index, FaultSpec fault) throws InterruptedException {
        if (fault instanceof ResumeSpec resume) {
            List<OpenFault> paused;
            synchronized (open) {
                paused = open.stream()
                        .filter(candidate -> candidate.disruption() instanceof Disruption.Paused pause
                                && resume.node().map(pause.node()::equals).orElse(true))
                        .toList();
            }
            if (paused.isEmpty()) {
                onProblem.accept("resume " + resume.node().orElse("") + " at " + millisSinceStart()
                        + " ms: no node of that name is paused");
            }
            for (OpenFault pause : paused) {
                heal(pause, "resumed by a resume fault");
            }
            return Optional.empty();
        }
        FaultSpec aimed;
        try {
            aimed = nemesis.aim(fault);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            neverStarted(index, fault, STILL_AIMING);
            return Optional.empty();
        } catch (RuntimeException e) {
            if (runEnded()) {
                neverStarted(index, fault, STILL_AIMING);
            } else {
                failed(index, fault, millisSinceStart(), e);
            }
            return Optional.empty();
        }
        // What a lasting fault on a node this one ends did so far: its counters end with the node.
        Map<OpenFault, FaultEvidence> beforeTheEnd = readBeforeTheirNodeEnds(aimed);
        long atMs = millisSinceStart();
        long epochMs = clock.epochMillis();
        Disruption disruption;
        try {
            disruption = nemesis.inject(aimed);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            struckUnfinished(new UnfinishedFault(index, aimed, target(fault), atMs, epochMs,
                    UnfinishedFault.Stage.STRIKING));
            return Optional.empty();
        } catch (IOException | RuntimeException e) {
            // a runtime interrupted mid-act may say so as a failure of its own (a container start given up)
            if (runEnded()) {
                struckUnfinished(new UnfinishedFault(index, aimed, target(fault), atMs, epochMs,
                        UnfinishedFault.Stage.STRIKING));
            } else {
                failed(index, fault, atMs, e);
            }
            return Optional.empty();
        }
        FaultEvidence evidence = confirm(disruption);
        FaultEvent event = FaultEvent.started(index, fault.type(), disruption, target(fault), atMs, epochMs, evidence);
        record(event);
        // A lasting fault is read again at its heal; a kill or a restart has only this reading to show it was done.
        if (!disruption.lasts() && !evidence.confirmed() && runEnded()) {
            record(new UnfinishedFault(index, aimed, target(fault), atMs, epochMs, UnfinishedFault.Stage.READING_BACK)
                    .end(event, endedAtMs(), endedEpochMs()));
        }
        forgetWhatDiedWith(disruption, event, beforeTheEnd);
        if (!disruption.lasts()) {
            return Optional.empty();
        }
        OpenFault opened = new OpenFault(event, disruption);
        synchronized (open) {
            open.add(opened);
        }
        return Optional.of(opened);
    }

    /** A fault whose act the run's end interrupted: its start, with what was read of it so far, and its end. */
    private void struckUnfinished(UnfinishedFault fault) {
        FaultEvent start = fault.start(nemesis.readSoFar(fault.aimed()));
        record(start);
        record(fault.end(start, endedAtMs(), endedEpochMs()));
    }

    /** A fault the run ended before: it did not happen, as one that failed did not. */
    private void neverStarted(int index, FaultSpec fault, String why) {
        long atMs = endedAtMs();
        String said = String.format(Locale.ROOT, "%s never started: the load ended at %.2f s, when %s",
                fault.type(), atMs / 1000.0, why);
        onProblem.accept(said);
        record(FaultEvent.failed(index, fault.type(), target(fault), said, atMs, endedEpochMs()));
    }

    private boolean runEnded() {
        return ended || Thread.currentThread().isInterrupted();
    }

    private long endedAtMs() {
        return ended ? endedAtMs : millisSinceStart();
    }

    private long endedEpochMs() {
        return ended ? endedEpochMs : clock.epochMillis();
    }

    /** A fault that could not be aimed or applied: a problem line, and an event that says it did not happen. */
    private void failed(int index, FaultSpec fault, long atMs, Exception e) {
        String why = fault.type() + " at " + atMs + " ms failed: " + e.getMessage();
        onProblem.accept(why);
        record(FaultEvent.failed(index, fault.type(), target(fault), why, atMs, clock.epochMillis()));
    }

    /**
     * Read back after the inject; a reading that fails is no evidence, and says why. One the run's end interrupts is
     * none either, but the fault is still recorded (the interrupt is kept, and ends the playing after it).
     */
    private FaultEvidence confirm(Disruption disruption) {
        try {
            return nemesis.confirm(disruption);
        } catch (RuntimeException e) {
            return FaultEvidence.unconfirmed("reading it back failed: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return FaultEvidence.unconfirmed("the run ended before it was read back");
        }
    }

    /** The open faults that {@code fault} will end with their node (a kill, stop or restart of it), read now. */
    private Map<OpenFault, FaultEvidence> readBeforeTheirNodeEnds(FaultSpec fault) {
        Optional<String> ending = switch (fault) {
            case KillSpec kill -> named(kill.target());
            case DoubleKillSpec pair -> named(pair.target());
            case StopSpec stop -> named(stop.target());
            case RestartSpec restart -> named(restart.target());
            default -> Optional.empty();
        };
        Map<OpenFault, FaultEvidence> read = new HashMap<>();
        if (ending.isEmpty()) {
            return read;
        }
        List<OpenFault> onIt;
        synchronized (open) {
            onIt = open.stream().filter(candidate -> endsWithItsNode(candidate.disruption())
                    && candidate.disruption().nodes().contains(ending.get())).toList();
        }
        for (OpenFault lasting : onIt) {
            read.put(lasting, confirm(lasting.disruption()));
        }
        return read;
    }

    private static Optional<String> named(NodeSelector target) {
        return target instanceof NodeSelector.Named named ? Optional.of(named.node()) : Optional.empty();
    }

    /** Lasting faults a node takes with it when it ends: its pause, its DELAY, its lossy link, its answer reset. */
    private static boolean endsWithItsNode(Disruption disruption) {
        return disruption instanceof Disruption.Paused || disruption instanceof Disruption.Delayed
                || disruption instanceof Disruption.Losing || disruption instanceof Disruption.Resetting;
    }

    /**
     * A node that was killed, stopped or restarted took its pause and its rules with it: nothing left to heal. Each
     * such fault is recorded as cut short, with what was read of it just before.
     */
    private void forgetWhatDiedWith(Disruption disruption, FaultEvent by, Map<OpenFault, FaultEvidence> readBefore) {
        if (disruption instanceof Disruption.Killed || disruption instanceof Disruption.KilledPair
                || disruption instanceof Disruption.Stopped || disruption instanceof Disruption.Restarted) {
            List<String> gone = disruption.nodes();
            List<OpenFault> forgotten;
            synchronized (open) {
                forgotten = open.stream().filter(candidate -> endsWithItsNode(candidate.disruption())
                        && gone.stream().anyMatch(candidate.disruption().nodes()::contains)).toList();
                open.removeAll(forgotten);
            }
            for (OpenFault fault : forgotten) {
                record(FaultEvent.cutShort(fault.start(), "ended with its node by the " + by.type() + " at "
                        + by.atMs() + " ms", by.atMs(), by.epochMs(), readBefore.getOrDefault(fault,
                        FaultEvidence.unconfirmed(fault.start().node() + " ended (" + by.type() + ") before its "
                                + fault.start().type() + " was read back"))));
            }
        }
    }

    private void heal(OpenFault fault, String how) throws InterruptedException {
        synchronized (open) {
            if (!open.remove(fault)) {
                return;
            }
        }
        long atMs = millisSinceStart();
        long epochMs = clock.epochMillis();
        try {
            record(FaultEvent.healed(fault.start(), how, atMs, epochMs, nemesis.heal(fault.disruption())));
        } catch (IOException | RuntimeException e) {
            onProblem.accept("healing " + fault.start().type() + " " + fault.start().node() + " failed: "
                    + e.getMessage());
        }
    }

    private void record(FaultEvent event) {
        events.add(event);
        onEvent.accept(event);
    }

    private long millisSinceStart() {
        return (clock.nanoTime() - startNanos) / 1_000_000;
    }

    private static Optional<Duration> lasting(FaultSpec fault) {
        return switch (fault) {
            case PauseSpec pause -> pause.lasting();
            case PartitionSpec partition -> partition.lasting();
            case DelaySpec delay -> delay.lasting();
            case DiscardSpec discard -> discard.lasting();
            case ResetSpec reset -> reset.lasting();
            default -> Optional.empty();
        };
    }

    private static String target(FaultSpec fault) {
        return switch (fault) {
            case KillSpec kill -> kill.target().label();
            case DoubleKillSpec pair -> pair.target().label() + " and its buddy";
            case StopSpec stop -> stop.target().label();
            case RestartSpec restart -> restart.target().label();
            case PauseSpec pause -> pause.target().label();
            case DelaySpec delay -> delay.target().label();
            case DiscardSpec discard -> discard.target().label();
            case ResetSpec reset -> reset.target().label();
            case PartitionSpec partition -> switch (partition.sides()) {
                case PartitionSpec.Named named -> "sides " + named.sides();
                case PartitionSpec.Isolate isolate -> "isolate " + isolate.target().label();
            };
            case ResumeSpec resume -> resume.node().orElse("every paused node");
        };
    }

    public List<FaultEvent> events() {
        return List.copyOf(events);
    }

    /** Stops playing, then heals every disruption still open, the latest first. */
    @Override
    public void close() {
        // An aborted run often gets here interrupted; the healing must still happen, so the flag waits till after.
        boolean interrupted = Thread.interrupted();
        endedAtMs = millisSinceStart();
        endedEpochMs = clock.epochMillis();
        ended = true;
        if (player != null) {
            player.interrupt();
            try {
                player.join(JOIN_DEADLINE.toMillis());
            } catch (InterruptedException e) {
                interrupted = true;
                Thread.interrupted();
            }
        }
        List<OpenFault> remaining;
        synchronized (open) {
            remaining = new ArrayList<>(open).reversed();
        }
        for (OpenFault fault : remaining) {
            try {
                heal(fault, "at the end of the run");
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
