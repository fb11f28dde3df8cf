package io.replsim.scenario.run;

import io.replsim.scenario.fault.FaultEvent;
import java.io.PrintStream;
import java.util.Locale;
import java.util.Set;
import java.util.function.Consumer;

/** A fault event as it happens: a line of events.jsonl and a line on the console. */
public final class FaultAnnouncement implements Consumer<FaultEvent> {
    /** Lasting faults confirmed by counts that grow while they last: read again at the heal. */
    private static final Set<String> COUNTED_UNTIL_THE_HEAL = Set.of("partition", "delay", "discard", "reset");

    private final RunDirectory dir;
    private final PrintStream out;

    public FaultAnnouncement(RunDirectory dir, PrintStream out) {
        this.dir = dir;
        this.out = out;
    }

    @Override
    public void accept(FaultEvent event) {
        dir.appendEvent(event);
        switch (event.phase()) {
            case START -> out.printf(Locale.ROOT, "fault: %s %s (%s)%s at %.1f s: %s%n", event.type(), event.node(),
                    event.target(), event.detail().isEmpty() ? "" : ", " + event.detail(), event.atMs() / 1000.0,
                    evidence(event));
            case HEAL -> out.printf(Locale.ROOT, "fault: %s %s healed %s at %.1f s: %s%n", event.type(), event.node(),
                    event.detail(), event.atMs() / 1000.0, evidence(event));
            case CUT_SHORT -> out.printf(Locale.ROOT, "fault: %s %s %s: %s%n", event.type(), event.node(),
                    event.detail(), evidence(event));
            case UNFINISHED -> out.printf(Locale.ROOT, "fault: %s %s NOT COMPLETED: %s%n", event.type(), event.node(),
                    event.detail());
            // the problem line says it already
            case FAILED -> { }
        }
    }

    /** What was read back; a counted fault's counts are read again at its heal, so its start is not final. */
    private static String evidence(FaultEvent event) {
        if (event.evidence().confirmed()) {
            return event.evidence().seen();
        }
        boolean readAgain = event.phase() == FaultEvent.Phase.START && COUNTED_UNTIL_THE_HEAL.contains(event.type());
        return (readAgain ? "not confirmed yet, read again at its heal: " : "NOT CONFIRMED: ")
                + event.evidence().seen();
    }
}
