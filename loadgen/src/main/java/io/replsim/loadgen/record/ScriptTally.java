package io.replsim.loadgen.record;

import io.replsim.loadgen.exchange.ErrorKind;
import io.replsim.loadgen.check.ResponseVerdictCounts;
import io.replsim.loadgen.check.Verdict;
import io.replsim.loadgen.script.RequestType;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * The counts of a user script's request types, written by every user at once: requests, failed attempts and
 * response verdicts per type. Response times per type are in the {@link LatencyRecording}, under the type's tag.
 */
public final class ScriptTally {

    private final List<RequestType> types;
    private final Map<RequestType, Counts> counts = new EnumMap<>(RequestType.class);

    private static final class Counts {
        final LongAdder requests = new LongAdder();
        final ErrorTally errors = new ErrorTally();
        final LongAdder[] verdicts = new LongAdder[Verdict.values().length];

        Counts() {
            for (int i = 0; i < verdicts.length; i++) {
                verdicts[i] = new LongAdder();
            }
        }
    }

    public ScriptTally(List<RequestType> types) {
        this.types = List.copyOf(types);
        this.types.forEach(type -> counts.put(type, new Counts()));
    }

    /** The latency tags, one per type in script order. */
    public List<String> tags() {
        return types.stream().map(RequestType::label).toList();
    }

    /** The index of {@code type}'s tag in {@link #tags()}. */
    public int tagIndex(RequestType type) {
        return types.indexOf(type);
    }

    public void requestDone(RequestType type) {
        counts.get(type).requests.increment();
    }

    public void error(RequestType type, ErrorKind kind) {
        counts.get(type).errors.record(kind);
    }

    public void judged(RequestType type, Verdict verdict) {
        counts.get(type).verdicts[verdict.ordinal()].increment();
    }

    /** Each type's figures, in script order, with its response times from {@code latency}. */
    public List<RequestTypeFigures> figures(LatencyRecording latency) {
        List<RequestTypeFigures> figures = new ArrayList<>(types.size());
        for (RequestType type : types) {
            Counts c = counts.get(type);
            LongAdder[] v = c.verdicts;
            figures.add(new RequestTypeFigures(type, c.requests.sum(), c.errors.snapshot(),
                    new ResponseVerdictCounts(v[Verdict.OK.ordinal()].sum(), v[Verdict.STALE.ordinal()].sum(),
                            v[Verdict.LOST.ordinal()].sum(), v[Verdict.CORRUPT.ordinal()].sum(),
                            v[Verdict.EXPIRED.ordinal()].sum()),
                    latency.whole(tagIndex(type))));
        }
        return figures;
    }
}
