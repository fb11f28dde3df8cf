package io.replsim.scenario.results;

/** What replsim's figure says of the source's, as the table's verdict column words it. */
public enum Verdict {
    AGREES_IN_SIZE("agrees in size"),
    AGREES_IN_DIRECTION("agrees in direction"),
    DISAGREES("disagrees"),
    NO_SOURCE_FIGURE("no source figure"),
    PREMISE_NOT_MET("premise not met"),
    NOT_MEASURED_YET("not measured yet");

    private final String words;

    Verdict(String words) {
        this.words = words;
    }

    public String words() {
        return words;
    }
}
