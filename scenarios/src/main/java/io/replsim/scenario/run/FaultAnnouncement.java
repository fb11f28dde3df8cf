package io.replsim.scenario.run;

import io.replsim.scenario.fault.FaultEvent;
import java.io.PrintStream;
import java.util.Locale;
import java.util.function.Consumer;

/** A fault event as it happens: a line of events.jsonl and a line on the console. */
public final class FaultAnnouncement implements Consumer<FaultEvent> {
    private final RunDirectory dir;
    private final PrintStream out;

    public FaultAnnouncement(RunDirectory dir, PrintStream out) {
        this.dir = dir;
        this.out = out;
    }

    @Override
    public void accept(FaultEvent event) {
        dir.appendEvent(event);
        if (event.phase() == FaultEvent.Phase.START) {
            out.printf(Locale.ROOT, "fault: %s %s (%s)%s at %.1f s%n", event.type(), event.node(), event.target(),
                    event.detail().isEmpty() ? "" : ", " + event.detail(), event.atMs() / 1000.0);
        } else {
            out.printf(Locale.ROOT, "fault: %s %s healed %s at %.1f s%n", event.type(), event.node(), event.detail(),
                    event.atMs() / 1000.0);
        }
    }
}
